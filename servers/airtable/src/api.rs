//! What every Airtable tool shares: Airtable's error bodies (`{"error":{"type","message"}}`,
//! or `{"error":"NOT_FOUND"}`), the per-base pacing that keeps a process under Airtable's
//! 5 requests per second per base, and the 30 s wait Airtable asks for after a 429.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use mcp_shared::{Ctx, ErrorKind, Request, Settings, State, ToolError, seg_id};
use serde_json::Value;

/// Airtable's limit is 5 requests per second per base: one request every 200 ms.
pub const SPACING: Duration = Duration::from_millis(200);

/// The longest a request waits for its base's turn; more calls than that queued on one base
/// are refused instead of queued past the call's deadline.
const MAX_QUEUE_WAIT: Duration = Duration::from_secs(10);

/// Airtable records per write request (create, update, delete).
pub const BATCH: usize = 10;

/// When each base may next be called, for every call of this process (the limit is per
/// base, whoever calls it).
#[derive(Default)]
pub struct Pacer {
    next: Mutex<HashMap<String, Instant>>,
}

pub fn make_state(_: &Settings) -> Result<State, String> {
    Ok(Arc::new(Pacer::default()))
}

impl Pacer {
    /// Wait for `base`'s next slot (none when the base had no request in the last 200 ms).
    pub async fn turn(&self, base: &str) -> Result<(), ToolError> {
        let wait = {
            let mut next = self.next.lock().unwrap_or_else(|e| e.into_inner());
            let now = Instant::now();
            if next.len() > 512 {
                next.retain(|_, t| *t > now);
            }
            let slot = next.get(base).copied().filter(|t| *t > now).unwrap_or(now);
            let wait = slot - now;
            if wait > MAX_QUEUE_WAIT {
                return Err(ToolError::new(
                    ErrorKind::RateLimited,
                    format!(
                        "Too many calls are queued for Airtable base {base} (Airtable allows 5 requests per second per base)."
                    ),
                )
                .with_hint("retry in a few seconds, with fewer calls at once on this base."));
            }
            next.insert(base.to_owned(), slot + SPACING);
            wait
        };
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
        Ok(())
    }
}

/// Send a request to `base` (paced) or to no base (`None`: the meta endpoints of the token),
/// and decode its JSON answer. A 429 says to wait 30 s, as Airtable asks.
pub async fn send(ctx: &Ctx, base: Option<&str>, req: Request) -> Result<Value, ToolError> {
    if let Some(b) = base {
        ctx.state::<Pacer>()?.turn(b).await?;
    }
    req.send_json().await.map_err(wait_30s)
}

/// Airtable's 429 carries no `Retry-After` and blocks further requests for 30 s.
fn wait_30s(e: ToolError) -> ToolError {
    if e.status == Some(429) {
        e.with_hint(
            "Airtable allows 5 requests per second per base (50 per token) and refuses further requests for 30 s after a 429: wait 30 s before retrying.",
        )
    } else {
        e
    }
}

/// A base id as a path segment, trimmed (the pacing key).
pub fn base(id: &str) -> Result<(String, String), ToolError> {
    let seg = seg_id(id, "base_id")?;
    Ok((id.trim().to_owned(), seg))
}

/// Airtable's error body: `{"error": {"type", "message"}}`, `{"error": "NOT_FOUND"}`, or either
/// as the first of `{"errors": [...]}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &[
        "/errors/0/error/message",
        "/errors/0/message",
        "/error/message",
        "/message",
    ],
    code: &[
        "/errors/0/error/type",
        "/errors/0/error",
        "/error/type",
        "/error",
    ],
    status_hints: &[(401, AUTH_HINT)],
    code_hints: &[
        ("AUTHENTICATION_REQUIRED", AUTH_HINT),
        ("INVALID_PERMISSIONS_OR_MODEL_NOT_FOUND", PERMISSIONS_HINT),
        ("INVALID_PERMISSIONS", PERMISSIONS_HINT),
        ("NOT_FOUND", NOT_FOUND_HINT),
        ("MODEL_ID_NOT_FOUND", NOT_FOUND_HINT),
        ("TABLE_NOT_FOUND", NOT_FOUND_HINT),
        (
            "UNKNOWN_FIELD_NAME",
            "use the table's field names or ids exactly as airtable_list_tables_info gives them.",
        ),
        ("INVALID_MULTIPLE_CHOICE_OPTIONS", VALUE_HINT),
        ("INVALID_VALUE_FOR_COLUMN", VALUE_HINT),
        (
            "INVALID_FILTER_BY_FORMULA",
            "fix the formula, e.g. {Status} = 'Done' (field names in braces, text in quotes).",
        ),
    ],
    ..mcp_shared::ErrorShape::NONE
};

const AUTH_HINT: &str = "send an Airtable personal access token (`pat...`) or OAuth token as `access_token` in x-auth-data, or set AIRTABLE_PERSONAL_ACCESS_TOKEN.";
const PERMISSIONS_HINT: &str = "check the base, table and record ids, that the token has this base in its access list and the scope needed (data.records:read/write, schema.bases:read/write), and that your user may do this.";
const NOT_FOUND_HINT: &str = "check the ids; list bases with airtable_list_bases_info and tables with airtable_list_tables_info.";
const VALUE_HINT: &str = "give values of the field's type (see airtable_get_base_schema for select choices), or set `typecast` to convert text and create missing choices.";

/// An optional text argument, trimmed, absent when blank.
pub fn opt(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}
