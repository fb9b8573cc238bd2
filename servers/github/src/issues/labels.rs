//! Labels of an issue, one label of a repository, and an organization's issue types.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, each, repo_path};

use super::{IssueRef, issue_items};

/// List the labels of an issue or pull request: name, color, description. Returns labels
/// and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListIssueLabels {
    #[serde(flatten)]
    n: IssueRef,
}

pub(super) async fn list_issue_labels(ctx: Ctx, a: ListIssueLabels) -> Result<Value, ToolError> {
    issue_items(&ctx, &a.n, "labels", api::label).await
}

/// Get one label of a repository by name: name, color, description and id.
#[derive(Deserialize, JsonSchema)]
pub struct GetLabel {
    owner: String,
    repo: String,
    /// Label name
    name: String,
}

pub(super) async fn get_label(ctx: Ctx, a: GetLabel) -> Result<Value, ToolError> {
    let path = format!(
        "{}/labels/{}",
        repo_path(&a.owner, &a.repo),
        mcp_shared::seg(&a.name)
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(api::label(&v))
}

/// List the issue types of an organization (e.g. Bug, Feature, Task): name, description,
/// color and whether each is enabled. Use a type's name as `type` when creating or updating
/// issues in the organization's repositories.
#[derive(Deserialize, JsonSchema)]
pub struct ListIssueTypes {
    owner: String,
}

pub(super) async fn list_issue_types(ctx: Ctx, a: ListIssueTypes) -> Result<Value, ToolError> {
    let path = format!("/orgs/{}/issue-types", mcp_shared::seg(&a.owner));
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(404) => e.with_hint(
                "issue types exist only for organizations that have set them up; a user account has none.",
            ),
            _ => e,
        })?;
    Ok(json!({
        "owner": a.owner,
        "types": each(&v, |t| pick(t, &["id", "name", "description", "color", "is_enabled"])),
    }))
}
