//! The insights memo (`memo://insights`): notes an agent keeps while it analyses, one memo per
//! credential set, in this process only.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use base64::Engine as _;
use mcp_shared::reexports::rmcp::model::ContentBlock;
use mcp_shared::{Ctx, Effect, Output, Profile, Settings, State, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

/// Memos kept at most (the least recently written one goes first)...
const MAX_MEMOS: usize = 1024;
/// ...and insights per memo.
const MAX_INSIGHTS: usize = 1000;

/// Every tenant's memo, keyed by a digest of its credentials.
#[derive(Default)]
pub struct Memos {
    map: Mutex<HashMap<String, (u64, Vec<String>)>>,
    clock: std::sync::atomic::AtomicU64,
}

pub fn make_state(_s: &Settings) -> Result<State, String> {
    Ok(Arc::new(Memos::default()))
}

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "snowflake_append_insight",
            "Add an insight to the memo",
            Effect::Write,
            append_insight,
        )
        .toolset("insights")
        .profile(Profile::Toolathlon, "append_insight"),
    ]
}

/// Add a data insight to the memo `memo://insights` (kept by this server for these
/// credentials) and return the whole memo as that resource.
#[derive(Deserialize, JsonSchema)]
pub struct AppendInsight {
    /// The insight, one finding in a sentence or two.
    pub insight: String,
}

fn tenant_key(ctx: &Ctx) -> String {
    let print = ctx
        .credentials()
        .map(|c| c.fingerprint())
        .unwrap_or_default();
    let d = ring::digest::digest(&ring::digest::SHA256, print.as_bytes());
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(d.as_ref())
}

/// The memo's text.
pub fn render(insights: &[String]) -> String {
    let mut out = String::from("# Data insights memo\n\nKey insights discovered:\n");
    for i in insights {
        out.push_str(&format!("\n- {i}"));
    }
    if insights.is_empty() {
        out.push_str("\nNo insights yet.");
    }
    out.push('\n');
    out
}

async fn append_insight(ctx: Ctx, a: AppendInsight) -> Result<Output, ToolError> {
    let insight = a.insight.trim().to_owned();
    if insight.is_empty() {
        return Err(ToolError::invalid_input("`insight` is empty"));
    }
    let memos = ctx.state::<Memos>()?;
    let key = tenant_key(&ctx);
    let now = memos
        .clock
        .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let insights = {
        let mut map = memos
            .map
            .lock()
            .map_err(|_| ToolError::transport("the memo store is unavailable"))?;
        if !map.contains_key(&key)
            && map.len() >= MAX_MEMOS
            && let Some(oldest) = map
                .iter()
                .min_by_key(|(_, (t, _))| *t)
                .map(|(k, _)| k.clone())
        {
            map.remove(&oldest);
        }
        let entry = map.entry(key).or_default();
        entry.0 = now;
        if entry.1.len() >= MAX_INSIGHTS {
            return Err(ToolError::invalid_input(format!(
                "the memo holds {MAX_INSIGHTS} insights already"
            )));
        }
        entry.1.push(insight);
        entry.1.clone()
    };
    let memo = render(&insights);
    let resource = mcp_shared::content::resource(
        "memo://insights",
        "text/plain",
        memo.as_bytes(),
        mcp_shared::content::DEFAULT_MAX_RESOURCE_BYTES,
    )?;
    Ok(Output::Content(vec![
        ContentBlock::text(format!(
            "Insight added to the memo ({} so far).",
            insights.len()
        )),
        resource,
    ]))
}
