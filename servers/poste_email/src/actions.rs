//! Changing messages: delete, move and flag one or several emails, by their UIDs (checked
//! against the folder's UIDVALIDITY).

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::imap::{self, Imap, MsgId};
use crate::messages::inbox;

pub fn tools() -> Vec<ToolDef> {
    vec![
        crate::listed(tool(
            "delete_email",
            "Delete email",
            Effect::Destructive,
            delete_email,
        )),
        crate::listed(tool("move_email", "Move email", Effect::Write, move_email)),
        crate::listed(tool(
            "mark_emails",
            "Mark emails",
            Effect::IdempotentWrite,
            mark_emails,
        )),
        crate::listed(tool(
            "move_emails",
            "Move emails",
            Effect::Write,
            move_emails,
        )),
        crate::listed(tool(
            "delete_emails",
            "Delete emails",
            Effect::Destructive,
            delete_emails,
        )),
    ]
}

fn ids(arg: &str, list: &[String], folder: &str) -> Result<Vec<MsgId>, ToolError> {
    if list.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` is empty: give at least one email id."
        )));
    }
    if list.len() > 1000 {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` holds more than 1000 ids; split the call."
        )));
    }
    list.iter().map(|i| MsgId::parse(arg, i, folder)).collect()
}

/// The ids of `ids` that the selected folder holds.
async fn existing(s: &mut Imap, ids: &[MsgId]) -> Result<Vec<u32>, ToolError> {
    let set = imap::uid_set(&ids.iter().map(|i| i.uid).collect::<Vec<_>>());
    let found = imap::search(s, &format!("UID {set}")).await?;
    if let Some(missing) = ids.iter().find(|i| !found.contains(&i.uid)) {
        return Err(imap::not_found(missing));
    }
    Ok(ids.iter().map(|i| i.uid).collect())
}

async fn delete(ctx: &Ctx, ids: Vec<MsgId>) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(ctx).await?;
    let out = async {
        let (folder, _) = imap::select_for(&mut s, &ids, true).await?;
        let uids = existing(&mut s, &ids).await?;
        let set = imap::uid_set(&uids);
        imap::expunge(
            &mut s,
            &set,
            "mark the emails deleted",
            "expunge the emails",
        )
        .await?;
        Ok((folder, uids.len()))
    }
    .await;
    let (folder, n) = imap::finish(ctx, &acct, s, out).await?;
    Ok(if n == 1 {
        format!(
            "Email {} deleted from {folder}.",
            ids.first().map(MsgId::render).unwrap_or_default()
        )
    } else {
        format!("{n} emails deleted from {folder}.")
    })
}

async fn relocate(ctx: &Ctx, ids: Vec<MsgId>, target: &str) -> Result<String, ToolError> {
    if target.trim().is_empty() {
        return Err(ToolError::invalid_input("`target_folder` is empty."));
    }
    let (mut s, acct) = imap::session(ctx).await?;
    let out = async {
        // The target must exist: a clear error instead of the server's TRYCREATE.
        imap::select(&mut s, target, false).await?;
        let (folder, _) = imap::select_for(&mut s, &ids, true).await?;
        let uids = existing(&mut s, &ids).await?;
        let set = imap::uid_set(&uids);
        let q = imap::quote(target);
        if imap::command(&mut s, "move the emails", &format!("UID MOVE {set} {q}"))
            .await
            .is_err()
        {
            // Servers without MOVE: copy, then delete the originals.
            imap::command(&mut s, "copy the emails", &format!("UID COPY {set} {q}")).await?;
            imap::expunge(
                &mut s,
                &set,
                "mark the originals deleted",
                "expunge the originals",
            )
            .await?;
        }
        Ok((folder, uids.len()))
    }
    .await;
    let (folder, n) = imap::finish(ctx, &acct, s, out).await?;
    Ok(format!("{n} email(s) moved from {folder} to {target}."))
}

/// Delete an email for good (flagged \Deleted and expunged from its folder).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteEmail {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in `folder`
    email_id: String,
    /// The folder of a bare UID (default INBOX; an ID as listed names its own folder)
    #[serde(default = "inbox")]
    folder: String,
}

async fn delete_email(ctx: Ctx, a: DeleteEmail) -> Result<String, ToolError> {
    delete(
        &ctx,
        vec![MsgId::parse("email_id", &a.email_id, &a.folder)?],
    )
    .await
}

/// Delete several emails of one folder for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteEmails {
    /// The emails' IDs as listed (FOLDER:UIDVALIDITY:UID), or UIDs in `folder`
    email_ids: Vec<String>,
    /// The folder of bare UIDs (default INBOX)
    #[serde(default = "inbox")]
    folder: String,
}

async fn delete_emails(ctx: Ctx, a: DeleteEmails) -> Result<String, ToolError> {
    delete(&ctx, ids("email_ids", &a.email_ids, &a.folder)?).await
}

/// Move an email to another folder (which must exist). The email gets a new ID there.
#[derive(Deserialize, JsonSchema)]
pub struct MoveEmail {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in `source_folder`
    email_id: String,
    /// The folder to move it to
    target_folder: String,
    /// The folder of a bare UID (default INBOX; an ID as listed names its own folder)
    #[serde(default = "inbox")]
    source_folder: String,
}

async fn move_email(ctx: Ctx, a: MoveEmail) -> Result<String, ToolError> {
    let id = MsgId::parse("email_id", &a.email_id, &a.source_folder)?;
    relocate(&ctx, vec![id], &a.target_folder).await
}

/// Move several emails of one folder to another folder (which must exist).
#[derive(Deserialize, JsonSchema)]
pub struct MoveEmails {
    /// The emails' IDs as listed (FOLDER:UIDVALIDITY:UID), or UIDs in `source_folder`
    email_ids: Vec<String>,
    /// The folder to move them to
    target_folder: String,
    /// The folder of bare UIDs (default INBOX)
    #[serde(default = "inbox")]
    source_folder: String,
}

async fn move_emails(ctx: Ctx, a: MoveEmails) -> Result<String, ToolError> {
    relocate(
        &ctx,
        ids("email_ids", &a.email_ids, &a.source_folder)?,
        &a.target_folder,
    )
    .await
}

/// Mark emails read, unread, important (flagged) or not important.
#[derive(Deserialize, JsonSchema)]
pub struct MarkEmails {
    /// The emails' IDs as listed (FOLDER:UIDVALIDITY:UID), or UIDs in `folder`
    email_ids: Vec<String>,
    /// One of read, unread, important, not_important
    status: String,
    /// The folder of bare UIDs (default INBOX)
    #[serde(default = "inbox")]
    folder: String,
}

async fn mark_emails(ctx: Ctx, a: MarkEmails) -> Result<String, ToolError> {
    let store = match a.status.trim().to_ascii_lowercase().as_str() {
        "read" => "+FLAGS.SILENT (\\Seen)",
        "unread" => "-FLAGS.SILENT (\\Seen)",
        "important" | "flagged" => "+FLAGS.SILENT (\\Flagged)",
        "not_important" | "unflagged" => "-FLAGS.SILENT (\\Flagged)",
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`status` must be read, unread, important or not_important, not `{}`.",
                a.status.chars().take(40).collect::<String>()
            )));
        }
    };
    let ids = ids("email_ids", &a.email_ids, &a.folder)?;
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        imap::select_for(&mut s, &ids, true).await?;
        let uids = existing(&mut s, &ids).await?;
        imap::command(
            &mut s,
            "flag the emails",
            &format!("UID STORE {} {store}", imap::uid_set(&uids)),
        )
        .await?;
        Ok(uids.len())
    }
    .await;
    let n = imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!(
        "{n} email(s) marked as {}.",
        a.status.trim().to_ascii_lowercase()
    ))
}
