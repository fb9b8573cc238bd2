//! Grounded answers (`/answer`, or a deep search when filters are given) and research
//! (`/search` with `type: "deep-reasoning"`, which replaced Exa's retired Research API).

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, Filters, non_empty, num_results};
use crate::search::SearchType;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("exa_answer", "Answer a question", Effect::Read, answer).toolset("answers"),
        tool("exa_research", "Research a topic", Effect::Read, research).toolset("answers"),
    ]
}

/// Answer a question from the web: `answer` and `citations`. With filters (as in exa_search)
/// a deep search answers, slower. `type` is ignored.
#[derive(Deserialize, JsonSchema)]
pub struct Answer {
    #[schemars(length(max = 2000))]
    query: String,
    #[serde(flatten)]
    filters: Filters,
    use_autoprompt: Option<bool>,
    #[serde(rename = "type")]
    search_type: Option<SearchType>,
}

async fn answer(ctx: Ctx, a: Answer) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let _ = (a.use_autoprompt, a.search_type);
    if !a.filters.any() {
        let v = ctx
            .authorized(Method::POST, "/answer")?
            .json(&json!({"query": query}))
            .send_json()
            .await?;
        return Ok(json!({
            "answer": at(&v, "answer").cloned().unwrap_or(Value::Null),
            "citations": citations_of(at(&v, "citations")),
        }));
    }
    let v = deep(&ctx, query, "deep", None, &a.filters).await?;
    Ok(json!({
        "answer": at(&v, "output.content").cloned().unwrap_or(Value::Null),
        "citations": grounding_citations(&v),
    }))
}

/// Research with Exa's deep-reasoning search (12-50 s): `report`, `citations`, `results`.
/// Filters as in exa_search; `type` is ignored.
#[derive(Deserialize, JsonSchema)]
pub struct Research {
    #[schemars(length(max = 4000))]
    query: String,
    #[schemars(range(min = 1, max = 100))]
    num_results: Option<u32>,
    #[serde(flatten)]
    filters: Filters,
    use_autoprompt: Option<bool>,
    #[serde(rename = "type")]
    search_type: Option<SearchType>,
}

async fn research(ctx: Ctx, a: Research) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let _ = (a.use_autoprompt, a.search_type);
    let n = num_results(a.num_results)?;
    let v = deep(&ctx, query, "deep-reasoning", n, &a.filters).await?;
    Ok(json!({
        "report": at(&v, "output.content").cloned().unwrap_or(Value::Null),
        "citations": grounding_citations(&v),
        "results": api::results(&v),
    }))
}

/// A deep search (`deep` or `deep-reasoning`) with short highlights per source.
async fn deep(
    ctx: &Ctx,
    query: &str,
    kind: &str,
    n: Option<u32>,
    filters: &Filters,
) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("query".into(), json!(query));
    body.insert("type".into(), json!(kind));
    if let Some(n) = n {
        body.insert("numResults".into(), json!(n));
    }
    filters.apply(&mut body);
    body.insert("contents".into(), api::contents(false));
    ctx.authorized(Method::POST, "/search")?
        .json(&body)
        .send_json()
        .await
}

/// `/answer` citations, concise.
fn citations_of(c: Option<&Value>) -> Value {
    Value::Array(
        c.and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .map(|c| {
                        mcp_shared::json::pick(c, &["title", "url", "published_date=publishedDate"])
                    })
                    .collect()
            })
            .unwrap_or_default(),
    )
}

/// The distinct sources a deep search's `output.grounding` cites, in order; the results
/// themselves when it has none.
fn grounding_citations(v: &Value) -> Value {
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for g in at(v, "output.grounding")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        for c in at(g, "citations")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            let Some(url) = at(c, "url").and_then(Value::as_str) else {
                continue;
            };
            if !seen.contains(&url) {
                seen.push(url);
                out.push(mcp_shared::json::pick(c, &["title", "url"]));
            }
        }
    }
    if out.is_empty() {
        return citations_of(at(v, "results"));
    }
    Value::Array(out)
}
