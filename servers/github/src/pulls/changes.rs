//! What a pull request changes: its files, its unified diff, and its head commit's status.

use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, each, repo_path};
use crate::atlas;

use super::{PullItems, PullRef, gate_pull, list_pull_items, pr_get, pull_path};

/// List the files a pull request changes: filename, status (added, modified, removed,
/// renamed...), additions, deletions and the unified diff patch (cut at 20 KB per file).
/// Returns files and `next_page` (GitHub lists at most 3000 files).
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestFiles {
    #[serde(flatten)]
    p: PullItems,
}

pub(super) async fn get_pull_request_files(
    ctx: Ctx,
    a: GetPullRequestFiles,
) -> Result<Output, ToolError> {
    let number = a.p.pull_number.get();
    let v = list_pull_items(&ctx, a.p, "files", api::pull_request_file).await?;
    Ok(atlas::shaped(&ctx, v, |v| atlas::pull_files(number, v)))
}

/// Get the combined commit status of a pull request's head commit: the overall state
/// (success, pending or failure) and each status context with its description and URL.
/// GitHub Actions report check runs, which this combined status does not include.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestStatus {
    owner: String,
    repo: String,
    #[serde(rename = "pullNumber")]
    pull_number: Int,
}

pub(super) async fn get_pull_request_status(
    ctx: Ctx,
    a: GetPullRequestStatus,
) -> Result<Output, ToolError> {
    let v = pr_status(&ctx, &a.owner, &a.repo, a.pull_number).await?;
    Ok(atlas::shaped(&ctx, v, atlas::pull_status))
}

pub(super) async fn pr_status(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    number: Int,
) -> Result<Value, ToolError> {
    let pr = pr_get(ctx, owner, repo, number).await?;
    let sha = pr["head"]["sha"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's pull request answer has no head SHA."))?;
    let path = format!(
        "{}/commits/{}/status",
        repo_path(owner, repo),
        mcp_shared::seg(sha)
    );
    let v: Value = api::req(ctx, Method::GET, &path)?.send_json().await?;
    Ok(json!({
        "pull_number": number,
        "head_sha": sha,
        "state": v["state"],
        "total_count": v["total_count"],
        "statuses": each(&v["statuses"], api::status),
    }))
}

/// The longest diff returned as text.
const MAX_DIFF_BYTES: usize = 200 * 1024;

/// Get the unified diff of a pull request (all files), as text. Large diffs are cut at 200 KB
/// with a marker saying how much was left out; github_get_pull_request_files pages through
/// the files instead.
#[derive(Deserialize, JsonSchema)]
pub struct GetPullRequestDiff {
    #[serde(flatten)]
    p: PullRef,
}

pub(super) async fn get_pull_request_diff(
    ctx: Ctx,
    a: GetPullRequestDiff,
) -> Result<Output, ToolError> {
    pr_diff(&ctx, &a.p).await
}

pub(super) async fn pr_diff(ctx: &Ctx, p: &PullRef) -> Result<Output, ToolError> {
    gate_pull(ctx, &p.owner, &p.repo, p.pull_number).await?;
    let resp = api::req(ctx, Method::GET, &pull_path(&p.owner, &p.repo, p.pull_number))?
        .header("accept", "application/vnd.github.diff")
        .send()
        .await
        .map_err(|e| match e.status {
            Some(406) => e.with_hint("the diff is too large for GitHub to render (over 20,000 lines or 1 MB): use github_get_pull_request_files to page through the files."),
            _ => e,
        })?;
    let (text, _) = mcp_shared::content::truncate(&resp.text(), MAX_DIFF_BYTES);
    Ok(Output::Text(text))
}
