//! Service logs (`/analytics/endpoints/logs.all`) and advisors (`/advisors/...`).

use chrono::{DateTime, Duration, SecondsFormat, Utc};
use mcp_shared::json::{at, map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::project_path;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("supabase_get_logs", "Get logs", Effect::Read, get_logs)
            .toolset("debugging")
            .official_name("get_logs"),
        tool(
            "supabase_get_advisors",
            "Get advisors",
            Effect::Read,
            get_advisors,
        )
        .toolset("debugging")
        .official_name("get_advisors"),
    ]
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "kebab-case")]
pub enum Service {
    Api,
    BranchAction,
    Postgres,
    EdgeFunction,
    Auth,
    Storage,
    Realtime,
}

/// The log query of each service (Supabase's log sources, newest first).
pub fn logs_sql(service: Service) -> &'static str {
    match service {
        Service::Api => {
            "select id, identifier, timestamp, event_message, request.method, request.path, response.status_code \
from edge_logs cross join unnest(metadata) as m cross join unnest(m.request) as request \
cross join unnest(m.response) as response order by timestamp desc limit 100"
        }
        Service::BranchAction => {
            "select workflow_run, workflow_run_logs.timestamp, id, event_message from workflow_run_logs \
order by timestamp desc limit 100"
        }
        Service::Postgres => {
            "select identifier, postgres_logs.timestamp, id, event_message, parsed.error_severity \
from postgres_logs cross join unnest(metadata) as m cross join unnest(m.parsed) as parsed \
order by timestamp desc limit 100"
        }
        Service::EdgeFunction => {
            "select id, function_edge_logs.timestamp, event_message, response.status_code, request.method, \
m.function_id, m.execution_time_ms, m.deployment_id, m.version from function_edge_logs \
cross join unnest(metadata) as m cross join unnest(m.response) as response \
cross join unnest(m.request) as request order by timestamp desc limit 100"
        }
        Service::Auth => {
            "select id, auth_logs.timestamp, event_message, metadata.level, metadata.status, metadata.path, \
metadata.msg as msg, metadata.error from auth_logs cross join unnest(metadata) as metadata \
order by timestamp desc limit 100"
        }
        Service::Storage => {
            "select id, storage_logs.timestamp, event_message from storage_logs order by timestamp desc limit 100"
        }
        Service::Realtime => {
            "select id, realtime_logs.timestamp, event_message from realtime_logs order by timestamp desc limit 100"
        }
    }
}

/// The newest 100 log entries of a service from the last 24 hours (Supabase's longest
/// window), newest first.
#[derive(Deserialize, JsonSchema)]
pub struct GetLogs {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
    service: Service,
}

/// `iso_timestamp_start`/`_end` for the 24 hours before `now`.
pub fn window(now: DateTime<Utc>) -> (String, String) {
    let start = now - Duration::hours(24);
    (
        start.to_rfc3339_opts(SecondsFormat::Secs, true),
        now.to_rfc3339_opts(SecondsFormat::Secs, true),
    )
}

async fn get_logs(ctx: Ctx, a: GetLogs) -> Result<Value, ToolError> {
    let (start, end) = window(Utc::now());
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!(
                "{}/analytics/endpoints/logs.all",
                project_path(&a.project_id)?
            ),
        )?
        .query("sql", logs_sql(a.service))
        .query("iso_timestamp_start", &start)
        .query("iso_timestamp_end", &end)
        .send_json()
        .await?;
    if let Some(err) = at(&v, "error") {
        let message = err
            .as_str()
            .map(str::to_owned)
            .or_else(|| {
                at(err, "message")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
            .unwrap_or_else(|| err.to_string());
        return Err(ToolError::transport(format!(
            "Supabase could not query the logs: {message}"
        )));
    }
    let entries = at(&v, "result").cloned().unwrap_or_else(|| json!([]));
    Ok(json!({ "from": start, "to": end, "entries": entries }))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum AdvisorType {
    Security,
    Performance,
}

/// The project's security or performance advisors (lints such as tables without RLS):
/// name, title, level, detail and remediation URL. Check after schema changes.
#[derive(Deserialize, JsonSchema)]
pub struct GetAdvisors {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
    #[serde(rename = "type")]
    kind: AdvisorType,
}

async fn get_advisors(ctx: Ctx, a: GetAdvisors) -> Result<Value, ToolError> {
    let kind = mcp_shared::json::enum_str(&a.kind);
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("{}/advisors/{kind}", project_path(&a.project_id)?),
        )?
        .send_json()
        .await?;
    let lints = map_array(at(&v, "lints").unwrap_or(&Value::Null), |l| {
        pick(
            l,
            &[
                "name",
                "title",
                "level",
                "categories",
                "detail",
                "remediation",
                "metadata",
            ],
        )
    });
    Ok(json!({ "lints": lints }))
}
