//! What the other tools' ids come from: lead and opportunity statuses, pipelines and custom
//! fields (not in Klavis's catalog; an agent needs them to fill `status_id`).

use crate::api;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "close_list_lead_statuses",
            "List lead statuses",
            Effect::Read,
            list_lead_statuses,
        )
        .toolset("config"),
        tool(
            "close_list_pipelines",
            "List pipelines",
            Effect::Read,
            list_pipelines,
        )
        .toolset("config"),
        tool(
            "close_list_custom_fields",
            "List custom fields",
            Effect::Read,
            list_custom_fields,
        )
        .toolset("config"),
    ]
}

/// The organization's lead statuses (id, label), for `status_id` of leads.
#[derive(Deserialize, JsonSchema)]
pub struct ListLeadStatuses {}

async fn list_lead_statuses(ctx: Ctx, _a: ListLeadStatuses) -> Result<Value, ToolError> {
    let v = api::get_raw(&ctx, "/status/lead/", &[]).await?;
    Ok(json!({"items": api::trim_all(&v, &["id", "label"])}))
}

/// The opportunity pipelines with their statuses (id, label, type: active, won or lost),
/// for `status_id` of opportunities.
#[derive(Deserialize, JsonSchema)]
pub struct ListPipelines {}

async fn list_pipelines(ctx: Ctx, _a: ListPipelines) -> Result<Value, ToolError> {
    let v = api::get_raw(&ctx, "/pipeline/", &[]).await?;
    let mut items = api::trim_all(&v, &["id", "name", "statuses"]);
    if let Some(list) = items.as_array_mut() {
        for p in list.iter_mut() {
            if let Some(st) = p.get_mut("statuses").and_then(Value::as_array_mut) {
                for s in st.iter_mut() {
                    *s = api::trim(s, &["id", "label", "type"]);
                }
            }
        }
    }
    Ok(json!({"items": items}))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum FieldObject {
    Lead,
    Contact,
    Opportunity,
    Activity,
    Shared,
}

/// Custom fields of one object type (id, name, type, choices). Set or read them as
/// `custom.<id>`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCustomFields {
    #[schemars(extend("default" = "lead"))]
    object_type: Option<FieldObject>,
}

async fn list_custom_fields(ctx: Ctx, a: ListCustomFields) -> Result<Value, ToolError> {
    let o = mcp_shared::json::enum_str(&a.object_type.unwrap_or(FieldObject::Lead));
    let v = api::get_raw(&ctx, &format!("/custom_field/{o}/"), &[]).await?;
    let fields = [
        "id",
        "name",
        "type",
        "choices",
        "accepts_multiple_values",
        "description",
    ];
    Ok(json!({"items": api::trim_all(&v, &fields)}))
}
