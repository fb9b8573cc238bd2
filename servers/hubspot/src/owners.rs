//! Owners (the users and queues records are assigned to) and pipelines with their stages.

use crate::api::{self, Count};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "hubspot_list_owners",
            "List owners",
            Effect::Read,
            list_owners,
        )
        .toolset("owners"),
        tool(
            "hubspot_list_pipelines",
            "List pipelines",
            Effect::Read,
            list_pipelines,
        )
        .toolset("pipelines"),
    ]
}

/// List owners (id, name, email, type, teams): the ids to put in `hubspot_owner_id` or a
/// note's `owner_id`, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct ListOwners {
    /// Only the owner with this email
    email: Option<String>,
    /// 1-500
    #[schemars(extend("default" = 100))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_owners(ctx: Ctx, a: ListOwners) -> Result<Value, ToolError> {
    let limit = match a.limit.map(Count::get) {
        None => 100,
        Some(n @ 1..=500) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "limit must be between 1 and 500 (got {n})"
            )));
        }
    };
    let v: Value = ctx
        .authorized(Method::GET, "/crm/v3/owners")?
        .query_opt(
            "email",
            a.email.as_deref().map(str::trim).filter(|e| !e.is_empty()),
        )
        .query("limit", limit)
        .query_opt("after", api::cursor(a.cursor.as_deref()))
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|o| {
            let name = [o.get("firstName"), o.get("lastName")]
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
                .join(" ");
            let teams: Vec<Value> = o
                .get("teams")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|t| t.get("name").cloned())
                .collect();
            json!({
                "id": o.get("id").cloned().unwrap_or(Value::Null),
                "name": name,
                "email": o.get("email").cloned().unwrap_or(Value::Null),
                "type": o.get("type").cloned().unwrap_or(Value::Null),
                "userId": o.get("userId").cloned().unwrap_or(Value::Null),
                "teams": teams,
            })
        })
        .collect();
    Ok(json!({"items": items, "next_cursor": api::next_cursor(&v)}))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum PipelineObject {
    Deals,
    Tickets,
}

/// List the pipelines of deals or tickets with their stages in order (ids and labels; a
/// deal stage's win probability, whether a ticket stage is closed): the ids to put in
/// dealstage/pipeline or hs_pipeline/hs_pipeline_stage.
#[derive(Deserialize, JsonSchema)]
pub struct ListPipelines {
    object_type: PipelineObject,
}

async fn list_pipelines(ctx: Ctx, a: ListPipelines) -> Result<Value, ToolError> {
    let ty = match a.object_type {
        PipelineObject::Deals => "deals",
        PipelineObject::Tickets => "tickets",
    };
    let v: Value = ctx
        .authorized(Method::GET, &format!("/crm/v3/pipelines/{ty}"))?
        .send_json()
        .await?;
    let by_order = |x: &Value| x.get("displayOrder").and_then(Value::as_i64).unwrap_or(0);
    let mut pipelines: Vec<&Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|p| p.get("archived").and_then(Value::as_bool) != Some(true))
        .collect();
    pipelines.sort_by_key(|p| by_order(p));
    let items: Vec<Value> = pipelines
        .into_iter()
        .map(|p| {
            let mut stages: Vec<&Value> = p
                .get("stages")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter(|s| s.get("archived").and_then(Value::as_bool) != Some(true))
                .collect();
            stages.sort_by_key(|s| by_order(s));
            let stages: Vec<Value> = stages
                .into_iter()
                .map(|s| {
                    let mut out = json!({
                        "id": s.get("id").cloned().unwrap_or(Value::Null),
                        "label": s.get("label").cloned().unwrap_or(Value::Null),
                    });
                    for k in ["probability", "isClosed", "ticketState"] {
                        if let Some(m) = s.pointer(&format!("/metadata/{k}")) {
                            out[k] = m.clone();
                        }
                    }
                    out
                })
                .collect();
            json!({
                "id": p.get("id").cloned().unwrap_or(Value::Null),
                "label": p.get("label").cloned().unwrap_or(Value::Null),
                "stages": stages,
            })
        })
        .collect();
    Ok(json!({"items": items}))
}
