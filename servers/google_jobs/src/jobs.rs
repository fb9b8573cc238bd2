//! Job search (`engine=google_jobs`), company and remote searches, refinements, and listing
//! details (`engine=google_jobs_listing`).

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, age_days, salary_top};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("google_jobs_search", "Search jobs", Effect::Read, search).toolset("jobs"),
        tool(
            "google_jobs_get_details",
            "Get job details",
            Effect::Read,
            get_details,
        )
        .toolset("jobs"),
        tool(
            "google_jobs_search_by_company",
            "Search a company's jobs",
            Effect::Read,
            search_by_company,
        )
        .toolset("jobs"),
        tool(
            "google_jobs_search_remote",
            "Search remote jobs",
            Effect::Read,
            search_remote,
        )
        .toolset("jobs"),
        tool(
            "google_jobs_get_suggestions",
            "Get search refinements",
            Effect::Read,
            get_suggestions,
        )
        .toolset("jobs"),
    ]
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
pub enum DatePosted {
    #[serde(rename = "today")]
    Today,
    #[serde(rename = "3days")]
    ThreeDays,
    #[serde(rename = "week")]
    Week,
    #[serde(rename = "month")]
    Month,
}

impl DatePosted {
    fn days(self) -> f64 {
        match self {
            DatePosted::Today => 1.0,
            DatePosted::ThreeDays => 3.0,
            DatePosted::Week => 7.0,
            DatePosted::Month => 31.0,
        }
    }
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
pub enum EmploymentType {
    Fulltime,
    Parttime,
    Contractor,
    Intern,
}

impl EmploymentType {
    /// The words Google Jobs understands in a query.
    fn words(self) -> &'static str {
        match self {
            EmploymentType::Fulltime => "full time",
            EmploymentType::Parttime => "part time",
            EmploymentType::Contractor => "contractor",
            EmploymentType::Intern => "internship",
        }
    }
}

/// Paging and locale, shared by the search tools.
#[derive(Deserialize, JsonSchema, Default)]
pub struct Paging {
    next_page_token: Option<String>,
    /// From google_jobs_get_suggestions
    uds: Option<String>,
    /// Ignored; use next_page_token
    start: Option<u32>,
    /// e.g. us
    #[schemars(length(max = 8))]
    country: Option<String>,
    /// e.g. en
    #[schemars(length(max = 8))]
    language: Option<String>,
}

fn opt(s: &Option<String>) -> Option<String> {
    s.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

fn non_empty(s: &str, what: &str) -> Result<String, ToolError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(s.to_owned())
}

/// What a search asks of SerpApi, and what is filtered here.
struct Query {
    q: String,
    location: Option<String>,
    lrad: Option<u32>,
    ltype: bool,
    employment_type: Option<EmploymentType>,
    date_posted: Option<DatePosted>,
    salary_min: Option<u64>,
    company: Option<String>,
}

async fn run(ctx: &Ctx, q: Query, paging: &Paging) -> Result<Value, ToolError> {
    let mut text = q.q.clone();
    if let Some(t) = q.employment_type {
        text = format!("{text} {}", t.words());
    }
    let mut params: Vec<(&str, String)> = vec![("engine", "google_jobs".into()), ("q", text)];
    let mut push = |k: &'static str, v: Option<String>| {
        if let Some(v) = v {
            params.push((k, v));
        }
    };
    push("location", q.location.clone());
    push("lrad", q.lrad.map(|r| r.to_string()));
    push("ltype", q.ltype.then(|| "1".to_owned()));
    push("uds", opt(&paging.uds));
    push("gl", opt(&paging.country).map(|s| s.to_lowercase()));
    push("hl", opt(&paging.language).map(|s| s.to_lowercase()));
    push("next_page_token", opt(&paging.next_page_token));
    let v = api::search(ctx, &params).await?;
    let all: Vec<&Value> = at(&v, "jobs_results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .collect();
    let company = q.company.as_deref().map(str::to_lowercase);
    let kept: Vec<Value> = all
        .iter()
        .filter(|j| {
            let posted = at(j, "detected_extensions.posted_at").and_then(Value::as_str);
            let salary = at(j, "detected_extensions.salary").and_then(Value::as_str);
            let name = at(j, "company_name").and_then(Value::as_str).unwrap_or("");
            q.date_posted
                .is_none_or(|d| posted.and_then(age_days).is_none_or(|a| a <= d.days()))
                && q.salary_min
                    .is_none_or(|m| salary.and_then(salary_top).is_none_or(|s| s >= m as f64))
                && company
                    .as_deref()
                    .is_none_or(|c| name.to_lowercase().contains(c))
        })
        .map(|j| api::job(j))
        .collect();
    let mut out = json!({"jobs": kept});
    if kept_len(&out) < all.len() {
        out["filtered_out"] = json!(all.len() - kept_len(&out));
    }
    if let Some(t) = at(&v, "serpapi_pagination.next_page_token") {
        out["next_page_token"] = t.clone();
    }
    if paging.start.is_some_and(|s| s > 0) {
        out["note"] = json!("`start` is ignored (SerpApi pages with next_page_token)");
    }
    Ok(out)
}

fn kept_len(out: &Value) -> usize {
    at(out, "jobs")
        .and_then(Value::as_array)
        .map_or(0, Vec::len)
}

/// Search Google Jobs: up to 10 ranked jobs (title, company, location, posted_at, salary,
/// snippet, apply_link, job_id) and `next_page_token`. `date_posted` and `salary_min` (yearly)
/// filter the page, keeping jobs that do not say.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    #[schemars(length(max = 500))]
    query: String,
    /// e.g. "Austin, Texas, United States"
    #[schemars(length(max = 200))]
    location: Option<String>,
    date_posted: Option<DatePosted>,
    employment_type: Option<EmploymentType>,
    salary_min: Option<u64>,
    #[schemars(length(max = 200))]
    company: Option<String>,
    /// km
    #[schemars(range(max = 1000))]
    radius: Option<u32>,
    #[serde(flatten)]
    paging: Paging,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let mut q = non_empty(&a.query, "query")?;
    if let Some(c) = opt(&a.company) {
        q = format!("{q} {c}");
    }
    let query = Query {
        q,
        location: opt(&a.location),
        lrad: a.radius,
        ltype: false,
        employment_type: a.employment_type,
        date_posted: a.date_posted,
        salary_min: a.salary_min,
        company: None,
    };
    run(&ctx, query, &a.paging).await
}

/// Search one company's openings: jobs whose employer name contains `company_name`, as
/// google_jobs_search returns them.
#[derive(Deserialize, JsonSchema)]
pub struct SearchByCompany {
    #[schemars(length(max = 200))]
    company_name: String,
    #[schemars(length(max = 200))]
    location: Option<String>,
    employment_type: Option<EmploymentType>,
    #[serde(flatten)]
    paging: Paging,
}

async fn search_by_company(ctx: Ctx, a: SearchByCompany) -> Result<Value, ToolError> {
    let company = non_empty(&a.company_name, "company_name")?;
    let query = Query {
        q: format!("{company} jobs"),
        location: opt(&a.location),
        lrad: None,
        ltype: false,
        employment_type: a.employment_type,
        date_posted: None,
        salary_min: None,
        company: Some(company),
    };
    run(&ctx, query, &a.paging).await
}

/// Search work-from-home jobs (SerpApi `ltype=1`), as google_jobs_search returns them.
#[derive(Deserialize, JsonSchema)]
pub struct SearchRemote {
    #[schemars(length(max = 500))]
    query: String,
    employment_type: Option<EmploymentType>,
    date_posted: Option<DatePosted>,
    salary_min: Option<u64>,
    #[serde(flatten)]
    paging: Paging,
}

async fn search_remote(ctx: Ctx, a: SearchRemote) -> Result<Value, ToolError> {
    let query = Query {
        q: non_empty(&a.query, "query")?,
        location: None,
        lrad: None,
        ltype: true,
        employment_type: a.employment_type,
        date_posted: a.date_posted,
        salary_min: a.salary_min,
        company: None,
    };
    run(&ctx, query, &a.paging).await
}

/// Details of one listing by the `job_id` a search returned: apply options (where to
/// apply), salary estimates and employer ratings.
#[derive(Deserialize, JsonSchema)]
pub struct GetDetails {
    #[schemars(length(max = 4000))]
    job_id: String,
}

async fn get_details(ctx: Ctx, a: GetDetails) -> Result<Value, ToolError> {
    let id = non_empty(&a.job_id, "job_id")?;
    let v = api::search(
        &ctx,
        &[("engine", "google_jobs_listing".into()), ("q", id.clone())],
    )
    .await?;
    let list = |k: &str, fields: &[&str]| -> Value {
        Value::Array(
            at(&v, k)
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|x| pick(x, fields))
                .collect(),
        )
    };
    Ok(json!({
        "job_id": id,
        "apply_options": list("apply_options", &["title", "link"]),
        "salaries": list("salaries", &["job_title", "salary_from", "salary_to", "salary_currency", "salary_periodicity", "source", "based_on", "link"]),
        "ratings": list("ratings", &["source", "rating", "reviews", "link"]),
    }))
}

/// Refinements Google Jobs offers for a query: filter groups (e.g. Remote, Date posted,
/// Company) with options, each a refined `query` and a `uds` value for the search tools.
#[derive(Deserialize, JsonSchema)]
pub struct GetSuggestions {
    #[schemars(length(max = 500))]
    query: String,
}

async fn get_suggestions(ctx: Ctx, a: GetSuggestions) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let v = api::search(&ctx, &[("engine", "google_jobs".into()), ("q", q.clone())]).await?;
    let filters: Vec<Value> = at(&v, "filters")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|f| {
            let mut out = pick(f, &["name", "query=q", "uds"]);
            if let Some(opts) = at(f, "options").and_then(Value::as_array) {
                out["options"] = Value::Array(
                    opts.iter()
                        .map(|o| pick(o, &["name", "query=q", "uds"]))
                        .collect(),
                );
            }
            out
        })
        .collect();
    Ok(json!({"query": q, "suggestions": filters}))
}
