//! Reddit helpers: the token exchange and its per-credential cache, authorised requests with
//! a descriptive User-Agent, the error parser, listing and id helpers.

use std::sync::Arc;
use std::time::Duration;

use mcp_shared::json::{at, pick};
use mcp_shared::reexports::http;
use mcp_shared::{
    Ctx, ErrorKind, Method, Request, Secret, Settings, State, ToolError, VendorError,
};
use serde::Deserialize;
use serde_json::{Value, json};

pub const TOKEN_FIELDS: &[&str] = &["access_token"];
pub const CLIENT_ID_FIELDS: &[&str] = &["client_id"];
pub const CLIENT_SECRET_FIELDS: &[&str] = &["client_secret"];

/// Most items Reddit returns in one listing page.
pub const MAX_LIMIT: u32 = 100;

/// Process state: access tokens by credential set, with their expiry (never shared between
/// different credentials: the key is the whole set).
pub use mcp_shared::TokenCache as Tokens;

pub fn make_state(_settings: &Settings) -> Result<State, String> {
    Ok(Arc::new(Tokens::default()))
}

/// Whose token a call needs: the app's (reads) or a user's (writes, `/api/v1/me`).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Grant {
    App,
    User,
}

#[derive(Deserialize)]
struct TokenReply {
    access_token: Option<String>,
    expires_in: Option<u64>,
    error: Option<Value>,
}

fn field(ctx: &Ctx, name: &str) -> Option<Secret> {
    ctx.credentials().and_then(|c| c.secret(name))
}

/// The bearer token of this call: the request's `access_token`, else one exchanged from its
/// app credentials (client credentials for reads, the password grant for a user).
async fn token(ctx: &Ctx, grant: Grant) -> Result<Secret, ToolError> {
    if let Some(t) = field(ctx, "access_token") {
        return Ok(t);
    }
    let (Some(id), Some(secret)) = (field(ctx, "client_id"), field(ctx, "client_secret")) else {
        return Err(ctx.missing_field("access_token", TOKEN_FIELDS).with_hint(
            "send an `access_token`, or the app's `client_id` and `client_secret` (and `username` and `password` for actions as a user) in x-auth-data, or set REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET, REDDIT_USERNAME and REDDIT_PASSWORD.",
        ));
    };
    let user = match grant {
        Grant::App => None,
        Grant::User => match (field(ctx, "username"), field(ctx, "password")) {
            (Some(u), Some(p)) => Some((u, p)),
            _ => {
                return Err(ctx.missing_field("username", &["username"]).with_hint(
                    "this tool acts as a Reddit user: send `username` and `password` (a script app's owner or tester) with `client_id` and `client_secret`, or a user's `access_token`.",
                ));
            }
        },
    };
    let mut key = format!("{}\u{0}{}", id.expose(), secret.expose());
    let form = match &user {
        None => vec![("grant_type".into(), "client_credentials".into())],
        Some((u, p)) => {
            key = format!("{key}\u{0}{}\u{0}{}", u.expose(), p.expose());
            vec![
                ("grant_type".into(), "password".into()),
                ("username".into(), u.expose().to_owned()),
                ("password".into(), p.expose().to_owned()),
            ]
        }
    };
    let tokens = ctx.state::<Tokens>()?;
    if let Some(t) = tokens.get(&key) {
        return Ok(t);
    }
    let reply: TokenReply = with_agent(
        ctx,
        ctx.api_authorized("token", Method::POST, "/api/v1/access_token")?,
    )
    .form(form)
    .idempotent(true)
    .send_json()
    .await
    .map_err(|e| e.context("Reddit refused the token request"))?;
    // Reddit answers a wrong password with 200 and `{"error": "invalid_grant"}`.
    let Some(access) = reply.access_token.filter(|t| !t.is_empty()) else {
        let code = reply
            .error
            .map(|e| e.as_str().map_or_else(|| e.to_string(), str::to_owned))
            .unwrap_or_else(|| "no access_token".into());
        return Err(ToolError::new(
            ErrorKind::MissingCredentials,
            format!("Reddit refused the token request: {code}."),
        )
        .with_code(code)
        .with_hint(
            "check client_id and client_secret (a script app's), and username and password; accounts with two-factor authentication cannot use the password grant.",
        ));
    };
    let token = Secret::new(access);
    // Renew a minute early (tokens last a day).
    let valid = Duration::from_secs(reply.expires_in.unwrap_or(3600).saturating_sub(60).max(1));
    tokens.put(key, token.clone(), valid);
    Ok(token)
}

/// Reddit asks for a descriptive User-Agent (`<platform>:<app id>:<version> (by /u/<user>)`).
fn with_agent(ctx: &Ctx, r: Request) -> Request {
    let ua = match ctx.option("user-agent") {
        Some(ua) => ua.to_owned(),
        None => concat!(
            "server:reddit-search-mcp-server:v",
            env!("CARGO_PKG_VERSION"),
            " (MCP server; +https://github.com/mcp-servers-rs/mcp-servers)"
        )
        .to_owned(),
    };
    r.header("user-agent", &ua)
}

/// A request to the OAuth API with the call's token.
pub async fn request(
    ctx: &Ctx,
    method: Method,
    path: &str,
    grant: Grant,
) -> Result<Request, ToolError> {
    let req = if field(ctx, "access_token").is_some() {
        ctx.authorized(method, path)?
    } else {
        let t = token(ctx, grant).await?;
        ctx.request(method, path).bearer(&t)
    };
    Ok(with_agent(ctx, req))
}

/// Reddit's error bodies: `{"message": "Forbidden", "error": 403}`, `{"reason", "explanation"}`
/// (private or banned subreddits), `{"error": "invalid_grant"}` (token endpoint).
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| body.get(k).and_then(Value::as_str).map(str::to_owned);
    if let Some(errors) = json_errors(body) {
        return VendorError {
            code: errors.0,
            message: Some(errors.1),
            ..VendorError::default()
        };
    }
    let code = s("reason").or_else(|| s("error"));
    let message = s("explanation").or_else(|| s("message"));
    if code.is_some() || message.is_some() {
        let hint = match code.as_deref() {
            Some("private") => {
                Some("the subreddit is private: only its members can read it.".into())
            }
            Some("banned") => Some("the subreddit is banned.".into()),
            Some("quarantined") => {
                Some("the subreddit is quarantined: opt in on reddit.com first.".into())
            }
            Some("invalid_grant") => Some("check the username and password.".into()),
            _ => None,
        };
        return VendorError {
            code,
            message,
            hint,
            ..VendorError::default()
        };
    }
    mcp_shared::default_error_parser(status, headers, body)
}

/// The first of `json.errors[]` of an `api_type=json` answer: `[["CODE", "message", "field"]]`.
fn json_errors(body: &Value) -> Option<(Option<String>, String)> {
    let first = at(body, "json.errors")?
        .as_array()?
        .first()?
        .as_array()?
        .clone();
    let part = |i: usize| first.get(i).and_then(Value::as_str).map(str::to_owned);
    let code = part(0);
    let mut msg = part(1).unwrap_or_else(|| code.clone().unwrap_or_default());
    if let Some(f) = part(2).filter(|f| !f.is_empty()) {
        msg = format!("{msg} (field `{f}`)");
    }
    Some((code, msg))
}

/// An `api_type=json` answer: its `json.data`, or a tool error for `json.errors[]` (which
/// Reddit sends with status 200).
pub fn json_data(v: &Value, what: &str) -> Result<Value, ToolError> {
    if let Some((code, msg)) = json_errors(v) {
        let said = match &code {
            Some(c) => format!("{c}: {msg}"),
            None => msg,
        };
        let mut e = ToolError::new(
            ErrorKind::Upstream,
            format!("Reddit refused to {what}: {said}"),
        );
        if let Some(c) = code {
            let hint = match c.as_str() {
                "RATELIMIT" => {
                    "Reddit limits how often an account may do this: wait as it says, then retry."
                }
                "SUBREDDIT_NOEXIST" => "check the subreddit's name (without r/).",
                "NO_TEXT" | "NO_SELFS" => {
                    "this subreddit does not take text posts, or the text was empty."
                }
                "USER_REQUIRED" => {
                    "this needs a user's token: send username and password, or a user's access_token."
                }
                "THREAD_LOCKED" | "TOO_OLD" => "the post no longer takes comments.",
                _ => "fix what the message names and retry.",
            };
            e = e.with_code(c).with_hint(hint);
        }
        return Err(e);
    }
    Ok(at(v, "json.data").cloned().unwrap_or(Value::Null))
}

/// A post id without its `t3_` prefix, checked (base 36).
pub fn post_id(id: &str) -> Result<String, ToolError> {
    let id = id.trim();
    let bare = id.strip_prefix("t3_").unwrap_or(id);
    if bare.is_empty() || bare.len() > 13 || !bare.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(ToolError::invalid_input(format!(
            "`post_id` must be a Reddit post id such as `1abc2d` or `t3_1abc2d` (the part after /comments/ in a post's URL), not `{id}`."
        )));
    }
    Ok(bare.to_ascii_lowercase())
}

/// A subreddit name without `r/`, checked (letters, digits, underscores).
pub fn subreddit(name: &str) -> Result<String, ToolError> {
    let n = name.trim().trim_start_matches('/');
    let n = n.strip_prefix("r/").unwrap_or(n).trim_end_matches('/');
    if n.is_empty() || n.len() > 21 || !n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        return Err(ToolError::invalid_input(format!(
            "`subreddit` must be a subreddit's name such as `rust` (without r/), not `{name}`."
        )));
    }
    Ok(n.to_owned())
}

/// A page size within Reddit's bounds.
pub fn limit(given: Option<u32>, default: u32) -> Result<u32, ToolError> {
    match given.unwrap_or(default) {
        0 => Err(ToolError::invalid_input("`limit` must be at least 1.")),
        n => Ok(n.min(MAX_LIMIT)),
    }
}

const TEXT_CAP: usize = 1500;

/// Text cut to a length an agent can afford, on a character boundary.
pub fn cap(s: &str) -> Value {
    if s.len() <= TEXT_CAP {
        return Value::String(s.to_owned());
    }
    Value::String(mcp_shared::text::ellipsis(s, TEXT_CAP))
}

fn permalink(d: &Value) -> Option<Value> {
    at(d, "permalink")
        .and_then(Value::as_str)
        .map(|p| Value::String(format!("https://www.reddit.com{p}")))
}

/// A post (`t3` data) for an agent.
pub fn post(d: &Value) -> Value {
    let mut out = pick(
        d,
        &[
            "id",
            "title",
            "subreddit",
            "author",
            "score",
            "num_comments",
            "created_utc",
            "url",
            "is_self",
            "over_18",
        ],
    );
    if let Some(m) = out.as_object_mut() {
        if let Some(p) = permalink(d) {
            m.insert("permalink".into(), p);
        }
        if let Some(t) = at(d, "selftext")
            .and_then(Value::as_str)
            .filter(|t| !t.is_empty())
        {
            m.insert("selftext".into(), cap(t));
        }
    }
    out
}

/// A subreddit (`t5` data) for an agent.
pub fn subreddit_summary(d: &Value) -> Value {
    let mut out = pick(d, &["name=display_name", "title", "subscribers", "over18"]);
    if let Some(m) = out.as_object_mut() {
        if let Some(t) = at(d, "public_description").and_then(Value::as_str) {
            m.insert("description".into(), cap(t));
        }
        if let Some(u) = at(d, "url").and_then(Value::as_str) {
            m.insert(
                "url".into(),
                Value::String(format!("https://www.reddit.com{u}")),
            );
        }
    }
    out
}

/// A `Listing`'s children (their `data`, each cut by `f`) and the cursor of the next page.
pub fn listing(v: &Value, f: fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = at(v, "data.children")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|c| c.get("data")).map(f).collect())
        .unwrap_or_default();
    let mut out = json!({ "items": items });
    if let Some(after) = at(v, "data.after").and_then(Value::as_str) {
        out["next_cursor"] = Value::String(after.to_owned());
    }
    out
}
