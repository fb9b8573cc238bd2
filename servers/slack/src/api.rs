//! What every Slack tool shares: which token a call acts with, one Web API method call with
//! Slack's `{"ok": false, "error": ...}` answers turned into tool errors, cursors and the
//! concise shapes of messages, channels and users.
//!
//! Every Web API method is `POST <base>/<method>` with the token in `Authorization: Bearer`.
//! Read methods take form-encoded arguments (several of them ignore a JSON body); write
//! methods take a JSON body (`application/json; charset=utf-8`) where Slack documents one.

use mcp_shared::json::{map_array, pick};
use mcp_shared::reexports::http;
use mcp_shared::{Ctx, ErrorKind, Int, Method, Secret, ToolError, VendorError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// Credential field of the bot token (Slack's OAuth v2 response: `access_token`).
pub const BOT_TOKEN: &str = "access_token";
/// Credential field of the user token (Slack's OAuth v2 response: `authed_user.access_token`).
pub const USER_TOKEN: &str = "authed_user.access_token";

/// Whose token a call uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The app's bot token (`xoxb-`).
    Bot,
    /// The installing user's token (`xoxp-`).
    User,
    /// The user token when the request has one, else the bot token.
    UserOrBot,
}

// Who a tool acts as, for the tools that can act either way.
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ActAs {
    // The app's bot user (bot token).
    #[default]
    Bot,
    // The user who installed the app (user token).
    User,
}

impl ActAs {
    pub fn actor(self) -> Actor {
        match self {
            ActAs::Bot => Actor::Bot,
            ActAs::User => Actor::User,
        }
    }
}

/// The token this call acts with; a missing one is an error that names the token, the
/// credential field and the environment variable that supply it.
pub fn token(ctx: &Ctx, actor: Actor) -> Result<Secret, ToolError> {
    let has = |field: &str| ctx.credentials().and_then(|c| c.secret(field));
    let tool = ctx.tool_name().to_owned();
    match actor {
        Actor::Bot => ctx.require(BOT_TOKEN).map_err(|e| {
            missing(
                e,
                &format!("{tool} acts as the Slack app's bot user and needs the bot token (xoxb-...)"),
            )
        }),
        // A user token in the bot's field: what `Authorization: Bearer` carries after an MCP
        // client signed the user in (Slack's user-token OAuth flow, `--oauth`).
        Actor::User if has(USER_TOKEN).is_none() && has(BOT_TOKEN).is_some_and(|t| t.expose().starts_with("xoxp-")) => {
            ctx.require(BOT_TOKEN)
        }
        Actor::User => ctx.require(USER_TOKEN).map_err(|e| {
            missing(
                e,
                &format!(
                    "{tool} acts as the Slack user and needs the user token (xoxp-...), which this call does not have"
                ),
            )
            .with_hint(
                "send the x-auth-data header with base64 of Slack's OAuth v2 response, {\"access_token\":\"xoxb-...\",\"authed_user\":{\"access_token\":\"xoxp-...\"}}, or set SLACK_USER_TOKEN (or AUTH_DATA) in the server's environment.",
            )
        }),
        Actor::UserOrBot => match has(USER_TOKEN) {
            Some(t) => Ok(t),
            None => ctx.require(BOT_TOKEN).map_err(|e| {
                missing(
                    e,
                    &format!(
                        "{tool} needs a Slack user token (xoxp-..., preferred) or bot token (xoxb-...), and this call has neither"
                    ),
                )
                .with_hint(
                    "send x-auth-data with base64 of {\"access_token\":\"xoxb-...\",\"authed_user\":{\"access_token\":\"xoxp-...\"}}, or set SLACK_USER_TOKEN / SLACK_BOT_TOKEN (or AUTH_DATA) in the server's environment.",
                )
            }),
        },
    }
}

fn missing(mut e: ToolError, what: &str) -> ToolError {
    e.message = format!("{what}: {}", e.message);
    e
}

/// Form-encoded arguments of a Web API method.
#[derive(Debug, Default, Clone)]
pub struct Form(Vec<(String, String)>);

impl Form {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn set(mut self, key: &str, value: impl ToString) -> Self {
        self.0.push((key.to_owned(), value.to_string()));
        self
    }

    pub fn opt<T: ToString>(self, key: &str, value: Option<T>) -> Self {
        match value {
            Some(v) => self.set(key, v),
            None => self,
        }
    }
}

/// Call a read method: form-encoded arguments, retried after gateway errors (it changes
/// nothing, although Slack's methods are all POST).
pub async fn read(ctx: &Ctx, actor: Actor, method: &str, form: Form) -> Result<Value, ToolError> {
    let token = token(ctx, actor)?;
    read_as(ctx, &token, method, form).await
}

/// Call a read method with a token the caller chose (a profile that reads its own credential
/// fields, as the MCP-Atlas one reads `xoxp_token`).
pub async fn read_as(
    ctx: &Ctx,
    token: &Secret,
    method: &str,
    form: Form,
) -> Result<Value, ToolError> {
    let req = ctx
        .request(Method::POST, &format!("/{method}"))
        .bearer(token)
        .form(form.0)
        .idempotent(true);
    check(method, req.send_json().await?)
}

/// Call a write method with a JSON body. Never retried once Slack may have processed it.
pub async fn write(
    ctx: &Ctx,
    actor: Actor,
    method: &str,
    body: Map<String, Value>,
) -> Result<Value, ToolError> {
    let token = token(ctx, actor)?;
    let req = ctx
        .request(Method::POST, &format!("/{method}"))
        .bearer(&token)
        .header("content-type", "application/json; charset=utf-8")
        .json(&body);
    check(method, req.send_json().await?)
}

/// Call a write method that only takes form-encoded arguments.
pub async fn write_form(
    ctx: &Ctx,
    actor: Actor,
    method: &str,
    form: Form,
) -> Result<Value, ToolError> {
    let token = token(ctx, actor)?;
    let req = ctx
        .request(Method::POST, &format!("/{method}"))
        .bearer(&token)
        .form(form.0);
    check(method, req.send_json().await?)
}

/// A Slack answer is a success only with `"ok": true`; anything else is a tool error with
/// Slack's error code and a hint.
pub fn check(method: &str, v: Value) -> Result<Value, ToolError> {
    if v.get("ok").and_then(Value::as_bool) == Some(true) {
        return Ok(v);
    }
    let parsed = read_error(&v);
    let code = parsed
        .code
        .clone()
        .unwrap_or_else(|| "unknown_error".to_owned());
    let mut message = format!("Slack API error in {method} ({code})");
    match &parsed.message {
        Some(m) => message.push_str(&format!(": {m}.")),
        None => message.push('.'),
    }
    let kind = if parsed.rate_limited {
        ErrorKind::RateLimited
    } else {
        ErrorKind::Upstream
    };
    let mut err = ToolError::new(kind, message).with_code(code);
    err.hint = parsed.hint;
    if let Some(m) = parsed.missing_scopes {
        err = err.with_missing_scopes(m);
    }
    Err(err)
}

/// Slack's error body on a non-2xx status (e.g. 429 `{"ok":false,"error":"ratelimited"}`).
pub fn parse_error(_status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    read_error(body)
}

/// Code, message and hint of a Slack error body (`error`, `needed`, `provided`,
/// `response_metadata.messages`).
fn read_error(body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
    };
    let Some(code) = s("error") else {
        return VendorError {
            message: Some(
                "the answer has neither `ok: true` nor an `error` code (a proxy may have answered)"
                    .to_owned(),
            ),
            ..VendorError::default()
        };
    };
    let (text, hint) = describe(code);
    let mut message = text.to_owned();
    let details: Vec<&str> = body
        .pointer("/response_metadata/messages")
        .and_then(Value::as_array)
        .map(|m| m.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    if !details.is_empty() {
        message = format!("{message} ({})", details.join("; "));
    }
    let hint = if code == "missing_scope" {
        let needed = s("needed").unwrap_or("?");
        let provided = s("provided").unwrap_or("none");
        Some(format!(
            "the token lacks the OAuth scope `{needed}` (it has: {provided}). Add `{needed}` to the Slack app's scopes under OAuth & Permissions (bot token scopes for bot tools, user token scopes for slack_user_* tools), reinstall the app and use the new token."
        ))
    } else {
        hint.map(str::to_owned)
    };
    // `needed` and `provided` are comma-separated scope lists.
    let list = |k: &str| -> Vec<String> {
        s(k).map(|v| v.split(',').map(|p| p.trim().to_owned()).collect())
            .unwrap_or_default()
    };
    let missing_scopes = (code == "missing_scope")
        .then(|| mcp_shared::MissingScopes::new(list("needed"), list("provided")));
    VendorError {
        code: Some(code.to_owned()),
        message: Some(message),
        hint,
        rate_limited: code == "ratelimited",
        missing_scopes,
    }
}

/// What a Slack error code means, and what to do about it.
fn describe(code: &str) -> (&'static str, Option<&'static str>) {
    const TOKEN: &str = "the Slack token is invalid, revoked or expired: reinstall the app or supply a fresh token (x-auth-data, SLACK_BOT_TOKEN / SLACK_USER_TOKEN).";
    match code {
        "channel_not_found" => (
            "the channel was not found",
            Some(
                "check the channel ID (C..., G... or D..., not the #name; slack_user_list_channels lists them). A private channel or DM is only visible to its members: invite the app, or use the user token.",
            ),
        ),
        "not_in_channel" => (
            "the app's bot user is not a member of this channel",
            Some(
                "invite the app to the channel (in Slack: /invite @YourApp, or slack_invite_users_to_channel with the bot's user ID), or act with the user token instead.",
            ),
        ),
        "is_archived" => (
            "the channel is archived",
            Some("unarchive the channel in Slack, or use another channel."),
        ),
        "missing_scope" => ("the token is missing a required OAuth scope", None),
        "invalid_auth" | "not_authed" | "token_revoked" | "token_expired" | "account_inactive" => {
            ("the token was not accepted", Some(TOKEN))
        }
        "not_allowed_token_type" => (
            "this method does not accept this kind of token",
            Some(
                "use the tool's other variant (slack_user_* tools act with the user token, slack_bot_* with the bot token), or act_as the other identity.",
            ),
        ),
        "no_permission" | "restricted_action" | "not_authorized" => (
            "the workspace does not allow this token to do that",
            Some("a workspace admin setting or the token's role forbids it; ask a Slack admin."),
        ),
        "ekm_access_denied" | "team_access_not_granted" | "access_denied" => (
            "access to this workspace or content was denied",
            Some("the app is not granted access to this workspace or content; ask a Slack admin."),
        ),
        "ratelimited" => (
            "rate limited by Slack",
            Some("too many calls to this method: wait a minute and retry, with fewer calls."),
        ),
        "user_not_found" | "users_not_found" => (
            "the user was not found",
            Some("check the user ID (U... or W...) or email; slack_list_users lists users."),
        ),
        "user_not_visible" => (
            "the token cannot see this user",
            Some("the user is in another workspace or hidden from this token."),
        ),
        "already_in_channel" => ("the user is already a member of the channel", None),
        "cant_invite_self" => (
            "a token cannot invite its own user",
            Some("leave the acting user (or bot) out of user_ids."),
        ),
        "cant_invite" | "user_is_restricted" | "ura_max_channels" => (
            "this user cannot be invited to this channel",
            Some("guests and restricted accounts can only join the channels an admin allows."),
        ),
        "message_not_found" => (
            "no message with this timestamp in this channel",
            Some(
                "check `ts` (e.g. 1712345678.123456) and the channel ID; slack_get_channel_history lists messages.",
            ),
        ),
        "thread_not_found" => (
            "no thread with this parent timestamp",
            Some("thread_ts must be the ts of the thread's parent message."),
        ),
        "no_text" => ("the message has no text", Some("give non-empty `text`.")),
        "msg_too_long" => (
            "the message text is too long",
            Some(
                "Slack truncates messages over 40,000 characters and rejects longer ones; split it into several messages.",
            ),
        ),
        "cant_update_message" | "cant_delete_message" | "edit_window_closed" => (
            "this message cannot be changed by this token",
            Some(
                "a bot can only edit or delete its own messages and a user their own (unless admin); use act_as to match who posted it.",
            ),
        ),
        "already_reacted" => (
            "this reaction is already on the message from this identity",
            None,
        ),
        "no_reaction" => (
            "this identity has no such reaction on the message",
            Some(
                "only reactions added by the acting identity can be removed; use act_as to match who added it.",
            ),
        ),
        "invalid_name" => (
            "unknown emoji name",
            Some(
                "give the emoji name without colons, e.g. thumbsup, white_check_mark or a custom emoji of the workspace.",
            ),
        ),
        "too_many_reactions" | "too_many_emoji" => ("the message has too many reactions", None),
        "time_in_past" | "time_too_far" | "invalid_time" => (
            "post_at is not a valid time for a scheduled message",
            Some("give a Unix timestamp in seconds in the future, at most 120 days ahead."),
        ),
        "invalid_cursor" => (
            "the cursor is invalid or expired",
            Some(
                "start again without `cursor`, then pass the `next_cursor` of the previous result.",
            ),
        ),
        "invalid_limit" => ("the limit is invalid", None),
        "invalid_types" => (
            "invalid conversation types",
            Some(
                "use a comma-separated list of public_channel, private_channel, mpim, im; private types need the matching *:read scope.",
            ),
        ),
        "invalid_ts_latest" | "invalid_ts_oldest" => (
            "invalid timestamp",
            Some("give Slack timestamps such as 1712345678.123456."),
        ),
        "invalid_arguments" | "invalid_array_arg" | "invalid_form_data" | "invalid_json" => (
            "Slack rejected the arguments",
            Some("check the tool's arguments against its input schema."),
        ),
        "no_query" => (
            "the search query is empty",
            Some("give a non-empty `query`."),
        ),
        "file_not_found" => ("the file was not found", None),
        "posting_to_general_channel_denied" => (
            "only admins may post in this channel",
            Some("post in another channel, or ask an admin."),
        ),
        "method_not_supported_for_channel_type" => (
            "this method does not work for this kind of conversation",
            None,
        ),
        "fatal_error" | "internal_error" | "service_unavailable" | "request_timeout" => (
            "Slack had a server-side problem",
            Some("retry later; for a write, first check whether it happened."),
        ),
        _ => (
            "see https://docs.slack.dev/reference/methods for this method's error codes",
            None,
        ),
    }
}

/// `limit` for a list method: the default when absent, at least 1 and at most Slack's cap.
pub fn limit(v: Option<Int>, default: u64, max: u64) -> u64 {
    v.map_or(default, |l| l.get().clamp(1, max))
}

/// `response_metadata.next_cursor`, or null on the last page (Slack sends `""`).
pub fn next_cursor(v: &Value) -> Value {
    v.pointer("/response_metadata/next_cursor")
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .map_or(Value::Null, |c| json!(c))
}

/// Slack's answer without `ok` (for `response_format: "detailed"`), with `next_cursor`.
pub fn detailed(mut v: Value) -> Value {
    let next = next_cursor(&v);
    if let Value::Object(o) = &mut v {
        o.remove("ok");
        o.insert("next_cursor".into(), next);
    }
    v
}

// `concise` (default) or `detailed` (Slack's own objects).
#[derive(Debug, Clone, Copy, Default, Deserialize, Serialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ResponseFormat {
    #[default]
    Concise,
    Detailed,
}

/// Drop empty strings, empty arrays and empty objects from an object.
fn compact(mut v: Value) -> Value {
    if let Value::Object(o) = &mut v {
        o.retain(|_, x| match x {
            Value::String(s) => !s.is_empty(),
            Value::Array(a) => !a.is_empty(),
            Value::Object(m) => !m.is_empty(),
            _ => true,
        });
    }
    v
}

/// A message: ts, author, text, thread fields, reactions and attached files.
pub fn message(m: &Value) -> Value {
    let mut o = pick(
        m,
        &[
            "ts",
            "user",
            "bot_id",
            "username",
            "subtype",
            "text",
            "thread_ts",
            "reply_count",
            "latest_reply",
            "parent_user_id",
            "edited=edited.ts",
        ],
    );
    if let Some(r) = m.get("reactions") {
        o["reactions"] = map_array(r, |r| pick(r, &["name", "count", "users"]));
    }
    if let Some(f) = m.get("files") {
        o["files"] = map_array(f, |f| {
            pick(f, &["id", "name", "title", "mimetype", "permalink"])
        });
    }
    compact(o)
}

/// A conversation (channel, private channel, DM or group DM).
pub fn channel(c: &Value) -> Value {
    compact(pick(
        c,
        &[
            "id",
            "name",
            "user",
            "is_private",
            "is_im",
            "is_mpim",
            "is_archived",
            "is_member",
            "num_members",
            "topic=topic.value",
            "purpose=purpose.value",
        ],
    ))
}

/// A user: ids, names, email, title and kind.
pub fn user(u: &Value) -> Value {
    compact(pick(
        u,
        &[
            "id",
            "name",
            "real_name",
            "display_name=profile.display_name",
            "email=profile.email",
            "title=profile.title",
            "tz",
            "is_bot",
            "is_admin",
            "deleted",
        ],
    ))
}

/// Map the array at `key` of a Slack answer.
pub fn each(v: &Value, key: &str, f: fn(&Value) -> Value) -> Value {
    v.get(key).map_or(json!([]), |a| map_array(a, f))
}

/// An emoji name as Slack wants it: without surrounding colons.
pub fn emoji_name(name: &str) -> Result<String, ToolError> {
    let n = name.trim().trim_matches(':');
    if n.is_empty() {
        return Err(ToolError::invalid_input(
            "`reaction` is empty: give an emoji name such as thumbsup",
        ));
    }
    Ok(n.to_owned())
}

/// A required string argument must not be blank (Slack would answer with a less clear error).
pub fn non_empty<'a>(v: &'a str, name: &str) -> Result<&'a str, ToolError> {
    let t = v.trim();
    if t.is_empty() {
        return Err(ToolError::invalid_input(format!("`{name}` is empty")));
    }
    Ok(t)
}
