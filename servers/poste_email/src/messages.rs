//! Reading mail: list a folder, search it, read one message, its headers, and save an
//! attachment into the workspace.

use mail_parser::MimeHeaders;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::account::Mail;
use crate::compose;
use crate::imap::{self, Imap, MsgId};

pub fn tools() -> Vec<ToolDef> {
    vec![
        crate::listed(tool("get_emails", "List emails", Effect::Read, get_emails)),
        crate::listed(tool("read_email", "Read email", Effect::Read, read_email)),
        crate::listed(tool(
            "search_emails",
            "Search emails",
            Effect::Read,
            search_emails,
        )),
        crate::listed(tool(
            "get_email_headers",
            "Get email headers",
            Effect::Read,
            get_email_headers,
        )),
        crate::listed(tool(
            "download_attachment",
            "Download attachment",
            Effect::Write,
            download_attachment,
        )),
    ]
}

pub fn inbox() -> String {
    "INBOX".into()
}
pub fn one() -> i64 {
    1
}
pub fn twenty() -> i64 {
    20
}

/// Page `page` (from 1) of `page_size` (1-100) of `uids` (newest first).
fn page_of(uids: &[u32], page: i64, page_size: i64) -> Result<(Vec<u32>, i64), ToolError> {
    if page < 1 {
        return Err(ToolError::invalid_input("`page` starts at 1."));
    }
    if !(1..=100).contains(&page_size) {
        return Err(ToolError::invalid_input(
            "`page_size` must be between 1 and 100.",
        ));
    }
    let total = i64::try_from(uids.len()).unwrap_or(i64::MAX);
    let pages = ((total + page_size - 1) / page_size).max(1);
    let start = usize::try_from((page - 1).saturating_mul(page_size)).unwrap_or(usize::MAX);
    let size = usize::try_from(page_size).unwrap_or(20);
    Ok((uids.iter().skip(start).take(size).copied().collect(), pages))
}

/// How a listing names what it lists: its first lines (ending in a newline), the noun of its
/// `Total` line, and what stands for the summaries of an empty page.
pub struct Listing<'a> {
    pub head: String,
    pub total: &'a str,
    pub empty: &'a str,
}

/// The messages of `folder` that IMAP SEARCH `query` finds, newest first, as a listing: its
/// head, page `page` of `page_size` and the total, then the summary of each message of the
/// page.
pub async fn listing(
    s: &mut Imap,
    folder: &str,
    query: &str,
    page: i64,
    page_size: i64,
    l: Listing<'_>,
) -> Result<String, ToolError> {
    let mb = imap::select(s, folder, false).await?;
    let uids = imap::search(s, query).await?;
    let (chosen, pages) = page_of(&uids, page, page_size)?;
    let first = usize::try_from((page - 1) * page_size + 1).unwrap_or(1);
    let validity = mb.uid_validity.unwrap_or(0);
    let body = summaries(s, folder, validity, &chosen, first).await?;
    Ok(format!(
        "{}Page: {page}/{pages}\nTotal {}: {}\n\n{}",
        l.head,
        l.total,
        uids.len(),
        if body.is_empty() {
            l.empty.to_owned()
        } else {
            body
        }
    ))
}

/// The summary lines of a page of messages.
async fn summaries(
    s: &mut Imap,
    folder: &str,
    validity: u32,
    uids: &[u32],
    first: usize,
) -> Result<String, ToolError> {
    let got = imap::fetch(s, uids, "(UID FLAGS BODY.PEEK[])").await?;
    let mut out = String::new();
    for (i, f) in got.iter().enumerate() {
        let Some(uid) = f.uid else { continue };
        let id = MsgId {
            folder: folder.to_owned(),
            validity: Some(validity),
            uid,
        };
        let raw = f.body().unwrap_or_default();
        let Ok(m) = compose::parse(raw) else { continue };
        let unread = !f
            .flags()
            .any(|fl| matches!(fl, async_imap::types::Flag::Seen));
        out.push_str(&format!(
            "{}. ID: {}\n   Subject: {}\n   From: {}\n   Date: {}\n",
            first + i,
            id.render(),
            m.subject().unwrap_or("(no subject)"),
            compose::addresses(m.from()),
            compose::date(&m),
        ));
        if unread {
            out.push_str("   Status: unread\n");
        }
        let n = m.attachment_count();
        if n > 0 {
            out.push_str(&format!("   Attachments: {n} files\n"));
        }
        out.push('\n');
    }
    Ok(out)
}

/// List the emails of a folder, newest first, a page at a time. Each entry has the message's
/// ID (FOLDER:UIDVALIDITY:UID, stable until the message is moved or deleted), subject,
/// sender, date, whether it is unread and how many attachments it has.
#[derive(Deserialize, JsonSchema)]
pub struct GetEmails {
    /// The folder (default INBOX)
    #[serde(default = "inbox")]
    folder: String,
    /// Page number, from 1 (default 1)
    #[serde(default = "one")]
    page: i64,
    /// Emails per page, 1-100 (default 20)
    #[serde(default = "twenty")]
    page_size: i64,
}

async fn get_emails(ctx: Ctx, a: GetEmails) -> Result<String, ToolError> {
    let (mut s, acct) = imap::session(&ctx).await?;
    let l = Listing {
        head: format!("Folder: {}\n", a.folder),
        total: "emails",
        empty: "No emails on this page.\n",
    };
    let out = listing(&mut s, &a.folder, "ALL", a.page, a.page_size, l).await;
    imap::finish(&ctx, &acct, s, out).await
}

/// Search a folder: messages whose headers or text contain `query` (IMAP SEARCH TEXT),
/// newest first, a page at a time, listed like get_emails.
#[derive(Deserialize, JsonSchema)]
pub struct SearchEmails {
    /// Words to find in the subject, addresses or body
    query: String,
    /// The folder (default INBOX)
    #[serde(default = "inbox")]
    folder: String,
    /// Page number, from 1 (default 1)
    #[serde(default = "one")]
    page: i64,
    /// Emails per page, 1-100 (default 20)
    #[serde(default = "twenty")]
    page_size: i64,
}

async fn search_emails(ctx: Ctx, a: SearchEmails) -> Result<String, ToolError> {
    if a.query.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`query` is empty: give words to search for.",
        ));
    }
    let (mut s, acct) = imap::session(&ctx).await?;
    let q = imap::quote(a.query.trim());
    let query = if a.query.is_ascii() {
        format!("TEXT {q}")
    } else {
        format!("CHARSET UTF-8 TEXT {q}")
    };
    let l = Listing {
        head: format!("Search: {}\nFolder: {}\n", a.query, a.folder),
        total: "matches",
        empty: "No emails found.\n",
    };
    let out = listing(&mut s, &a.folder, &query, a.page, a.page_size, l).await;
    imap::finish(&ctx, &acct, s, out).await
}

/// Read one email: its headers, text and HTML content, and its attachments (name, type,
/// size). Does not mark it read.
#[derive(Deserialize, JsonSchema)]
pub struct ReadEmail {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in `folder`
    email_id: String,
    /// The folder of a bare UID (default INBOX; an ID as listed names its own folder)
    #[serde(default = "inbox")]
    folder: String,
}

async fn read_email(ctx: Ctx, a: ReadEmail) -> Result<String, ToolError> {
    let id = MsgId::parse("email_id", &a.email_id, &a.folder)?;
    let (folder, validity, f) = imap::fetch_alone(&ctx, &id, "(UID FLAGS BODY.PEEK[])").await?;
    let m = compose::parse(f.body().unwrap_or_default())?;
    let shown = MsgId {
        folder,
        validity: Some(validity),
        uid: id.uid,
    };
    let mut out = format!(
        "Email ID: {}\nSubject: {}\nFrom: {}\nTo: {}\n",
        shown.render(),
        m.subject().unwrap_or("(no subject)"),
        compose::addresses(m.from()),
        compose::addresses(m.to()),
    );
    let cc = compose::addresses(m.cc());
    if !cc.is_empty() {
        out.push_str(&format!("CC: {cc}\n"));
    }
    out.push_str(&format!(
        "Date: {}\nMessage-ID: {}\n",
        compose::date(&m),
        m.message_id().unwrap_or_default()
    ));
    if let Some(t) = m.body_text(0) {
        out.push_str(&format!("\nText Content:\n{t}\n"));
    }
    let has_html = m.parts.iter().any(|p| {
        p.content_type().is_some_and(|c| {
            c.c_type.eq_ignore_ascii_case("text")
                && c.c_subtype
                    .as_deref()
                    .is_some_and(|s| s.eq_ignore_ascii_case("html"))
        })
    });
    if let Some(h) = m.body_html(0).filter(|_| has_html) {
        out.push_str(&format!("\nHTML Content:\n{h}\n"));
    }
    let atts = compose::attachment_parts(&m);
    if !atts.is_empty() {
        out.push_str("\nAttachments:\n");
        for (name, mime, data) in atts {
            out.push_str(&format!("- {name} ({mime}, {} bytes)\n", data.len()));
        }
    }
    Ok(out)
}

/// The headers of one email, each on a line as `Name: value`.
#[derive(Deserialize, JsonSchema)]
pub struct GetEmailHeaders {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in `folder`
    email_id: String,
    /// The folder of a bare UID (default INBOX; an ID as listed names its own folder)
    #[serde(default = "inbox")]
    folder: String,
}

async fn get_email_headers(ctx: Ctx, a: GetEmailHeaders) -> Result<String, ToolError> {
    let id = MsgId::parse("email_id", &a.email_id, &a.folder)?;
    let (_, _, f) = imap::fetch_alone(&ctx, &id, "(UID BODY.PEEK[HEADER])").await?;
    let raw = f.header().or_else(|| f.body()).unwrap_or_default();
    let text = String::from_utf8_lossy(raw);
    // Unfold continuation lines so each header is one line.
    let mut out = format!("Headers of {}:\n", id.render());
    for line in text.split("\r\n").flat_map(|l| l.split('\n')) {
        if line.starts_with([' ', '\t']) {
            out.push(' ');
            out.push_str(line.trim());
        } else if !line.is_empty() {
            out.push('\n');
            out.push_str(line);
        }
    }
    out.push('\n');
    Ok(out)
}

/// Save an attachment of an email as a file in the workspace (the server's attachment
/// download directory, by the attachment's own file name). Returns the file's path.
#[derive(Deserialize, JsonSchema)]
pub struct DownloadAttachment {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in INBOX
    email_id: String,
    /// The attachment's file name, as read_email lists it
    attachment_filename: String,
}

async fn download_attachment(ctx: Ctx, a: DownloadAttachment) -> Result<String, ToolError> {
    let id = MsgId::parse("email_id", &a.email_id, "INBOX")?;
    let (_, _, f) = imap::fetch_alone(&ctx, &id, "(UID BODY.PEEK[])").await?;
    let m = compose::parse(f.body().unwrap_or_default())?;
    let atts = compose::attachment_parts(&m);
    let names: Vec<String> = atts.iter().map(|(n, _, _)| n.clone()).collect();
    let data = atts
        .into_iter()
        .find(|(n, _, _)| *n == a.attachment_filename)
        .map(|(_, _, d)| d.to_vec())
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "Email {} has no attachment named `{}`; it has: {}.",
                id.render(),
                a.attachment_filename,
                if names.is_empty() {
                    "none".into()
                } else {
                    names.join(", ")
                }
            ))
        })?;
    let mail = Mail::of(&ctx)?;
    let dir = mail.download_dir.clone();
    let name = a.attachment_filename.clone();
    mail.workspace
        .run(move |ws| {
            // The attachment's name is the vendor's: keep only its last component.
            let base = name
                .rsplit(['/', '\\'])
                .next()
                .filter(|b| !b.is_empty() && *b != "." && *b != "..")
                .unwrap_or("attachment")
                .to_owned();
            let d = ws.path("attachment_filename", &dir)?;
            ws.create_dir_all("attachment_filename", &d)?;
            let rel = if dir == "." {
                base.clone()
            } else {
                format!("{}/{base}", dir.trim_end_matches('/'))
            };
            let p = ws.path("attachment_filename", &rel)?;
            ws.write("attachment_filename", &p, &data)?;
            Ok(format!(
                "Attachment saved to {} ({} bytes)",
                p.shown(),
                data.len()
            ))
        })
        .await
}
