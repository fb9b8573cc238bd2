//! `generate_web_reports`: search (Firecrawl `POST /v2/search`), write (Anthropic
//! `POST /v1/messages`), store (Supabase `POST /rest/v1/generated_reports`).

use std::time::Duration;

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "generate_web_reports",
            "Generate a web report",
            Effect::Write,
            generate,
        )
        .toolset("reports"),
    ]
}

/// Current Claude model used when neither the call nor the operator names one.
pub const DEFAULT_MODEL: &str = "claude-sonnet-4-6";
const SOURCES: u64 = 3;
/// Characters of each page's markdown given to the model.
const SOURCE_CHARS: usize = 12_000;

/// Research a topic on the web and write an HTML report: searches (Firecrawl), writes from the
/// top 3 pages (Claude), stores it in Supabase's generated_reports table and returns its id and
/// URL; without a Supabase project in the credentials, returns the report itself. Takes a
/// minute or two; sends progress.
#[derive(Deserialize, JsonSchema)]
pub struct Generate {
    /// The topic or question to research
    #[schemars(length(max = 2000))]
    query: String,
    /// Anthropic model id, e.g. claude-opus-4-8 (default: the server's)
    #[schemars(length(max = 100))]
    model: Option<String>,
}

async fn generate(ctx: Ctx, a: Generate) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?.to_owned();
    let model = a
        .model
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .or_else(|| ctx.option("model"))
        .unwrap_or(DEFAULT_MODEL)
        .to_owned();
    let store = ctx
        .credentials()
        .and_then(|c| c.field("supabase_url"))
        .and_then(Value::as_str)
        .is_some_and(|u| !u.trim().is_empty());
    let total = if store { 4.0 } else { 2.0 };
    let mut step = 0.0;
    if store {
        // Check the store first (a refused host fails here before anything is sent), so a
        // misconfigured project costs no search or model credits.
        ctx.progress(
            step,
            Some(total),
            Some("Checking the Supabase report store".into()),
        )
        .await;
        step += 1.0;
        let checked = match ctx.authorized(Method::GET, "/generated_reports") {
            Ok(r) => {
                r.query("select", "id")
                    .query("limit", "1")
                    .send_json::<Value>()
                    .await
            }
            Err(e) => Err(e),
        };
        checked.map_err(|e| {
                e.context("The report store (Supabase table generated_reports) cannot be used, so nothing was searched or written")
                    .with_specific_hint("check supabase_url, supabase_api_key and that the table generated_reports (id, content text) exists, or leave the Supabase fields out to get the report back instead.")
            })?;
    }

    // 1. Search.
    ctx.progress(
        step,
        Some(total),
        Some(format!("Searching the web for: {query}")),
    )
    .await;
    step += 1.0;
    let v: Value = ctx
        .api_authorized("firecrawl", Method::POST, "/v2/search")?
        .json(&json!({
            "query": query,
            "limit": SOURCES,
            "scrapeOptions": {"formats": ["markdown"]}
        }))
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| {
            e.context("Step 1 of the report (web search, Firecrawl) failed")
                .with_specific_hint("check firecrawl_api_key (FIRECRAWL_API_KEY) and the account's credits at firecrawl.dev, then call again.")
        })?;
    // v2 nests web results under data.web; v1-shaped answers have them as data.
    let results: Vec<&Value> = at(&v, "data.web")
        .or_else(|| at(&v, "data"))
        .and_then(Value::as_array)
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    let sources: Vec<Value> = results
        .iter()
        .map(|r| {
            let title = r
                .get("title")
                .or_else(|| r.pointer("/metadata/title"))
                .cloned()
                .unwrap_or(Value::Null);
            json!({"title": title, "url": r.get("url")})
        })
        .collect();
    if results.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "Step 1 of the report (web search, Firecrawl) found no pages for `{query}`. Nothing was written; rephrase the query or make it broader."
        )));
    }
    let mut material = String::new();
    for (i, r) in results.iter().enumerate() {
        let text = r
            .get("markdown")
            .and_then(Value::as_str)
            .or_else(|| r.get("description").and_then(Value::as_str))
            .unwrap_or("");
        let text: String = text.chars().take(SOURCE_CHARS).collect();
        material.push_str(&format!(
            "<source index=\"{}\" title=\"{}\" url=\"{}\">\n{}\n</source>\n",
            i + 1,
            sources[i]["title"].as_str().unwrap_or(""),
            r.get("url").and_then(Value::as_str).unwrap_or(""),
            text
        ));
    }

    // 2. Write.
    ctx.progress(
        step,
        Some(total),
        Some(format!(
            "Writing the report from {} pages ({model})",
            results.len()
        )),
    )
    .await;
    step += 1.0;
    let max_tokens: u64 = match ctx.option("max-tokens") {
        Some(s) => s.trim().parse().map_err(|_| {
            ToolError::invalid_input(format!(
                "REPORT_GENERATION_MAX_TOKENS must be a whole number (got `{s}`)"
            ))
        })?,
        None => 8000,
    };
    let write_timeout = ctx
        .option_secs("write-timeout-secs")?
        .unwrap_or(Duration::from_secs(300));
    let anthropic = ctx.api("anthropic")?;
    let mut cfg = anthropic.config().clone();
    cfg.timeout = cfg.timeout.max(write_timeout);
    let writer = anthropic.sibling(cfg);
    let prompt = format!(
        "Write a report that answers this request: {query}\n\nUse the web pages below as your sources. Answer with one complete, self-contained HTML document (inline CSS, no scripts): a title, a short summary, sections with headings, and a list of the sources as links. Cite sources by their index where you use them. Say so where the sources disagree or do not cover something.\n\n{material}"
    );
    let m: Value = ctx
        .authorized_on(&writer, Method::POST, "/v1/messages")?
        .header("anthropic-version", "2023-06-01")
        .json(&json!({
            "model": model,
            "max_tokens": max_tokens,
            "messages": [{"role": "user", "content": prompt}]
        }))
        .send_json()
        .await
        .map_err(|e| {
            e.context(format!("Step 2 of the report (writing, Anthropic model {model}) failed"))
                .with_specific_hint("check anthropic_api_key (ANTHROPIC_API_KEY) and that the model id exists (REPORT_GENERATION_MODEL or the `model` argument), then call again.")
        })?;
    let text: String = m
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|b| b.get("type").and_then(Value::as_str) == Some("text"))
        .filter_map(|b| b.get("text").and_then(Value::as_str))
        .collect();
    let html = strip_fence(&text);
    if html.trim().is_empty() {
        return Err(ToolError::transport(format!(
            "Step 2 of the report (writing, Anthropic model {model}) returned no text (stop_reason {}). Call again, or try another model.",
            m.get("stop_reason")
                .and_then(Value::as_str)
                .unwrap_or("unknown")
        )));
    }
    let truncated = m.get("stop_reason").and_then(Value::as_str) == Some("max_tokens");
    let title = title_of(&html);

    if !store {
        let mut out = json!({
            "stored": false,
            "title": title,
            "model": model,
            "sources": sources,
            "report_html": html,
            "note": "No Supabase project in the credentials (supabase_url, supabase_api_key), so the report was not stored."
        });
        if truncated {
            out["truncated"] = json!(true);
        }
        return Ok(out);
    }

    // 3. Store.
    ctx.progress(
        step,
        Some(total),
        Some("Saving the report to Supabase".into()),
    )
    .await;
    let rows: Value = ctx
        .authorized(Method::POST, "/generated_reports")?
        .header("prefer", "return=representation")
        .json(&json!({"content": html}))
        .send_json()
        .await
        .map_err(|e| {
            e.context("Step 3 of the report (saving to Supabase table generated_reports) failed; the report was written but not stored")
                .with_specific_hint("check supabase_url, supabase_api_key and that the table generated_reports (id, content text) exists and the key may insert into it, then call again.")
        })?;
    let row = rows.get(0).unwrap_or(&rows);
    let id = row.get("id").cloned().unwrap_or(Value::Null);
    let id_text = match &id {
        Value::String(s) => s.clone(),
        Value::Null => {
            return Err(ToolError::transport(
                "Step 3 of the report (saving to Supabase) returned no row id: check that generated_reports has an `id` column and the key may read it back (Prefer: return=representation).",
            ));
        }
        other => other.to_string(),
    };
    let mut out = json!({
        "stored": true,
        "report_id": id,
        "title": title,
        "model": model,
        "sources": sources,
    });
    if let Some(base) = ctx
        .option("report-url-base")
        .map(str::trim)
        .filter(|b| !b.is_empty())
    {
        out["report_url"] = json!(format!("{}/{}", base.trim_end_matches('/'), id_text));
    }
    if truncated {
        out["truncated"] = json!(true);
    }
    Ok(out)
}

/// The HTML inside a ```html fence, or the text itself.
fn strip_fence(text: &str) -> String {
    let t = text.trim();
    if let Some(rest) = t.strip_prefix("```") {
        let rest = rest.split_once('\n').map_or("", |(_, r)| r);
        return rest.trim_end().trim_end_matches("```").trim().to_owned();
    }
    t.to_owned()
}

/// The text of the document's `<title>`, if any.
fn title_of(html: &str) -> Value {
    let lower = html.to_ascii_lowercase();
    let Some(start) = lower.find("<title>").map(|i| i + 7) else {
        return Value::Null;
    };
    let Some(len) = lower.get(start..).and_then(|t| t.find("</title>")) else {
        return Value::Null;
    };
    html.get(start..start + len)
        .map(|t| Value::String(t.trim().to_owned()))
        .unwrap_or(Value::Null)
}
