//! Raw event export (Raw Export API `/export`, JSON lines).

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, Api, ProjectId, date_range};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mixpanel_export_events",
            "Export raw events",
            Effect::Read,
            export_events,
        )
        .toolset("export"),
    ]
}

/// Most events one call returns.
pub const MAX_EVENTS: u32 = 1000;

/// Raw events as Mixpanel stored them (event name and all properties: distinct_id, time,
/// ...), oldest first, between two dates (UTC). Returns at most `limit` events and says
/// when there are more; narrow with `event` or `where`.
#[derive(Deserialize, JsonSchema)]
pub struct ExportEvents {
    project_id: ProjectId,
    #[schemars(length(max = 10))]
    from_date: String,
    #[schemars(length(max = 10))]
    to_date: String,
    /// Only these event names
    #[schemars(inner(length(max = 255)), length(max = 100))]
    event: Option<Vec<String>>,
    /// As in segmentation
    #[serde(rename = "where")]
    #[schemars(length(max = 2000))]
    filter: Option<String>,
    #[schemars(range(min = 1, max = 1000), extend("default" = 100))]
    limit: Option<u32>,
}

async fn export_events(ctx: Ctx, a: ExportEvents) -> Result<Value, ToolError> {
    let (from, to) = date_range(Some(&a.from_date), Some(&a.to_date))?;
    let limit = match a.limit.unwrap_or(100) {
        n @ 1..=MAX_EVENTS => n as usize,
        n => {
            return Err(ToolError::invalid_input(format!(
                "`limit` must be between 1 and {MAX_EVENTS} (got {n}); narrow the dates or `event` for more"
            )));
        }
    };
    let events: Vec<&str> = a
        .event
        .iter()
        .flatten()
        .map(|e| e.trim())
        .filter(|e| !e.is_empty())
        .collect();
    let resp = api::request(&ctx, Api::Export, Method::GET, "/export")?
        .query("project_id", &a.project_id.0)
        .query("from_date", &from)
        .query("to_date", &to)
        // One more than shown, to tell whether there are more.
        .query("limit", limit + 1)
        .query_opt(
            "event",
            (!events.is_empty()).then(|| json!(events).to_string()),
        )
        .query_opt(
            "where",
            a.filter.as_deref().map(str::trim).filter(|s| !s.is_empty()),
        )
        .send()
        .await?;
    let body = resp.text();
    let mut out = Vec::new();
    let mut more = false;
    for (n, line) in body
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .enumerate()
    {
        if out.len() == limit {
            more = true;
            break;
        }
        let v: Value = serde_json::from_str(line).map_err(|e| {
            ToolError::transport(format!(
                "Mixpanel's export line {} is not JSON ({e}); retry, or narrow the dates.",
                n + 1
            ))
        })?;
        out.push(v);
    }
    let mut result = json!({"from_date": from, "to_date": to, "count": out.len(), "events": out});
    if more {
        result["more"] = json!(format!(
            "more than {limit} events match: narrow the dates, `event` or `where`, or raise `limit` (at most {MAX_EVENTS})"
        ));
    }
    Ok(result)
}
