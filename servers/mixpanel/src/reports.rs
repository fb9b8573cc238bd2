//! Segmentation, funnels, retention and frequency (Query API `/segmentation`, `/funnels`,
//! `/jql`, `/retention`, `/retention/addiction`).

use std::borrow::Cow;

use mcp_shared::json::{at, enum_str, pick};
use mcp_shared::reexports::schemars::{Schema, SchemaGenerator, json_schema};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{self, Api, ProjectId, date_range};
use crate::events::require_text;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mixpanel_run_segmentation_query",
            "Run segmentation",
            Effect::Read,
            segmentation,
        )
        .toolset("reports"),
        tool(
            "mixpanel_run_funnels_query",
            "Run funnel",
            Effect::Read,
            funnels,
        )
        .toolset("reports"),
        tool(
            "mixpanel_list_saved_funnels",
            "List saved funnels",
            Effect::Read,
            list_saved_funnels,
        )
        .toolset("reports"),
        tool(
            "mixpanel_run_retention_query",
            "Run retention",
            Effect::Read,
            retention,
        )
        .toolset("reports"),
        tool(
            "mixpanel_run_frequency_query",
            "Run frequency",
            Effect::Read,
            frequency,
        )
        .toolset("reports"),
    ]
}

// Bucket of a segmentation.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SegUnit {
    Hour,
    Day,
    Month,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Count {
    General,
    Unique,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Numerical {
    Sum,
    Average,
    Buckets,
}

/// Count an event over time (events or unique users per unit), split by `on` and filtered
/// by `where`; with `numerical_aggregation`, sum, average or bucket the numeric `on`.
/// Dates default to the last 30 days.
#[derive(Deserialize, JsonSchema)]
pub struct Segmentation {
    project_id: ProjectId,
    #[schemars(length(max = 255))]
    event: String,
    #[schemars(length(max = 10))]
    from_date: Option<String>,
    #[schemars(length(max = 10))]
    to_date: Option<String>,
    #[schemars(extend("default" = "day"))]
    unit: Option<SegUnit>,
    #[serde(rename = "type")]
    #[schemars(extend("default" = "general"))]
    kind: Option<Count>,
    /// e.g. properties["$os"] == "Linux"
    #[serde(rename = "where")]
    #[schemars(length(max = 2000))]
    filter: Option<String>,
    /// Property to split by, e.g. properties["plan"]
    #[serde(rename = "on")]
    #[schemars(length(max = 2000))]
    on: Option<String>,
    /// Needs a numeric `on` and unit hour or day
    numerical_aggregation: Option<Numerical>,
    /// Most segments (default 60)
    #[schemars(range(min = 1, max = 10000))]
    limit: Option<u32>,
}

fn text(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

async fn segmentation(ctx: Ctx, a: Segmentation) -> Result<Value, ToolError> {
    let event = require_text(&a.event, "event")?;
    let (from, to) = date_range(text(&a.from_date), text(&a.to_date))?;
    let unit = a.unit.unwrap_or(SegUnit::Day);
    let path = match a.numerical_aggregation {
        None => "/query/segmentation",
        Some(n) => {
            if text(&a.on).is_none() {
                return Err(ToolError::invalid_input(
                    "numerical_aggregation needs `on`: the numeric property expression to aggregate, e.g. properties[\"amount\"]",
                ));
            }
            if unit == SegUnit::Month {
                return Err(ToolError::invalid_input(
                    "numerical_aggregation takes unit hour or day (Mixpanel has no monthly numeric segmentation)",
                ));
            }
            match n {
                Numerical::Sum => "/query/segmentation/sum",
                Numerical::Average => "/query/segmentation/average",
                Numerical::Buckets => "/query/segmentation/numeric",
            }
        }
    };
    let takes_type = !matches!(
        a.numerical_aggregation,
        Some(Numerical::Sum | Numerical::Average)
    );
    let v: Value = api::request(&ctx, Api::Query, Method::GET, path)?
        .query("project_id", &a.project_id.0)
        .query("event", event)
        .query("from_date", &from)
        .query("to_date", &to)
        .query("unit", enum_str(&unit))
        .query_opt("type", a.kind.filter(|_| takes_type).map(|k| enum_str(&k)))
        .query_opt("where", text(&a.filter))
        .query_opt("on", text(&a.on))
        .query_opt("limit", a.limit)
        .send_json()
        .await?;
    let data = at(&v, "data").unwrap_or(&v);
    let mut out = pick(data, &["series", "values"]);
    out["from_date"] = json!(from);
    out["to_date"] = json!(to);
    if let Some(r) = at(&v, "results") {
        out["results"] = r.clone();
    }
    Ok(out)
}

/// Funnel steps: event names, or objects with `event`; a JSON array as a string is
/// accepted too.
#[derive(Debug, Clone, Default)]
pub struct Steps(Vec<String>);

impl<'de> Deserialize<'de> for Steps {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Value::deserialize(d)?;
        let v = match v {
            Value::String(s) => {
                let t = s.trim();
                if t.starts_with('[') {
                    serde_json::from_str(t).map_err(serde::de::Error::custom)?
                } else {
                    Value::Array(t.split(',').map(|p| json!(p.trim())).collect())
                }
            }
            other => other,
        };
        let items = v
            .as_array()
            .ok_or_else(|| serde::de::Error::custom("events must be an array of steps"))?;
        let mut steps = Vec::new();
        for it in items {
            let name = match it {
                Value::String(s) => s.trim().to_owned(),
                Value::Object(o) => o
                    .get("event")
                    .and_then(Value::as_str)
                    .unwrap_or_default()
                    .trim()
                    .to_owned(),
                _ => String::new(),
            };
            if name.is_empty() {
                return Err(serde::de::Error::custom(format!(
                    "each funnel step needs an event name (\"Signed up\" or {{\"event\": \"Signed up\"}}), got {it}"
                )));
            }
            steps.push(name);
        }
        Ok(Steps(steps))
    }
}

impl JsonSchema for Steps {
    fn schema_name() -> Cow<'static, str> {
        "Steps".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": ["array", "string"],
            "items": {"type": "object", "properties": {"event": {"type": "string"}}, "required": ["event"]},
            "description": "Steps in order, e.g. [{\"event\": \"Signed up\"}, {\"event\": \"Purchased\"}]"
        })
    }
}

/// Conversion through funnel steps: users (`unique`) or passes (`general`) reaching each
/// step in order between the dates, with step and overall ratios. Or run a saved funnel by
/// `funnel_id` (mixpanel_list_saved_funnels), with its own steps and window.
#[derive(Deserialize, JsonSchema)]
pub struct Funnels {
    #[serde(default)]
    events: Steps,
    #[schemars(length(max = 10))]
    from_date: String,
    #[schemars(length(max = 10))]
    to_date: String,
    #[schemars(extend("default" = "unique"))]
    count_type: Option<Count>,
    project_id: ProjectId,
    funnel_id: Option<u64>,
}

/// An ad hoc funnel in JQL: per user, the steps reached in order (once for `unique`, each
/// completed pass for `general`), summed over users.
const FUNNEL_JQL: &str = r#"function main() {
  var steps = params.steps, n = steps.length;
  return Events({from_date: params.from_date, to_date: params.to_date,
                 event_selectors: steps.map(function (s) { return {event: s}; })})
    .groupByUser(function (state, events) {
      state = state || {next: 0, counts: steps.map(function () { return 0; })};
      for (var j = 0; j < events.length; j++) {
        if (state.next < n && events[j].name === steps[state.next]) {
          state.counts[state.next] += 1;
          state.next += 1;
          if (state.next === n && !params.unique) { state.next = 0; }
        }
      }
      return state;
    })
    .reduce(function (accs, items) {
      var total = steps.map(function () { return 0; });
      accs.forEach(function (a) { for (var i = 0; i < n; i++) { total[i] += a[i]; } });
      items.forEach(function (it) { for (var i = 0; i < n; i++) { total[i] += it.value.counts[i]; } });
      return total;
    });
}"#;

fn ratio(a: f64, b: f64) -> Value {
    if b > 0.0 {
        json!((a / b * 10000.0).round() / 10000.0)
    } else {
        json!(0.0)
    }
}

async fn funnels(ctx: Ctx, a: Funnels) -> Result<Value, ToolError> {
    let (from, to) = date_range(Some(&a.from_date), Some(&a.to_date))?;
    if let Some(id) = a.funnel_id {
        let v: Value = api::request(&ctx, Api::Query, Method::GET, "/query/funnels")?
            .query("project_id", &a.project_id.0)
            .query("funnel_id", id)
            .query("from_date", &from)
            .query("to_date", &to)
            .send_json()
            .await?;
        let dates = at(&v, "meta.dates").cloned().unwrap_or(json!([]));
        let mut by_date = serde_json::Map::new();
        if let Some(data) = at(&v, "data").and_then(Value::as_object) {
            for (date, d) in data {
                let steps =
                    mcp_shared::json::map_array(at(d, "steps").unwrap_or(&Value::Null), |s| {
                        pick(
                            s,
                            &[
                                "step=step_label",
                                "event",
                                "count",
                                "step_conv_ratio",
                                "overall_conv_ratio",
                                "avg_time",
                            ],
                        )
                    });
                by_date.insert(
                    date.clone(),
                    json!({"steps": steps, "analysis": at(d, "analysis")}),
                );
            }
        }
        return Ok(json!({"funnel_id": id, "dates": dates, "data": by_date}));
    }
    let steps = a.events.0;
    if steps.len() < 2 {
        return Err(ToolError::invalid_input(
            "a funnel needs at least two steps in `events` (or a saved `funnel_id`)",
        ));
    }
    let unique = a.count_type.unwrap_or(Count::Unique) == Count::Unique;
    let params = json!({"from_date": from, "to_date": to, "steps": steps, "unique": unique});
    let v: Value = api::request(&ctx, Api::Query, Method::POST, "/query/jql")?
        .query("project_id", &a.project_id.0)
        .form(vec![
            ("script".into(), FUNNEL_JQL.into()),
            ("params".into(), params.to_string()),
        ])
        // A JQL query reads only: safe to repeat after a gateway error.
        .idempotent(true)
        .send_json()
        .await?;
    let counts: Vec<f64> = v
        .get(0)
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|c| c.as_f64().unwrap_or(0.0)).collect())
        .unwrap_or_else(|| vec![0.0; steps.len()]);
    let first = counts.first().copied().unwrap_or(0.0);
    let out_steps: Vec<Value> = steps
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let c = counts.get(i).copied().unwrap_or(0.0);
            let prev = if i == 0 { c } else { counts.get(i - 1).copied().unwrap_or(0.0) };
            json!({"event": name, "count": c as u64, "step_conv_ratio": ratio(c, prev), "overall_conv_ratio": ratio(c, first)})
        })
        .collect();
    Ok(json!({
        "from_date": from,
        "to_date": to,
        "count_type": if unique { "unique" } else { "general" },
        "steps": out_steps
    }))
}

/// The project's saved funnels: funnel_id and name.
#[derive(Deserialize, JsonSchema)]
pub struct ListSavedFunnels {
    project_id: ProjectId,
}

async fn list_saved_funnels(ctx: Ctx, a: ListSavedFunnels) -> Result<Value, ToolError> {
    let v: Value = api::request(&ctx, Api::Query, Method::GET, "/query/funnels/list")?
        .query("project_id", &a.project_id.0)
        .send_json()
        .await?;
    Ok(json!({"funnels": mcp_shared::json::map_array(&v, |f| pick(f, &["funnel_id", "name"]))}))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Period {
    Day,
    Week,
    Month,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum RetentionType {
    Birth,
    Compounded,
}

/// Retention cohorts: per date, users who started (`first`: did born_event, default
/// `event`; or `event` for compounded) and how many did `event` in each later unit
/// (`counts`). `metric` is ignored (Mixpanel counts users). `where`/`on` as in
/// segmentation.
#[derive(Deserialize, JsonSchema)]
pub struct Retention {
    project_id: ProjectId,
    #[schemars(length(max = 255))]
    event: String,
    #[schemars(length(max = 255))]
    born_event: Option<String>,
    #[schemars(length(max = 10))]
    from_date: Option<String>,
    #[schemars(length(max = 10))]
    to_date: Option<String>,
    #[schemars(extend("default" = "day"))]
    unit: Option<Period>,
    #[schemars(extend("default" = "birth"))]
    retention_type: Option<RetentionType>,
    /// Units returned after the 0th (default 1)
    #[schemars(range(min = 1, max = 366))]
    interval_count: Option<u32>,
    #[allow(dead_code)] // Klavis's; Mixpanel's retention has no such parameter
    metric: Option<Count>,
    #[serde(rename = "where")]
    #[schemars(length(max = 2000))]
    filter: Option<String>,
    #[serde(rename = "on")]
    #[schemars(length(max = 2000))]
    on: Option<String>,
}

async fn retention(ctx: Ctx, a: Retention) -> Result<Value, ToolError> {
    let event = require_text(&a.event, "event")?;
    let (from, to) = date_range(text(&a.from_date), text(&a.to_date))?;
    let kind = a.retention_type.unwrap_or(RetentionType::Birth);
    let born = match kind {
        RetentionType::Birth => Some(text(&a.born_event).unwrap_or(event)),
        RetentionType::Compounded => None,
    };
    let v: Value = api::request(&ctx, Api::Query, Method::GET, "/query/retention")?
        .query("project_id", &a.project_id.0)
        .query("from_date", &from)
        .query("to_date", &to)
        .query("retention_type", enum_str(&kind))
        .query_opt("born_event", born)
        .query("event", event)
        .query("unit", enum_str(&a.unit.unwrap_or(Period::Day)))
        .query_opt("interval_count", a.interval_count)
        .query_opt("where", text(&a.filter))
        .query_opt("on", text(&a.on))
        .send_json()
        .await?;
    Ok(json!({"from_date": from, "to_date": to, "cohorts": v}))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum AddictionUnit {
    Hour,
    Day,
    Week,
}

/// How often users do `event`: per date, users who did it in at least 1, 2, 3...
/// addiction units of each unit. `born_event` and `metric` are ignored (Mixpanel has
/// neither). `where`/`on` as in segmentation.
#[derive(Deserialize, JsonSchema)]
pub struct Frequency {
    project_id: ProjectId,
    #[schemars(length(max = 255))]
    event: String,
    #[allow(dead_code)] // Klavis's; not a parameter of Mixpanel's /retention/addiction
    #[schemars(length(max = 255))]
    born_event: Option<String>,
    #[schemars(length(max = 10))]
    from_date: Option<String>,
    #[schemars(length(max = 10))]
    to_date: Option<String>,
    #[schemars(extend("default" = "day"))]
    unit: Option<Period>,
    /// hour or day (no week)
    #[schemars(extend("default" = "hour"))]
    addiction_unit: Option<AddictionUnit>,
    #[allow(dead_code)] // Klavis's; Mixpanel's frequency report has no such parameter
    metric: Option<Count>,
    #[serde(rename = "where")]
    #[schemars(length(max = 2000))]
    filter: Option<String>,
    #[serde(rename = "on")]
    #[schemars(length(max = 2000))]
    on: Option<String>,
}

async fn frequency(ctx: Ctx, a: Frequency) -> Result<Value, ToolError> {
    let event = require_text(&a.event, "event")?;
    let (from, to) = date_range(text(&a.from_date), text(&a.to_date))?;
    let addiction = a.addiction_unit.unwrap_or(AddictionUnit::Hour);
    if addiction == AddictionUnit::Week {
        return Err(ToolError::invalid_input(
            "addiction_unit must be hour or day: Mixpanel's frequency report has no weekly granularity",
        ));
    }
    let v: Value = api::request(&ctx, Api::Query, Method::GET, "/query/retention/addiction")?
        .query("project_id", &a.project_id.0)
        .query("from_date", &from)
        .query("to_date", &to)
        .query("unit", enum_str(&a.unit.unwrap_or(Period::Day)))
        .query("addiction_unit", enum_str(&addiction))
        .query("event", event)
        .query_opt("where", text(&a.filter))
        .query_opt("on", text(&a.on))
        .send_json()
        .await?;
    let data = at(&v, "data").cloned().unwrap_or(v);
    Ok(json!({"from_date": from, "to_date": to, "data": data}))
}
