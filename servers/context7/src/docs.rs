//! `GET /v2/libs/search` (JSON) and `GET /v2/context` (plain text).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, ErrorKind, Method, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "resolve-library-id",
            "Find a library",
            Effect::Read,
            resolve,
        )
        .toolset("docs"),
        tool("query-docs", "Query library docs", Effect::Read, query_docs).toolset("docs"),
    ]
}

/// Find a library's Context7 id. Returns matching libraries (id, title, description,
/// snippets, trust_score, benchmark_score, versions), best first.
#[derive(Deserialize, JsonSchema)]
pub struct Resolve {
    /// The task or question, to rank the matches
    #[schemars(length(max = 2000))]
    query: String,
    /// e.g. next.js, react
    #[serde(rename = "libraryName")]
    #[schemars(length(max = 256))]
    library_name: String,
}

/// Query a library's current documentation and code examples. Returns the relevant
/// excerpts as text.
#[derive(Deserialize, JsonSchema)]
pub struct QueryDocs {
    /// /org/project or /org/project/version, from resolve-library-id
    #[serde(rename = "libraryId")]
    #[schemars(length(max = 256))]
    library_id: String,
    /// What you need to know, e.g. how to set up middleware
    #[schemars(length(max = 2000))]
    query: String,
}

use mcp_shared::non_empty;

async fn resolve(ctx: Ctx, a: Resolve) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let name = non_empty(&a.library_name, "libraryName")?;
    let v: Value = ctx
        .authorized(Method::GET, "/v2/libs/search")?
        .query("query", query)
        .query("libraryName", name)
        .send_json()
        .await?;
    // `{"results": [...]}`; a bare array is read the same way.
    let list = at(&v, "results").unwrap_or(&v);
    let libraries: Vec<Value> = list
        .as_array()
        .map(|a| {
            a.iter()
                .map(|l| {
                    let mut out = pick(
                        l,
                        &[
                            "id",
                            "title",
                            "description",
                            "snippets=totalSnippets",
                            "trust_score=trustScore",
                            "benchmark_score=benchmarkScore",
                            "versions",
                        ],
                    );
                    if let Value::Object(m) = &mut out {
                        // -1 and empty lists mean "unknown" to Context7.
                        m.retain(|_, v| v != &json!(-1) && v != &json!([]));
                    }
                    out
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "libraries": libraries }))
}

async fn query_docs(ctx: Ctx, a: QueryDocs) -> Result<Output, ToolError> {
    let id = non_empty(&a.library_id, "libraryId")?;
    if !id.starts_with('/') || id.len() < 3 {
        return Err(ToolError::invalid_input(format!(
            "`libraryId` is a Context7 id such as /vercel/next.js (got `{id}`); find it with resolve-library-id"
        )));
    }
    let query = non_empty(&a.query, "query")?;
    let resp = ctx
        .authorized(Method::GET, "/v2/context")?
        .query("query", query)
        .query("libraryId", id)
        .header("accept", "text/plain")
        .send()
        .await?;
    let text = resp.text();
    if text.trim().is_empty() {
        return Err(ToolError::new(
            ErrorKind::Upstream,
            format!("Context7 has no documentation for {id} yet (or the id is wrong)."),
        )
        .with_hint("check the id with resolve-library-id."));
    }
    Ok(Output::Text(text))
}

/// Context7's error body: `{"message": "..."}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/message", "/error"],
    status_hints: &[
        (
            401,
            "Context7 refused the API key (keys start with ctx7sk): check it at context7.com/dashboard, or send none to use the free tier.",
        ),
        (404, "no such library: find its id with resolve-library-id."),
    ],
    ..mcp_shared::ErrorShape::NONE
};
