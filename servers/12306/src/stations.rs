//! The station table (12306's `station_name.js`: `@bjb|北京北|VAP|beijingbei|bjb|0|0357|北京|||@…`,
//! ten `|` fields a station: alias, name, telecode, pinyin, initials, index, city code, city, two
//! empty), bundled as a snapshot and replaced once by 12306's current one on first use; the date in
//! China; and the station lookup tools.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use chrono::Utc;
use chrono_tz::Asia::Shanghai;
use mcp_shared::{Ctx, Effect, Method, Settings, State, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// The snapshot shipped with the server, in 12306's own format.
const SNAPSHOT: &str = include_str!("../data/station_name.js");
/// Where 12306 publishes the current table (relative to the base URL).
pub const STATION_SCRIPT: &str = "/otn/resources/js/framework/station_name.js";
pub const NO_REFRESH_FLAG: &str = "no-station-refresh";
/// The longest the one background download of the table may take.
const REFRESH_TIMEOUT: Duration = Duration::from_secs(15);

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Station {
    pub station_code: String,
    pub station_name: String,
    pub pinyin: String,
    pub city: String,
}

#[derive(Debug, Default)]
pub struct Table {
    by_code: HashMap<String, Station>,
    by_name: HashMap<String, String>,
    /// City name -> telecodes, in table order.
    by_city: HashMap<String, Vec<String>>,
}

impl Table {
    /// Parse `var station_names ='…';` (or the bare quoted string). `None` when it holds no station.
    pub fn parse(script: &str) -> Option<Table> {
        let raw = match (script.find('\''), script.rfind('\'')) {
            (Some(a), Some(b)) if b > a => script.get(a + 1..b).unwrap_or(script),
            _ => script,
        };
        let mut t = Table::default();
        for record in raw.split('@').filter(|r| !r.trim().is_empty()) {
            let f: Vec<&str> = record.split('|').collect();
            if f.len() < 8 || f[2].is_empty() || f[1].is_empty() {
                continue;
            }
            let s = Station {
                station_code: f[2].trim().to_owned(),
                station_name: f[1].trim().to_owned(),
                pinyin: f[3].trim().to_owned(),
                city: f[7].trim().to_owned(),
            };
            if t.by_code.contains_key(&s.station_code) {
                continue;
            }
            t.by_name
                .insert(s.station_name.clone(), s.station_code.clone());
            t.by_city
                .entry(s.city.clone())
                .or_default()
                .push(s.station_code.clone());
            t.by_code.insert(s.station_code.clone(), s);
        }
        (!t.by_code.is_empty()).then_some(t)
    }

    pub fn by_code(&self, code: &str) -> Option<&Station> {
        self.by_code.get(code)
    }

    pub fn by_name(&self, name: &str) -> Option<&Station> {
        let name = name.trim();
        let name = name.strip_suffix('站').unwrap_or(name);
        self.by_name.get(name).and_then(|c| self.by_code.get(c))
    }

    pub fn in_city(&self, city: &str) -> Vec<&Station> {
        self.by_city
            .get(city.trim())
            .map(|codes| codes.iter().filter_map(|c| self.by_code.get(c)).collect())
            .unwrap_or_default()
    }

    /// The city's main station: the one named like the city, else its first.
    pub fn city_main(&self, city: &str) -> Option<&Station> {
        let all = self.in_city(city);
        all.iter()
            .find(|s| s.station_name == city.trim())
            .or(all.first())
            .copied()
    }

    /// A telecode as given (when known), or the telecode of a station name.
    pub fn resolve(&self, station: &str) -> Option<&Station> {
        let s = station.trim();
        self.by_code(&s.to_ascii_uppercase())
            .or_else(|| self.by_name(s))
    }

    pub fn len(&self) -> usize {
        self.by_code.len()
    }
}

/// The server's state: the station table (the bundled snapshot, parsed on the first call that
/// needs it, until the refresh replaces it) and whether its refresh was started.
pub struct Stations {
    table: Arc<RwLock<Option<Arc<Table>>>>,
    refresh_started: AtomicBool,
    refresh: bool,
}

pub fn make_state(settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(Stations {
        table: Arc::new(RwLock::new(None)),
        refresh_started: AtomicBool::new(false),
        refresh: !settings.flags.iter().any(|f| f == NO_REFRESH_FLAG),
    }))
}

/// The current table; the first call starts the one background download of 12306's current
/// table (bounded; on failure the snapshot stays).
pub fn table(ctx: &Ctx) -> Result<Arc<Table>, ToolError> {
    let st = ctx.state::<Stations>()?;
    if st.refresh && !st.refresh_started.swap(true, Ordering::SeqCst) {
        let req = ctx.request(Method::GET, STATION_SCRIPT);
        let slot = Arc::clone(&st.table);
        tokio::spawn(async move {
            match tokio::time::timeout(REFRESH_TIMEOUT, req.send()).await {
                Ok(Ok(resp)) => match Table::parse(&resp.text()) {
                    Some(t) => {
                        tracing::info!(stations = t.len(), "12306 station table refreshed");
                        if let Ok(mut w) = slot.write() {
                            *w = Some(Arc::new(t));
                        }
                    }
                    None => {
                        tracing::warn!("12306's station table had no station; keeping the snapshot")
                    }
                },
                Ok(Err(e)) => tracing::warn!("12306 station table not refreshed: {e}"),
                Err(_) => tracing::warn!("12306 station table not refreshed: timed out"),
            }
        });
    }
    let unavailable = || ToolError::transport("the station table is unavailable; retry.");
    if let Some(t) = st.table.read().map_err(|_| unavailable())?.as_ref() {
        return Ok(Arc::clone(t));
    }
    let mut slot = st.table.write().map_err(|_| unavailable())?;
    match slot.as_ref() {
        Some(t) => Ok(Arc::clone(t)),
        None => {
            let t = Arc::new(Table::parse(SNAPSHOT).ok_or_else(|| {
                ToolError::transport(
                    "the bundled station table holds no station; this build of the server is broken.",
                )
            })?);
            *slot = Some(Arc::clone(&t));
            Ok(t)
        }
    }
}

/// Today's date in China (Asia/Shanghai), `YYYY-MM-DD`.
pub fn today() -> String {
    Utc::now()
        .with_timezone(&Shanghai)
        .format("%Y-%m-%d")
        .to_string()
}

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "get-current-date",
            "Current date in China",
            Effect::Read,
            current_date,
        )
        .toolset("stations"),
        tool(
            "get-stations-code-in-city",
            "Stations of a city",
            Effect::Read,
            in_city,
        )
        .toolset("stations"),
        tool(
            "get-station-code-of-citys",
            "Main station of cities",
            Effect::Read,
            of_citys,
        )
        .toolset("stations"),
        tool(
            "get-station-code-by-names",
            "Stations by name",
            Effect::Read,
            by_names,
        )
        .toolset("stations"),
        tool(
            "get-station-by-telecode",
            "Station by telecode",
            Effect::Read,
            by_telecode,
        )
        .toolset("stations"),
    ]
}

/// Today's date in China (Asia/Shanghai, the timezone 12306 dates are in), `YYYY-MM-DD`.
/// Use it to turn "tomorrow" or "next Friday" into a ticket date.
#[derive(Deserialize, JsonSchema)]
pub struct CurrentDate {}

async fn current_date(_ctx: Ctx, _a: CurrentDate) -> Result<String, ToolError> {
    Ok(today())
}

/// All stations of a city with their telecodes, e.g. 北京 → 北京 BJP, 北京南 VNP, 北京西 BXP….
#[derive(Deserialize, JsonSchema)]
pub struct InCity {
    /// City name in Chinese, e.g. 北京
    city: String,
}

async fn in_city(ctx: Ctx, a: InCity) -> Result<Value, ToolError> {
    let t = table(&ctx)?;
    let all = t.in_city(&a.city);
    if all.is_empty() {
        return Err(not_found("city", &a.city));
    }
    Ok(json!(all.iter().map(|s| brief(s)).collect::<Vec<_>>()))
}

/// The main station (the one named like the city, else its first) of each city, by city name.
#[derive(Deserialize, JsonSchema)]
pub struct OfCitys {
    /// Chinese city names separated by `|`, e.g. 北京|上海
    citys: String,
}

async fn of_citys(ctx: Ctx, a: OfCitys) -> Result<Value, ToolError> {
    let t = table(&ctx)?;
    lookup_each(&a.citys, "citys", |c| t.city_main(c).map(brief), "city")
}

/// Stations by exact Chinese name (a trailing 站 is ignored), e.g. 北京南 → VNP.
#[derive(Deserialize, JsonSchema)]
pub struct ByNames {
    /// Station names separated by `|`, e.g. 北京南|上海虹桥
    #[serde(rename = "stationNames")]
    station_names: String,
}

async fn by_names(ctx: Ctx, a: ByNames) -> Result<Value, ToolError> {
    let t = table(&ctx)?;
    lookup_each(
        &a.station_names,
        "stationNames",
        |n| t.by_name(n).map(brief),
        "station",
    )
}

/// One station by its telecode: name, pinyin and city.
#[derive(Deserialize, JsonSchema)]
pub struct ByTelecode {
    /// 3 capital letters, e.g. VNP
    #[serde(rename = "stationTelecode")]
    station_telecode: String,
}

async fn by_telecode(ctx: Ctx, a: ByTelecode) -> Result<Value, ToolError> {
    let t = table(&ctx)?;
    let code = a.station_telecode.trim().to_ascii_uppercase();
    t.by_code(&code)
        .map(|s| json!(s))
        .ok_or_else(|| not_found("telecode", &a.station_telecode))
}

fn brief(s: &Station) -> Value {
    json!({"station_code": s.station_code, "station_name": s.station_name})
}

fn not_found(what: &str, v: &str) -> ToolError {
    ToolError::invalid_input(format!("No station found for the {what} `{v}`.")).with_hint(
        "give the Chinese name as 12306 writes it (e.g. 北京, 北京南) or a telecode such as BJP.",
    )
}

/// Look up each `|`-separated name; unknown ones map to an `error` entry. Fails only when none is known.
fn lookup_each(
    list: &str,
    arg: &str,
    find: impl Fn(&str) -> Option<Value>,
    what: &str,
) -> Result<Value, ToolError> {
    let names: Vec<&str> = list
        .split('|')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .collect();
    if names.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` is empty: give one or more names separated by `|`."
        )));
    }
    let mut out = Map::new();
    let mut found = 0;
    for n in &names {
        match find(n) {
            Some(v) => {
                found += 1;
                out.insert((*n).to_owned(), v);
            }
            None => {
                out.insert(
                    (*n).to_owned(),
                    json!({"error": format!("no {what} named {n}")}),
                );
            }
        }
    }
    if found == 0 {
        return Err(not_found(what, list));
    }
    Ok(Value::Object(out))
}
