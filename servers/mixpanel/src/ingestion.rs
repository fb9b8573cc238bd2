//! Event import (Ingestion API `/import`, strict mode).

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, Api};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mixpanel_send_events",
            "Import events",
            Effect::Write,
            send_events,
        )
        .toolset("ingestion"),
    ]
}

/// Mixpanel's largest `/import` batch.
pub const MAX_BATCH: usize = 2000;

/// Import events into a project (Mixpanel's /import, strict validation). Each event is
/// {"event": name, "properties": {"distinct_id": ..., "time": epoch seconds or ms, ...}};
/// a missing time is now and a missing $insert_id is generated (Mixpanel deduplicates on
/// it). At most 2000 events a call. Returns the number imported.
#[derive(Deserialize, JsonSchema)]
pub struct SendEvents {
    /// Numeric project id
    #[schemars(length(max = 20))]
    project_id: String,
    #[schemars(length(max = 2000))]
    events: Vec<Map<String, Value>>,
}

/// One event as `/import` takes it; `distinct_id`, `time` and `$insert_id` given beside
/// `properties` are moved into them.
fn normalise(i: usize, mut e: Map<String, Value>, now: i64) -> Result<Value, ToolError> {
    let name = e
        .get("event")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| ToolError::invalid_input(format!("events[{i}] has no `event` name")))?;
    let mut props = match e.remove("properties") {
        Some(Value::Object(p)) => p,
        None | Some(Value::Null) => Map::new(),
        Some(_) => {
            return Err(ToolError::invalid_input(format!(
                "events[{i}].properties must be an object"
            )));
        }
    };
    for (from, to) in [
        ("distinct_id", "distinct_id"),
        ("time", "time"),
        ("$insert_id", "$insert_id"),
        ("insert_id", "$insert_id"),
    ] {
        if let Some(v) = e.remove(from) {
            props.entry(to).or_insert(v);
        }
    }
    match props.get("distinct_id") {
        Some(Value::String(_)) => {}
        Some(Value::Number(n)) => {
            let s = n.to_string();
            props.insert("distinct_id".into(), json!(s));
        }
        _ => {
            return Err(ToolError::invalid_input(format!(
                "events[{i}] needs properties.distinct_id (the user's id; \"\" for an anonymous event)"
            )));
        }
    }
    props.entry("time").or_insert(json!(now));
    props
        .entry("$insert_id")
        .or_insert_with(|| json!(uuid::Uuid::new_v4().simple().to_string()));
    Ok(json!({"event": name, "properties": props}))
}

async fn send_events(ctx: Ctx, a: SendEvents) -> Result<Value, ToolError> {
    let project = api::project_id(&a.project_id)?;
    if a.events.is_empty() {
        return Err(ToolError::invalid_input("`events` must not be empty"));
    }
    if a.events.len() > MAX_BATCH {
        return Err(ToolError::invalid_input(format!(
            "at most {MAX_BATCH} events a call (Mixpanel's /import batch limit); got {}",
            a.events.len()
        )));
    }
    let now = chrono::Utc::now().timestamp();
    let batch = a
        .events
        .into_iter()
        .enumerate()
        .map(|(i, e)| normalise(i, e, now))
        .collect::<Result<Vec<_>, _>>()?;
    let v: Value = api::request(&ctx, Api::Ingestion, Method::POST, "/import")?
        .query("strict", "1")
        .query("project_id", &project)
        .json(&batch)
        // Mixpanel deduplicates on (event, time, distinct_id, $insert_id), which the batch
        // carries: a retry after a gateway error imports nothing twice.
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({
        "imported": at(&v, "num_records_imported").cloned().unwrap_or(json!(batch.len())),
        "status": at(&v, "status")
    }))
}
