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

/// List the workspace's users (people and bots, including deactivated ones). Returns
/// `members` (id, name, real_name, display_name, email where the token may read it, title,
/// tz, is_bot, is_admin, deleted) and `next_cursor`. `user_id` and `name` filter the page
/// Slack returned (matching either); keep paging with `next_cursor` to search further, or use
/// slack_lookup_user_by_email. Acts with the user token when the request has one, else with
/// the bot token.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    /// `next_cursor` of a previous result, for the next page
    cursor: Option<String>,
    /// Users per page from Slack (default 100, Slack's maximum 999; 200 recommended)
    #[schemars(extend("default" = 100))]
    limit: Option<u32>,
    /// Workspace ID, only for org-wide tokens of Enterprise Grid
    team_id: Option<String>,
    /// Include each user's locale
    include_locale: Option<bool>,
    /// Keep the user with this ID (exact)
    user_id: Option<String>,
    /// Keep users whose name, real name or display name contains this text (case-insensitive)
    name: Option<String>,
    /// `concise` (default) or `detailed` (Slack's user objects as they are)
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

/// Get a user's profile with the user token: id, names, email (with users:read.email),
/// title, phone, status, time zone, locale, role flags and avatar URL.
#[derive(Deserialize, JsonSchema)]
pub struct UserGetInfo {
    /// User ID (e.g. U1234567890)
    user_id: String,
    /// Include the user's locale
    include_locale: Option<bool>,
}

async fn user_get_info(ctx: Ctx, a: UserGetInfo) -> Result<Value, ToolError> {
    let form = Form::new()
        .set("user", non_empty(&a.user_id, "user_id")?)
        .opt("include_locale", a.include_locale);
    let v = api::read(&ctx, Actor::User, "users.info", form).await?;
    Ok(user_details(v.get("user").unwrap_or(&Value::Null)))
}

/// Find a user by email address (needs the users:read.email scope). Returns the same
/// profile fields as slack_user_get_info.
#[derive(Deserialize, JsonSchema)]
pub struct LookupUserByEmail {
    /// Email address (e.g. ada@example.com)
    email: String,
    /// Act as the app's `bot` (default, bot token) or the `user` (user token)
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
