//! The `atlas` profile (MCP-Atlas's `slack_atlas`, korotovsky's Slack MCP server): its five
//! tools over the same Web API calls, with results as CSV text and posting disabled.
//!
//! The tools act with one user token (`xoxp_token`, else `authed_user.access_token`, else
//! `access_token`), as that server does: search needs a user token.

mod channels;
mod conversations;
mod csv;
mod directory;
mod search;

use mcp_shared::{Ctx, Secret, ToolDef, ToolError};
use serde::{Deserialize, Deserializer};

use crate::api::{BOT_TOKEN, USER_TOKEN};

/// The credential field Klavis's copy of the server reads first (a user token, `xoxp-...`).
pub const XOXP_TOKEN: &str = "xoxp_token";

pub fn tools() -> Vec<ToolDef> {
    let mut t = conversations::tools();
    t.extend(search::tools());
    t.extend(channels::tools());
    t
}

/// The token every atlas tool acts with: `xoxp_token`, else the user token, else
/// `access_token`; a clear error naming them when the call has none.
fn token(ctx: &Ctx) -> Result<Secret, ToolError> {
    let has = |field: &str| ctx.credentials().and_then(|c| c.secret(field));
    has(XOXP_TOKEN)
        .or_else(|| has(USER_TOKEN))
        .or_else(|| has(BOT_TOKEN))
        .ok_or_else(|| {
            ctx.missing_field(XOXP_TOKEN, &[XOXP_TOKEN, USER_TOKEN, BOT_TOKEN])
                .add_hint("this profile acts as a Slack user: give a user token (xoxp-...); search needs one.")
        })
}

/// A text argument that agents also send as a number (`limit: 50` where the schema says
/// `"50"`): either becomes the text.
fn text_or_number<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Text(String),
        Number(serde_json::Number),
    }
    Ok(match Option::<Either>::deserialize(d)? {
        None => None,
        Some(Either::Text(s)) => Some(s),
        Some(Either::Number(n)) => Some(n.to_string()),
    })
}

/// A whole number in `1..=max` from a JSON number argument (`limit`), or `default` when absent.
fn count(v: Option<f64>, name: &str, default: u64, max: u64) -> Result<u64, ToolError> {
    let Some(v) = v else { return Ok(default) };
    if !v.is_finite() || v.fract() != 0.0 || v < 1.0 {
        return Err(ToolError::invalid_input(format!(
            "`{name}` must be a whole number between 1 and {max}, not {v}"
        )));
    }
    Ok(if v > max as f64 { max } else { v as u64 })
}

/// An optional text argument, trimmed; blank is absent.
fn given(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}
