//! Starring: the repositories a user starred; star and unstar a repository (the `stargazers`
//! toolset).

use mcp_shared::json::enum_str;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api;
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("stargazers");
    vec![
        t(tool(
            "github_list_starred_repositories",
            "List starred repositories",
            Effect::Read,
            list_starred_repositories,
        )
        .github_name("list_starred_repositories")),
        t(tool(
            "github_star_repository",
            "Star repository",
            Effect::IdempotentWrite,
            star_repository,
        )
        .github_name("star_repository")),
        t(tool(
            "github_unstar_repository",
            "Unstar repository",
            Effect::IdempotentWrite,
            unstar_repository,
        )
        .github_name("unstar_repository")),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum StarSort {
    Created,
    Updated,
}

/// List the repositories a user starred (the authenticated user when `username` is omitted):
/// full name, description, language, stars, forks, URL. Returns repositories and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListStarredRepositories {
    /// User whose stars to list (default: the authenticated user)
    username: Option<String>,
    /// Sort by when the repository was starred (`created`, GitHub's default) or last pushed to
    /// (`updated`)
    sort: Option<StarSort>,
    /// Default desc
    direction: Option<api::Direction>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_starred_repositories(
    ctx: Ctx,
    a: ListStarredRepositories,
) -> Result<Value, ToolError> {
    let path = match a.username.as_deref().map(str::trim) {
        Some(u) if !u.is_empty() => format!("/users/{}/starred", mcp_shared::seg(u)),
        _ => "/user/starred".to_owned(),
    };
    api::list(
        &ctx,
        &path,
        &[
            ("sort", a.sort.as_ref().map(enum_str)),
            ("direction", a.direction.as_ref().map(enum_str)),
        ],
        a.page,
        a.per_page,
        api::repo,
    )
    .await
    .map_err(|e| match e.status {
        Some(404) => e.with_specific_hint("the user does not exist."),
        _ => e,
    })
}

/// A repository to star or unstar.
#[derive(Deserialize, JsonSchema)]
pub struct StarTarget {
    owner: String,
    repo: String,
}

async fn set_star(ctx: &Ctx, a: &StarTarget, star: bool) -> Result<Value, ToolError> {
    let path = format!(
        "/user/starred/{}/{}",
        mcp_shared::seg(&a.owner),
        mcp_shared::seg(&a.repo)
    );
    let method = if star { Method::PUT } else { Method::DELETE };
    api::req(ctx, method, &path)?
        .idempotent(true)
        .send()
        .await
        .map_err(|e| match e.status {
            Some(404) => e.with_specific_hint(
                "the repository does not exist or the token cannot see it; starring needs a token that may act as the user (classic: `public_repo` or `repo`; fine-grained: \"Starring\" write).",
            ),
            _ => e,
        })?;
    Ok(json!({
        "repository": format!("{}/{}", a.owner, a.repo),
        "starred": star,
    }))
}

/// Star a repository as the authenticated user. Starring an already starred repository
/// changes nothing.
#[derive(Deserialize, JsonSchema)]
pub struct StarRepository {
    #[serde(flatten)]
    target: StarTarget,
}

async fn star_repository(ctx: Ctx, a: StarRepository) -> Result<Value, ToolError> {
    set_star(&ctx, &a.target, true).await
}

/// Unstar a repository as the authenticated user. Unstarring a repository that is not starred
/// changes nothing.
#[derive(Deserialize, JsonSchema)]
pub struct UnstarRepository {
    #[serde(flatten)]
    target: StarTarget,
}

async fn unstar_repository(ctx: Ctx, a: UnstarRepository) -> Result<Value, ToolError> {
    set_star(&ctx, &a.target, false).await
}
