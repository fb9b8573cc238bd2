//! Users of the workspace (Slack's `users.*` methods).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, ActAs, Actor, Form, ResponseFormat, non_empty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("slack_list_users", "List users", Effect::Read, list_users).toolset("users"),
        tool(
            "slack_user_get_info",
            "Get user info",
            Effect::Read,
            user_get_info,
        )
        .toolset("users"),
        tool(
            "slack_lookup_user_by_email",
            "Look up user by email",
            Effect::Read,
            lookup_user_by_email,
        )
        .toolset("users"),
    ]
}

/// Slack's cap on `limit` for users.list ("under 1000").
const USERS_MAX: u64 = 999;

/// List the workspace's users, bots and deactivated ones included, with the user token if given,
/// else the bot's. Returns `members` (ids, names, email if readable, title, tz, flags) and
/// `next_cursor`. `user_id` and `name` filter each page; slack_lookup_user_by_email finds one.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    cursor: Option<String>,
    /// Slack's maximum 999
    #[schemars(extend("default" = 100))]
    limit: Option<u32>,
    /// Enterprise Grid org tokens only
    team_id: Option<String>,
    include_locale: Option<bool>,
    user_id: Option<String>,
    /// Name, real or display name contains (case-insensitive)
    name: Option<String>,
    /// `detailed`: Slack's objects
    #[schemars(extend("default" = "concise"))]
    response_format: Option<ResponseFormat>,
}

async fn list_users(ctx: Ctx, a: ListUsers) -> Result<Value, ToolError> {
    let form = Form::new()
        .set(
            "limit",
            api::limit(a.limit.map(|l| Int(u64::from(l))), 100, USERS_MAX),
        )
        .opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()))
        .opt(
            "team_id",
            a.team_id
                .as_deref()
                .map(str::trim)
                .filter(|t| !t.is_empty()),
        )
        .opt("include_locale", a.include_locale);
    let v = api::read(&ctx, Actor::UserOrBot, "users.list", form).await?;
    let id = a
        .user_id
        .as_deref()
        .map(str::trim)
        .filter(|u| !u.is_empty());
    let name = a
        .name
        .as_deref()
        .map(|n| n.trim().trim_start_matches('@').to_lowercase())
        .filter(|n| !n.is_empty());
    let filtered = id.is_some() || name.is_some();
    let keep = |u: &Value| -> bool {
        if !filtered {
            return true;
        }
        let by_id = id.is_some_and(|id| u.get("id").and_then(Value::as_str) == Some(id));
        let by_name = name.as_deref().is_some_and(|n| {
            [
                "/name",
                "/real_name",
                "/profile/display_name",
                "/profile/real_name",
            ]
            .iter()
            .filter_map(|p| u.pointer(p).and_then(Value::as_str))
            .any(|s| s.to_lowercase().contains(n))
        });
        by_id || by_name
    };
    let members: Vec<Value> = v
        .get("members")
        .and_then(Value::as_array)
        .map(|m| m.iter().filter(|u| keep(u)).cloned().collect())
        .unwrap_or_default();
    let members: Vec<Value> = match a.response_format.unwrap_or_default() {
        ResponseFormat::Detailed => members,
        ResponseFormat::Concise => members.iter().map(api::user).collect(),
    };
    Ok(json!({ "members": members, "next_cursor": api::next_cursor(&v) }))
}

/// A user with the profile fields an agent needs.
fn user_details(u: &Value) -> Value {
    let mut o = api::user(u);
    let extra = pick(
        u,
        &[
            "team_id",
            "tz_label",
            "locale",
            "is_owner",
            "is_restricted",
            "is_ultra_restricted",
            "phone=profile.phone",
            "status_text=profile.status_text",
            "status_emoji=profile.status_emoji",
            "image=profile.image_192",
            "updated",
        ],
    );
    if let (Value::Object(o), Value::Object(extra)) = (&mut o, extra) {
        o.extend(extra.into_iter().filter(|(_, v)| v != ""));
    }
    o
}

/// Get a user's profile (user token): ids, names, email (users:read.email), title, phone, status,
/// tz, locale, flags, avatar.
#[derive(Deserialize, JsonSchema)]
pub struct UserGetInfo {
    user_id: String,
    include_locale: Option<bool>,
}

async fn user_get_info(ctx: Ctx, a: UserGetInfo) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("user", non_empty(&a.user_id, "user_id")?)
        .opt("include_locale", a.include_locale);
    let v = api::read(&ctx, Actor::User, "users.info", form).await?;
    Ok(user_details(v.get("user").unwrap_or(&Value::Null)))
}

/// Find a user by email (users:read.email). Returns the profile, as slack_user_get_info.
#[derive(Deserialize, JsonSchema)]
pub struct LookupUserByEmail {
    email: String,
    #[schemars(extend("default" = "bot"))]
    act_as: Option<ActAs>,
}

async fn lookup_user_by_email(ctx: Ctx, a: LookupUserByEmail) -> Result<Value, ToolError> {
    let email = non_empty(&a.email, "email")?;
    if !email.contains('@') {
        return Err(ToolError::invalid_input(format!(
            "`{email}` is not an email address"
        )));
    }
    let form = Form::new().set("email", email);
    let actor = a.act_as.unwrap_or_default().actor();
    let v = api::read(&ctx, actor, "users.lookupByEmail", form).await?;
    Ok(user_details(v.get("user").unwrap_or(&Value::Null)))
}
