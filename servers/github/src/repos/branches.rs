//! Branches and commits: list and create branches, push files as one commit, list and get
//! commits.

use std::collections::BTreeSet;

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, each, page_of, paged, repo_path, slash_path};
use crate::atlas;

use super::{RepoList, repo_list};

/// Create a branch from another branch's head (default: the repository's default branch).
/// Returns the new branch's name, ref and commit SHA.
#[derive(Deserialize, JsonSchema)]
pub struct CreateBranch {
    owner: String,
    repo: String,
    /// Name of the new branch (e.g. `feature/login`)
    branch: String,
    /// Branch to start from (default: the repository's default branch)
    from_branch: Option<String>,
}

/// The commit SHA a branch points to.
async fn branch_sha(ctx: &Ctx, repo: &str, branch: &str) -> Result<String, ToolError> {
    let path = format!("{repo}/git/ref/heads/{}", slash_path(branch, "branch")?);
    let v: Value = api::req(ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| {
            if e.status == Some(404) {
                e.with_hint(format!(
                    "the branch `{branch}` does not exist, or the token cannot see the repository."
                ))
            } else {
                e
            }
        })?;
    v["object"]["sha"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport(format!(
                "GitHub's answer for branch `{branch}` has no commit SHA."
            ))
        })
}

pub(super) async fn create_branch(ctx: Ctx, a: CreateBranch) -> Result<Value, ToolError> {
    if slash_path(&a.branch, "branch")?.is_empty() {
        return Err(ToolError::invalid_input(
            "`branch` must name the new branch",
        ));
    }
    let repo = repo_path(&a.owner, &a.repo);
    let from = match a
        .from_branch
        .as_deref()
        .filter(|b| !b.trim_matches('/').is_empty())
    {
        Some(b) => b.to_owned(),
        None => api::default_branch(&ctx, &repo).await?,
    };
    let sha = branch_sha(&ctx, &repo, &from).await?;
    let name = a.branch.trim_matches('/');
    let v: Value = api::req(&ctx, Method::POST, &format!("{repo}/git/refs"))?
        .json(&json!({ "ref": format!("refs/heads/{name}"), "sha": sha }))
        .send_json()
        .await?;
    Ok(json!({ "branch": name, "ref": v["ref"], "sha": v["object"]["sha"], "from_branch": from }))
}

/// One file to write with github_push_files.
#[derive(Deserialize, JsonSchema)]
pub struct FileToPush {
    /// File path in the repository (e.g. `src/main.rs`)
    path: String,
    /// The full new content of the file, as text
    content: String,
}

/// Write several files to a branch in a single commit (creating or replacing them), through
/// the Git Data API. The branch must exist (see github_create_branch). Returns the new commit's
/// SHA and URL and the paths written.
#[derive(Deserialize, JsonSchema)]
pub struct PushFiles {
    owner: String,
    repo: String,
    /// Branch to push to
    branch: String,
    /// Files to create or replace (at least one)
    files: Vec<FileToPush>,
    message: String,
}

pub(super) async fn push_files(ctx: Ctx, a: PushFiles) -> Result<Value, ToolError> {
    if a.files.is_empty() {
        return Err(ToolError::invalid_input(
            "`files` is empty: give at least one {path, content}",
        ));
    }
    let mut seen = BTreeSet::new();
    let mut tree = Vec::new();
    for f in &a.files {
        let p = f.path.trim_matches('/');
        if slash_path(p, "file path")?.is_empty() {
            return Err(ToolError::invalid_input(
                "every file needs a non-empty `path`",
            ));
        }
        if !seen.insert(p) {
            return Err(ToolError::invalid_input(format!(
                "`{p}` appears more than once in `files`"
            )));
        }
        tree.push(json!({ "path": p, "mode": "100644", "type": "blob", "content": f.content }));
    }
    let branch = slash_path(&a.branch, "branch")?;
    if branch.is_empty() {
        return Err(ToolError::invalid_input(
            "`branch` must name an existing branch",
        ));
    }
    let repo = repo_path(&a.owner, &a.repo);
    let head = branch_sha(&ctx, &repo, &a.branch).await?;
    let commit: Value = api::req(
        &ctx,
        Method::GET,
        &format!("{repo}/git/commits/{}", mcp_shared::seg(&head)),
    )?
    .send_json()
    .await?;
    let base_tree = commit["tree"]["sha"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's commit answer has no tree SHA."))?;
    // Trees are content-addressed: repeating this request creates nothing new.
    let new_tree: Value = api::req(&ctx, Method::POST, &format!("{repo}/git/trees"))?
        .json(&json!({ "base_tree": base_tree, "tree": tree }))
        .idempotent(true)
        .send_json()
        .await?;
    let new_commit: Value = api::req(&ctx, Method::POST, &format!("{repo}/git/commits"))?
        .json(&json!({ "message": a.message, "tree": new_tree["sha"], "parents": [head] }))
        .send_json()
        .await?;
    let updated: Value = api::req(&ctx, Method::PATCH, &format!("{repo}/git/refs/heads/{branch}"))?
        .json(&json!({ "sha": new_commit["sha"], "force": false }))
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| {
            if e.status == Some(422) {
                e.with_hint("the branch moved while the commit was being made (not a fast-forward): push again.")
            } else {
                e
            }
        })?;
    let paths: Vec<&str> = a.files.iter().map(|f| f.path.trim_matches('/')).collect();
    Ok(json!({
        "branch": a.branch.trim_matches('/'),
        "commit": { "sha": updated["object"]["sha"], "message": new_commit["message"], "html_url": new_commit["html_url"] },
        "files": paths,
    }))
}

/// List the commits of a branch (or reachable from a SHA), newest first. Returns commits (sha,
/// message, author, dates, parents, URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCommits {
    owner: String,
    repo: String,
    /// Branch name or commit SHA to start listing from (default: the default branch)
    sha: Option<String>,
    /// Only commits by this author (GitHub login or email address)
    author: Option<String>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn list_commits(ctx: Ctx, a: ListCommits) -> Result<Output, ToolError> {
    let path = format!("{}/commits", repo_path(&a.owner, &a.repo));
    let r = api::req(&ctx, Method::GET, &path)?
        .query_opt("sha", a.sha.as_deref())
        .query_opt("author", a.author.as_deref());
    let (page, per_page) = api::page_defaults(&ctx, a.page, a.per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let out = page_of(&resp, each(&v, api::commit));
    let page = page.map_or(1, Int::get);
    Ok(atlas::shaped(&ctx, out, |v| {
        atlas::commit_list(&a.owner, &a.repo, a.sha.as_deref(), page, v)
    }))
}

/// Get one commit: SHA, message, author, committer, dates, parents and URL; with
/// `include_diff` (default true) also its stats and changed files with their patches (cut at
/// 20 KB per file; `page`/`perPage` page through the files of large commits).
#[derive(Deserialize, JsonSchema)]
pub struct GetCommit {
    owner: String,
    repo: String,
    /// Commit SHA, branch name or tag name
    sha: String,
    /// Include the stats and changed files with their diffs (default true)
    include_diff: Option<bool>,
    /// Page of the changed files (from 1)
    page: Option<Int>,
    /// Changed files per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn get_commit(ctx: Ctx, a: GetCommit) -> Result<Output, ToolError> {
    let path = format!(
        "{}/commits/{}",
        repo_path(&a.owner, &a.repo),
        slash_path(&a.sha, "sha")?
    );
    let resp = paged(api::req(&ctx, Method::GET, &path)?, a.page, a.per_page)
        .send()
        .await?;
    let v: Value = resp.json()?;
    let mut out = api::commit(&v);
    if a.include_diff.unwrap_or(true) {
        out["stats"] = v["stats"].clone();
        out["files"] = each(&v["files"], api::pull_request_file);
        out["next_page"] = page_of(&resp, Value::Null)["next_page"].clone();
    }
    Ok(atlas::shaped(&ctx, out, atlas::commit))
}

/// List the branches of a repository: name, head commit SHA and whether it is protected.
/// Returns branches and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListBranches {
    #[serde(flatten)]
    l: RepoList,
}

fn branch(v: &Value) -> Value {
    pick(v, &["name", "sha=commit.sha", "protected"])
}

pub(super) async fn list_branches(ctx: Ctx, a: ListBranches) -> Result<Output, ToolError> {
    let (owner, repo) = (a.l.owner.clone(), a.l.repo.clone());
    let page = a.l.page.map_or(1, Int::get);
    let v = repo_list(&ctx, a.l, "branches", branch).await?;
    let listed = v["items"].as_array().is_some_and(|b| !b.is_empty());
    // The Smithery server marks the default branch, which takes one more request.
    let default = if atlas::on(&ctx) && listed {
        Some(api::default_branch(&ctx, &repo_path(&owner, &repo)).await?)
    } else {
        None
    };
    Ok(atlas::shaped(&ctx, v, |v| {
        atlas::branch_list(&owner, &repo, default.as_deref(), page, v)
    }))
}
