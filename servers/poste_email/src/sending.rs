//! Sending mail over SMTP: new messages (with workspace attachments), replies and forwards;
//! a copy of each sent message is saved in the Sent folder over IMAP.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::account::{Account, Mail};
use crate::compose::{self, Attachment, Draft};
use crate::imap::{self, MsgId};
use crate::messages::inbox;

pub fn tools() -> Vec<ToolDef> {
    vec![
        crate::listed(tool("send_email", "Send email", Effect::Write, send_email)),
        crate::listed(tool(
            "reply_email",
            "Reply to email",
            Effect::Write,
            reply_email,
        )),
        crate::listed(tool(
            "forward_email",
            "Forward email",
            Effect::Write,
            forward_email,
        )),
    ]
}

pub const SENT: &[&str] = &["Sent", "INBOX.Sent", "Sent Messages", "Sent Items"];

/// Send the message over SMTP to every recipient (Bcc in the envelope only), then keep a
/// copy in the Sent folder. Returns a note on the copy.
async fn deliver(ctx: &Ctx, account: &Account, d: &Draft<'_>) -> Result<String, ToolError> {
    let rcpt: Vec<String> = d.to.iter().chain(&d.cc).chain(&d.bcc).cloned().collect();
    if rcpt.is_empty() {
        return Err(ToolError::invalid_input("No recipient: give `to`."));
    }
    for r in &rcpt {
        crate::smtp::address("to", r)?;
    }
    let raw = compose::build(account, d)?;
    let mail = Mail::of(ctx)?;
    crate::smtp::send(mail, account, &rcpt, &raw).await?;
    // The copy in Sent: the message went out whatever happens here.
    let saved = async {
        let (mut s, acct) = imap::session(ctx).await?;
        let out = async {
            match imap::special(&mut s, "Sent", SENT).await? {
                Some(f) => imap::append(&mut s, &f, Some("(\\Seen)"), &raw)
                    .await
                    .map(|_| f),
                None => Err(ToolError::invalid_input("no Sent folder")),
            }
        }
        .await;
        imap::finish(ctx, &acct, s, out).await
    }
    .await;
    Ok(match saved {
        Ok(f) => format!(" (a copy is in {f})"),
        Err(e) => format!(" (no copy kept in a Sent folder: {})", e.message),
    })
}

/// Send an email from the account over SMTP, with optional HTML body, Cc, Bcc and
/// attachments (files of the workspace). A copy goes to the Sent folder.
#[derive(Deserialize, JsonSchema)]
pub struct SendEmail {
    /// Recipients, comma-separated
    to: String,
    /// Subject line
    subject: String,
    /// Plain-text body
    body: String,
    /// HTML body (sent alongside the text)
    #[serde(default)]
    html_body: Option<String>,
    /// Cc recipients, comma-separated
    #[serde(default)]
    cc: Option<String>,
    /// Bcc recipients, comma-separated (not shown to the others)
    #[serde(default)]
    bcc: Option<String>,
    /// Files of the workspace to attach (paths relative to it)
    #[serde(default)]
    attachments: Option<Vec<String>>,
}

async fn send_email(ctx: Ctx, a: SendEmail) -> Result<String, ToolError> {
    let mail = Mail::of(&ctx)?;
    let account = mail.account(&ctx)?;
    let files = compose::attachments(
        &mail.workspace,
        a.attachments.as_deref().unwrap_or_default(),
    )
    .await?;
    let n = files.len();
    let to = [Some(a.to.as_str()), a.cc.as_deref(), a.bcc.as_deref()];
    let d = Draft {
        attachments: files,
        ..Draft::addressed(to, &a.subject, &a.body, a.html_body.as_deref())
    };
    let note = deliver(&ctx, &account, &d).await?;
    let with = if n > 0 {
        format!(" with {n} attachment(s)")
    } else {
        String::new()
    };
    Ok(format!(
        "Email sent successfully to {}{with}{note}",
        d.to.join(", ")
    ))
}

/// The account, and the raw original message of a reply or forward: `email_id`, a bare UID
/// being in `folder`.
async fn original(
    ctx: &Ctx,
    email_id: &str,
    folder: &str,
) -> Result<(Account, Vec<u8>), ToolError> {
    let id = MsgId::parse("email_id", email_id, folder)?;
    let account = Mail::of(ctx)?.account(ctx)?;
    let (_, _, f) = imap::fetch_alone(ctx, &id, "(UID BODY.PEEK[])").await?;
    Ok((account, f.body().unwrap_or_default().to_vec()))
}

fn quoted(text: &str) -> String {
    text.lines()
        .map(|l| format!("> {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Reply to an email: to its sender (Reply-To when set), or with `reply_all` to every
/// recipient too; the subject gets `Re:`, the reply is threaded (In-Reply-To, References) and
/// quotes the original. A copy goes to the Sent folder.
#[derive(Deserialize, JsonSchema)]
pub struct ReplyEmail {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in `folder`
    email_id: String,
    /// Plain-text body of the reply
    body: String,
    /// HTML body of the reply
    #[serde(default)]
    html_body: Option<String>,
    /// More Cc recipients, comma-separated
    #[serde(default)]
    cc: Option<String>,
    /// Bcc recipients, comma-separated
    #[serde(default)]
    bcc: Option<String>,
    /// Reply to every recipient of the original as well (default false)
    #[serde(default)]
    reply_all: bool,
    /// The folder of a bare UID (default INBOX; an ID as listed names its own folder)
    #[serde(default = "inbox")]
    folder: String,
}

async fn reply_email(ctx: Ctx, a: ReplyEmail) -> Result<String, ToolError> {
    let (account, raw) = original(&ctx, &a.email_id, &a.folder).await?;
    let m = compose::parse(&raw)?;
    let me = account.email.to_ascii_lowercase();
    let reply_to = compose::emails(m.reply_to());
    let mut to = if reply_to.is_empty() {
        compose::emails(m.from())
    } else {
        reply_to
    };
    let mut cc = compose::list(a.cc.as_deref());
    if a.reply_all {
        for e in compose::emails(m.to())
            .into_iter()
            .chain(compose::emails(m.cc()))
        {
            if e.to_ascii_lowercase() != me && !to.contains(&e) && !cc.contains(&e) {
                cc.push(e);
            }
        }
    }
    if to.is_empty() {
        to = std::mem::take(&mut cc);
    }
    let subject = compose::prefixed("Re:", m.subject().unwrap_or_default());
    let msgid = m.message_id().map(str::to_owned);
    let mut refs: Vec<String> = m
        .references()
        .as_text_list()
        .map(|l| l.iter().map(|r| r.to_string()).collect())
        .unwrap_or_default();
    if let Some(i) = &msgid {
        refs.push(i.clone());
    }
    let body = format!(
        "{}\n\nOn {}, {} wrote:\n{}",
        a.body,
        compose::date(&m),
        compose::addresses(m.from()),
        quoted(&m.body_text(0).unwrap_or_default())
    );
    let d = Draft {
        to,
        cc,
        bcc: compose::list(a.bcc.as_deref()),
        subject: &subject,
        body: &body,
        html: a.html_body.as_deref(),
        in_reply_to: msgid,
        references: refs,
        ..Draft::default()
    };
    let note = deliver(&ctx, &account, &d).await?;
    Ok(format!(
        "Reply sent successfully to {}{note}",
        d.to.iter()
            .chain(&d.cc)
            .cloned()
            .collect::<Vec<_>>()
            .join(", ")
    ))
}

/// Forward an email to other recipients, with an optional note above it; the original's
/// text and attachments are included. A copy goes to the Sent folder.
#[derive(Deserialize, JsonSchema)]
pub struct ForwardEmail {
    /// The email's ID as listed (FOLDER:UIDVALIDITY:UID), or a UID in `folder`
    email_id: String,
    /// Recipients, comma-separated
    to: String,
    /// A note above the forwarded message
    #[serde(default)]
    body: Option<String>,
    /// The note as HTML
    #[serde(default)]
    html_body: Option<String>,
    /// Cc recipients, comma-separated
    #[serde(default)]
    cc: Option<String>,
    /// Bcc recipients, comma-separated
    #[serde(default)]
    bcc: Option<String>,
    /// The folder of a bare UID (default INBOX; an ID as listed names its own folder)
    #[serde(default = "inbox")]
    folder: String,
}

async fn forward_email(ctx: Ctx, a: ForwardEmail) -> Result<String, ToolError> {
    let (account, raw) = original(&ctx, &a.email_id, &a.folder).await?;
    let m = compose::parse(&raw)?;
    let subject = compose::prefixed("Fwd:", m.subject().unwrap_or_default());
    let body = format!(
        "{}\n\n---------- Forwarded message ----------\nFrom: {}\nDate: {}\nSubject: {}\nTo: {}\n\n{}",
        a.body.as_deref().unwrap_or_default(),
        compose::addresses(m.from()),
        compose::date(&m),
        m.subject().unwrap_or_default(),
        compose::addresses(m.to()),
        m.body_text(0).unwrap_or_default()
    );
    let attachments = compose::attachment_parts(&m)
        .into_iter()
        .map(|(name, mime, data)| Attachment {
            name,
            mime,
            data: data.to_vec(),
        })
        .collect();
    let to = [Some(a.to.as_str()), a.cc.as_deref(), a.bcc.as_deref()];
    let d = Draft {
        attachments,
        ..Draft::addressed(to, &subject, &body, a.html_body.as_deref())
    };
    let note = deliver(&ctx, &account, &d).await?;
    Ok(format!(
        "Email forwarded successfully to {}{note}",
        d.to.join(", ")
    ))
}
