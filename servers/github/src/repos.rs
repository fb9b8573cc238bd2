//! Repositories: the `repos` toolset's tool list, and the paged repository list that branches,
//! tags and releases share. Files are in [`contents`], creating and forking repositories and
//! their recent stargazers in [`repository`], branches and commits in [`branches`], tags and
//! releases in [`releases`], repository and code search in [`search`].

use mcp_shared::{Ctx, Effect, Int, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, repo_path};
use crate::profiles::Names;

mod branches;
mod contents;
mod releases;
mod repository;
mod search;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_list_recent_stargazers",
            "List recent stargazers",
            Effect::Read,
            repository::list_recent_stargazers,
        )
        .toolset("repos"),
        tool(
            "github_create_or_update_file",
            "Create or update file",
            Effect::Write,
            contents::create_or_update_file,
        )
        .toolset("repos")
        .github_name("create_or_update_file")
        .profile(Profile::Atlas, "create_or_update_file"),
        tool(
            "github_create_repository",
            "Create repository",
            Effect::Write,
            repository::create_repository,
        )
        .toolset("repos")
        .github_name("create_repository")
        .profile(Profile::Atlas, "create_repository"),
        tool(
            "github_get_file_contents",
            "Get file or directory contents",
            Effect::Read,
            contents::get_file_contents,
        )
        .toolset("repos"),
        tool(
            "github_fork_repository",
            "Fork repository",
            Effect::IdempotentWrite,
            repository::fork_repository,
        )
        .toolset("repos")
        .github_name("fork_repository")
        .profile(Profile::Atlas, "fork_repository"),
        tool(
            "github_create_branch",
            "Create branch",
            Effect::Write,
            branches::create_branch,
        )
        .toolset("repos")
        .github_name("create_branch")
        .profile(Profile::Atlas, "create_branch"),
        tool(
            "github_push_files",
            "Push files in one commit",
            Effect::Write,
            branches::push_files,
        )
        .toolset("repos")
        .github_name("push_files")
        .profile(Profile::Atlas, "push_files"),
        tool(
            "github_list_commits",
            "List commits",
            Effect::Read,
            branches::list_commits,
        )
        .toolset("repos")
        .github_name("list_commits")
        .atlas_list("list_commits"),
        tool(
            "github_search_repositories",
            "Search repositories",
            Effect::Read,
            search::search_repositories,
        )
        .toolset("repos")
        .github_name("search_repositories")
        .atlas_list("search_repositories"),
        tool(
            "github_search_code",
            "Search code",
            Effect::Read,
            search::search_code,
        )
        .toolset("repos")
        .atlas_list("search_code"),
        tool(
            "search_code",
            "Search code",
            Effect::Read,
            search::official_search_code,
        )
        .toolset("repos")
        .github_only(),
        tool(
            "get_file_contents",
            "Get file or directory contents",
            Effect::Read,
            contents::official_get_file_contents,
        )
        .toolset("repos")
        .github_only(),
        tool(
            "get_file_contents",
            "Get file contents",
            Effect::Read,
            contents::atlas_get_file_contents,
        )
        .toolset("repos")
        .only_in(&[Profile::Atlas]),
        tool(
            "get_repository",
            "Get repository",
            Effect::Read,
            repository::get_repository,
        )
        .toolset("repos")
        .only_in(&[Profile::Atlas]),
        tool(
            "github_get_commit",
            "Get commit",
            Effect::Read,
            branches::get_commit,
        )
        .toolset("repos")
        .github_name("get_commit")
        .atlas_list("get_commit"),
        tool(
            "github_list_branches",
            "List branches",
            Effect::Read,
            branches::list_branches,
        )
        .toolset("repos")
        .github_name("list_branches")
        .atlas_list("list_branches"),
        tool(
            "github_list_tags",
            "List tags",
            Effect::Read,
            releases::list_tags,
        )
        .toolset("repos")
        .github_name("list_tags")
        .atlas_list("list_tags"),
        tool("github_get_tag", "Get tag", Effect::Read, releases::get_tag)
            .toolset("repos")
            .github_name("get_tag")
            .profile(Profile::Atlas, "get_tag"),
        tool(
            "github_list_releases",
            "List releases",
            Effect::Read,
            releases::list_releases,
        )
        .toolset("repos")
        .github_name("list_releases"),
        tool(
            "github_get_latest_release",
            "Get latest release",
            Effect::Read,
            releases::get_latest_release,
        )
        .toolset("repos")
        .github_name("get_latest_release"),
        tool(
            "github_get_release_by_tag",
            "Get release by tag",
            Effect::Read,
            releases::get_release_by_tag,
        )
        .toolset("repos")
        .github_name("get_release_by_tag"),
        tool(
            "github_delete_file",
            "Delete file",
            Effect::Destructive,
            contents::delete_file,
        )
        .toolset("repos")
        .github_name("delete_file"),
    ]
}

/// A repository list (branches, tags, releases) with the common paging parameters.
#[derive(Deserialize, JsonSchema)]
pub struct RepoList {
    owner: String,
    repo: String,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn repo_list(
    ctx: &Ctx,
    a: RepoList,
    what: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let path = format!("{}/{what}", repo_path(&a.owner, &a.repo));
    api::list(ctx, &path, &[], a.page, a.per_page, shape).await
}
