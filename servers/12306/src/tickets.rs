//! Tickets left (`/otn/leftTicket/query`, after `/otn/leftTicket/init` for the session cookies),
//! interline tickets (the path `/otn/lcQuery/init` names in `lc_search_url`) and a train's stops
//! (`/otn/czxx/queryByTrainNo`). 12306 answers tickets as `|`-separated strings read by position.

use std::cmp::Ordering;

use chrono::NaiveDate;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::stations::{Table, table, today};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("get-tickets", "Tickets left", Effect::Read, get_tickets).toolset("tickets"),
        tool(
            "get-interline-tickets",
            "Interline tickets",
            Effect::Read,
            get_interline,
        )
        .toolset("tickets"),
        tool(
            "get-train-route-stations",
            "Train stops",
            Effect::Read,
            get_route,
        )
        .toolset("tickets"),
    ]
}

// ---- the request helpers -------------------------------------------------------------------

/// The session cookies 12306 sets on `/otn/leftTicket/init` (it refuses queries without them),
/// as one `Cookie` header value.
async fn session_cookie(ctx: &Ctx) -> Result<Option<String>, ToolError> {
    let resp = ctx
        .request(Method::GET, "/otn/leftTicket/init")
        .send()
        .await
        .map_err(|e| e.context("12306 did not open a session (/otn/leftTicket/init)"))?;
    let pairs: Vec<String> = resp
        .headers
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|v| v.split(';').next())
        .map(|p| p.trim().to_owned())
        .filter(|p| p.contains('='))
        .collect();
    Ok((!pairs.is_empty()).then(|| pairs.join("; ")))
}

/// GET a 12306 query with the session cookie; a `status: false` answer is an error.
async fn query(
    ctx: &Ctx,
    path: &str,
    params: &[(&str, &str)],
    cookie: Option<&str>,
) -> Result<Value, ToolError> {
    let mut req = ctx.request(Method::GET, path);
    for (k, v) in params {
        req = req.query(k, v);
    }
    if let Some(c) = cookie {
        req = req.header("cookie", c);
    }
    let v: Value = req.send().await?.json()?;
    if v.get("status") == Some(&Value::Bool(false)) && v.get("c_url").is_none() {
        let msg = match v.get("messages").or(v.get("errorMsg")) {
            Some(Value::Array(a)) if !a.is_empty() => a
                .iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join("; "),
            Some(Value::String(s)) if !s.is_empty() => s.clone(),
            _ => "no reason given".to_owned(),
        };
        return Err(
            ToolError::transport(format!("12306 refused the query: {msg}")).with_hint(
                "check the stations and the date (today or later, within the sale period).",
            ),
        );
    }
    Ok(v)
}

fn check_date(date: &str) -> Result<(), ToolError> {
    let d = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").map_err(|_| {
        ToolError::invalid_input(format!("`{date}` is not a date: use YYYY-MM-DD."))
    })?;
    let now = NaiveDate::parse_from_str(&today(), "%Y-%m-%d")
        .map_err(|_| ToolError::transport("cannot read today's date"))?;
    if d < now {
        return Err(ToolError::invalid_input(format!(
            "{date} is before today in China ({now}): 12306 sells tickets from today on."
        )));
    }
    Ok(())
}

/// The telecode of a station argument: a known telecode or station name, or any 3 capital
/// letters (a station the bundled table may not have yet).
fn station(t: &Table, arg: &str, v: &str) -> Result<String, ToolError> {
    if let Some(st) = t.resolve(v) {
        return Ok(st.station_code.clone());
    }
    let code = v.trim();
    if code.len() == 3 && code.chars().all(|c| c.is_ascii_uppercase()) {
        return Ok(code.to_owned());
    }
    Err(ToolError::invalid_input(format!(
        "`{arg}`: no station with the telecode or name `{v}`."
    ))
    .with_hint("look the telecode up with get-station-code-of-citys or get-station-code-by-names."))
}

// ---- the positional ticket rows ------------------------------------------------------------

/// Seat types of the price strings (`yp_info`): code -> (name, the `*_num` field it is counted in).
fn seat_type(code: char) -> (&'static str, &'static str) {
    match code {
        '9' => ("商务座", "swz"),
        'P' => ("特等座", "tz"),
        'M' => ("一等座", "zy"),
        'D' => ("优选一等座", "zy"),
        'O' => ("二等座", "ze"),
        'S' => ("二等包座", "ze"),
        '6' => ("高级软卧", "gr"),
        'A' => ("高级动卧", "gr"),
        '4' => ("软卧", "rw"),
        'I' => ("一等卧", "rw"),
        'F' => ("动卧", "rw"),
        '3' => ("硬卧", "yw"),
        'J' => ("二等卧", "yw"),
        '2' => ("软座", "rz"),
        '1' => ("硬座", "yz"),
        'W' => ("无座", "wz"),
        _ => ("其他", "qt"),
    }
}

/// Positions of the `*_num` (seats left) fields in a ticket row.
const NUM_FIELDS: &[(&str, usize)] = &[
    ("gg", 20),
    ("gr", 21),
    ("qt", 22),
    ("rw", 23),
    ("rz", 24),
    ("tz", 25),
    ("wz", 26),
    ("yb", 27),
    ("yw", 28),
    ("yz", 29),
    ("ze", 30),
    ("zy", 31),
    ("swz", 32),
    ("srrb", 33),
];

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Seat {
    seat: &'static str,
    /// Yuan.
    price: f64,
    /// As 12306 says it: a number, 有 (plenty), 无 (none), 候补 (waiting list only).
    left: String,
}

/// The 10-character blocks of a price string: seat code, price in tenths of a yuan (5 digits),
/// a count (4 digits; 3000 and over marks standing tickets).
fn seats(yp_info: &str, left: impl Fn(&str) -> String) -> Vec<Seat> {
    let chars: Vec<char> = yp_info.chars().collect();
    chars
        .chunks(10)
        .filter(|b| b.len() == 10)
        .map(|b| {
            let price: String = b[1..6].iter().collect();
            let count: String = b[6..10].iter().collect();
            let code = if count.parse::<u32>().unwrap_or(0) >= 3000 {
                'W'
            } else {
                b[0]
            };
            let (name, short) = seat_type(code);
            Seat {
                seat: name,
                price: price.parse::<f64>().unwrap_or(0.0) / 10.0,
                left: left(short),
            }
        })
        .collect()
}

/// Features read from the `dw_flag` field (`#`-separated).
fn features(dw_flag: &str) -> Vec<&'static str> {
    let p: Vec<&str> = dw_flag.split('#').collect();
    let mut f = Vec::new();
    if p.first() == Some(&"5") {
        f.push("智能动车组");
    }
    if p.get(1) == Some(&"1") {
        f.push("复兴号");
    }
    match p.get(2).and_then(|s| s.chars().next()) {
        Some('Q') => f.push("静音车厢"),
        Some('R') => f.push("温馨动卧"),
        _ => {}
    }
    if p.get(5) == Some(&"D") {
        f.push("动感号");
    }
    f
}

#[derive(Clone, Debug, Serialize)]
pub struct Ticket {
    train_code: String,
    /// 12306's internal train number (for get-train-route-stations).
    train_no: String,
    start_date: String,
    from_station: String,
    from_station_telecode: String,
    to_station: String,
    to_station_telecode: String,
    start_time: String,
    arrive_time: String,
    duration: String,
    bookable: bool,
    seats: Vec<Seat>,
    features: Vec<&'static str>,
}

fn yyyymmdd(s: &str) -> String {
    NaiveDate::parse_from_str(s, "%Y%m%d")
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|_| s.to_owned())
}

/// One `leftTicket/query` row (`|`-separated), with station names from the answer's `map`.
fn ticket_row(row: &str, names: &Value) -> Option<Ticket> {
    let f: Vec<&str> = row.split('|').collect();
    if f.len() < 36 {
        return None;
    }
    let at = |i: usize| f.get(i).copied().unwrap_or("").to_owned();
    let name = |code: &str| names[code].as_str().unwrap_or(code).to_owned();
    let left = |short: &str| {
        NUM_FIELDS
            .iter()
            .find(|(s, _)| *s == short)
            .map(|(_, i)| at(*i))
            .unwrap_or_default()
    };
    // `yp_info_new` (39) where 12306 sends it, else `yp_info` (12).
    let prices = if f.get(39).is_some_and(|s| !s.is_empty()) {
        at(39)
    } else {
        at(12)
    };
    Some(Ticket {
        train_code: at(3),
        train_no: at(2),
        start_date: yyyymmdd(f[13]),
        from_station: name(f[6]),
        from_station_telecode: at(6),
        to_station: name(f[7]),
        to_station_telecode: at(7),
        start_time: at(8),
        arrive_time: at(9),
        duration: at(10),
        bookable: f[11] == "Y",
        seats: seats(&prices, left),
        features: features(f.get(46).copied().unwrap_or("")),
    })
}

// ---- filters and sorting -------------------------------------------------------------------

const FLAGS: &str = "GDZTKOFS";

fn check_flags(flags: &str) -> Result<(), ToolError> {
    match flags.chars().find(|c| !FLAGS.contains(*c)) {
        Some(c) => Err(ToolError::invalid_input(format!(
            "`trainFilterFlags` has `{c}`: use letters of {FLAGS} (G high-speed/intercity, D EMU, Z direct, T express, K fast, O other, F Fuxing, S smart EMU)."
        ))),
        None => Ok(()),
    }
}

fn train_matches(code: &str, feats: &[&str], flags: &str) -> bool {
    flags.is_empty()
        || flags.chars().any(|f| match f {
            'G' => code.starts_with('G') || code.starts_with('C'),
            'D' | 'Z' | 'T' | 'K' => code.starts_with(f),
            'O' => !code.starts_with(['G', 'C', 'D', 'Z', 'T', 'K']),
            'F' => feats.contains(&"复兴号"),
            'S' => feats.contains(&"智能动车组"),
            _ => false,
        })
}

fn hour(time: &str) -> u64 {
    time.split(':')
        .next()
        .and_then(|h| h.parse().ok())
        .unwrap_or(0)
}

fn minutes(duration: &str) -> u64 {
    let mut p = duration.split(':').map(|x| x.parse::<u64>().unwrap_or(0));
    p.next().unwrap_or(0) * 60 + p.next().unwrap_or(0)
}

#[derive(Clone, Copy)]
enum Sort {
    None,
    Start,
    Arrive,
    Duration,
}

fn sort_flag(s: Option<&str>) -> Result<Sort, ToolError> {
    match s.unwrap_or("") {
        "" => Ok(Sort::None),
        "startTime" => Ok(Sort::Start),
        "arriveTime" => Ok(Sort::Arrive),
        "duration" => Ok(Sort::Duration),
        other => Err(ToolError::invalid_input(format!(
            "`sortFlag` `{other}`: use startTime, arriveTime or duration (or leave it empty)."
        ))),
    }
}

fn hours(a: Option<Int>, b: Option<Int>) -> Result<(u64, u64), ToolError> {
    let (e, l) = (a.map_or(0, Int::get), b.map_or(24, Int::get));
    if e > 24 || l > 24 || e >= l {
        return Err(ToolError::invalid_input(format!(
            "earliestStartTime {e} and latestStartTime {l}: give hours 0-24 with the earliest before the latest."
        )));
    }
    Ok((e, l))
}

// ---- get-tickets ---------------------------------------------------------------------------

/// Tickets left for direct trains between two stations on a date: each train's code, internal
/// `train_no`, times, duration, and per seat type the price (yuan) and what is left.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetTickets {
    /// YYYY-MM-DD, today or later (China time)
    date: String,
    /// Departure station telecode (e.g. BJP) or exact station name
    from_station: String,
    /// Arrival station telecode or exact station name
    to_station: String,
    /// Train types to keep, letters of GDZTKOFS: G high-speed/intercity, D EMU, Z direct, T express, K fast, O other, F Fuxing, S smart EMU; empty keeps all
    train_filter_flags: Option<String>,
    /// Keep trains departing at or after this hour (0-24)
    #[schemars(extend("default" = 0))]
    earliest_start_time: Option<Int>,
    /// Keep trains departing before this hour (0-24)
    #[schemars(extend("default" = 24))]
    latest_start_time: Option<Int>,
    /// startTime, arriveTime or duration; empty keeps 12306's order
    sort_flag: Option<String>,
    sort_reverse: Option<bool>,
    /// At most this many trains; 0 for all
    #[schemars(extend("default" = 0))]
    limited_num: Option<Int>,
    /// Answer as CSV text (one line per train) instead of JSON
    csv_format: Option<bool>,
}

async fn get_tickets(ctx: Ctx, a: GetTickets) -> Result<mcp_shared::Output, ToolError> {
    check_date(&a.date)?;
    let flags = a.train_filter_flags.clone().unwrap_or_default();
    check_flags(&flags)?;
    let sort = sort_flag(a.sort_flag.as_deref())?;
    let (earliest, latest) = hours(a.earliest_start_time, a.latest_start_time)?;
    let t = table(&ctx)?;
    let from = station(&t, "fromStation", &a.from_station)?;
    let to = station(&t, "toStation", &a.to_station)?;
    let cookie = session_cookie(&ctx).await?;
    let date = a.date.trim();
    let params = [
        ("leftTicketDTO.train_date", date),
        ("leftTicketDTO.from_station", from.as_str()),
        ("leftTicketDTO.to_station", to.as_str()),
        ("purpose_codes", "ADULT"),
    ];
    let mut v = query(&ctx, "/otn/leftTicket/query", &params, cookie.as_deref()).await?;
    // 12306 renames the query now and then and answers the current name in `c_url`.
    if let Some(c_url) = v.get("c_url").and_then(Value::as_str) {
        let path = format!("/otn/{}", c_url.trim_start_matches('/'));
        if !path.starts_with("/otn/leftTicket/") {
            return Err(ToolError::transport(format!(
                "12306 redirected the ticket query to an unexpected path `{c_url}`."
            )));
        }
        v = query(&ctx, &path, &params, cookie.as_deref()).await?;
    }
    let names = &v["data"]["map"];
    let mut rows: Vec<Ticket> = v["data"]["result"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .filter_map(|r| ticket_row(r, names))
                .collect()
        })
        .unwrap_or_default();
    rows.retain(|r| {
        let h = hour(&r.start_time);
        train_matches(&r.train_code, &r.features, &flags) && h >= earliest && h < latest
    });
    sort_rows(&mut rows, sort, a.sort_reverse.unwrap_or(false), |r| {
        (
            r.start_time.clone(),
            r.arrive_time.clone(),
            minutes(&r.duration),
        )
    });
    if let Some(n) = a.limited_num.map(Int::get).filter(|n| *n > 0) {
        rows.truncate(n as usize);
    }
    if a.csv_format.unwrap_or(false) {
        return Ok(mcp_shared::Output::Text(csv(&rows)));
    }
    Ok(mcp_shared::Output::Json(json!({
        "date": date,
        "count": rows.len(),
        "trains": rows,
    })))
}

fn sort_rows<T>(
    rows: &mut [T],
    sort: Sort,
    reverse: bool,
    key: impl Fn(&T) -> (String, String, u64),
) {
    let cmp = |a: &T, b: &T| -> Ordering {
        let (ka, kb) = (key(a), key(b));
        match sort {
            Sort::None => Ordering::Equal,
            Sort::Start => ka.0.cmp(&kb.0),
            Sort::Arrive => ka.1.cmp(&kb.1),
            Sort::Duration => ka.2.cmp(&kb.2),
        }
    };
    if matches!(sort, Sort::None) {
        return;
    }
    rows.sort_by(|a, b| if reverse { cmp(b, a) } else { cmp(a, b) });
}

fn csv(rows: &[Ticket]) -> String {
    let mut out = String::from(
        "train_code,train_no,from_station,from_telecode,to_station,to_telecode,start_time,arrive_time,duration,seats (type:left:price)\n",
    );
    for r in rows {
        let seats: Vec<String> = r
            .seats
            .iter()
            .map(|s| format!("{}:{}:{}", s.seat, s.left, s.price))
            .collect();
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{}\n",
            r.train_code,
            r.train_no,
            r.from_station,
            r.from_station_telecode,
            r.to_station,
            r.to_station_telecode,
            r.start_time,
            r.arrive_time,
            r.duration,
            seats.join(" ")
        ));
    }
    out
}

// ---- get-interline-tickets -----------------------------------------------------------------

/// The interline query's path, as `/otn/lcQuery/init` names it (`var lc_search_url = '…'`).
async fn interline_path(ctx: &Ctx) -> Result<String, ToolError> {
    let page = ctx
        .request(Method::GET, "/otn/lcQuery/init")
        .send()
        .await
        .map_err(|e| e.context("12306's interline page (/otn/lcQuery/init) failed"))?
        .text();
    let path = page.find("lc_search_url").and_then(|i| {
        let (_, quoted) = page.get(i..)?.split_once('\'')?;
        let (path, _) = quoted.split_once('\'')?;
        Some(path.trim().to_owned())
    });
    match path {
        Some(p) if p.starts_with('/') && !p.contains("//") && !p.contains("..") => Ok(p),
        _ => Err(ToolError::transport(
            "12306's interline page does not name its query path (lc_search_url).",
        )
        .with_hint("12306 may have changed its site; retry later.")),
    }
}

/// Interline (transfer) journeys between two stations on a date: each with its transfer station,
/// wait, total duration and its legs (train, times, seats left and prices).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetInterline {
    /// YYYY-MM-DD, today or later (China time)
    date: String,
    /// Departure station telecode (e.g. BJP) or exact station name
    from_station: String,
    /// Arrival station telecode or exact station name
    to_station: String,
    /// Transfer station telecode or name; empty lets 12306 choose
    middle_station: Option<String>,
    /// Include journeys with only standing tickets (无座)
    #[serde(rename = "showWZ")]
    show_wz: Option<bool>,
    /// As in get-tickets; every leg must match
    train_filter_flags: Option<String>,
    /// Keep journeys departing at or after this hour (0-24)
    #[schemars(extend("default" = 0))]
    earliest_start_time: Option<Int>,
    /// Keep journeys departing before this hour (0-24)
    #[schemars(extend("default" = 24))]
    latest_start_time: Option<Int>,
    /// startTime, arriveTime or duration
    sort_flag: Option<String>,
    sort_reverse: Option<bool>,
    /// At most this many journeys; 0 for all
    #[schemars(extend("default" = 10))]
    limited_num: Option<Int>,
}

#[derive(Serialize)]
struct Leg {
    train_code: String,
    train_no: String,
    from_station: String,
    from_station_telecode: String,
    to_station: String,
    to_station_telecode: String,
    start_date: String,
    start_time: String,
    arrive_time: String,
    duration: String,
    seats: Vec<Seat>,
    #[serde(skip)]
    features: Vec<&'static str>,
}

#[derive(Serialize)]
struct Journey {
    start_date: String,
    start_time: String,
    arrive_date: String,
    arrive_time: String,
    duration: String,
    #[serde(skip)]
    minutes: u64,
    middle_station: String,
    middle_station_telecode: String,
    wait_time: String,
    /// Whether the transfer stays in the same station.
    same_station: bool,
    /// Whether both legs are the same train.
    same_train: bool,
    legs: Vec<Leg>,
}

fn s(v: &Value, k: &str) -> String {
    match &v[k] {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    }
}

fn leg(v: &Value) -> Leg {
    let left = |short: &str| s(v, &format!("{short}_num"));
    let prices = match s(v, "yp_info_new") {
        p if !p.is_empty() => p,
        _ => s(v, "yp_info"),
    };
    Leg {
        train_code: s(v, "station_train_code"),
        train_no: s(v, "train_no"),
        from_station: s(v, "from_station_name"),
        from_station_telecode: s(v, "from_station_telecode"),
        to_station: s(v, "to_station_name"),
        to_station_telecode: s(v, "to_station_telecode"),
        start_date: yyyymmdd(&s(v, "start_train_date")),
        start_time: s(v, "start_time"),
        arrive_time: s(v, "arrive_time"),
        duration: s(v, "lishi"),
        seats: seats(&prices, left),
        features: features(&s(v, "dw_flag")),
    }
}

fn journey(v: &Value) -> Journey {
    let legs = v["fullList"]
        .as_array()
        .map(|a| a.iter().map(leg).collect())
        .unwrap_or_default();
    Journey {
        start_date: s(v, "train_date"),
        start_time: s(v, "start_time"),
        arrive_date: s(v, "arrive_date"),
        arrive_time: s(v, "arrive_time"),
        duration: s(v, "all_lishi"),
        minutes: v["all_lishi_minutes"].as_u64().unwrap_or(0),
        middle_station: s(v, "middle_station_name"),
        middle_station_telecode: s(v, "middle_station_code"),
        wait_time: s(v, "wait_time"),
        same_station: s(v, "same_station") == "0",
        same_train: s(v, "same_train") == "Y",
        legs,
    }
}

async fn get_interline(ctx: Ctx, a: GetInterline) -> Result<Value, ToolError> {
    check_date(&a.date)?;
    let flags = a.train_filter_flags.clone().unwrap_or_default();
    check_flags(&flags)?;
    let sort = sort_flag(a.sort_flag.as_deref())?;
    let (earliest, latest) = hours(a.earliest_start_time, a.latest_start_time)?;
    let t = table(&ctx)?;
    let from = station(&t, "fromStation", &a.from_station)?;
    let to = station(&t, "toStation", &a.to_station)?;
    let middle = match a.middle_station.as_deref().map(str::trim) {
        None | Some("") => String::new(),
        Some(m) => station(&t, "middleStation", m)?,
    };
    let path = interline_path(&ctx).await?;
    let cookie = session_cookie(&ctx).await?;
    let date = a.date.trim();
    let params = [
        ("train_date", date),
        ("from_station_telecode", from.as_str()),
        ("to_station_telecode", to.as_str()),
        ("middle_station", middle.as_str()),
        ("result_index", "0"),
        ("can_query", "Y"),
        (
            "isShowWZ",
            if a.show_wz.unwrap_or(false) { "Y" } else { "N" },
        ),
        ("purpose_codes", "00"),
        ("channel", "E"),
    ];
    let v = query(&ctx, &path, &params, cookie.as_deref()).await?;
    // No journey: `data` is a sentence instead of an object.
    if let Value::String(msg) = &v["data"] {
        return Ok(json!({"date": date, "count": 0, "journeys": [], "note": msg}));
    }
    let mut rows: Vec<Journey> = v["data"]["middleList"]
        .as_array()
        .map(|a| a.iter().map(journey).collect())
        .unwrap_or_default();
    rows.retain(|j| {
        let h = hour(&j.start_time);
        h >= earliest
            && h < latest
            && j.legs
                .iter()
                .all(|l| train_matches(&l.train_code, &l.features, &flags))
    });
    sort_rows(&mut rows, sort, a.sort_reverse.unwrap_or(false), |j| {
        (
            j.start_time.clone(),
            format!("{} {}", j.arrive_date, j.arrive_time),
            j.minutes,
        )
    });
    if let Some(n) = Some(a.limited_num.map_or(10, Int::get)).filter(|n| *n > 0) {
        rows.truncate(n as usize);
    }
    Ok(json!({"date": date, "count": rows.len(), "journeys": rows}))
}

// ---- get-train-route-stations --------------------------------------------------------------

/// The stops of a train between two of its stations: station, arrival, departure and stop time.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct GetRoute {
    /// 12306's internal train number, the `train_no` of get-tickets (e.g. 24000000G10I), not the train code G1
    train_no: String,
    /// Telecode of the station the journey starts at
    from_station_telecode: String,
    /// Telecode of the station the journey ends at
    to_station_telecode: String,
    /// YYYY-MM-DD
    depart_date: String,
}

async fn get_route(ctx: Ctx, a: GetRoute) -> Result<Value, ToolError> {
    check_date(&a.depart_date)?;
    let t = table(&ctx)?;
    let from = station(&t, "fromStationTelecode", &a.from_station_telecode)?;
    let to = station(&t, "toStationTelecode", &a.to_station_telecode)?;
    let train_no = a.train_no.trim();
    if train_no.is_empty() || !train_no.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ToolError::invalid_input(format!(
            "`trainNo` `{}` is not a 12306 train number: use the `train_no` get-tickets returns (letters and digits).",
            a.train_no
        )));
    }
    let cookie = session_cookie(&ctx).await?;
    let params = [
        ("train_no", train_no),
        ("from_station_telecode", from.as_str()),
        ("to_station_telecode", to.as_str()),
        ("depart_date", a.depart_date.trim()),
    ];
    let v = query(&ctx, "/otn/czxx/queryByTrainNo", &params, cookie.as_deref()).await?;
    let rows = v["data"]["data"].as_array().cloned().unwrap_or_default();
    if rows.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "12306 knows no stops for train {train_no} on {} between {from} and {to}.",
            a.depart_date
        ))
        .with_hint("take trainNo and the telecodes from a get-tickets result of that date."));
    }
    let first = &rows[0];
    let stations: Vec<Value> = rows
        .iter()
        .map(|r| {
            json!({
                "station_no": s(r, "station_no"),
                "station_name": s(r, "station_name"),
                "arrive_time": s(r, "arrive_time"),
                "start_time": s(r, "start_time"),
                "stopover_time": s(r, "stopover_time"),
            })
        })
        .collect();
    Ok(json!({
        "train_code": s(first, "station_train_code"),
        "train_class": s(first, "train_class_name"),
        "start_station": s(first, "start_station_name"),
        "end_station": s(first, "end_station_name"),
        "stations": stations,
    }))
}
