//! Shared folders: sharing and unsharing a folder, its members, and the folders the user is
//! in.

use std::time::Instant;

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Int, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::entries_page;
use super::members::{Access, NewMember, members_of, members_page, selector};
use crate::api::{complete, finish_job, limit, member, opt, path, read, tag, text, write};

fn shared_folder(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "shared_folder_id",
            "name",
            "path_display",
            "path_lower",
            "preview_url",
            "time_invited",
            "is_team_folder",
            "is_inside_team_folder",
        ],
    );
    if let Some(o) = out.as_object_mut() {
        if let Some(t) = v.get("access_type").and_then(tag) {
            o.insert("access_type".into(), json!(t));
        }
        if let Some(t) = v.pointer("/policy/member_policy").and_then(tag) {
            o.insert("member_policy".into(), json!(t));
        }
        if let Some(t) = v.pointer("/policy/acl_update_policy").and_then(tag) {
            o.insert("acl_update_policy".into(), json!(t));
        }
        if let Some(t) = v.pointer("/policy/shared_link_policy").and_then(tag) {
            o.insert("shared_link_policy".into(), json!(t));
        }
        if let Some(t) = v.get("access_inheritance").and_then(tag) {
            o.insert("access_inheritance".into(), json!(t));
        }
    }
    out
}

pub(super) fn shared_folder_done(v: &Value) -> Value {
    let mut out = shared_folder(v);
    if let Some(o) = out.as_object_mut() {
        o.insert("status".into(), json!("complete"));
    }
    out
}

// Who can be a member of the folder.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MemberPolicy {
    Team,
    Anyone,
}

// Who can add and remove members.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AclPolicy {
    Owner,
    Editors,
}

// Who can open the folder's shared links.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkPolicy {
    Anyone,
    Members,
}

// Whether members of parent folders keep access.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Inheritance {
    Inherit,
    NoInherit,
}

/// Turn a folder into a shared folder (policies: team-only settings need a team account).
/// Waits for the job (with progress); returns the shared folder with its shared_folder_id,
/// or the async_job_id for dropbox_check_job_status (job_type share) if still running.
#[derive(Deserialize, JsonSchema)]
pub struct ShareFolder {
    /// Path or id:... of the folder
    path: String,
    #[schemars(extend("default" = "anyone"))]
    member_policy: Option<MemberPolicy>,
    #[schemars(extend("default" = "owner"))]
    acl_update_policy: Option<AclPolicy>,
    #[schemars(extend("default" = "anyone"))]
    shared_link_policy: Option<LinkPolicy>,
    /// Always run as an async job
    #[schemars(extend("default" = false))]
    force_async: Option<bool>,
    #[schemars(extend("default" = "inherit"))]
    access_inheritance: Option<Inheritance>,
}

pub(super) async fn share_folder(ctx: Ctx, a: ShareFolder) -> Result<Value, ToolError> {
    let started = Instant::now();
    let mut body = Map::new();
    body.insert("path".into(), json!(path(&a.path, "path")?));
    insert_opt(&mut body, "member_policy", a.member_policy);
    insert_opt(&mut body, "acl_update_policy", a.acl_update_policy);
    insert_opt(&mut body, "shared_link_policy", a.shared_link_policy);
    insert_opt(&mut body, "force_async", a.force_async);
    insert_opt(&mut body, "access_inheritance", a.access_inheritance);
    let launched = write(&ctx, "sharing/share_folder", Value::Object(body)).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "sharing/check_share_job_status",
        "dropbox_check_job_status",
        shared_folder_done,
    )
    .await
}

/// Members of a shared folder: users, groups and invitees with their access. Returns a
/// `cursor` while more remain (pass it back with the same shared_folder_id).
#[derive(Deserialize, JsonSchema)]
pub struct ListFolderMembers {
    shared_folder_id: String,
    /// 1-1000
    #[schemars(extend("default" = 100))]
    limit: Option<Int>,
    cursor: Option<String>,
}

pub(super) async fn list_folder_members(
    ctx: Ctx,
    a: ListFolderMembers,
) -> Result<Value, ToolError> {
    let id = text(&a.shared_folder_id, "shared_folder_id")?;
    if let Some(c) = opt(&a.cursor) {
        let v = read(
            &ctx,
            "sharing/list_folder_members/continue",
            json!({"cursor": c}),
        )
        .await?;
        return Ok(members_page(&v));
    }
    let n = limit(a.limit, 100, 1000)?;
    let v = read(
        &ctx,
        "sharing/list_folder_members",
        json!({"shared_folder_id": id, "limit": n}),
    )
    .await?;
    Ok(members_page(&v))
}

/// Invite people to a shared folder, each with an access level (default viewer).
#[derive(Deserialize, JsonSchema)]
pub struct AddFolderMember {
    shared_folder_id: String,
    members: Vec<NewMember>,
    /// Do not email them
    #[schemars(extend("default" = false))]
    quiet: Option<bool>,
    custom_message: Option<String>,
}

pub(super) async fn add_folder_member(ctx: Ctx, a: AddFolderMember) -> Result<Value, ToolError> {
    let id = text(&a.shared_folder_id, "shared_folder_id")?;
    members_of(&a.members)?;
    let members = a
        .members
        .iter()
        .enumerate()
        .map(|(i, m)| {
            Ok(json!({
                "member": selector(m, i)?,
                "access_level": m.access_level.unwrap_or(Access::Viewer),
            }))
        })
        .collect::<Result<Vec<_>, ToolError>>()?;
    let mut body = Map::new();
    body.insert("shared_folder_id".into(), json!(id));
    body.insert("members".into(), json!(members));
    insert_opt(&mut body, "quiet", a.quiet);
    insert_opt(&mut body, "custom_message", opt(&a.custom_message));
    write(&ctx, "sharing/add_folder_member", Value::Object(body)).await?;
    Ok(json!({"status": "invited", "shared_folder_id": id, "members": members.len()}))
}

/// Remove a member from a shared folder. Waits for the job (with progress); returns its
/// outcome, or the async_job_id for dropbox_check_job_status (job_type remove_member).
#[derive(Deserialize, JsonSchema)]
pub struct RemoveFolderMember {
    shared_folder_id: String,
    /// Their email address or dbid:... account id
    member: String,
    /// Let them keep a copy of the folder (must be false for groups and team folders)
    leave_a_copy: bool,
}

pub(super) async fn remove_folder_member(
    ctx: Ctx,
    a: RemoveFolderMember,
) -> Result<Value, ToolError> {
    let started = Instant::now();
    let id = text(&a.shared_folder_id, "shared_folder_id")?;
    let body = json!({
        "shared_folder_id": id,
        "member": member(&a.member, "member")?,
        "leave_a_copy": a.leave_a_copy,
    });
    let launched = write(&ctx, "sharing/remove_folder_member", body).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "sharing/check_remove_member_job_status",
        "dropbox_check_job_status",
        complete,
    )
    .await
}

/// Shared folders the user is a member of: id, name, path, access. Returns `cursor` while
/// more remain.
#[derive(Deserialize, JsonSchema)]
pub struct ListSharedFolders {
    /// 1-1000
    #[schemars(extend("default" = 100))]
    limit: Option<Int>,
    cursor: Option<String>,
}

pub(super) async fn list_shared_folders(
    ctx: Ctx,
    a: ListSharedFolders,
) -> Result<Value, ToolError> {
    let v = match opt(&a.cursor) {
        Some(c) => read(&ctx, "sharing/list_folders/continue", json!({"cursor": c})).await?,
        None => {
            let n = limit(a.limit, 100, 1000)?;
            read(&ctx, "sharing/list_folders", json!({"limit": n})).await?
        }
    };
    Ok(entries_page(&v, shared_folder))
}

/// Stop sharing a folder (owner only). Waits for the job (with progress); if still running,
/// returns the async_job_id for dropbox_check_job_status.
#[derive(Deserialize, JsonSchema)]
pub struct UnshareFolder {
    shared_folder_id: String,
    /// Let members keep a copy of the folder
    #[schemars(extend("default" = false))]
    leave_a_copy: Option<bool>,
}

pub(super) async fn unshare_folder(ctx: Ctx, a: UnshareFolder) -> Result<Value, ToolError> {
    let started = Instant::now();
    let id = text(&a.shared_folder_id, "shared_folder_id")?;
    let mut body = json!({"shared_folder_id": id});
    if let Some(l) = a.leave_a_copy {
        body["leave_a_copy"] = json!(l);
    }
    let launched = write(&ctx, "sharing/unshare_folder", body).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "sharing/check_job_status",
        "dropbox_check_job_status",
        complete,
    )
    .await
}
