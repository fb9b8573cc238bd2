//! Events: list (`GET /events`) and one event (`GET /events/{id}`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, Query};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "chargebee_list_events",
            "List events",
            Effect::Read,
            list_events,
        )
        .toolset("events"),
        tool(
            "chargebee_get_event",
            "Get an event",
            Effect::Read,
            get_event,
        )
        .toolset("events"),
    ]
}

/// List the site's events (what happened): id, event_type, occurred_at,
/// source, webhook status; and next_offset. chargebee_get_event gives the content.
#[derive(Deserialize, JsonSchema)]
pub struct ListEvents {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    /// e.g. subscription_created, payment_succeeded; several separated by commas
    event_type: Option<String>,
    /// After this time (Unix seconds)
    occurred_at_after: Option<Count>,
    /// Before this time (Unix seconds)
    occurred_at_before: Option<Count>,
}

async fn list_events(ctx: Ctx, a: ListEvents) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.one_of("event_type", "event_type", a.event_type.as_deref(), &[])?;
    q.time("occurred_at", "after", a.occurred_at_after);
    q.time("occurred_at", "before", a.occurred_at_before);
    api::list(&ctx, "/events", q, "event", "events", api::event).await
}

/// One event with its content (the resources as they were after it).
#[derive(Deserialize, JsonSchema)]
pub struct GetEvent {
    event_id: String,
}

async fn get_event(ctx: Ctx, a: GetEvent) -> Result<Value, ToolError> {
    let id = api::id(&a.event_id, "event_id")?;
    let v = api::get(&ctx, &format!("/events/{id}"), &[]).await?;
    Ok(api::one(&v, "event", api::event_detail))
}
