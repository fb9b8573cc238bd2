//! Models, datasets, papers and repository details: `GET /api/models`, `/api/datasets`,
//! `/api/{type}s/{id}`, `/api/papers/search`.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, RepoType, bounded, compact, cut, non_empty, repo_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("model_search", "Search models", Effect::Read, model_search).toolset("hub"),
        tool(
            "model_details",
            "Model details",
            Effect::Read,
            model_details,
        )
        .toolset("hub"),
        tool(
            "dataset_search",
            "Search datasets",
            Effect::Read,
            dataset_search,
        )
        .toolset("hub"),
        tool(
            "dataset_details",
            "Dataset details",
            Effect::Read,
            dataset_details,
        )
        .toolset("hub"),
        tool(
            "hub_repo_details",
            "Repository details",
            Effect::Read,
            hub_repo_details,
        )
        .toolset("hub"),
        tool("paper_search", "Search papers", Effect::Read, paper_search).toolset("hub"),
    ]
}

// Sorted descending.
#[derive(Deserialize, serde::Serialize, JsonSchema, Clone, Copy)]
pub enum Sort {
    #[serde(rename = "trendingScore")]
    TrendingScore,
    #[serde(rename = "downloads")]
    Downloads,
    #[serde(rename = "likes")]
    Likes,
    #[serde(rename = "createdAt")]
    CreatedAt,
    #[serde(rename = "lastModified")]
    LastModified,
}

/// Search models on the Hub: id, url, task, library, downloads, likes, tags; `next_cursor`
/// when more match. Without `query`, `sort` gives e.g. the top trending models.
#[derive(Deserialize, JsonSchema)]
pub struct ModelSearch {
    #[schemars(length(max = 200))]
    query: Option<String>,
    /// User or organization, e.g. google, meta-llama
    #[schemars(length(max = 100))]
    author: Option<String>,
    /// Pipeline tag, e.g. text-generation
    #[schemars(length(max = 100))]
    task: Option<String>,
    /// e.g. transformers, diffusers
    #[schemars(length(max = 100))]
    library: Option<String>,
    sort: Option<Sort>,
    #[schemars(range(min = 1, max = 100), extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    #[schemars(length(max = 2000))]
    cursor: Option<String>,
}

/// Search datasets on the Hub: id, url, description, downloads, likes, tags; `next_cursor`
/// when more match.
#[derive(Deserialize, JsonSchema)]
pub struct DatasetSearch {
    #[schemars(length(max = 200))]
    query: Option<String>,
    #[schemars(length(max = 100))]
    author: Option<String>,
    /// Tag filters, all must match, e.g. language:en, task_categories:text-classification
    #[schemars(length(max = 20), inner(length(max = 100)))]
    tags: Option<Vec<String>>,
    sort: Option<Sort>,
    #[schemars(range(min = 1, max = 100), extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    #[schemars(length(max = 2000))]
    cursor: Option<String>,
}

fn text(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

struct ListQuery<'a> {
    query: Option<&'a str>,
    author: Option<&'a str>,
    filters: Vec<&'a str>,
    sort: Option<Sort>,
    limit: u64,
    cursor: Option<&'a str>,
}

async fn list(
    ctx: &Ctx,
    kind: RepoType,
    q: ListQuery<'_>,
) -> Result<(Vec<Value>, Option<String>), ToolError> {
    let mut req = ctx
        .authorized(Method::GET, &format!("/api/{}", kind.plural()))?
        .query_opt("search", q.query)
        .query_opt("author", q.author);
    for f in &q.filters {
        req = req.query("filter", f);
    }
    if let Some(s) = q.sort {
        req = req
            .query("sort", mcp_shared::json::enum_str(&s))
            .query("direction", "-1");
    }
    req = req.query("limit", q.limit).query_opt("cursor", q.cursor);
    let resp = req.send().await?;
    let items: Vec<Value> = resp.json()?;
    Ok((items, api::next_cursor(&resp)))
}

fn page(key: &str, items: Vec<Value>, f: fn(&Value) -> Value, next: Option<String>) -> Value {
    let mut out = json!({ key: items.iter().map(f).collect::<Vec<_>>() });
    if let Some(c) = next {
        out["next_cursor"] = json!(c);
    }
    out
}

async fn model_search(ctx: Ctx, a: ModelSearch) -> Result<Value, ToolError> {
    let limit = bounded(a.limit, 20, 100, "limit")?;
    let filters = [text(&a.task), text(&a.library)]
        .into_iter()
        .flatten()
        .collect();
    let (items, next) = list(
        &ctx,
        RepoType::Model,
        ListQuery {
            query: text(&a.query),
            author: text(&a.author),
            filters,
            sort: a.sort,
            limit,
            cursor: text(&a.cursor),
        },
    )
    .await?;
    Ok(page("models", items, api::model, next))
}

async fn dataset_search(ctx: Ctx, a: DatasetSearch) -> Result<Value, ToolError> {
    let limit = bounded(a.limit, 20, 100, "limit")?;
    let filters = a
        .tags
        .iter()
        .flatten()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    let (items, next) = list(
        &ctx,
        RepoType::Dataset,
        ListQuery {
            query: text(&a.query),
            author: text(&a.author),
            filters,
            sort: a.sort,
            limit,
            cursor: text(&a.cursor),
        },
    )
    .await?;
    Ok(page("datasets", items, api::dataset, next))
}

/// Details of one model: task, library, license, downloads, likes, tags, base models,
/// datasets, parameter count, files count, gated/private, dates, url.
#[derive(Deserialize, JsonSchema)]
pub struct ModelDetails {
    /// e.g. meta-llama/Llama-3.1-8B-Instruct
    #[schemars(length(max = 200))]
    model_id: String,
}

/// Details of one dataset: description, license, downloads, likes, tags, configs, gated,
/// dates, url.
#[derive(Deserialize, JsonSchema)]
pub struct DatasetDetails {
    /// e.g. HuggingFaceFW/fineweb
    #[schemars(length(max = 200))]
    dataset_id: String,
}

/// The concise details of a model info object.
fn model_detail(v: &Value) -> Value {
    let mut out = api::model(v);
    out["tags"] = api::tags(v, 30);
    for (k, path) in [
        ("license", "cardData.license"),
        ("base_model", "cardData.base_model"),
        ("datasets", "cardData.datasets"),
        ("language", "cardData.language"),
        ("parameters", "safetensors.total"),
        ("author", "author"),
        ("downloads_all_time", "downloadsAllTime"),
    ] {
        if let Some(x) = at(v, path) {
            out[k] = x.clone();
        }
    }
    if let Some(s) = at(v, "siblings").and_then(Value::as_array) {
        out["files"] = json!(s.len());
    }
    if let Some(s) = at(v, "spaces").and_then(Value::as_array) {
        out["spaces"] = json!(s.len());
    }
    if let Some(p) = at(v, "inferenceProviderMapping") {
        let names: Vec<Value> = match p {
            Value::Object(m) => m.keys().map(|k| json!(k)).collect(),
            Value::Array(a) => a
                .iter()
                .filter_map(|x| at(x, "provider").cloned())
                .collect(),
            _ => Vec::new(),
        };
        out["inference_providers"] = Value::Array(names);
    }
    compact(out)
}

/// The concise details of a dataset info object.
fn dataset_detail(v: &Value) -> Value {
    let mut out = api::dataset(v);
    out["tags"] = api::tags(v, 30);
    for (k, path) in [
        ("license", "cardData.license"),
        ("pretty_name", "cardData.pretty_name"),
        ("task_categories", "cardData.task_categories"),
        ("language", "cardData.language"),
        ("size_categories", "cardData.size_categories"),
        ("author", "author"),
    ] {
        if let Some(x) = at(v, path) {
            out[k] = x.clone();
        }
    }
    if let Some(c) = at(v, "cardData.configs").and_then(Value::as_array) {
        out["configs"] = Value::Array(
            c.iter()
                .filter_map(|c| at(c, "config_name").cloned())
                .collect(),
        );
    }
    if let Some(d) = at(v, "description").and_then(Value::as_str) {
        out["description"] = json!(cut(d.trim(), 1000));
    }
    compact(out)
}

/// The concise details of a Space info object.
pub fn space_detail(v: &Value) -> Value {
    let id = at(v, "id").and_then(Value::as_str).unwrap_or_default();
    let mut out = pick(
        v,
        &[
            "id",
            "author",
            "title=cardData.title",
            "short_description=cardData.short_description",
            "sdk",
            "likes",
            "trending_score=trendingScore",
            "stage=runtime.stage",
            "hardware=runtime.hardware.current",
            "private",
            "created_at=createdAt",
            "last_modified=lastModified",
            "license=cardData.license",
        ],
    );
    out["url"] = json!(RepoType::Space.url(id));
    if let Some(sub) = at(v, "subdomain").and_then(Value::as_str) {
        out["app_url"] = json!(format!("https://{sub}.hf.space"));
    }
    if let Some(m) = at(v, "models").and_then(Value::as_array) {
        out["models"] = Value::Array(m.iter().take(10).cloned().collect());
    }
    if let Some(d) = at(v, "datasets").and_then(Value::as_array) {
        out["datasets"] = Value::Array(d.iter().take(10).cloned().collect());
    }
    out["tags"] = api::tags(v, 20);
    compact(out)
}

fn detail(kind: RepoType, v: &Value) -> Value {
    match kind {
        RepoType::Model => model_detail(v),
        RepoType::Dataset => dataset_detail(v),
        RepoType::Space => space_detail(v),
    }
}

async fn model_details(ctx: Ctx, a: ModelDetails) -> Result<Value, ToolError> {
    let (_, path) = repo_path(&a.model_id, "model_id")?;
    let v = api::repo_info(&ctx, RepoType::Model, &path).await?;
    Ok(model_detail(&v))
}

async fn dataset_details(ctx: Ctx, a: DatasetDetails) -> Result<Value, ToolError> {
    let (_, path) = repo_path(&a.dataset_id, "dataset_id")?;
    let v = api::repo_info(&ctx, RepoType::Dataset, &path).await?;
    Ok(dataset_detail(&v))
}

/// README characters returned per repository.
const README_CHARS: usize = 8000;

/// Details of up to 10 repositories (models, datasets or Spaces) by id. Without
/// `repo_type`, each id is looked up as a model, a dataset and a Space and every match is
/// returned. Returns `repos` (with `type`) and `errors` for ids not found.
#[derive(Deserialize, JsonSchema)]
pub struct HubRepoDetails {
    /// e.g. openai/gpt-oss-120b
    #[schemars(length(min = 1, max = 10), inner(length(max = 200)))]
    repo_ids: Vec<String>,
    repo_type: Option<RepoType>,
    /// Also return each README (first 8000 characters)
    #[schemars(extend("default" = false))]
    include_readme: Option<bool>,
}

async fn hub_repo_details(ctx: Ctx, a: HubRepoDetails) -> Result<Value, ToolError> {
    if a.repo_ids.is_empty() || a.repo_ids.len() > 10 {
        return Err(ToolError::invalid_input(format!(
            "`repo_ids` takes 1 to 10 ids (got {})",
            a.repo_ids.len()
        )));
    }
    let ids = a
        .repo_ids
        .iter()
        .map(|id| repo_path(id, "repo_ids"))
        .collect::<Result<Vec<_>, _>>()?;
    let kinds: Vec<RepoType> = match a.repo_type {
        Some(k) => vec![k],
        None => RepoType::ALL.to_vec(),
    };
    let mut repos = Vec::new();
    let mut errors = Vec::new();
    for (id, path) in &ids {
        let mut found = false;
        let mut last: Option<ToolError> = None;
        for kind in &kinds {
            match api::repo_info(&ctx, *kind, path).await {
                Ok(v) => {
                    found = true;
                    let mut d = detail(*kind, &v);
                    d["type"] = json!(kind.name());
                    if a.include_readme == Some(true) {
                        match api::readme(&ctx, *kind, path, README_CHARS).await {
                            Ok(r) => d["readme"] = r,
                            Err(e) if e.status == Some(404) => {}
                            Err(e) => d["readme_error"] = json!(e.to_string()),
                        }
                    }
                    repos.push(d);
                }
                // Not this type (or no access): try the next one.
                Err(e) if matches!(e.status, Some(401 | 404)) => last = Some(e),
                Err(e) => return Err(e.context(id)),
            }
        }
        if !found {
            let types: Vec<&str> = kinds.iter().map(|k| k.name()).collect();
            let why = last.map(|e| e.message).unwrap_or_default();
            errors.push(
                json!({"id": id, "error": format!("not found as {} ({why})", types.join(", "))}),
            );
        }
    }
    let mut out = json!({ "repos": repos });
    if !errors.is_empty() {
        out["errors"] = json!(errors);
    }
    Ok(out)
}

/// Search research papers on Hugging Face Papers: id, title, url, published date, authors,
/// upvotes, keywords, and the abstract (or a 2-sentence AI summary with `concise_only`).
#[derive(Deserialize, JsonSchema)]
pub struct PaperSearch {
    #[schemars(length(min = 3, max = 200))]
    query: String,
    #[schemars(range(min = 1, max = 100), extend("default" = 12))]
    results_limit: Option<Int>,
    /// Return the AI summary instead of the abstract (for broad searches)
    #[schemars(extend("default" = false))]
    concise_only: Option<bool>,
}

const AUTHORS: usize = 8;

async fn paper_search(ctx: Ctx, a: PaperSearch) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    if query.chars().count() < 3 {
        return Err(ToolError::invalid_input(
            "`query` needs at least 3 characters",
        ));
    }
    let limit = bounded(a.results_limit, 12, 100, "results_limit")?;
    let concise = a.concise_only == Some(true);
    let items: Vec<Value> = ctx
        .authorized(Method::GET, "/api/papers/search")?
        .query("q", query)
        .query("limit", limit)
        .send_json()
        .await?;
    let papers: Vec<Value> = items
        .iter()
        .take(limit as usize)
        .map(|r| paper(r, concise))
        .collect();
    Ok(json!({ "papers": papers }))
}

fn paper(r: &Value, concise: bool) -> Value {
    let p = at(r, "paper").unwrap_or(r);
    let id = at(p, "id").and_then(Value::as_str).unwrap_or_default();
    let mut out = pick(
        p,
        &[
            "id",
            "title",
            "published_at=publishedAt",
            "upvotes",
            "keywords=ai_keywords",
        ],
    );
    out["url"] = json!(format!("{}/papers/{id}", api::HUB));
    let authors: Vec<&Value> = at(p, "authors")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(|x| at(x, "name")).collect())
        .unwrap_or_default();
    let n = authors.len();
    let mut names: Vec<Value> = authors.into_iter().take(AUTHORS).cloned().collect();
    if n > AUTHORS {
        names.push(json!(format!("and {} more", n - AUTHORS)));
    }
    out["authors"] = Value::Array(names);
    let summary = if concise {
        at(p, "ai_summary").or_else(|| at(p, "summary"))
    } else {
        at(p, "summary").or_else(|| at(p, "ai_summary"))
    };
    if let Some(s) = summary {
        out["summary"] = s.clone();
    }
    if let Some(c) = at(r, "numComments").filter(|c| c.as_u64().unwrap_or(0) > 0) {
        out["comments"] = c.clone();
    }
    compact(out)
}
