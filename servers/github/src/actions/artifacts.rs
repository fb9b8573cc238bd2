//! Artifacts of workflow runs: list them, and the pre-signed URL of one's zip archive.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Int, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{ListOf, PRESIGNED_NOTE, actions_path, get_json, list_under, presigned};

fn artifact(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "name",
            "size_in_bytes",
            "expired",
            "digest",
            "created_at",
            "expires_at",
            "archive_download_url",
            "run_id=workflow_run.id",
            "head_branch=workflow_run.head_branch",
            "head_sha=workflow_run.head_sha",
        ],
    )
}

pub(super) async fn artifacts_page(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    run_id: u64,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("runs/{run_id}/artifacts"));
    list_under(
        ctx,
        &path,
        &[],
        page,
        per_page,
        ListOf {
            key: "artifacts",
            shape: artifact,
            what: "workflow run",
        },
    )
    .await
}

pub(super) async fn artifact_download(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    artifact_id: u64,
) -> Result<Value, ToolError> {
    let path = actions_path(owner, repo, &format!("artifacts/{artifact_id}"));
    let v = get_json(ctx, &path, "artifact").await?;
    let mut o = artifact(&v);
    let expired = "This artifact has expired: GitHub no longer has its archive.";
    if v.get("expired").and_then(Value::as_bool) == Some(true) {
        o["download_url"] = Value::Null;
        o["note"] = json!(expired);
        return Ok(o);
    }
    match presigned(ctx, &format!("{path}/zip"), "artifact").await? {
        Some(url) => {
            o["download_url"] = json!(url);
            o["note"] = json!(format!(
                "download_url is the zip archive's address: {PRESIGNED_NOTE} This tool does not download the archive."
            ));
        }
        None => {
            o["download_url"] = Value::Null;
            o["note"] = json!(expired);
        }
    }
    Ok(o)
}

/// List the artifacts of a workflow run: id, name, size, expired, dates, digest and
/// `archive_download_url`. Returns `items`, `total_count` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWorkflowRunArtifacts {
    owner: String,
    repo: String,
    run_id: Int,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

pub(super) async fn list_workflow_run_artifacts(
    ctx: Ctx,
    a: ListWorkflowRunArtifacts,
) -> Result<Value, ToolError> {
    artifacts_page(&ctx, &a.owner, &a.repo, a.run_id.get(), a.page, a.per_page).await
}

/// Get where to download a workflow run artifact: its metadata (name, size, expired, digest,
/// run, dates) and `download_url`, the zip archive's pre-signed URL (valid for about a minute,
/// no token needed). The archive itself is not downloaded.
#[derive(Deserialize, JsonSchema)]
pub struct DownloadWorkflowRunArtifact {
    owner: String,
    repo: String,
    /// The unique identifier of the artifact
    artifact_id: Int,
}

pub(super) async fn download_workflow_run_artifact(
    ctx: Ctx,
    a: DownloadWorkflowRunArtifact,
) -> Result<Value, ToolError> {
    artifact_download(&ctx, &a.owner, &a.repo, a.artifact_id.get()).await
}
