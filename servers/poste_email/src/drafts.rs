//! Drafts, kept in the mailbox's Drafts folder (special-use `\Drafts`, else `Drafts`, made
//! when missing): save, list, replace and delete.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::compose::{self, Draft};
use crate::imap::{self, Imap, MsgId};
use crate::messages::{Listing, listing, one, twenty};

pub fn tools() -> Vec<ToolDef> {
    vec![
        crate::listed(tool("save_draft", "Save draft", Effect::Write, save_draft)),
        crate::listed(tool("get_drafts", "List drafts", Effect::Read, get_drafts)),
        crate::listed(tool(
            "update_draft",
            "Update draft",
            Effect::Destructive,
            update_draft,
        )),
        crate::listed(tool(
            "delete_draft",
            "Delete draft",
            Effect::Destructive,
            delete_draft,
        )),
    ]
}

/// The Drafts folder, created when the mailbox has none.
async fn drafts_folder(s: &mut Imap, create: bool) -> Result<String, ToolError> {
    if let Some(f) = imap::special(s, "Drafts", &["Drafts", "INBOX.Drafts"]).await? {
        return Ok(f);
    }
    if create {
        imap::command(s, "create the Drafts folder", "CREATE \"Drafts\"").await?;
    }
    Ok("Drafts".into())
}

/// Save a draft in the Drafts folder (not sent). Returns its ID.
#[derive(Deserialize, JsonSchema)]
pub struct SaveDraft {
    /// Subject line
    subject: String,
    /// Plain-text body
    body: String,
    /// HTML body
    #[serde(default)]
    html_body: Option<String>,
    /// Recipients, comma-separated
    #[serde(default)]
    to: Option<String>,
    /// Cc recipients, comma-separated
    #[serde(default)]
    cc: Option<String>,
    /// Bcc recipients, comma-separated
    #[serde(default)]
    bcc: Option<String>,
}

async fn save_draft(ctx: Ctx, a: SaveDraft) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let to = [a.to.as_deref(), a.cc.as_deref(), a.bcc.as_deref()];
        let d = Draft {
            keep_bcc: true,
            ..Draft::addressed(to, &a.subject, &a.body, a.html_body.as_deref())
        };
        let raw = compose::build(&acct, &d)?;
        let folder = drafts_folder(&mut s, true).await?;
        imap::append(&mut s, &folder, Some("(\\Draft \\Seen)"), &raw).await
    }
    .await;
    let id = imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!("Draft saved successfully with ID: {}", id.render()))
}

/// List the drafts, newest first, a page at a time (IDs, subjects, recipients' dates).
#[derive(Deserialize, JsonSchema)]
pub struct GetDrafts {
    /// Page number, from 1 (default 1)
    #[serde(default = "one")]
    page: i64,
    /// Drafts per page, 1-100 (default 20)
    #[serde(default = "twenty")]
    page_size: i64,
}

async fn get_drafts(ctx: Ctx, a: GetDrafts) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let folder = drafts_folder(&mut s, false).await?;
        let l = Listing {
            head: format!("Drafts ({folder})\n"),
            total: "drafts",
            empty: "No drafts on this page.\n",
        };
        listing(&mut s, &folder, "ALL", a.page, a.page_size, l).await
    }
    .await;
    imap::finish(&ctx, &acct, s, out).await
}

/// Replace a draft: the fields given replace the draft's, the others are kept. The draft
/// gets a new ID (IMAP messages cannot change in place), which is returned.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateDraft {
    /// The draft's ID as listed (Drafts:UIDVALIDITY:UID), or a UID in the Drafts folder
    draft_id: String,
    /// New subject
    #[serde(default)]
    subject: Option<String>,
    /// New plain-text body
    #[serde(default)]
    body: Option<String>,
    /// New HTML body
    #[serde(default)]
    html_body: Option<String>,
    /// New recipients, comma-separated
    #[serde(default)]
    to: Option<String>,
    /// New Cc recipients, comma-separated
    #[serde(default)]
    cc: Option<String>,
    /// New Bcc recipients, comma-separated
    #[serde(default)]
    bcc: Option<String>,
}

async fn update_draft(ctx: Ctx, a: UpdateDraft) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let folder = drafts_folder(&mut s, false).await?;
        let id = MsgId::parse("draft_id", &a.draft_id, &folder)?;
        imap::select_for(&mut s, std::slice::from_ref(&id), true).await?;
        let f = imap::fetch_one(&mut s, &id, "(UID BODY.PEEK[])").await?;
        let raw = f.body().unwrap_or_default().to_vec();
        let m = compose::parse(&raw)?;
        let old_html = m.body_html(0).map(|h| h.into_owned());
        let old_body = m.body_text(0).map(|t| t.into_owned()).unwrap_or_default();
        let pick = |new: &Option<String>, old: Vec<String>| match new {
            Some(n) => compose::list(Some(n)),
            None => old,
        };
        let subject = a
            .subject
            .clone()
            .unwrap_or_else(|| m.subject().unwrap_or_default().to_owned());
        let body = a.body.clone().unwrap_or(old_body);
        let html = a
            .html_body
            .clone()
            .or(old_html.filter(|_| m.html_body_count() > 0 && a.body.is_none()));
        let d = Draft {
            to: pick(&a.to, compose::emails(m.to())),
            cc: pick(&a.cc, compose::emails(m.cc())),
            bcc: pick(&a.bcc, compose::emails(m.bcc())),
            subject: &subject,
            body: &body,
            html: html.as_deref(),
            keep_bcc: true,
            ..Draft::default()
        };
        let new_raw = compose::build(&acct, &d)?;
        let new_id = imap::append(&mut s, &id.folder, Some("(\\Draft \\Seen)"), &new_raw).await?;
        imap::select(&mut s, &id.folder, true).await?;
        imap::expunge(
            &mut s,
            &id.uid.to_string(),
            "remove the old draft",
            "expunge the old draft",
        )
        .await?;
        Ok(new_id)
    }
    .await;
    let id = imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!(
        "Draft updated successfully; its new ID: {}",
        id.render()
    ))
}

/// Delete a draft for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteDraft {
    /// The draft's ID as listed (Drafts:UIDVALIDITY:UID), or a UID in the Drafts folder
    draft_id: String,
}

async fn delete_draft(ctx: Ctx, a: DeleteDraft) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let folder = drafts_folder(&mut s, false).await?;
        let id = MsgId::parse("draft_id", &a.draft_id, &folder)?;
        imap::select_for(&mut s, std::slice::from_ref(&id), true).await?;
        imap::fetch_one(&mut s, &id, "(UID)").await?;
        imap::expunge(
            &mut s,
            &id.uid.to_string(),
            "delete the draft",
            "expunge the draft",
        )
        .await?;
        Ok(id)
    }
    .await;
    let id = imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!("Draft {} deleted successfully", id.render()))
}
