//! Emails and domains: `POST /emails`, `POST /emails/batch`, `GET /emails`,
//! `GET /emails/{email_id}`, `POST /emails/{email_id}/cancel`, `GET /domains`.

use crate::api::{addresses, list, opt, paged, recipients, send};
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("resend_send_email", "Send email", Effect::Write, send_email).toolset("emails"),
        tool(
            "resend_send_batch_emails",
            "Send batch of emails",
            Effect::Write,
            send_batch_emails,
        )
        .toolset("emails"),
        tool("resend_get_email", "Get email", Effect::Read, get_email).toolset("emails"),
        tool(
            "resend_cancel_email",
            "Cancel scheduled email",
            Effect::Destructive,
            cancel_email,
        )
        .toolset("emails"),
        tool(
            "resend_list_emails",
            "List emails",
            Effect::Read,
            list_emails,
        )
        .toolset("emails"),
        tool(
            "resend_list_domains",
            "List domains",
            Effect::Read,
            list_domains,
        )
        .toolset("emails"),
    ]
}

/// Send an email now or at `scheduledAt`. Returns its `id` (for resend_get_email and
/// resend_cancel_email). Sent once even if the call is retried.
#[derive(Deserialize, JsonSchema)]
pub struct SendEmail {
    /// Sender on a verified domain, e.g. `Acme <news@acme.com>`
    from: String,
    /// Recipient address; several comma-separated (at most 50)
    to: String,
    subject: String,
    /// Plain-text body (this, `html` or both)
    text: Option<String>,
    /// HTML body
    html: Option<String>,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    /// Reply-to addresses
    #[serde(rename = "replyTo")]
    reply_to: Option<Vec<String>>,
    /// When to send: ISO 8601 (`2026-08-05T11:52:01Z`) or natural language (`in 1 hour`)
    #[serde(rename = "scheduledAt")]
    scheduled_at: Option<String>,
}

async fn send_email(ctx: Ctx, a: SendEmail) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("from".into(), json!(non_empty(&a.from, "from")?));
    body.insert("to".into(), recipients(&a.to, "to")?);
    body.insert("subject".into(), json!(non_empty(&a.subject, "subject")?));
    insert_opt(&mut body, "text", content(&a.text));
    insert_opt(&mut body, "html", content(&a.html));
    if !body.contains_key("text") && !body.contains_key("html") {
        return Err(ToolError::invalid_input(
            "give the body as `text` or `html`",
        ));
    }
    insert_opt(&mut body, "cc", addresses(&a.cc));
    insert_opt(&mut body, "bcc", addresses(&a.bcc));
    insert_opt(&mut body, "reply_to", addresses(&a.reply_to));
    insert_opt(&mut body, "scheduled_at", opt(&a.scheduled_at));
    let v: Value = send(&ctx, "/emails")?.json(&body).send_json().await?;
    Ok(pick(&v, &["id"]))
}

/// One email of a batch.
#[derive(Deserialize, JsonSchema)]
pub struct BatchEmail {
    from: String,
    /// Several comma-separated (at most 50)
    to: String,
    subject: String,
    /// Plain-text body (this or `html`)
    text: Option<String>,
    html: Option<String>,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    #[serde(rename = "replyTo")]
    reply_to: Option<Vec<String>>,
}

/// Send up to 100 emails in one request (no attachments or scheduling). Returns their ids in
/// order. Sent once even if the call is retried.
#[derive(Deserialize, JsonSchema)]
pub struct SendBatchEmails {
    /// 1-100 emails
    emails: Vec<BatchEmail>,
}

async fn send_batch_emails(ctx: Ctx, a: SendBatchEmails) -> Result<Value, ToolError> {
    if a.emails.is_empty() || a.emails.len() > 100 {
        return Err(ToolError::invalid_input(format!(
            "`emails` must hold 1 to 100 emails (got {})",
            a.emails.len()
        )));
    }
    let mut batch = Vec::with_capacity(a.emails.len());
    for (i, e) in a.emails.iter().enumerate() {
        let at = |f: &str| format!("emails[{i}].{f}");
        let mut body = Map::new();
        body.insert("from".into(), json!(non_empty(&e.from, &at("from"))?));
        body.insert("to".into(), recipients(&e.to, &at("to"))?);
        body.insert(
            "subject".into(),
            json!(non_empty(&e.subject, &at("subject"))?),
        );
        insert_opt(&mut body, "text", content(&e.text));
        insert_opt(&mut body, "html", content(&e.html));
        if !body.contains_key("text") && !body.contains_key("html") {
            return Err(ToolError::invalid_input(format!(
                "give `{}` or `{}`",
                at("text"),
                at("html")
            )));
        }
        insert_opt(&mut body, "cc", addresses(&e.cc));
        insert_opt(&mut body, "bcc", addresses(&e.bcc));
        insert_opt(&mut body, "reply_to", addresses(&e.reply_to));
        batch.push(Value::Object(body));
    }
    let v: Value = send(&ctx, "/emails/batch")?
        .json(&batch)
        .send_json()
        .await?;
    let ids: Vec<Value> = v
        .get("data")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(|x| pick(x, &["id"])).collect())
        .unwrap_or_default();
    Ok(json!({ "data": ids }))
}

/// A body part as given (not trimmed), absent when blank.
fn content(s: &Option<String>) -> Option<&str> {
    s.as_deref().filter(|s| !s.trim().is_empty())
}

fn email(e: &Value) -> Value {
    pick(
        e,
        &[
            "id",
            "from",
            "to",
            "cc",
            "bcc",
            "reply_to",
            "subject",
            "last_event",
            "created_at",
            "scheduled_at",
        ],
    )
}

/// Get a sent or scheduled email: sender, recipients, subject, `last_event` (its status:
/// queued, scheduled, sent, delivered, opened, clicked, bounced, canceled...), times and
/// the plain-text body.
#[derive(Deserialize, JsonSchema)]
pub struct GetEmail {
    /// The email's id (from resend_send_email)
    id: String,
}

async fn get_email(ctx: Ctx, a: GetEmail) -> Result<Value, ToolError> {
    let path = format!("/emails/{}", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    let mut out = email(&v);
    if let (Some(m), Some(t)) = (out.as_object_mut(), v.get("text").filter(|t| t.is_string())) {
        m.insert("text".into(), t.clone());
    }
    Ok(out)
}

/// Cancel a scheduled email before it is sent. Returns its id.
#[derive(Deserialize, JsonSchema)]
pub struct CancelEmail {
    /// The scheduled email's id
    id: String,
}

async fn cancel_email(ctx: Ctx, a: CancelEmail) -> Result<Value, ToolError> {
    let path = format!("/emails/{}/cancel", seg_id(&a.id, "id")?);
    let v: Value = ctx.authorized(Method::POST, &path)?.send_json().await?;
    Ok(pick(&v, &["id", "object"]))
}

/// List sent emails, newest first: id, recipients, subject, `last_event`, times.
#[derive(Deserialize, JsonSchema)]
pub struct ListEmails {
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_emails(ctx: Ctx, a: ListEmails) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/emails", a.limit, &a.cursor)?
        .send_json()
        .await?;
    Ok(paged(&v, email))
}

fn domain(d: &Value) -> Value {
    pick(
        d,
        &[
            "id",
            "name",
            "status",
            "region",
            "capabilities",
            "created_at",
        ],
    )
}

/// List the team's domains (the addresses `from` may use): id, name, status (`verified`,
/// `pending`...), region and sending/receiving capabilities.
#[derive(Deserialize, JsonSchema)]
pub struct ListDomains {
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_domains(ctx: Ctx, a: ListDomains) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/domains", a.limit, &a.cursor)?
        .send_json()
        .await?;
    Ok(paged(&v, domain))
}
