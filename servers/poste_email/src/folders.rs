//! Folders and the account: list, create and delete folders, counts per folder, and a check
//! that the IMAP and SMTP servers accept the account.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::account::{Mail, Security};
use crate::imap::{self, Imap};

pub fn tools() -> Vec<ToolDef> {
    vec![
        crate::listed(tool(
            "get_folders",
            "List folders",
            Effect::Read,
            get_folders,
        )),
        crate::listed(tool(
            "create_folder",
            "Create folder",
            Effect::Write,
            create_folder,
        )),
        crate::listed(tool(
            "delete_folder",
            "Delete folder",
            Effect::Destructive,
            delete_folder,
        )),
        crate::listed(tool(
            "get_mailbox_stats",
            "Mailbox statistics",
            Effect::Read,
            get_mailbox_stats,
        )),
        crate::listed(tool(
            "get_unread_count",
            "Unread count",
            Effect::Read,
            get_unread_count,
        )),
        crate::listed(tool(
            "check_connection",
            "Check connection",
            Effect::Read,
            check_connection,
        )),
    ]
}

/// List the mailbox's folders, one per line, with their special use (Drafts, Sent, Trash...).
#[derive(Deserialize, JsonSchema)]
pub struct GetFolders {}

async fn get_folders(ctx: Ctx, _: GetFolders) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = imap::folders(&mut s).await;
    let all = imap::finish(&ctx, &acct, s, out).await?;
    let mut text = format!("Folders ({}):\n", all.len());
    for (name, attrs) in all {
        let special: Vec<&str> = [
            "Drafts", "Sent", "Trash", "Junk", "Archive", "Flagged", "All",
        ]
        .into_iter()
        .filter(|w| attrs.iter().any(|a| a.contains(w)))
        .collect();
        if special.is_empty() {
            text.push_str(&format!("- {name}\n"));
        } else {
            text.push_str(&format!("- {name} ({})\n", special.join(", ")));
        }
    }
    Ok(text)
}

/// Create a folder (use the server's separator, often `/` or `.`, for a subfolder).
#[derive(Deserialize, JsonSchema)]
pub struct CreateFolder {
    /// The new folder's name
    folder_name: String,
}

/// `folder_name` trimmed; refused when blank.
fn folder_name(name: &str) -> Result<String, ToolError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`folder_name` is empty."));
    }
    Ok(name.to_owned())
}

/// The folder an optional `folder_name` names, if any (a blank one names none).
fn named(name: Option<&str>) -> Option<&str> {
    name.map(str::trim).filter(|f| !f.is_empty())
}

async fn create_folder(ctx: Ctx, a: CreateFolder) -> Result<String, ToolError> {
    let name = folder_name(&a.folder_name)?;
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = imap::command(
        &mut s,
        &format!("create folder `{name}`"),
        &format!("CREATE {}", imap::quote(&name)),
    )
    .await;
    imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!("Folder '{name}' created successfully"))
}

/// Delete a folder and every email in it.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteFolder {
    /// The folder to delete
    folder_name: String,
}

async fn delete_folder(ctx: Ctx, a: DeleteFolder) -> Result<String, ToolError> {
    let name = folder_name(&a.folder_name)?;
    if name.eq_ignore_ascii_case("INBOX") {
        return Err(ToolError::invalid_input("INBOX cannot be deleted."));
    }
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        // A clear "no such folder" first.
        imap::select(&mut s, &name, false).await?;
        imap::command(&mut s, "leave the folder", "CLOSE").await?;
        imap::command(
            &mut s,
            &format!("delete folder `{name}`"),
            &format!("DELETE {}", imap::quote(&name)),
        )
        .await
    }
    .await;
    imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!("Folder '{name}' deleted successfully"))
}

/// (messages, unread, recent) of a folder.
async fn counts(s: &mut Imap, folder: &str) -> Result<(u32, u32, u32), ToolError> {
    let mb = imap::select(s, folder, false).await?;
    let unseen = imap::search(s, "UNSEEN").await?.len();
    Ok((
        mb.exists,
        u32::try_from(unseen).unwrap_or(u32::MAX),
        mb.recent,
    ))
}

async fn selectable(s: &mut Imap) -> Result<Vec<String>, ToolError> {
    Ok(imap::folders(s)
        .await?
        .into_iter()
        .filter(|(_, attrs)| !attrs.iter().any(|a| a.contains("NoSelect")))
        .map(|(n, _)| n)
        .collect())
}

/// Counts of a folder (total, unread, recent), or of every folder with a grand total when
/// no folder is named.
#[derive(Deserialize, JsonSchema)]
pub struct GetMailboxStats {
    /// The folder (default: every folder)
    #[serde(default)]
    folder_name: Option<String>,
}

async fn get_mailbox_stats(ctx: Ctx, a: GetMailboxStats) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let names = match named(a.folder_name.as_deref()) {
            Some(f) => vec![f.to_owned()],
            None => selectable(&mut s).await?,
        };
        let mut text = String::from("Mailbox statistics:\n");
        let (mut total, mut unread) = (0u64, 0u64);
        for n in &names {
            let (t, u, r) = counts(&mut s, n).await?;
            total += u64::from(t);
            unread += u64::from(u);
            text.push_str(&format!("- {n}: {t} emails, {u} unread, {r} recent\n"));
        }
        if names.len() > 1 {
            text.push_str(&format!(
                "Total: {total} emails, {unread} unread in {} folders\n",
                names.len()
            ));
        }
        Ok(text)
    }
    .await;
    imap::finish(&ctx, &acct, s, out).await
}

/// How many unread emails a folder holds (default: every folder, with a total).
#[derive(Deserialize, JsonSchema)]
pub struct GetUnreadCount {
    /// The folder (default: every folder)
    #[serde(default)]
    folder_name: Option<String>,
}

async fn get_unread_count(ctx: Ctx, a: GetUnreadCount) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        match named(a.folder_name.as_deref()) {
            Some(f) => {
                let (_, u, _) = counts(&mut s, f).await?;
                Ok(format!("Unread emails in {f}: {u}"))
            }
            None => {
                let mut text = String::new();
                let mut total = 0u64;
                for n in selectable(&mut s).await? {
                    let (_, u, _) = counts(&mut s, &n).await?;
                    total += u64::from(u);
                    text.push_str(&format!("- {n}: {u}\n"));
                }
                Ok(format!("Unread emails: {total}\n{text}"))
            }
        }
    }
    .await;
    imap::finish(&ctx, &acct, s, out).await
}

/// Check that the IMAP server accepts the account's login and that the SMTP server answers
/// (and accepts the login). Sends nothing.
#[derive(Deserialize, JsonSchema)]
pub struct CheckConnection {}

fn security(s: Security) -> &'static str {
    match s {
        Security::Tls => "TLS",
        Security::StartTls => "STARTTLS",
        Security::Plain => "plain",
    }
}

async fn check_connection(ctx: Ctx, _: CheckConnection) -> Result<String, ToolError> {
    let (s, acct) = imap::session(&ctx).await?;
    imap::release(&ctx, &acct, s).await;
    let mail = Mail::of(&ctx)?;
    let smtp = match crate::smtp::check(mail, &acct).await {
        Ok(()) => format!(
            "SMTP: OK ({}, port {})",
            security(acct.smtp.security),
            acct.smtp.port
        ),
        Err(e) => format!("SMTP: FAILED: {}", e.message),
    };
    Ok(format!(
        "Connection check for {}:\nIMAP: OK ({}, port {})\n{smtp}",
        acct.email,
        security(acct.imap.security),
        acct.imap.port
    ))
}
