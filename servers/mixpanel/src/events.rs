//! Event names, event properties and property values (Query API `/events/...`) and the
//! account's projects (`/app/me`).

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, Api, ProjectId};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mixpanel_get_projects",
            "List projects",
            Effect::Read,
            get_projects,
        )
        .toolset("events"),
        tool(
            "mixpanel_get_events",
            "List events",
            Effect::Read,
            get_events,
        )
        .toolset("events"),
        tool(
            "mixpanel_get_event_properties",
            "List event properties",
            Effect::Read,
            get_event_properties,
        )
        .toolset("events"),
        tool(
            "mixpanel_get_event_property_values",
            "List property values",
            Effect::Read,
            get_event_property_values,
        )
        .toolset("events"),
    ]
}

/// The projects the service account can access: id, name, organization_id, timezone, and
/// the account's email.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjects {}

async fn get_projects(ctx: Ctx, _: GetProjects) -> Result<Value, ToolError> {
    let v: Value = api::request(&ctx, Api::Query, Method::GET, "/app/me")?
        .send_json()
        .await?;
    let results = at(&v, "results").unwrap_or(&v);
    let projects: Vec<Value> = at(results, "projects")
        .and_then(Value::as_object)
        .map(|m| {
            m.iter()
                .map(|(id, p)| {
                    let mut out = mcp_shared::json::pick(
                        p,
                        &["name", "organization_id", "timezone", "domain"],
                    );
                    out["id"] = json!(id);
                    out
                })
                .collect()
        })
        .unwrap_or_default();
    let mut out = json!({ "projects": projects });
    if let Some(email) = at(results, "email") {
        out["email"] = email.clone();
    }
    Ok(out)
}

/// The project's most common event names of the last 31 days.
#[derive(Deserialize, JsonSchema)]
pub struct GetEvents {
    /// Numeric project id
    #[schemars(length(max = 20))]
    project_id: String,
    /// Default 255
    #[schemars(range(min = 1, max = 10000))]
    limit: Option<u32>,
}

async fn get_events(ctx: Ctx, a: GetEvents) -> Result<Value, ToolError> {
    let project = api::project_id(&a.project_id)?;
    let v: Value = api::request(&ctx, Api::Query, Method::GET, "/query/events/names")?
        .query("project_id", &project)
        .query("type", "general")
        .query_opt("limit", a.limit)
        .send_json()
        .await?;
    Ok(json!({ "events": v }))
}

/// The top properties of an event (last 31 days) with their counts, most common first.
#[derive(Deserialize, JsonSchema)]
pub struct GetEventProperties {
    project_id: ProjectId,
    #[schemars(length(max = 255))]
    event: String,
    /// Default 10
    #[schemars(range(min = 1, max = 1000))]
    limit: Option<u32>,
}

pub(crate) fn require_text<'a>(s: &'a str, what: &str) -> Result<&'a str, ToolError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(s)
}

async fn get_event_properties(ctx: Ctx, a: GetEventProperties) -> Result<Value, ToolError> {
    let event = require_text(&a.event, "event")?;
    let v: Value = api::request(
        &ctx,
        Api::Query,
        Method::GET,
        "/query/events/properties/top",
    )?
    .query("project_id", &a.project_id.0)
    .query("event", event)
    .query_opt("limit", a.limit)
    .send_json()
    .await?;
    let mut props: Vec<Value> = v
        .as_object()
        .map(|m| {
            m.iter()
                .map(|(name, p)| json!({"name": name, "count": at(p, "count")}))
                .collect()
        })
        .unwrap_or_default();
    props.sort_by(|a, b| {
        let c = |v: &Value| v["count"].as_f64().unwrap_or(0.0);
        c(b).total_cmp(&c(a))
    });
    Ok(json!({ "event": event, "properties": props }))
}

/// The top values of an event's property (last 31 days).
#[derive(Deserialize, JsonSchema)]
pub struct GetEventPropertyValues {
    project_id: ProjectId,
    #[schemars(length(max = 255))]
    event: String,
    /// Property name, e.g. $browser or plan
    #[schemars(length(max = 255))]
    property: String,
    /// Default 255
    #[schemars(range(min = 1, max = 10000))]
    limit: Option<u32>,
}

async fn get_event_property_values(
    ctx: Ctx,
    a: GetEventPropertyValues,
) -> Result<Value, ToolError> {
    let event = require_text(&a.event, "event")?;
    let property = require_text(&a.property, "property")?;
    let v: Value = api::request(
        &ctx,
        Api::Query,
        Method::GET,
        "/query/events/properties/values",
    )?
    .query("project_id", &a.project_id.0)
    .query("event", event)
    .query("name", property)
    .query_opt("limit", a.limit)
    .send_json()
    .await?;
    Ok(json!({ "event": event, "property": property, "values": v }))
}
