//! Members of shared files and folders: the people to add, and how members are shown.

use mcp_shared::ToolError;
use mcp_shared::json::pick;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{items, opt, tag, tag_chain};

// A member's access.
#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Viewer,
    Editor,
    Owner,
    ViewerNoComment,
}

/// One person to add.
#[derive(Deserialize, JsonSchema)]
pub struct NewMember {
    /// Their email address (or give dropbox_id)
    email: Option<String>,
    /// A Dropbox account id, dbid:...
    dropbox_id: Option<String>,
    /// Default viewer
    pub(super) access_level: Option<Access>,
}

pub(super) fn selector(m: &NewMember, i: usize) -> Result<Value, ToolError> {
    match (opt(&m.email), opt(&m.dropbox_id)) {
        (Some(e), _) => Ok(json!({".tag": "email", "email": e})),
        (None, Some(id)) => Ok(json!({".tag": "dropbox_id", "dropbox_id": id})),
        (None, None) => Err(ToolError::invalid_input(format!(
            "`members[{i}]` needs `email` (or `dropbox_id`)"
        ))),
    }
}

pub(super) fn members_of(list: &[NewMember]) -> Result<(), ToolError> {
    if list.is_empty() {
        return Err(ToolError::invalid_input(
            "`members` must name at least one person",
        ));
    }
    Ok(())
}

/// One member's outcome.
pub(super) fn member_result(r: &Value) -> Value {
    let who = r.get("member").unwrap_or(&Value::Null);
    let name = who
        .get("email")
        .or_else(|| who.get("dropbox_id"))
        .cloned()
        .unwrap_or(Value::Null);
    let res = r.get("result").unwrap_or(&Value::Null);
    match tag(res) {
        Some("success") => json!({
            "member": name,
            "status": "success",
            "access_level": res.get("success").and_then(tag),
        }),
        _ => json!({
            "member": name,
            "status": "error",
            "error": tag_chain(res.get("member_error").unwrap_or(res)),
        }),
    }
}

fn user(u: &Value) -> Value {
    let mut out = pick(
        u,
        &[
            "account_id=user.account_id",
            "email=user.email",
            "display_name=user.display_name",
            "invitee_email=invitee.email",
            "group_name=group.group_name",
            "group_id=group.group_id",
            "is_inherited",
        ],
    );
    if let (Some(o), Some(t)) = (out.as_object_mut(), u.get("access_type").and_then(tag)) {
        o.insert("access_type".into(), json!(t));
    }
    out
}

pub(super) fn members_page(v: &Value) -> Value {
    json!({
        "users": items(v, "users", user),
        "groups": items(v, "groups", user),
        "invitees": items(v, "invitees", user),
        "cursor": v.get("cursor").cloned().unwrap_or(Value::Null),
    })
}
