//! Entities: `GET /v1/entities/` and `DELETE /v2/entities/{type}/{id}/`.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::user_id;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mem0_list_entities",
            "List entities",
            Effect::Read,
            list_entities,
        )
        .toolset("entities"),
        tool(
            "mem0_delete_entities",
            "Delete entities",
            Effect::Destructive,
            delete_entities,
        )
        .toolset("entities"),
    ]
}

/// List the project's entities (users, agents, apps, runs) with their type, name and
/// dates, and the totals per type.
#[derive(Deserialize, JsonSchema)]
pub struct ListEntities {}

async fn list_entities(ctx: Ctx, _a: ListEntities) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/v1/entities/")?
        .send_json()
        .await?;
    let entities: Vec<Value> = at(&v, "results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|e| {
            pick(
                e,
                &["type", "name", "id", "created_at", "updated_at", "metadata"],
            )
        })
        .collect();
    let mut out = pick(
        &v,
        &[
            "count",
            "total_users",
            "total_agents",
            "total_apps",
            "total_runs",
        ],
    );
    out["entities"] = Value::Array(entities);
    if at(&v, "next").is_some() {
        out["more"] = json!("Mem0 has more entities than this page");
    }
    Ok(out)
}

/// Delete entities and all their memories: each of the ids given (with none, the caller's
/// user). Runs in the background; returns one result per entity.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteEntities {
    #[schemars(length(max = 200))]
    user_id: Option<String>,
    #[schemars(length(max = 200))]
    agent_id: Option<String>,
    #[schemars(length(max = 200))]
    app_id: Option<String>,
    #[schemars(length(max = 200))]
    run_id: Option<String>,
}

async fn delete_entities(ctx: Ctx, a: DeleteEntities) -> Result<Value, ToolError> {
    let opt = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_owned)
    };
    let mut targets: Vec<(&str, String)> = [
        ("user", opt(&a.user_id)),
        ("agent", opt(&a.agent_id)),
        ("app", opt(&a.app_id)),
        ("run", opt(&a.run_id)),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.map(|v| (k, v)))
    .collect();
    if targets.is_empty() {
        targets.push(("user", user_id(&ctx, None)));
    }
    if targets.iter().any(|(_, id)| id == "*") {
        return Err(ToolError::invalid_input(
            "`*` names no entity here: give the entity's id (mem0_list_entities lists them)",
        ));
    }
    let mut deleted = Vec::new();
    for (kind, id) in &targets {
        let path = format!("/v2/entities/{kind}/{}/", seg(id));
        let v: Value = ctx
            .authorized(Method::DELETE, &path)?
            .send_json()
            .await
            .map_err(|e| {
                if deleted.is_empty() {
                    e
                } else {
                    e.context(format!("deleted {} before this", deleted.len()))
                }
            })?;
        deleted.push(json!({"type": kind, "id": id, "message": at(&v, "message"), "event_id": at(&v, "event_id")}));
    }
    Ok(json!({"deleted": deleted}))
}
