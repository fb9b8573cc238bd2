//! Checking a sharing job.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::folders::shared_folder_done;
use crate::api::{Finish, check_once, complete};

// The kind of sharing job: unshare and other jobs (job), share_folder (share),
// remove_folder_member (remove_member).
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum JobType {
    Job,
    Share,
    RemoveMember,
}

/// Check a sharing job once: `complete` (for share jobs, the shared folder), `in_progress`,
/// or an error naming why it failed.
#[derive(Deserialize, JsonSchema)]
pub struct CheckJobStatus {
    async_job_id: String,
    #[schemars(extend("default" = "job"))]
    job_type: Option<JobType>,
}

pub(super) async fn check_job_status(ctx: Ctx, a: CheckJobStatus) -> Result<Value, ToolError> {
    let (route, done): (&str, Finish) = match a.job_type.unwrap_or(JobType::Job) {
        JobType::Job => ("sharing/check_job_status", complete),
        JobType::Share => ("sharing/check_share_job_status", shared_folder_done),
        JobType::RemoveMember => ("sharing/check_remove_member_job_status", complete),
    };
    check_once(&ctx, route, &a.async_job_id, done).await
}
