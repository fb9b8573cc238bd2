//! Export a folder (or every folder) to a JSON file of the workspace, and import emails from
//! such JSON (a string, or a file of the workspace) into the mailbox.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::account::Mail;
use crate::compose;
use crate::imap::{self, Imap, MsgId};

pub fn tools() -> Vec<ToolDef> {
    vec![
        crate::listed(tool(
            "export_emails",
            "Export emails",
            Effect::Write,
            export_emails,
        )),
        crate::listed(tool(
            "import_emails",
            "Import emails",
            Effect::Write,
            import_emails,
        )),
    ]
}

/// Most emails one export or import handles.
const MAX_EMAILS: usize = 10_000;

fn export_path() -> String {
    "emails_export.json".into()
}

async fn export_folder(
    s: &mut Imap,
    folder: &str,
    max: usize,
    out: &mut Vec<Value>,
) -> Result<(), ToolError> {
    let mb = imap::select(s, folder, false).await?;
    let uids = imap::search(s, "ALL").await?;
    let take: Vec<u32> = uids
        .into_iter()
        .take(max.saturating_sub(out.len()))
        .collect();
    for chunk in take.chunks(50) {
        for f in imap::fetch(s, chunk, "(UID FLAGS BODY.PEEK[])").await? {
            let Some(uid) = f.uid else { continue };
            let Ok(m) = compose::parse(f.body().unwrap_or_default()) else {
                continue;
            };
            let id = MsgId {
                folder: folder.to_owned(),
                validity: mb.uid_validity,
                uid,
            };
            let seen = f
                .flags()
                .any(|fl| matches!(fl, async_imap::types::Flag::Seen));
            out.push(json!({
                "email_id": id.render(),
                "folder": folder,
                "subject": m.subject().unwrap_or_default(),
                "from": compose::addresses(m.from()),
                "to": compose::addresses(m.to()),
                "cc": compose::addresses(m.cc()),
                "date": compose::date(&m),
                "message_id": m.message_id().unwrap_or_default(),
                "body": m.body_text(0).unwrap_or_default(),
                "html_body": if m.html_body_count() > 0 { Value::from(m.body_html(0).unwrap_or_default().into_owned()) } else { Value::Null },
                "is_read": seen,
                "attachments": compose::attachment_parts(&m).iter().map(|(n, t, d)| json!({"filename": n, "content_type": t, "size": d.len()})).collect::<Vec<_>>(),
            }));
        }
    }
    Ok(())
}

/// Export the emails of a folder (default INBOX), or of every folder, to a JSON file in the
/// workspace: `{"exported_at", "emails": [{email_id, folder, subject, from, to, cc, date,
/// message_id, body, html_body, is_read, attachments}]}`. import_emails reads this format.
#[derive(Deserialize, JsonSchema)]
pub struct ExportEmails {
    /// The folder (default INBOX)
    #[serde(default)]
    folder: Option<String>,
    /// The file to write, relative to the workspace (default emails_export.json)
    #[serde(default = "export_path")]
    export_path: String,
    /// Most emails to export (default and cap 10000)
    #[serde(default)]
    max_emails: Option<i64>,
    /// Export every folder (default false)
    #[serde(default)]
    export_all_folders: bool,
}

async fn export_emails(ctx: Ctx, a: ExportEmails) -> Result<String, ToolError> {
    let max = match a.max_emails {
        None => MAX_EMAILS,
        Some(n) if n >= 1 => usize::try_from(n).unwrap_or(MAX_EMAILS).min(MAX_EMAILS),
        Some(_) => return Err(ToolError::invalid_input("`max_emails` must be at least 1.")),
    };
    let mail = Mail::of(&ctx)?;
    // Check the path before any mail is read.
    mail.workspace.path("export_path", &a.export_path)?;
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let folders = if a.export_all_folders {
            imap::folders(&mut s)
                .await?
                .into_iter()
                .filter(|(_, attrs)| !attrs.iter().any(|x| x.contains("NoSelect")))
                .map(|(n, _)| n)
                .collect()
        } else {
            vec![a.folder.clone().unwrap_or_else(|| "INBOX".into())]
        };
        let mut emails = Vec::new();
        for f in &folders {
            if emails.len() >= max {
                break;
            }
            export_folder(&mut s, f, max, &mut emails).await?;
        }
        Ok((folders, emails))
    }
    .await;
    let (folders, emails) = imap::finish(&ctx, &acct, s, out).await?;
    let n = emails.len();
    let doc = json!({
        "exported_at": chrono::Utc::now().to_rfc3339(),
        "folders": folders,
        "emails": emails,
    });
    let bytes = serde_json::to_vec_pretty(&doc).unwrap_or_default();
    let path = a.export_path.clone();
    let shown = mail
        .workspace
        .run(move |ws| {
            if let Some((parent, _)) = path.rsplit_once('/').filter(|(d, _)| !d.is_empty()) {
                let d = ws.path("export_path", parent)?;
                ws.create_dir_all("export_path", &d)?;
            }
            let p = ws.path("export_path", &path)?;
            ws.write("export_path", &p, &bytes)?;
            Ok(p.shown().to_owned())
        })
        .await?;
    Ok(format!(
        "Exported {n} emails from {} folder(s) to {shown}",
        folders.len()
    ))
}

/// Import emails into the mailbox from JSON `{"emails": [{subject, from, to, cc, date, body,
/// html_body, folder, is_read}]}` (the format export_emails writes), given as `json_string`
/// or as a file of the workspace (`import_path`). Each email is appended to `target_folder`,
/// else to its own `folder` (with `preserve_folders`, made when missing), else to INBOX.
#[derive(Deserialize, JsonSchema)]
pub struct ImportEmails {
    /// The JSON text (Toolathlon's form; give this or import_path)
    #[serde(default)]
    json_string: Option<String>,
    /// A JSON file of the workspace (the local form; give this or json_string)
    #[serde(default)]
    import_path: Option<String>,
    /// Put every email in this folder
    #[serde(default)]
    target_folder: Option<String>,
    /// Put each email in the folder it names (default true)
    #[serde(default = "yes")]
    preserve_folders: bool,
}

fn yes() -> bool {
    true
}

fn field<'a>(e: &'a Value, k: &str) -> &'a str {
    e.get(k).and_then(Value::as_str).unwrap_or_default()
}

async fn import_emails(ctx: Ctx, a: ImportEmails) -> Result<String, ToolError> {
    let mail = Mail::of(&ctx)?;
    let text = match (a.json_string, a.import_path) {
        (Some(j), _) if !j.trim().is_empty() => j,
        (_, Some(p)) if !p.trim().is_empty() => {
            mail.workspace
                .run(move |ws| {
                    let wp = ws.path("import_path", &p)?;
                    ws.read_text("import_path", &wp)
                })
                .await?
        }
        _ => {
            return Err(ToolError::invalid_input(
                "Give `json_string` (the JSON text) or `import_path` (a JSON file of the workspace).",
            ));
        }
    };
    let doc: Value = serde_json::from_str(&text)
        .map_err(|e| ToolError::invalid_input(format!("The import is not JSON: {e}.")))?;
    let emails = match &doc {
        Value::Array(a) => a.clone(),
        Value::Object(o) => o
            .get("emails")
            .and_then(Value::as_array)
            .cloned()
            .ok_or_else(|| ToolError::invalid_input("The import JSON has no `emails` list."))?,
        _ => {
            return Err(ToolError::invalid_input(
                "The import JSON must be an object with `emails`, or a list.",
            ));
        }
    };
    if emails.len() > MAX_EMAILS {
        return Err(ToolError::invalid_input(format!(
            "At most {MAX_EMAILS} emails per import."
        )));
    }
    let (mut s, acct) = imap::session(&ctx).await?;
    let out = async {
        let existing: Vec<String> = imap::folders(&mut s)
            .await?
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        let mut made: Vec<String> = Vec::new();
        let mut count = 0usize;
        for e in &emails {
            let folder = match (&a.target_folder, a.preserve_folders) {
                (Some(t), _) if !t.trim().is_empty() => t.trim().to_owned(),
                (_, true) if !field(e, "folder").is_empty() => field(e, "folder").to_owned(),
                _ => "INBOX".to_owned(),
            };
            if !existing.contains(&folder) && !made.contains(&folder) {
                imap::command(
                    &mut s,
                    &format!("create folder `{folder}`"),
                    &format!("CREATE {}", imap::quote(&folder)),
                )
                .await?;
                made.push(folder.clone());
            }
            let raw = imported(e)?;
            let flags = if e.get("is_read").and_then(Value::as_bool).unwrap_or(false) {
                Some("(\\Seen)")
            } else {
                None
            };
            imap::append_only(&mut s, &folder, flags, &raw).await?;
            count += 1;
        }
        Ok(count)
    }
    .await;
    let n = imap::finish(&ctx, &acct, s, out).await?;
    Ok(format!("Imported {n} emails"))
}

/// The RFC 5322 bytes of an imported email, its own sender and date kept.
fn imported(e: &Value) -> Result<Vec<u8>, ToolError> {
    use mail_builder::MessageBuilder;
    let mut b = MessageBuilder::new().subject(field(e, "subject").to_owned());
    let from = field(e, "from");
    b = b.from(if from.is_empty() {
        "unknown@localhost".to_owned()
    } else {
        from.to_owned()
    });
    let to = compose::list(Some(field(e, "to")));
    if !to.is_empty() {
        b = b.to(to);
    }
    let cc = compose::list(Some(field(e, "cc")));
    if !cc.is_empty() {
        b = b.cc(cc);
    }
    if let Ok(d) = chrono::DateTime::parse_from_rfc3339(field(e, "date")) {
        b = b.date(d.timestamp());
    }
    let mid = field(e, "message_id").trim_matches(['<', '>']);
    if !mid.is_empty() {
        b = b.message_id(mid.to_owned());
    }
    let body = e
        .get("body")
        .or_else(|| e.get("text"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    b = b.text_body(body.to_owned());
    if let Some(h) = e
        .get("html_body")
        .and_then(Value::as_str)
        .filter(|h| !h.is_empty())
    {
        b = b.html_body(h.to_owned());
    }
    b.write_to_vec().map_err(|e| {
        ToolError::new(
            mcp_shared::ErrorKind::Internal,
            format!("the message could not be written: {e}"),
        )
    })
}
