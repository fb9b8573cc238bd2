//! Jobs that answer with a result: structured extraction (`/v1/extract`) and llms.txt
//! generation (`/v1/llmstxt`). Each tool starts the job and waits for it (bounded), with MCP
//! progress notifications; a job still running at the limit is answered with its id and the
//! tool that checks it.

use std::time::Duration;

use mcp_shared::json::{at, insert_opt, pick};
use mcp_shared::poll::{self, Outcome, Poll, Progress, Step};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{non_empty, web_url, web_urls};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("firecrawl_extract", "Extract data", Effect::Read, extract).toolset("extract"),
        tool(
            "firecrawl_check_extract_status",
            "Check an extraction",
            Effect::Read,
            check_extract_status,
        )
        .toolset("extract"),
        tool(
            "firecrawl_generate_llmstxt",
            "Generate llms.txt",
            Effect::Read,
            generate_llmstxt,
        )
        .toolset("extract"),
        tool(
            "firecrawl_check_llmstxt_status",
            "Check an llms.txt job",
            Effect::Read,
            check_llmstxt_status,
        )
        .toolset("extract"),
    ]
}

/// How often a job is asked about.
const EVERY: Duration = Duration::from_secs(2);

/// The longest a tool waits for its job: `--max-wait-secs` (`FIRECRAWL_MAX_WAIT_SECS`),
/// else two minutes.
pub fn max_wait(ctx: &Ctx) -> Result<Duration, ToolError> {
    Ok(ctx
        .option_secs("max-wait-secs")?
        .unwrap_or(Duration::from_secs(120)))
}

/// One status answer of an extract or llms.txt job: done, failed, or still running.
fn step(v: Value, what: &str) -> Result<Step<Value>, ToolError> {
    match at(&v, "status").and_then(Value::as_str) {
        Some("completed") => Ok(Step::Done(v)),
        Some(s @ ("failed" | "cancelled")) => {
            let why = at(&v, "error")
                .and_then(Value::as_str)
                .unwrap_or("no reason given");
            Err(ToolError::new(
                mcp_shared::ErrorKind::Upstream,
                format!("the Firecrawl {what} job {s}: {why}"),
            ))
        }
        s => Ok(Step::Pending(Progress::status(format!(
            "{what}: {}",
            s.unwrap_or("processing")
        )))),
    }
}

/// Start a job with `body` at `path`, then wait for `path/{id}` to finish.
async fn run_job(
    ctx: &Ctx,
    path: &str,
    body: &Map<String, Value>,
    what: &str,
    check_with: &str,
    result: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let started: Value = ctx
        .authorized(Method::POST, path)?
        .json(body)
        .send_json()
        .await?;
    let id = at(&started, "id")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::new(
                mcp_shared::ErrorKind::Upstream,
                format!("Firecrawl started no {what} job (its answer has no id)"),
            )
        })?
        .to_owned();
    let status_path = format!("{path}/{}", seg_id(&id, "id")?);
    let wait = max_wait(ctx)?;
    let outcome = poll::until_done(ctx, Poll::every(EVERY).at_most(wait), |_| async {
        let v: Value = ctx
            .authorized(Method::GET, &status_path)?
            .send_json()
            .await?;
        step(v, what)
    })
    .await?;
    Ok(match outcome {
        Outcome::Done(v) => result(&v),
        Outcome::StillRunning { waited, .. } => json!({
            "id": id,
            "status": "processing",
            "note": format!("still running after {} s: call {check_with} with this id later", waited.as_secs()),
        }),
    })
}

/// Check a job once: its result when completed, else its status.
async fn check_once(
    ctx: &Ctx,
    path: &str,
    id: &str,
    what: &str,
    result: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let status_path = format!("{path}/{}", seg_id(id, "id")?);
    let v: Value = ctx
        .authorized(Method::GET, &status_path)?
        .send_json()
        .await?;
    Ok(match step(v, what)? {
        Step::Done(v) => result(&v),
        Step::Pending(_) => json!({"id": id.trim(), "status": "processing"}),
    })
}

fn extract_result(v: &Value) -> Value {
    let mut out = pick(v, &["status", "data", "sources", "warning"]);
    if out.get("data").is_none() {
        out["data"] = json!({});
    }
    out
}

/// Extract structured data from pages with an LLM: `prompt` and/or a JSON `schema`; URLs
/// may end in /* for a whole site. Waits (2 min by default), then returns the job id.
#[derive(Deserialize, JsonSchema)]
pub struct Extract {
    #[schemars(length(min = 1, max = 10), inner(length(max = 2048)))]
    urls: Vec<String>,
    #[schemars(length(max = 10000))]
    prompt: Option<String>,
    #[serde(rename = "systemPrompt")]
    #[schemars(length(max = 10000))]
    system_prompt: Option<String>,
    /// JSON Schema of the data
    schema: Option<Map<String, Value>>,
    #[serde(rename = "allowExternalLinks")]
    allow_external_links: Option<bool>,
    /// Also search the web beyond the URLs
    #[serde(rename = "enableWebSearch")]
    enable_web_search: Option<bool>,
    #[serde(rename = "includeSubdomains")]
    include_subdomains: Option<bool>,
}

async fn extract(ctx: Ctx, a: Extract) -> Result<Value, ToolError> {
    let urls = web_urls(&a.urls, "urls")?;
    let prompt = a.prompt.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if prompt.is_none() && a.schema.is_none() {
        return Err(ToolError::invalid_input(
            "give `prompt` (what to extract) or `schema` (its JSON Schema), or both",
        ));
    }
    let mut body = Map::new();
    body.insert("urls".into(), json!(urls));
    insert_opt(&mut body, "prompt", prompt);
    insert_opt(&mut body, "systemPrompt", a.system_prompt);
    insert_opt(&mut body, "schema", a.schema);
    insert_opt(&mut body, "allowExternalLinks", a.allow_external_links);
    insert_opt(&mut body, "enableWebSearch", a.enable_web_search);
    insert_opt(&mut body, "includeSubdomains", a.include_subdomains);
    run_job(
        &ctx,
        "/v1/extract",
        &body,
        "extract",
        "firecrawl_check_extract_status",
        extract_result,
    )
    .await
}

/// Check an extract job once: its data when completed, else its status.
#[derive(Deserialize, JsonSchema)]
pub struct CheckJob {
    /// The job id from the start call
    #[schemars(length(max = 64))]
    id: String,
}

async fn check_extract_status(ctx: Ctx, a: CheckJob) -> Result<Value, ToolError> {
    check_once(&ctx, "/v1/extract", &a.id, "extract", extract_result).await
}

fn llmstxt_result(v: &Value) -> Value {
    pick(
        v,
        &[
            "status",
            "llmstxt=data.llmstxt",
            "llmsfulltxt=data.llmsfulltxt",
            "expires_at=expiresAt",
        ],
    )
}

/// Generate a site's llms.txt (an LLM-readable summary of its pages); showFullText adds
/// llms-full.txt. Waits (2 min by default), then returns the job id.
#[derive(Deserialize, JsonSchema)]
pub struct Llmstxt {
    #[schemars(length(max = 2048))]
    url: String,
    /// Pages to include (Firecrawl's default: 2)
    #[serde(rename = "maxUrls")]
    #[schemars(range(min = 1, max = 100))]
    max_urls: Option<Int>,
    #[serde(rename = "showFullText")]
    show_full_text: Option<bool>,
}

async fn generate_llmstxt(ctx: Ctx, a: Llmstxt) -> Result<Value, ToolError> {
    let url = web_url(&a.url, "url")?;
    if let Some(n) = a.max_urls
        && !(1..=100).contains(&n.get())
    {
        return Err(ToolError::invalid_input(format!(
            "`maxUrls` must be between 1 and 100 (got {n})"
        )));
    }
    let mut body = Map::new();
    body.insert("url".into(), json!(url));
    insert_opt(&mut body, "maxUrls", a.max_urls);
    insert_opt(&mut body, "showFullText", a.show_full_text);
    run_job(
        &ctx,
        "/v1/llmstxt",
        &body,
        "llms.txt",
        "firecrawl_check_llmstxt_status",
        llmstxt_result,
    )
    .await
}

/// Check an llms.txt job once: the text when completed, else its status.
#[derive(Deserialize, JsonSchema)]
pub struct CheckLlmstxt {
    /// The job id from the start call
    #[schemars(length(max = 64))]
    id: String,
}

async fn check_llmstxt_status(ctx: Ctx, a: CheckLlmstxt) -> Result<Value, ToolError> {
    let _ = non_empty(&a.id, "id")?;
    check_once(&ctx, "/v1/llmstxt", &a.id, "llms.txt", llmstxt_result).await
}
