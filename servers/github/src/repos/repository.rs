//! Repositories themselves: create and fork them, and list their most recent stargazers.

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, repo_path};
use crate::atlas::{self, Readme};

/// Get a repository as Markdown: description, language, stars, forks and license, its README,
/// its root directory (directories first) and its links.
#[derive(Deserialize, JsonSchema)]
pub struct GetRepository {
    owner: String,
    repo: String,
}

/// The longest README shown.
const MAX_README_BYTES: usize = 200 * 1024;

pub(super) async fn get_repository(ctx: Ctx, a: GetRepository) -> Result<Output, ToolError> {
    let path = repo_path(&a.owner, &a.repo);
    let repo: Value = api::req(&ctx, Method::GET, &path)?.send_json().await?;
    let readme = match api::req(&ctx, Method::GET, &format!("{path}/readme"))?
        .send_json::<Value>()
        .await
    {
        Ok(v) => match super::contents::decode(v["content"].as_str().unwrap_or_default()) {
            Ok(bytes) => {
                let text = String::from_utf8_lossy(&bytes);
                Readme::Text(mcp_shared::content::truncate(&text, MAX_README_BYTES).0)
            }
            Err(e) => Readme::Unreadable(e.to_string()),
        },
        Err(e) if e.status == Some(404) => Readme::Missing,
        Err(e) => Readme::Unreadable(e.to_string()),
    };
    let root = api::req(&ctx, Method::GET, &format!("{path}/contents"))?
        .send_json::<Value>()
        .await
        .map_err(|e| e.to_string());
    let root = match &root {
        Ok(entries) => Ok(entries),
        Err(why) => Err(why.as_str()),
    };
    Ok(Output::Text(atlas::repository(&repo, &readme, root)))
}

/// Create a repository owned by the authenticated user, or by an organization. Returns the
/// new repository (full name, default branch, visibility, URLs).
#[derive(Deserialize, JsonSchema)]
pub struct CreateRepository {
    name: String,
    /// Organization to create the repository in (default: the authenticated user's account)
    organization: Option<String>,
    /// Short description
    description: Option<String>,
    /// Make the repository private (default false)
    private: Option<bool>,
    /// Create an initial commit with an empty README (default false)
    #[serde(rename = "autoInit")]
    auto_init: Option<bool>,
}

pub(super) async fn create_repository(ctx: Ctx, a: CreateRepository) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(a.name));
    insert_opt(&mut body, "description", a.description);
    insert_opt(&mut body, "private", a.private);
    insert_opt(&mut body, "auto_init", a.auto_init);
    let path = match a.organization.as_deref().filter(|o| !o.is_empty()) {
        Some(org) => format!("/orgs/{}/repos", mcp_shared::seg(org)),
        None => "/user/repos".to_owned(),
    };
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::repo(&v))
}

/// Fork a repository into the authenticated user's account or into an organization. Forking
/// is asynchronous: the fork may take a moment before its git data can be read. Forking again
/// returns the existing fork. Returns the fork (full name, default branch, URLs).
#[derive(Deserialize, JsonSchema)]
pub struct ForkRepository {
    /// Owner of the repository to fork
    owner: String,
    /// Name of the repository to fork
    repo: String,
    /// Organization to fork into (default: the authenticated user's account)
    organization: Option<String>,
}

pub(super) async fn fork_repository(ctx: Ctx, a: ForkRepository) -> Result<Value, ToolError> {
    let path = format!("{}/forks", repo_path(&a.owner, &a.repo));
    let mut r = api::req(&ctx, Method::POST, &path)?.idempotent(true);
    if let Some(org) = &a.organization {
        r = r.json(&json!({ "organization": org }));
    }
    let v: Value = r.send_json().await?;
    Ok(api::repo(&v))
}

// ---- github_list_recent_stargazers

/// List the users who starred a repository, newest first, each with the time they starred it.
/// Page 1 holds the most recent stargazers (it can hold fewer than `perPage`); `next_page`
/// continues with older ones. Returns `items` (`login`, `starred_at`), `next_page` and
/// `total_pages`. GitHub's REST API only pages through about the first 40,000 stargazers; for
/// larger repositories the result says so in `note`.
#[derive(Deserialize, JsonSchema)]
pub struct ListRecentStargazers {
    owner: String,
    repo: String,
    /// Page number, counted from the most recent stargazers (from 1)
    page: Option<Int>,
    /// Stargazers per page (max 100, default 30)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

const STAR_MEDIA_TYPE: &str = "application/vnd.github.star+json";

/// GitHub lists stargazers oldest first. Newest first means reading its pages backwards: the
/// first request learns the last page from the `Link` header, the second reads the page that
/// is `page - 1` pages before it, and its items are reversed.
pub(super) async fn list_recent_stargazers(
    ctx: Ctx,
    a: ListRecentStargazers,
) -> Result<Value, ToolError> {
    let path = format!("{}/stargazers", repo_path(&a.owner, &a.repo));
    let per_page = a.per_page.map_or(30, |p| p.get().clamp(1, 100));
    let page = a.page.map_or(1, |p| p.get().max(1));
    let fetch = |n: u64| -> Result<_, ToolError> {
        Ok(api::req(&ctx, Method::GET, &path)?
            .header("accept", STAR_MEDIA_TYPE)
            .query("per_page", per_page)
            .query("page", n)
            .send())
    };
    let first = fetch(1)?.await?;
    let last = first
        .link_param("last", "page")
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(1);
    let items: Value = match last.checked_sub(page - 1).filter(|t| *t >= 1) {
        None => json!([]),
        Some(1) => first.json()?,
        Some(target) => fetch(target)?.await?.json()?,
    };
    let mut items: Vec<Value> = items
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    pick(
                        s,
                        &[
                            "login=user.login",
                            "starred_at",
                            "id=user.id",
                            "html_url=user.html_url",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    items.reverse();
    let next = (page < last).then_some(page + 1);
    let mut out = json!({ "items": items, "next_page": next, "total_pages": last });
    if last.saturating_mul(per_page) >= REST_STARGAZER_CAP {
        out["note"] = json!(
            "GitHub's REST API lists only about the first 40,000 stargazers of a repository, so for this one the most recent stargazers may be beyond what it returns."
        );
    }
    Ok(out)
}

/// How far GitHub lets its REST API page through a repository's stargazers.
const REST_STARGAZER_CAP: u64 = 40_000;
