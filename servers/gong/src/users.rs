//! Users: list (`GET /v2/users`), one user (`GET /v2/users/{id}`), settings history
//! (`GET /v2/users/{id}/settings-history`) and a filtered list (`POST /v2/users/extensive`).

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "gong_list_all_users",
            "List users",
            Effect::Read,
            list_users,
        )
        .toolset("users"),
        tool("gong_get_user_by_id", "Get a user", Effect::Read, get_user).toolset("users"),
        tool(
            "gong_get_user_settings_history",
            "Get a user's settings history",
            Effect::Read,
            settings_history,
        )
        .toolset("users"),
        tool(
            "gong_list_users_by_filter",
            "List users by filter",
            Effect::Read,
            users_by_filter,
        )
        .toolset("users"),
    ]
}

/// The company's users, 100 a page: id, email, name, title, active, manager; and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    cursor: Option<String>,
    #[schemars(extend("default" = false))]
    include_avatars: Option<bool>,
}

async fn list_users(ctx: Ctx, a: ListUsers) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/v2/users")?
        .query_opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()))
        .query_opt("includeAvatars", a.include_avatars.map(|b| b.to_string()))
        .send_json()
        .await?;
    Ok(users_page(&v))
}

fn users_page(v: &Value) -> Value {
    let users: Vec<Value> = v
        .get("users")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|u| {
            let mut o = api::user(u);
            if let (Value::Object(o), Some(url)) = (&mut o, u.get("avatarUrl")) {
                o.insert("avatarUrl".into(), url.clone());
            }
            o
        })
        .collect();
    api::page(v, "users", Value::Array(users))
}

/// One user: email, name, title, active, manager, settings.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    user_id: String,
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let id = seg_id(&a.user_id, "user_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/v2/users/{id}"))?
        .send_json()
        .await?;
    let u = v.get("user").unwrap_or(&Value::Null);
    let mut o = api::user(u);
    if let (Value::Object(o), Some(s)) = (&mut o, u.get("settings")) {
        o.insert("settings".into(), s.clone());
    }
    Ok(o)
}

/// A user's settings over time (recording, import, telephony and their dates).
#[derive(Deserialize, JsonSchema)]
pub struct SettingsHistory {
    user_id: String,
}

async fn settings_history(ctx: Ctx, a: SettingsHistory) -> Result<Value, ToolError> {
    let id = seg_id(&a.user_id, "user_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/v2/users/{id}/settings-history"))?
        .send_json()
        .await?;
    Ok(json!({
        "settings_history": v.get("userSettingsHistory").cloned().unwrap_or_else(|| json!([]))
    }))
}

/// Users matching a filter; returns them and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct UsersByFilter {
    /// Gong's filter: {userIds, createdFromDateTime, createdToDateTime, includeAvatars}
    filter_data: Map<String, Value>,
    cursor: Option<String>,
}

async fn users_by_filter(ctx: Ctx, a: UsersByFilter) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(c) = a.cursor.filter(|c| !c.is_empty()) {
        body.insert("cursor".into(), c.into());
    }
    body.insert("filter".into(), Value::Object(a.filter_data));
    let v: Value = ctx
        .authorized(Method::POST, "/v2/users/extensive")?
        .json(&body)
        .send_json()
        .await?;
    Ok(users_page(&v))
}
