//! Issues: the `issues` toolset's tool lists, and what its parts share: an issue's path, a
//! page of its items (comments, sub-issues, labels), the sort order, and `issue_read`, which
//! reads from all of them. One issue and issue lists are in [`issue`], comments in
//! [`comments`], search in [`search`], sub-issues in [`sub_issues`], labels and issue types in
//! [`labels`].

use mcp_shared::{Ctx, Effect, Int, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::{self, repo_path};
use crate::lockdown;
use crate::profiles::Names;

mod comments;
mod issue;
mod labels;
mod search;
mod sub_issues;

pub use comments::comments_page;
pub use search::{ScopedSearch, scoped_search};

use issue::issue_get;
use sub_issues::sub_issue;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_get_issue",
            "Get issue",
            Effect::Read,
            issue::get_issue,
        )
        .toolset("issues")
        .profile(Profile::Atlas, "get_issue")
        .profile(Profile::Mcpmark, "get_issue"),
        tool(
            "github_add_issue_comment",
            "Add issue comment",
            Effect::Write,
            comments::add_issue_comment,
        )
        .toolset("issues")
        .github_name("add_issue_comment")
        .profile(Profile::Atlas, "add_issue_comment"),
        tool(
            "github_search_issues",
            "Search issues and pull requests",
            Effect::Read,
            search::search_issues,
        )
        .toolset("issues")
        .atlas_list("search_issues"),
        tool(
            "github_create_issue",
            "Create issue",
            Effect::Write,
            issue::create_issue,
        )
        .toolset("issues")
        .profile(Profile::Atlas, "create_issue")
        .profile(Profile::Mcpmark, "create_issue"),
        tool(
            "github_list_issues",
            "List issues",
            Effect::Read,
            issue::list_issues,
        )
        .toolset("issues")
        .atlas_list("list_issues"),
        tool(
            "github_update_issue",
            "Update issue",
            Effect::IdempotentWrite,
            issue::update_issue,
        )
        .toolset("issues")
        .profile(Profile::Atlas, "update_issue")
        .profile(Profile::Mcpmark, "update_issue"),
        tool(
            "github_get_issue_comments",
            "Get issue comments",
            Effect::Read,
            comments::get_issue_comments,
        )
        .toolset("issues")
        .profile(Profile::Atlas, "get_issue_comments")
        .profile(Profile::Mcpmark, "get_issue_comments")
        .profile_param(Profile::Mcpmark, "per_page", "perPage"),
        tool(
            "github_list_sub_issues",
            "List sub-issues",
            Effect::Read,
            sub_issues::list_sub_issues,
        )
        .toolset("issues")
        .profile(Profile::Mcpmark, "list_sub_issues")
        .profile_param(Profile::Mcpmark, "perPage", "per_page"),
        tool(
            "github_list_issue_labels",
            "List labels of an issue",
            Effect::Read,
            labels::list_issue_labels,
        )
        .toolset("issues"),
        tool(
            "github_get_label",
            "Get label",
            Effect::Read,
            labels::get_label,
        )
        .toolset("issues")
        .official_name("get_label"),
        tool(
            "github_list_issue_types",
            "List issue types",
            Effect::Read,
            labels::list_issue_types,
        )
        .toolset("issues")
        .github_name("list_issue_types"),
        tool(
            "github_add_sub_issue",
            "Add sub-issue",
            Effect::IdempotentWrite,
            sub_issues::add_sub_issue,
        )
        .toolset("issues")
        .profile(Profile::Mcpmark, "add_sub_issue"),
        tool(
            "github_remove_sub_issue",
            "Remove sub-issue",
            Effect::IdempotentWrite,
            sub_issues::remove_sub_issue,
        )
        .toolset("issues")
        .profile(Profile::Mcpmark, "remove_sub_issue"),
        tool(
            "github_reprioritize_sub_issue",
            "Reorder sub-issue",
            Effect::IdempotentWrite,
            sub_issues::reprioritize_sub_issue,
        )
        .toolset("issues")
        .profile(Profile::Mcpmark, "reprioritize_sub_issue"),
        tool(
            "github_assign_copilot_to_issue",
            "Assign Copilot to issue",
            Effect::IdempotentWrite,
            issue::assign_copilot_to_issue,
        )
        .toolset("issues")
        .official_name("assign_copilot_to_issue")
        // GitHub's server v0.15.0 named the issue `issueNumber`.
        .profile(Profile::Mcpmark, "assign_copilot_to_issue")
        .profile_param(Profile::Mcpmark, "issue_number", "issueNumber"),
    ]
}

/// GitHub's official server's issue tools whose parameters differ from ours (listed after
/// [`crate::pulls::search_tool`], as tools.json orders them).
pub fn official_tools() -> Vec<ToolDef> {
    vec![
        tool("issue_read", "Read issue", Effect::Read, issue_read)
            .toolset("issues")
            .official_only(),
        tool(
            "issue_write",
            "Create or update issue",
            Effect::Write,
            issue::issue_write,
        )
        .toolset("issues")
        .official_only(),
        tool(
            "sub_issue_write",
            "Change sub-issues",
            Effect::IdempotentWrite,
            sub_issues::sub_issue_write,
        )
        .toolset("issues")
        .official_only(),
        tool(
            "list_issues",
            "List issues",
            Effect::Read,
            issue::official_list_issues,
        )
        .toolset("issues")
        .github_only(),
        tool(
            "search_issues",
            "Search issues",
            Effect::Read,
            search::official_search_issues,
        )
        .toolset("issues")
        .github_only(),
    ]
}

fn issue_path(owner: &str, repo: &str, number: Int) -> String {
    format!("{}/issues/{number}", repo_path(owner, repo))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

/// An issue and a page of its items (comments, sub-issues, labels).
#[derive(Deserialize, JsonSchema)]
pub struct IssueRef {
    owner: String,
    repo: String,
    issue_number: Int,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

/// One page of an issue's `comments`, `sub_issues` or `labels`, shaped, with `next_page`.
pub async fn issue_items(
    ctx: &Ctx,
    n: &IssueRef,
    what: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let path = format!("{}/{what}", issue_path(&n.owner, &n.repo, n.issue_number));
    let mut out = api::list(ctx, &path, &[], n.page, n.per_page, shape).await?;
    if what != "labels" {
        // Comments and sub-issues are judged in the parent issue's repository.
        lockdown::filter_page(ctx, &n.owner, &n.repo, &mut out, "user").await;
    }
    Ok(out)
}

// ---- GitHub's official server's combined tools

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum IssueReadMethod {
    Get,
    GetComments,
    GetSubIssues,
    GetLabels,
}

/// Read an issue: `get` (the issue), `get_comments`, `get_sub_issues` or `get_labels`
/// (pages of them, with `next_page`).
#[derive(Deserialize, JsonSchema)]
pub struct IssueRead {
    /// What to read
    method: IssueReadMethod,
    #[serde(flatten)]
    n: IssueRef,
}

async fn issue_read(ctx: Ctx, a: IssueRead) -> Result<Value, ToolError> {
    match a.method {
        IssueReadMethod::Get => issue_get(&ctx, &a.n.owner, &a.n.repo, a.n.issue_number).await,
        IssueReadMethod::GetComments => issue_items(&ctx, &a.n, "comments", api::comment).await,
        IssueReadMethod::GetSubIssues => issue_items(&ctx, &a.n, "sub_issues", sub_issue).await,
        IssueReadMethod::GetLabels => issue_items(&ctx, &a.n, "labels", api::label).await,
    }
}
