//! What every Discord tool shares: id (snowflake) and emoji arguments, `limit` + snowflake
//! cursor pages, the result shapes of users and messages, the per-route rate-limit headers,
//! and Discord's `{"code", "message", "errors": {...}}` error body.

use std::time::Duration;

use mcp_shared::json::{map_array, pick};
use mcp_shared::reexports::http;
use mcp_shared::{Count, Response, ToolError, VendorError, seg};
use serde_json::{Value, json};

/// A Discord id argument (a snowflake: digits only), as a path segment.
pub fn snowflake(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    if (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(id.to_owned());
    }
    Err(ToolError::invalid_input(format!(
        "`{what}` must be a Discord id: a snowflake of digits such as 1092837465012345678 \
         (in Discord: User Settings > Advanced > Developer Mode, then Copy ID)"
    )))
}

/// An emoji argument as the reactions route's path segment: a Unicode emoji (`👍`) or a
/// custom one as `name:id` (`<:name:id>` and `<a:name:id>`, as messages write them, too),
/// URL-encoded as Discord requires.
pub fn emoji(e: &str, what: &str) -> Result<String, ToolError> {
    let e = e.trim();
    let inner = e
        .strip_prefix('<')
        .and_then(|s| s.strip_suffix('>'))
        .map(|s| {
            s.strip_prefix("a:")
                .or_else(|| s.strip_prefix(':'))
                .unwrap_or(s)
        })
        .unwrap_or(e);
    let ok = match inner.split_once(':') {
        Some((name, id)) => {
            !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                && snowflake(id, what).is_ok()
        }
        // A bare ASCII word (`thumbsup`, `:smile:`) is a shortcode or a custom emoji without id.
        None => {
            !inner.is_ascii() && inner.chars().count() <= 16 && !inner.chars().any(char::is_control)
        }
    };
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a Unicode emoji such as 👍 or a custom emoji as name:id \
             (e.g. party_blob:1092837465012345678)"
        )));
    }
    Ok(seg(inner))
}

/// `limit` within 1..=max (`default` when not given).
pub fn limit(limit: Option<Count>, default: u64, max: u64) -> Result<u64, ToolError> {
    match limit.map(Count::get) {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "limit must be between 1 and {max} (got {n})"
        ))),
    }
}

/// An optional snowflake cursor argument, absent when blank.
pub fn cursor(c: &Option<String>, what: &str) -> Result<Option<String>, ToolError> {
    match c.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => snowflake(c, what).map(Some),
        None => Ok(None),
    }
}

/// The next cursor of a page: the id (at `id_path`) of its last item when the page is full.
pub fn next_cursor(items: &[Value], limit: u64, id_path: &str) -> Value {
    if (items.len() as u64) < limit {
        return Value::Null;
    }
    items
        .last()
        .and_then(|i| mcp_shared::json::at(i, id_path))
        .cloned()
        .unwrap_or(Value::Null)
}

/// A user as the tools return it.
pub fn user(u: &Value) -> Value {
    pick(
        u,
        &[
            "id",
            "username",
            "global_name",
            "discriminator",
            "bot",
            "system",
            "avatar",
            "banner",
            "accent_color",
            "public_flags",
        ],
    )
}

/// A message as the tools return it.
pub fn message(m: &Value) -> Value {
    let mut v = pick(
        m,
        &[
            "id",
            "channel_id",
            "type",
            "content",
            "timestamp",
            "edited_timestamp",
            "pinned",
            "reply_to=message_reference.message_id",
            "thread_id=thread.id",
        ],
    );
    if let Some(o) = v.as_object_mut() {
        if let Some(a) = m.get("author") {
            o.insert(
                "author".into(),
                pick(a, &["id", "username", "global_name", "bot"]),
            );
        }
        let attachments = m.get("attachments").map_or(json!([]), |a| {
            map_array(a, |x| {
                pick(x, &["id", "filename", "content_type", "size", "url"])
            })
        });
        if attachments.as_array().is_some_and(|a| !a.is_empty()) {
            o.insert("attachments".into(), attachments);
        }
        if let Some(n) = m
            .get("embeds")
            .and_then(Value::as_array)
            .filter(|e| !e.is_empty())
        {
            o.insert(
                "embeds".into(),
                map_array(&Value::Array(n.clone()), |e| {
                    pick(e, &["title", "description", "url"])
                }),
            );
        }
        if let Some(r) = m
            .get("reactions")
            .filter(|r| r.as_array().is_some_and(|r| !r.is_empty()))
        {
            o.insert(
                "reactions".into(),
                map_array(r, |x| {
                    let mut r = pick(x, &["count", "me"]);
                    if let (Some(o), Some(e)) = (r.as_object_mut(), x.get("emoji")) {
                        o.insert("emoji".into(), emoji_text(e));
                    }
                    r
                }),
            );
        }
    }
    v
}

/// An emoji object as text: the Unicode character, or `name:id` for a custom emoji (what
/// the reaction tools take).
pub fn emoji_text(e: &Value) -> Value {
    let name = e.get("name").and_then(Value::as_str).unwrap_or("");
    match e.get("id").and_then(Value::as_str) {
        Some(id) => json!(format!("{name}:{id}")),
        None => json!(name),
    }
}

/// How long to wait before the next request to the bucket this response belongs to: its
/// `X-RateLimit-Reset-After` when `X-RateLimit-Remaining` is 0, nothing while requests
/// remain, and `fallback` when the response carries no rate-limit headers.
pub fn bucket_wait(resp: &Response, fallback: Duration) -> Duration {
    let remaining = resp
        .header("x-ratelimit-remaining")
        .and_then(|v| v.trim().parse::<u64>().ok());
    let reset_after = resp
        .header("x-ratelimit-reset-after")
        .and_then(|v| v.trim().parse::<f64>().ok())
        .filter(|s| s.is_finite() && *s >= 0.0)
        .map(|s| Duration::from_secs_f64(s.min(3600.0)));
    match remaining {
        Some(0) => reset_after.unwrap_or(fallback),
        Some(_) => Duration::ZERO,
        None => fallback,
    }
}

/// Reads Discord's error body: the JSON error `code` (50001 Missing Access, 50013 Missing
/// Permissions, 10008 Unknown Message...), its `message`, the field errors nested in
/// `errors`, and for 429 the `retry_after` and `global` of the rate-limit body.
pub fn parse_error(status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let code = body.get("code").and_then(|c| match c {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    });
    let mut message = body
        .get("message")
        .and_then(Value::as_str)
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty());
    if let Some(errors) = body.get("errors") {
        let mut found = Vec::new();
        field_errors(errors, String::new(), &mut found);
        if !found.is_empty() {
            let d: String = found.join("; ").chars().take(300).collect();
            message = Some(match message {
                Some(m) => format!("{m} ({d})"),
                None => d,
            });
        }
    }
    let rate_limited = status == 429 || body.get("retry_after").is_some();
    if rate_limited {
        let scope = if body.get("global").and_then(Value::as_bool) == Some(true) {
            "the global rate limit"
        } else {
            "this route's rate limit"
        };
        let after = body
            .get("retry_after")
            .and_then(Value::as_f64)
            .map(|s| format!(", retry after {s:.2} s"))
            .unwrap_or_default();
        message = Some(format!(
            "{}{}{after}",
            message.map(|m| format!("{m}: ")).unwrap_or_default(),
            scope
        ));
    }
    let hint = hint(status, code.as_deref()).map(str::to_owned);
    VendorError {
        code,
        message,
        hint,
        rate_limited,
        missing_scopes: None,
    }
}

/// What to do, for the error codes an agent meets most.
fn hint(status: u16, code: Option<&str>) -> Option<&'static str> {
    Some(match code {
        Some("50001") => {
            "the bot cannot see this server or channel: invite it to the server and give its role View Channel (and Read Message History to read messages) there."
        }
        Some("50013") => {
            "the bot's role lacks the permission this action needs (Manage Channels, Send Messages, Add Reactions...): grant it in the server or channel settings."
        }
        Some("10003") => "no such channel, or the bot is not in its server: check channel_id.",
        Some("10004") => {
            "no such server, or the bot is not a member: check server_id and invite the bot."
        }
        Some("10008") => "no such message in this channel: check message_id and channel_id.",
        Some("10013") => "no such user: check user_id.",
        Some("10014") => {
            "unknown emoji: use a Unicode emoji (👍) or a custom emoji of a server the bot is in, as name:id."
        }
        Some("30010") => "a message can have at most 20 different reactions.",
        Some("50035") => "fix the fields named in the message.",
        Some("90001") => "the author blocked the bot, so it cannot react to this message.",
        Some("20028") => "the channel's write rate limit was hit: wait before sending again.",
        _ if status == 401 => {
            "the token is invalid or was reset: send the bot token as `bot_token` (without `Bot `) or an OAuth2 token as `access_token`."
        }
        _ => return None,
    })
}

/// `path: message` of every `_errors` list nested in `errors`.
fn field_errors(v: &Value, path: String, out: &mut Vec<String>) {
    let Some(m) = v.as_object() else { return };
    for (k, child) in m {
        if k == "_errors" {
            for e in child.as_array().into_iter().flatten() {
                if let Some(msg) = e.get("message").and_then(Value::as_str) {
                    let at = if path.is_empty() { "body" } else { &path };
                    out.push(format!("{at}: {msg}"));
                }
            }
        } else {
            let p = if path.is_empty() {
                k.clone()
            } else {
                format!("{path}.{k}")
            };
            field_errors(child, p, out);
        }
    }
}
