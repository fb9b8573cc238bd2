//! Webhooks v2: `GET /v2/teams/{team_id}/webhooks`, `POST /v2/webhooks`,
//! `GET|PUT|DELETE /v2/webhooks/{id}` (Klavis calls `/v1/...`, which Figma does not have).

use crate::api::{id, opt, request};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_team_webhooks",
            "Get team webhooks",
            Effect::Read,
            get_team_webhooks,
        )
        .toolset("webhooks"),
        tool(
            "figma_post_webhook",
            "Create webhook",
            Effect::Write,
            post_webhook,
        )
        .toolset("webhooks"),
        tool(
            "figma_put_webhook",
            "Update webhook",
            Effect::IdempotentWrite,
            put_webhook,
        )
        .toolset("webhooks"),
        tool(
            "figma_delete_webhook",
            "Delete webhook",
            Effect::Destructive,
            delete_webhook,
        )
        .toolset("webhooks"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EventType {
    Ping,
    FileUpdate,
    FileDelete,
    FileVersionUpdate,
    LibraryPublish,
    FileComment,
    DevModeStatusUpdate,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Status {
    Active,
    Paused,
}

fn webhook(w: &Value) -> Value {
    pick(
        w,
        &[
            "id",
            "event_type",
            "context",
            "context_id",
            "status",
            "endpoint",
            "description",
        ],
    )
}

/// The webhooks of a team: id, event, context, status, endpoint, description.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeamWebhooks {
    /// Team id (from a team page's URL)
    team_id: String,
}

async fn get_team_webhooks(ctx: Ctx, a: GetTeamWebhooks) -> Result<Value, ToolError> {
    let path = format!("/v2/teams/{}/webhooks", id(&a.team_id, "team_id")?);
    let v: Value = request(&ctx, Method::GET, &path)?.send_json().await?;
    let hooks: Vec<Value> = v
        .get("webhooks")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(webhook).collect())
        .unwrap_or_default();
    Ok(json!({ "webhooks": hooks }))
}

/// Create a webhook on a team's events; Figma POSTs each event to `endpoint` and sends a
/// PING first unless `status` is `PAUSED`. Without `passcode` one is generated and returned
/// (the receiver checks it; Figma never shows it again).
#[derive(Deserialize, JsonSchema)]
pub struct PostWebhook {
    /// Team id (from a team page's URL)
    team_id: String,
    event_type: EventType,
    /// HTTPS URL that receives the events, at most 2048 characters
    endpoint: String,
    /// Secret echoed in each event, at most 100 characters
    passcode: Option<String>,
    /// At most 150 characters
    description: Option<String>,
    #[schemars(extend("default" = "ACTIVE"))]
    status: Option<Status>,
}

async fn post_webhook(ctx: Ctx, a: PostWebhook) -> Result<Value, ToolError> {
    let team = a.team_id.trim();
    id(team, "team_id")?;
    let passcode = match opt(&a.passcode) {
        Some(p) => p.to_owned(),
        None => uuid::Uuid::new_v4().simple().to_string(),
    };
    let mut body = Map::new();
    body.insert("event_type".into(), json!(a.event_type));
    body.insert("context".into(), json!("team"));
    body.insert("context_id".into(), json!(team));
    body.insert(
        "endpoint".into(),
        json!(non_empty(&a.endpoint, "endpoint")?),
    );
    body.insert("passcode".into(), json!(passcode));
    if let Some(s) = a.status {
        body.insert("status".into(), json!(s));
    }
    if let Some(d) = opt(&a.description) {
        body.insert("description".into(), json!(d));
    }
    let v: Value = request(&ctx, Method::POST, "/v2/webhooks")?
        .json(&body)
        .send_json()
        .await?;
    let mut out = webhook(&v);
    if let (Some(m), None) = (out.as_object_mut(), opt(&a.passcode)) {
        m.insert("passcode".into(), json!(passcode));
    }
    Ok(out)
}

/// Change a webhook's event, endpoint, passcode, status or description. Figma's update
/// takes the whole webhook: fields not given keep their current values (read first), but
/// the passcode, which Figma never returns, must be given (the current or a new one).
#[derive(Deserialize, JsonSchema)]
pub struct PutWebhook {
    webhook_id: String,
    event_type: Option<EventType>,
    /// HTTPS URL that receives the events
    endpoint: Option<String>,
    /// The webhook's passcode, current or new (required by Figma)
    passcode: Option<String>,
    description: Option<String>,
    status: Option<Status>,
}

async fn put_webhook(ctx: Ctx, a: PutWebhook) -> Result<Value, ToolError> {
    let wid = id(&a.webhook_id, "webhook_id")?;
    let Some(passcode) = opt(&a.passcode) else {
        return Err(ToolError::invalid_input(
            "`passcode` is required: Figma's webhook update needs it and never returns the current one; give the current passcode or a new one",
        ));
    };
    let path = format!("/v2/webhooks/{wid}");
    let current: Value = request(&ctx, Method::GET, &path)?.send_json().await?;
    let keep = |k: &str| current.get(k).filter(|v| !v.is_null()).cloned();
    let mut body = Map::new();
    let event = a
        .event_type
        .map(|e| json!(e))
        .or_else(|| keep("event_type"));
    let endpoint = opt(&a.endpoint)
        .map(|e| json!(e))
        .or_else(|| keep("endpoint"));
    let (Some(event), Some(endpoint)) = (event, endpoint) else {
        return Err(ToolError::invalid_input(
            "Figma did not return this webhook's event type or endpoint; give `event_type` and `endpoint`",
        ));
    };
    body.insert("event_type".into(), event);
    body.insert("endpoint".into(), endpoint);
    body.insert("passcode".into(), json!(passcode));
    // Figma's OpenAPI lists the (deprecated) `team_id` as required in this body.
    if let Some(t) = keep("team_id").filter(|t| t.as_str().is_some_and(|t| !t.is_empty())) {
        body.insert("team_id".into(), t);
    }
    if let Some(s) = a.status.map(|s| json!(s)).or_else(|| keep("status")) {
        body.insert("status".into(), s);
    }
    if let Some(d) = a
        .description
        .as_deref()
        .map(|d| json!(d.trim()))
        .or_else(|| keep("description"))
    {
        body.insert("description".into(), d);
    }
    let v: Value = request(&ctx, Method::PUT, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(webhook(&v))
}

/// Delete a webhook; it cannot be undone. Returns the deleted webhook.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteWebhook {
    webhook_id: String,
}

async fn delete_webhook(ctx: Ctx, a: DeleteWebhook) -> Result<Value, ToolError> {
    let path = format!("/v2/webhooks/{}", id(&a.webhook_id, "webhook_id")?);
    let v: Value = request(&ctx, Method::DELETE, &path)?.send_json().await?;
    let mut out = webhook(&v);
    if let Some(m) = out.as_object_mut() {
        m.insert("deleted".into(), json!(true));
    }
    Ok(out)
}
