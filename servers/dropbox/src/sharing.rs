//! Sharing (the `sharing` namespace): shared links, members of shared files and folders,
//! sharing and unsharing folders (async jobs polled to completion), shared folders and files
//! received, and checking sharing jobs.

use std::time::Instant;

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{
    Finish, check_once, complete, finish_job, items, limit, member, opt, path, read, tag,
    tag_chain, text, write,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_share_file",
            "Create shared link",
            Effect::Write,
            share_file,
        )
        .toolset("sharing"),
        tool(
            "dropbox_get_shared_links",
            "List shared links",
            Effect::Read,
            get_shared_links,
        )
        .toolset("sharing"),
        tool(
            "dropbox_add_file_member",
            "Add file member",
            Effect::Write,
            add_file_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_file_members",
            "List file members",
            Effect::Read,
            list_file_members,
        )
        .toolset("sharing"),
        tool(
            "dropbox_remove_file_member",
            "Remove file member",
            Effect::Destructive,
            remove_file_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_share_folder",
            "Share folder",
            Effect::Write,
            share_folder,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_folder_members",
            "List folder members",
            Effect::Read,
            list_folder_members,
        )
        .toolset("sharing"),
        tool(
            "dropbox_add_folder_member",
            "Add folder member",
            Effect::Write,
            add_folder_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_remove_folder_member",
            "Remove folder member",
            Effect::Destructive,
            remove_folder_member,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_shared_folders",
            "List shared folders",
            Effect::Read,
            list_shared_folders,
        )
        .toolset("sharing"),
        tool(
            "dropbox_unshare_file",
            "Unshare file",
            Effect::Destructive,
            unshare_file,
        )
        .toolset("sharing"),
        tool(
            "dropbox_unshare_folder",
            "Unshare folder",
            Effect::Destructive,
            unshare_folder,
        )
        .toolset("sharing"),
        tool(
            "dropbox_list_received_files",
            "List files shared with me",
            Effect::Read,
            list_received_files,
        )
        .toolset("sharing"),
        tool(
            "dropbox_check_job_status",
            "Check sharing job",
            Effect::Read,
            check_job_status,
        )
        .toolset("sharing"),
    ]
}

fn link(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "url",
            "name",
            "id",
            "path_lower",
            "expires",
            "size",
            "allow_download=link_permissions.allow_download",
        ],
    );
    if let (Some(o), Some(t)) = (out.as_object_mut(), tag(v)) {
        o.insert("type".into(), json!(t));
    }
    // `.tag` fields: read them directly (a dotted path cannot name `.tag`).
    let perm = v.get("link_permissions").unwrap_or(&Value::Null);
    for (key, field) in [
        ("visibility", "resolved_visibility"),
        ("audience", "effective_audience"),
        ("access", "link_access_level"),
    ] {
        if let (Some(o), Some(t)) = (out.as_object_mut(), perm.get(field).and_then(tag)) {
            o.insert(key.into(), json!(t));
        }
    }
    out
}

// Who may open the link (Dropbox's deprecated `requested_visibility`, still accepted).
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Visibility {
    Public,
    TeamOnly,
    Password,
}

// Who the link is for.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Public,
    Team,
    NoOne,
}

// What the link lets people do.
#[derive(Deserialize, JsonSchema, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LinkAccess {
    Viewer,
    Editor,
    Max,
    Default,
}

#[derive(Deserialize, JsonSchema, Serialize)]
pub struct LinkSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    requested_visibility: Option<Visibility>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audience: Option<Audience>,
    #[serde(skip_serializing_if = "Option::is_none")]
    access: Option<LinkAccess>,
    #[serde(skip_serializing_if = "Option::is_none")]
    require_password: Option<bool>,
    /// With require_password or visibility password
    #[serde(skip_serializing_if = "Option::is_none")]
    link_password: Option<String>,
    /// UTC time, e.g. 2026-12-31T23:59:59Z
    #[serde(skip_serializing_if = "Option::is_none")]
    expires: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    allow_download: Option<bool>,
}

/// Create a shared link to a file or folder. Returns the link's url, visibility and expiry.
/// If one exists, the error says so: read it with dropbox_get_shared_links.
#[derive(Deserialize, JsonSchema)]
pub struct ShareFile {
    /// Path or id:...
    path: String,
    /// Some settings need a paid plan
    settings: Option<LinkSettings>,
}

async fn share_file(ctx: Ctx, a: ShareFile) -> Result<Value, ToolError> {
    let mut body = json!({"path": path(&a.path, "path")?});
    if let Some(s) = &a.settings {
        let v = serde_json::to_value(s).unwrap_or(Value::Null);
        if v.as_object().is_some_and(|o| !o.is_empty()) {
            body["settings"] = v;
        }
    }
    let v = write(&ctx, "sharing/create_shared_link_with_settings", body).await?;
    Ok(link(&v))
}

/// List shared links: those of one file or folder (`path`), or all of the user's. Returns
/// `links`, `has_more` and `cursor` (pass it back with the same arguments).
#[derive(Deserialize, JsonSchema)]
pub struct GetSharedLinks {
    /// Path or id:...; omit for every link
    path: Option<String>,
    cursor: Option<String>,
}

async fn get_shared_links(ctx: Ctx, a: GetSharedLinks) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(p) = opt(&a.path) {
        body.insert("path".into(), json!(path(p, "path")?));
    }
    insert_opt(&mut body, "cursor", opt(&a.cursor));
    let body = if body.is_empty() {
        json!({})
    } else {
        Value::Object(body)
    };
    let v = read(&ctx, "sharing/list_shared_links", body).await?;
    let has_more = v.get("has_more").and_then(Value::as_bool).unwrap_or(false);
    Ok(json!({
        "links": items(&v, "links", link),
        "has_more": has_more,
        "cursor": if has_more { v.get("cursor").cloned().unwrap_or(Value::Null) } else { Value::Null },
    }))
}

// A member's access.
#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Access {
    Viewer,
    Editor,
    Owner,
    ViewerNoComment,
}

/// One person to add.
#[derive(Deserialize, JsonSchema)]
pub struct NewMember {
    /// Their email address (or give dropbox_id)
    email: Option<String>,
    /// A Dropbox account id, dbid:...
    dropbox_id: Option<String>,
    /// Default viewer
    access_level: Option<Access>,
}

fn selector(m: &NewMember, i: usize) -> Result<Value, ToolError> {
    match (opt(&m.email), opt(&m.dropbox_id)) {
        (Some(e), _) => Ok(json!({".tag": "email", "email": e})),
        (None, Some(id)) => Ok(json!({".tag": "dropbox_id", "dropbox_id": id})),
        (None, None) => Err(ToolError::invalid_input(format!(
            "`members[{i}]` needs `email` (or `dropbox_id`)"
        ))),
    }
}

fn members_of(list: &[NewMember]) -> Result<(), ToolError> {
    if list.is_empty() {
        return Err(ToolError::invalid_input(
            "`members` must name at least one person",
        ));
    }
    Ok(())
}

/// One member's outcome.
fn member_result(r: &Value) -> Value {
    let who = r.get("member").unwrap_or(&Value::Null);
    let name = who
        .get("email")
        .or_else(|| who.get("dropbox_id"))
        .cloned()
        .unwrap_or(Value::Null);
    let res = r.get("result").unwrap_or(&Value::Null);
    match tag(res) {
        Some("success") => json!({
            "member": name,
            "status": "success",
            "access_level": res.get("success").and_then(tag),
        }),
        _ => json!({
            "member": name,
            "status": "error",
            "error": tag_chain(res.get("member_error").unwrap_or(res)),
        }),
    }
}

/// Share a file with people (invited by email, access viewer or editor; one access level per
/// call). Returns each member's outcome.
#[derive(Deserialize, JsonSchema)]
pub struct AddFileMember {
    /// Path or id:... of the file
    file: String,
    members: Vec<NewMember>,
    /// Do not email them
    #[schemars(extend("default" = false))]
    quiet: Option<bool>,
    custom_message: Option<String>,
}

async fn add_file_member(ctx: Ctx, a: AddFileMember) -> Result<Value, ToolError> {
    members_of(&a.members)?;
    let file = path(&a.file, "file")?;
    let selectors = a
        .members
        .iter()
        .enumerate()
        .map(|(i, m)| selector(m, i))
        .collect::<Result<Vec<_>, _>>()?;
    let levels: Vec<Access> = a.members.iter().filter_map(|m| m.access_level).collect();
    let level = levels.first().copied().unwrap_or(Access::Viewer);
    if levels.iter().any(|l| *l != level) {
        return Err(ToolError::invalid_input(
            "Dropbox takes one access_level per call for file members: call once per access level",
        ));
    }
    if matches!(level, Access::Owner) {
        return Err(ToolError::invalid_input(
            "a file member can be a viewer or an editor, not an owner",
        ));
    }
    let mut body = Map::new();
    body.insert("file".into(), json!(file));
    body.insert("members".into(), json!(selectors));
    insert_opt(&mut body, "custom_message", opt(&a.custom_message));
    insert_opt(&mut body, "quiet", a.quiet);
    body.insert("access_level".into(), json!(level));
    let v = write(&ctx, "sharing/add_file_member", Value::Object(body)).await?;
    Ok(
        json!({"results": v.as_array().map(|a| a.iter().map(member_result).collect::<Vec<_>>()).unwrap_or_default()}),
    )
}

fn user(u: &Value) -> Value {
    let mut out = pick(
        u,
        &[
            "account_id=user.account_id",
            "email=user.email",
            "display_name=user.display_name",
            "invitee_email=invitee.email",
            "group_name=group.group_name",
            "group_id=group.group_id",
            "is_inherited",
        ],
    );
    if let (Some(o), Some(t)) = (out.as_object_mut(), u.get("access_type").and_then(tag)) {
        o.insert("access_type".into(), json!(t));
    }
    out
}

fn members_page(v: &Value) -> Value {
    json!({
        "users": items(v, "users", user),
        "groups": items(v, "groups", user),
        "invitees": items(v, "invitees", user),
        "cursor": v.get("cursor").cloned().unwrap_or(Value::Null),
    })
}

/// Members of a shared file: users, groups and invitees with their access. Returns a
/// `cursor` while more remain (pass it back as `cursor`).
#[derive(Deserialize, JsonSchema)]
pub struct ListFileMembers {
    /// Path or id:... of the file (ignored with cursor)
    file: String,
    /// Include members who have access through a parent folder
    #[schemars(extend("default" = true))]
    include_inherited: Option<bool>,
    /// 1-300
    #[schemars(extend("default" = 100))]
    limit: Option<Int>,
    cursor: Option<String>,
}

async fn list_file_members(ctx: Ctx, a: ListFileMembers) -> Result<Value, ToolError> {
    if let Some(c) = opt(&a.cursor) {
        let v = read(
            &ctx,
            "sharing/list_file_members/continue",
            json!({"cursor": c}),
        )
        .await?;
        return Ok(members_page(&v));
    }
    let mut body = Map::new();
    body.insert("file".into(), json!(path(&a.file, "file")?));
    insert_opt(&mut body, "include_inherited", a.include_inherited);
    if a.limit.is_some() {
        body.insert("limit".into(), json!(limit(a.limit, 100, 300)?));
    }
    let v = read(&ctx, "sharing/list_file_members", Value::Object(body)).await?;
    Ok(members_page(&v))
}

/// Remove a person's access to a shared file. Returns the access they keep through a parent
/// folder, if any.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveFileMember {
    /// Path or id:... of the file
    file: String,
    /// Their email address or dbid:... account id
    member: String,
}

async fn remove_file_member(ctx: Ctx, a: RemoveFileMember) -> Result<Value, ToolError> {
    let body = json!({"file": path(&a.file, "file")?, "member": member(&a.member, "member")?});
    let v = write(&ctx, "sharing/remove_file_member_2", body).await?;
    if tag(&v) == Some("member_error") {
        let why = tag_chain(v.get("member_error").unwrap_or(&Value::Null));
        return Err(ToolError::new(
            mcp_shared::ErrorKind::Upstream,
            format!("Dropbox could not remove the member: {why}"),
        )
        .with_code(why));
    }
    // `success` is a MemberAccessLevelResult, inline: the access the member still has
    // through a parent folder, if any.
    let mut out = json!({"status": "removed", "member": a.member.trim()});
    if let Some(level) = v.get("access_level").and_then(tag) {
        out["remaining_access"] = json!(level);
    }
    if let Some(w) = v.get("warning").and_then(Value::as_str) {
        out["warning"] = json!(w);
    }
    Ok(out)
}

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

fn shared_folder_done(v: &Value) -> Value {
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

async fn share_folder(ctx: Ctx, a: ShareFolder) -> Result<Value, ToolError> {
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

async fn list_folder_members(ctx: Ctx, a: ListFolderMembers) -> Result<Value, ToolError> {
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

async fn add_folder_member(ctx: Ctx, a: AddFolderMember) -> Result<Value, ToolError> {
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

async fn remove_folder_member(ctx: Ctx, a: RemoveFolderMember) -> Result<Value, ToolError> {
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

fn entries_page(v: &Value, item: fn(&Value) -> Value) -> Value {
    json!({
        "entries": items(v, "entries", item),
        "cursor": v.get("cursor").cloned().unwrap_or(Value::Null),
    })
}

async fn list_shared_folders(ctx: Ctx, a: ListSharedFolders) -> Result<Value, ToolError> {
    let v = match opt(&a.cursor) {
        Some(c) => read(&ctx, "sharing/list_folders/continue", json!({"cursor": c})).await?,
        None => {
            let n = limit(a.limit, 100, 1000)?;
            read(&ctx, "sharing/list_folders", json!({"limit": n})).await?
        }
    };
    Ok(entries_page(&v, shared_folder))
}

/// Remove all members of a shared file (members through a parent folder keep access).
#[derive(Deserialize, JsonSchema)]
pub struct UnshareFile {
    /// Path or id:... of the file
    file: String,
}

async fn unshare_file(ctx: Ctx, a: UnshareFile) -> Result<Value, ToolError> {
    let file = path(&a.file, "file")?;
    write(&ctx, "sharing/unshare_file", json!({"file": file})).await?;
    Ok(json!({"status": "unshared", "file": file}))
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

async fn unshare_folder(ctx: Ctx, a: UnshareFolder) -> Result<Value, ToolError> {
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

fn shared_file(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "id",
            "name",
            "path_display",
            "preview_url",
            "time_invited",
            "owner_display_names",
        ],
    );
    if let (Some(o), Some(t)) = (out.as_object_mut(), v.get("access_type").and_then(tag)) {
        o.insert("access_type".into(), json!(t));
    }
    out
}

/// Files others shared with the user: id, name, access, preview URL. Returns `cursor` while
/// more remain.
#[derive(Deserialize, JsonSchema)]
pub struct ListReceivedFiles {
    /// 1-300
    #[schemars(extend("default" = 100))]
    limit: Option<Int>,
    cursor: Option<String>,
}

async fn list_received_files(ctx: Ctx, a: ListReceivedFiles) -> Result<Value, ToolError> {
    let v = match opt(&a.cursor) {
        Some(c) => {
            read(
                &ctx,
                "sharing/list_received_files/continue",
                json!({"cursor": c}),
            )
            .await?
        }
        None => {
            let n = limit(a.limit, 100, 300)?;
            read(&ctx, "sharing/list_received_files", json!({"limit": n})).await?
        }
    };
    Ok(entries_page(&v, shared_file))
}

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

async fn check_job_status(ctx: Ctx, a: CheckJobStatus) -> Result<Value, ToolError> {
    let (route, done): (&str, Finish) = match a.job_type.unwrap_or(JobType::Job) {
        JobType::Job => ("sharing/check_job_status", complete),
        JobType::Share => ("sharing/check_share_job_status", shared_folder_done),
        JobType::RemoveMember => ("sharing/check_remove_member_job_status", complete),
    };
    check_once(&ctx, route, &a.async_job_id, done).await
}
