//! The model catalogue: `GET /models` (list, search, recommendations) and
//! `GET /model/{author}/{slug}` (details, pricing, cost estimates).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, model_path, non_empty, per_million, price};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "openrouter_list_models",
            "List models",
            Effect::Read,
            list_models,
        )
        .toolset("models"),
        tool(
            "openrouter_search_models",
            "Search models",
            Effect::Read,
            search_models,
        )
        .toolset("models"),
        tool(
            "openrouter_get_model",
            "Get a model",
            Effect::Read,
            get_model,
        )
        .toolset("models"),
        tool(
            "openrouter_get_model_pricing",
            "Get model pricing",
            Effect::Read,
            get_model_pricing,
        )
        .toolset("models"),
        tool(
            "openrouter_get_cost_estimate",
            "Estimate a request's cost",
            Effect::Read,
            get_cost_estimate,
        )
        .toolset("models"),
        tool(
            "openrouter_get_model_recommendations",
            "Recommend models",
            Effect::Read,
            get_model_recommendations,
        )
        .toolset("models"),
    ]
}

const MAX_LIMIT: u32 = 1000;

fn limit(n: Option<u32>, default: u32) -> Result<u32, ToolError> {
    match n.unwrap_or(default) {
        n @ 1..=MAX_LIMIT => Ok(n),
        n => Err(ToolError::invalid_input(format!(
            "`limit` must be between 1 and {MAX_LIMIT} (got {n})"
        ))),
    }
}

/// List models in OpenRouter's order: id, name, context_length, modality, per_million
/// prices. Pass `next_page_token` from the result for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct ListModels {
    /// Models per page, default 50
    #[schemars(range(min = 1, max = 1000))]
    limit: Option<u32>,
    next_page_token: Option<String>,
}

async fn list_models(ctx: Ctx, a: ListModels) -> Result<Value, ToolError> {
    let limit = limit(a.limit, 50)?;
    let offset = match a.next_page_token.as_deref().map(str::trim) {
        None | Some("") => 0,
        Some(t) => t.parse::<u64>().map_err(|_| {
            ToolError::invalid_input(format!(
                "`next_page_token` `{t}` is not one this tool returned; omit it for the first page"
            ))
        })?,
    };
    let v: Value = ctx
        .authorized(Method::GET, "/models")?
        .query("offset", offset)
        .query("limit", limit)
        .send_json()
        .await?;
    let models = api::models(&v);
    let mut out = json!({});
    if models.len() as u64 >= u64::from(limit) {
        out["next_page_token"] = json!((offset + u64::from(limit)).to_string());
    }
    out["models"] = Value::Array(models);
    Ok(out)
}

/// Search models by name or slug (OpenRouter's own search), optionally within a use-case
/// category or by model authors.
#[derive(Deserialize, JsonSchema)]
pub struct SearchModels {
    #[schemars(length(max = 200))]
    query: String,
    /// Default 20
    #[schemars(range(min = 1, max = 1000))]
    limit: Option<u32>,
    /// programming, roleplay, marketing, marketing/seo, technology, science, translation,
    /// legal, finance, health, trivia or academia
    #[schemars(length(max = 32))]
    category: Option<String>,
    /// Model author slug(s), comma-separated (e.g. `openai,anthropic`)
    #[schemars(length(max = 200))]
    provider: Option<String>,
}

async fn search_models(ctx: Ctx, a: SearchModels) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let limit = limit(a.limit, 20)?;
    let text = |s: &Option<String>| {
        s.as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_lowercase)
    };
    let v: Value = ctx
        .authorized(Method::GET, "/models")?
        .query("q", q)
        .query("limit", limit)
        .query_opt("category", text(&a.category))
        .query_opt("model_authors", text(&a.provider))
        .send_json()
        .await?;
    Ok(json!({"models": api::models(&v)}))
}

/// Get one model's details: description, context, modalities, per_million prices,
/// supported parameters, knowledge cutoff.
#[derive(Deserialize, JsonSchema)]
pub struct GetModel {
    /// `author/slug`, e.g. `openai/gpt-4o`
    #[schemars(length(max = 200))]
    model_id: String,
}

async fn get_model(ctx: Ctx, a: GetModel) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &model_path(&a.model_id)?)?
        .send_json()
        .await?;
    let m = at(&v, "data").cloned().unwrap_or(Value::Null);
    let mut out = api::model(&m);
    for (k, x) in pick(
        &m,
        &[
            "description",
            "input_modalities=architecture.input_modalities",
            "output_modalities=architecture.output_modalities",
            "supported_parameters",
            "knowledge_cutoff",
            "expiration_date",
        ],
    )
    .as_object()
    .into_iter()
    .flatten()
    {
        out[k] = x.clone();
    }
    Ok(out)
}

/// Get a model's prices: OpenRouter's `pricing` (USD per token, per request, per image...)
/// and prompt/completion `per_million`.
#[derive(Deserialize, JsonSchema)]
pub struct GetModelPricing {
    /// `author/slug`, e.g. `openai/gpt-4o`
    #[schemars(length(max = 200))]
    model_id: String,
}

async fn get_model_pricing(ctx: Ctx, a: GetModelPricing) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &model_path(&a.model_id)?)?
        .send_json()
        .await?;
    let m = at(&v, "data").cloned().unwrap_or(Value::Null);
    let mut out = pick(&m, &["id", "name", "pricing"]);
    if let (Some(p), Some(c)) = (price(&m, "prompt"), price(&m, "completion")) {
        out["per_million"] = json!({"prompt": per_million(p), "completion": per_million(c)});
    }
    Ok(out)
}

/// Estimate a request's cost in USD from the model's current prices (prompt, completion
/// and per-request).
#[derive(Deserialize, JsonSchema)]
pub struct GetCostEstimate {
    /// `author/slug`
    #[schemars(length(max = 200))]
    model: String,
    input_tokens: u64,
    /// Default 0
    output_tokens: Option<u64>,
}

async fn get_cost_estimate(ctx: Ctx, a: GetCostEstimate) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &model_path(&a.model)?)?
        .send_json()
        .await?;
    let m = at(&v, "data").cloned().unwrap_or(Value::Null);
    let (Some(p), Some(c)) = (price(&m, "prompt"), price(&m, "completion")) else {
        return Err(ToolError::transport(
            "OpenRouter gave no prompt/completion prices for this model",
        ));
    };
    let out_tokens = a.output_tokens.unwrap_or(0);
    let round = |x: f64| (x * 1e9).round() / 1e9;
    let input = round(p * a.input_tokens as f64);
    let output = round(c * out_tokens as f64);
    let request = round(price(&m, "request").unwrap_or(0.0));
    Ok(json!({
        "model": at(&m, "id").cloned().unwrap_or_else(|| json!(a.model.trim())),
        "input_tokens": a.input_tokens,
        "output_tokens": out_tokens,
        "input_cost": input,
        "output_cost": output,
        "request_cost": request,
        "total_cost": round(input + output + request),
        "currency": "USD",
    }))
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Budget {
    Low,
    Medium,
    High,
    Unlimited,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    Speed,
    Quality,
    Balanced,
}

/// Recommend up to 5 models for a use case, ranked by OpenRouter (speed: throughput,
/// quality: intelligence index, balanced: popularity) under a prompt price cap (low ≤ $1,
/// medium ≤ $5, high ≤ $20 per 1M tokens). A use case naming one of OpenRouter's categories
/// (coding, translation, ...) filters to it.
#[derive(Deserialize, JsonSchema)]
pub struct GetModelRecommendations {
    #[schemars(length(max = 500))]
    use_case: String,
    /// Default unlimited
    budget_constraint: Option<Budget>,
    /// Default balanced
    performance_priority: Option<Priority>,
}

/// OpenRouter's use-case categories and words that name them.
const CATEGORIES: &[(&str, &[&str])] = &[
    ("marketing/seo", &["seo"]),
    (
        "programming",
        &["programming", "coding", "code", "software", "developer"],
    ),
    (
        "roleplay",
        &["roleplay", "role-play", "role play", "character", "story"],
    ),
    ("marketing", &["marketing", "copywriting", "advert"]),
    ("technology", &["technology", "tech"]),
    ("science", &["science", "scientific"]),
    ("translation", &["translation", "translate"]),
    ("legal", &["legal", "law", "contract"]),
    ("finance", &["finance", "financial", "accounting"]),
    ("health", &["health", "medical", "medicine"]),
    ("trivia", &["trivia", "quiz"]),
    ("academia", &["academia", "academic", "research", "paper"]),
];

fn category_of(use_case: &str) -> Option<&'static str> {
    let words: Vec<String> = use_case
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric() && c != '-')
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    let text = words.join(" ");
    CATEGORIES.iter().find_map(|(cat, keys)| {
        keys.iter()
            .any(|k| {
                if k.contains(' ') {
                    text.contains(k)
                } else {
                    words.iter().any(|w| w == k)
                }
            })
            .then_some(*cat)
    })
}

async fn get_model_recommendations(
    ctx: Ctx,
    a: GetModelRecommendations,
) -> Result<Value, ToolError> {
    let use_case = non_empty(&a.use_case, "use_case")?;
    let category = category_of(use_case);
    let sort = match a.performance_priority.unwrap_or(Priority::Balanced) {
        Priority::Speed => "throughput-high-to-low",
        Priority::Quality => "intelligence-high-to-low",
        Priority::Balanced => "most-popular",
    };
    let max_price = match a.budget_constraint.unwrap_or(Budget::Unlimited) {
        Budget::Low => Some(1),
        Budget::Medium => Some(5),
        Budget::High => Some(20),
        Budget::Unlimited => None,
    };
    let v: Value = ctx
        .authorized(Method::GET, "/models")?
        .query("limit", 5)
        .query("sort", sort)
        .query_opt("category", category)
        .query_opt("max_price", max_price)
        .send_json()
        .await?;
    Ok(json!({
        "use_case": use_case,
        "category": category,
        "sort": sort,
        "max_prompt_price_per_million": max_price,
        "models": api::models(&v),
    }))
}
