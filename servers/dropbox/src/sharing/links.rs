//! Shared links: creating one and listing them.

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{items, opt, path, read, tag, write};

fn link(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "url",
            "name",
            "id",
            "path_lower",
            "expires",
            "size",
            "allow_download=link_permissions.allow_download",
        ],
    );
    if let (Some(o), Some(t)) = (out.as_object_mut(), tag(v)) {
        o.insert("type".into(), json!(t));
    }
    // `.tag` fields: read them directly (a dotted path cannot name `.tag`).
    let perm = v.get("link_permissions").unwrap_or(&Value::Null);
    for (key, field) in [
        ("visibility", "resolved_visibility"),
        ("audience", "effective_audience"),
        ("access", "link_access_level"),
    ] {
        if let (Some(o), Some(t)) = (out.as_object_mut(), perm.get(field).and_then(tag)) {
            o.insert(key.into(), json!(t));
        }
    }
    out
}

// Who may open the link (Dropbox's deprecated `requested_visibility`, still accepted).
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Public,
    TeamOnly,
    Password,
}

// Who the link is for.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Public,
    Team,
    NoOne,
}

// What the link lets people do.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkAccess {
    Viewer,
    Editor,
    Max,
    Default,
}

#[derive(Deserialize, JsonSchema, Serialize)]
pub struct LinkSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    requested_visibility: Option<Visibility>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audience: Option<Audience>,
    #[serde(skip_serializing_if = "Option::is_none")]
    access: Option<LinkAccess>,
    #[serde(skip_serializing_if = "Option::is_none")]
    require_password: Option<bool>,
    /// With require_password or visibility password
    #[serde(skip_serializing_if = "Option::is_none")]
    link_password: Option<String>,
    /// UTC time, e.g. 2026-12-31T23:59:59Z
    #[serde(skip_serializing_if = "Option::is_none")]
    expires: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allow_download: Option<bool>,
}

/// Create a shared link to a file or folder. Returns the link's url, visibility and expiry.
/// If one exists, the error says so: read it with dropbox_get_shared_links.
#[derive(Deserialize, JsonSchema)]
pub struct ShareFile {
    /// Path or id:...
    path: String,
    /// Some settings need a paid plan
    settings: Option<LinkSettings>,
}

pub(super) async fn share_file(ctx: Ctx, a: ShareFile) -> Result<Value, ToolError> {
    let mut body = json!({"path": path(&a.path, "path")?});
    if let Some(s) = &a.settings {
        let v = serde_json::to_value(s).unwrap_or(Value::Null);
        if v.as_object().is_some_and(|o| !o.is_empty()) {
            body["settings"] = v;
        }
    }
    let v = write(&ctx, "sharing/create_shared_link_with_settings", body).await?;
    Ok(link(&v))
}

/// List shared links: those of one file or folder (`path`), or all of the user's. Returns
/// `links`, `has_more` and `cursor` (pass it back with the same arguments).
#[derive(Deserialize, JsonSchema)]
pub struct GetSharedLinks {
    /// Path or id:...; omit for every link
    path: Option<String>,
    cursor: Option<String>,
}

pub(super) async fn get_shared_links(ctx: Ctx, a: GetSharedLinks) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(p) = opt(&a.path) {
        body.insert("path".into(), json!(path(p, "path")?));
    }
    insert_opt(&mut body, "cursor", opt(&a.cursor));
    let body = if body.is_empty() {
        json!({})
    } else {
        Value::Object(body)
    };
    let v = read(&ctx, "sharing/list_shared_links", body).await?;
    let has_more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    Ok(json!({
        "links": items(&v, "links", link),
        "has_more": has_more,
        "cursor": if has_more { v.get("cursor").cloned().unwrap_or(Value::Null) } else { Value::Null },
    }))
}
