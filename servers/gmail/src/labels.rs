//! Labels: list, create, delete.

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{id_seg, req};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "gmail_list_labels",
            "List labels",
            Effect::Read,
            list_labels,
        )
        .toolset("labels"),
        tool(
            "gmail_create_label",
            "Create label",
            Effect::Write,
            create_label,
        )
        .toolset("labels"),
        tool(
            "gmail_delete_label",
            "Delete label",
            Effect::Destructive,
            delete_label,
        )
        .toolset("labels"),
    ]
}

fn label(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "name",
            "type",
            "messageListVisibility",
            "labelListVisibility",
            "messagesTotal",
            "messagesUnread",
            "backgroundColor=color.backgroundColor",
            "textColor=color.textColor",
        ],
    )
}

/// List the mailbox's system and user labels: id (for the other tools), name, type.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListLabels {}

async fn list_labels(ctx: Ctx, _a: ListLabels) -> Result<Value, ToolError> {
    let v: Value = req(&ctx, Method::GET, "/labels")?.send_json().await?;
    let labels: Vec<Value> = v
        .get("labels")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(label)
        .collect();
    Ok(json!({ "labels": labels }))
}

// Whether the label shows in Gmail's label list.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
pub enum LabelListVisibility {
    #[serde(rename = "labelShow")]
    Show,
    #[serde(rename = "labelShowIfUnread")]
    ShowIfUnread,
    #[serde(rename = "labelHide")]
    Hide,
}

// Whether the label shows on messages in the message list.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum MessageListVisibility {
    Show,
    Hide,
}

/// Create a label (a folder elsewhere); `Parent/Child` nests it. Returns its id.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateLabel {
    name: String,
    /// Default `labelShow`
    #[serde(rename = "labelListVisibility")]
    label_list_visibility: Option<LabelListVisibility>,
    /// Default `show`
    #[serde(rename = "messageListVisibility")]
    message_list_visibility: Option<MessageListVisibility>,
    /// From Gmail's palette, e.g. `#16a765`; with textColor
    #[serde(rename = "backgroundColor")]
    background_color: Option<String>,
    /// e.g. `#ffffff`; with backgroundColor
    #[serde(rename = "textColor")]
    text_color: Option<String>,
}

async fn create_label(ctx: Ctx, a: CreateLabel) -> Result<Value, ToolError> {
    let name = a.name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`name` must not be empty"));
    }
    let mut body = Map::new();
    body.insert("name".into(), json!(name));
    // Gmail's discovery document marks both required for labels.create: send them, with
    // Gmail's own defaults (what its web client uses) when not given.
    body.insert(
        "labelListVisibility".into(),
        json!(enum_str(
            &a.label_list_visibility.unwrap_or(LabelListVisibility::Show)
        )),
    );
    body.insert(
        "messageListVisibility".into(),
        json!(enum_str(
            &a.message_list_visibility
                .unwrap_or(MessageListVisibility::Show)
        )),
    );
    match (a.background_color, a.text_color) {
        (Some(bg), Some(fg)) => {
            body.insert(
                "color".into(),
                json!({ "backgroundColor": bg, "textColor": fg }),
            );
        }
        (None, None) => {}
        _ => {
            return Err(ToolError::invalid_input(
                "give both `backgroundColor` and `textColor` (Gmail sets label colors as a pair)",
            ));
        }
    }
    let v: Value = req(&ctx, Method::POST, "/labels")?
        .json(&body)
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(409) => {
                e.with_hint("a label with this name exists: find its id with gmail_list_labels.")
            }
            _ => e,
        })?;
    Ok(label(&v))
}

/// Delete a user label and take it off every message (the messages stay).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteLabel {
    #[serde(rename = "labelId")]
    label_id: String,
}

async fn delete_label(ctx: Ctx, a: DeleteLabel) -> Result<Value, ToolError> {
    let path = format!("/labels/{}", id_seg(&a.label_id, "labelId")?);
    req(&ctx, Method::DELETE, &path)?.send().await?;
    Ok(json!({ "deleted": true, "labelId": a.label_id.trim() }))
}
