//! `firecrawl_deep_research` on `POST /v2/agent` + `GET /v2/agent/{id}`, and a status tool
//! for a job that outlives the wait.

use std::time::Duration;

use mcp_shared::json::{at, insert_opt, pick};
use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::{Ctx, Effect, ErrorKind, Int, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "firecrawl_deep_research",
            "Deep research",
            Effect::Read,
            deep_research,
        )
        .toolset("research"),
        tool(
            "firecrawl_check_research_status",
            "Check a research job",
            Effect::Read,
            check_research_status,
        )
        .toolset("research"),
    ]
}

/// How often the job is asked about.
const EVERY: Duration = Duration::from_secs(5);
/// The longest wait without `timeLimit` or `--max-wait-secs`.
const DEFAULT_WAIT: u64 = 300;
/// Klavis's `timeLimit` range, in seconds.
const TIME_LIMIT: (u64, u64) = (30, 300);

/// Research a question on the web (Firecrawl's agent searches, browses and reads pages) and
/// wait for its findings (`data`). maxDepth and maxUrls are accepted but not applied (the
/// agent has no such limits; bound cost with maxCredits).
#[derive(Deserialize, JsonSchema)]
pub struct DeepResearch {
    #[schemars(length(max = 10000))]
    query: String,
    #[serde(rename = "maxDepth")]
    #[schemars(range(min = 1, max = 10))]
    max_depth: Option<Int>,
    /// Seconds to wait for the result (30-300, default 300); then the job id is returned
    #[serde(rename = "timeLimit")]
    time_limit: Option<Int>,
    #[serde(rename = "maxUrls")]
    #[schemars(range(min = 1, max = 1000))]
    max_urls: Option<Int>,
    /// Most credits to spend (Firecrawl's default: 2500)
    #[serde(rename = "maxCredits")]
    max_credits: Option<Int>,
    /// JSON Schema for the findings
    schema: Option<Map<String, Value>>,
    /// Keep the agent to these URLs
    #[schemars(length(max = 100), inner(length(max = 2048)))]
    urls: Option<Vec<String>>,
}

fn wait_for(ctx: &Ctx, time_limit: Option<Int>) -> Result<Duration, ToolError> {
    if let Some(t) = time_limit {
        let t = t.get();
        if !(TIME_LIMIT.0..=TIME_LIMIT.1).contains(&t) {
            return Err(ToolError::invalid_input(format!(
                "`timeLimit` must be between {} and {} seconds (got {t})",
                TIME_LIMIT.0, TIME_LIMIT.1
            )));
        }
        return Ok(Duration::from_secs(t));
    }
    Ok(ctx
        .option_secs("max-wait-secs")?
        .unwrap_or(Duration::from_secs(DEFAULT_WAIT)))
}

/// One status answer of an agent job.
fn step(v: Value) -> Result<Step<Value>, ToolError> {
    match at(&v, "status").and_then(Value::as_str) {
        Some("completed") => Ok(Step::Done(v)),
        Some("failed") => {
            let why = at(&v, "error")
                .and_then(Value::as_str)
                .unwrap_or("no reason given");
            Err(ToolError::new(
                ErrorKind::Upstream,
                format!("the Firecrawl research job failed: {why}"),
            ))
        }
        s => {
            let mut msg = format!("researching: {}", s.unwrap_or("processing"));
            if let Some(c) = at(&v, "creditsUsed").and_then(Value::as_f64) {
                msg.push_str(&format!(", {c} credits used"));
            }
            Ok(Step::Pending(Progress::status(msg)))
        }
    }
}

fn result(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "status",
            "data",
            "credits_used=creditsUsed",
            "expires_at=expiresAt",
        ],
    );
    if out.get("data").is_none() {
        out["data"] = json!({});
    }
    out
}

async fn deep_research(ctx: Ctx, a: DeepResearch) -> Result<Value, ToolError> {
    let query = a.query.trim();
    if query.is_empty() {
        return Err(ToolError::invalid_input("`query` must not be empty"));
    }
    let wait = wait_for(&ctx, a.time_limit)?;
    let _ = (a.max_depth, a.max_urls);
    if a.max_credits == Some(Int(0)) {
        return Err(ToolError::invalid_input("`maxCredits` must be at least 1"));
    }
    let mut body = Map::new();
    body.insert("prompt".into(), json!(query));
    let urls: Option<Vec<String>> = a
        .urls
        .map(|u| {
            u.into_iter()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|u| !u.is_empty());
    if let Some(bad) = urls.iter().flatten().find(|u| {
        let l = u.to_ascii_lowercase();
        !(l.starts_with("http://") || l.starts_with("https://"))
    }) {
        return Err(ToolError::invalid_input(format!(
            "`urls` must be absolute http(s) URLs (got `{bad}`)"
        )));
    }
    insert_opt(&mut body, "urls", urls);
    insert_opt(&mut body, "schema", a.schema);
    insert_opt(&mut body, "maxCredits", a.max_credits);
    let started: Value = ctx
        .authorized(Method::POST, "/v2/agent")?
        .json(&body)
        .send_json()
        .await?;
    let id = at(&started, "id")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::new(
                ErrorKind::Upstream,
                "Firecrawl started no research job (its answer has no id)",
            )
        })?
        .to_owned();
    let path = format!("/v2/agent/{}", seg_id(&id, "id")?);
    let outcome = poll::until_done(&ctx, Poll::every(EVERY).at_most(wait), |_| async {
        let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
        step(v)
    })
    .await?;
    Ok(match outcome {
        Outcome::Done(v) => result(&v),
        Outcome::StillRunning { waited, .. } => json!({
            "id": id,
            "status": "processing",
            "note": format!("still running after {} s: call firecrawl_check_research_status with this id later", waited.as_secs()),
        }),
    })
}

/// Check a research job once: its findings when completed, else its status.
#[derive(Deserialize, JsonSchema)]
pub struct CheckResearch {
    /// The job id from firecrawl_deep_research
    #[schemars(length(max = 64))]
    id: String,
}

async fn check_research_status(ctx: Ctx, a: CheckResearch) -> Result<Value, ToolError> {
    let path = format!("/v2/agent/{}", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let credits = at(&v, "creditsUsed").cloned();
    Ok(match step(v)? {
        Step::Done(v) => result(&v),
        Step::Pending(_) => {
            let mut out = json!({"id": a.id.trim(), "status": "processing"});
            if let Some(c) = credits {
                out["credits_used"] = c;
            }
            out
        }
    })
}
