//! Shared files: their members, unsharing, and the files others shared with the user.

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Int, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::entries_page;
use super::members::{Access, NewMember, member_result, members_of, members_page, selector};
use crate::api::{limit, member, opt, path, read, tag, tag_chain, write};

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

pub(super) async fn add_file_member(ctx: Ctx, a: AddFileMember) -> Result<Value, ToolError> {
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

pub(super) async fn list_file_members(ctx: Ctx, a: ListFileMembers) -> Result<Value, ToolError> {
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

pub(super) async fn remove_file_member(ctx: Ctx, a: RemoveFileMember) -> Result<Value, ToolError> {
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

/// Remove all members of a shared file (members through a parent folder keep access).
#[derive(Deserialize, JsonSchema)]
pub struct UnshareFile {
    /// Path or id:... of the file
    file: String,
}

pub(super) async fn unshare_file(ctx: Ctx, a: UnshareFile) -> Result<Value, ToolError> {
    let file = path(&a.file, "file")?;
    write(&ctx, "sharing/unshare_file", json!({"file": file})).await?;
    Ok(json!({"status": "unshared", "file": file}))
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

pub(super) async fn list_received_files(
    ctx: Ctx,
    a: ListReceivedFiles,
) -> Result<Value, ToolError> {
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
