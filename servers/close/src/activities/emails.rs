//! Email activities.

use super::common::{Direction, ListCommon, dir, filters, get_delete_search, outbox};
use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, ToolError, non_empty};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

const EMAIL: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "status",
    "subject",
    "sender",
    "to",
    "cc",
    "bcc",
    "body_text",
    "template_id",
    "thread_id",
    "date_created",
    "date_sent",
];

get_delete_search!(
    "/activity/email/",
    EMAIL,
    email_id,
    GetEmail,
    get_email,
    "Get an email activity: addresses, subject, status, text.",
    DeleteEmail,
    delete_email,
    "Delete an email activity.",
    SearchEmails,
    search_emails,
    "Find email activities containing `query` (subject, body, addresses)."
);

/// List email activities, newest first. `direction` filters the page read. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListEmails {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<Direction>,
}

pub(super) async fn list_emails(ctx: Ctx, a: ListEmails) -> Result<Value, ToolError> {
    let keep = filters(vec![("direction", dir(a.direction))]);
    a.common
        .run(&ctx, "/activity/email/", Vec::new(), keep, EMAIL)
        .await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EmailStatus {
    Inbox,
    Draft,
    Scheduled,
    Outbox,
    Sent,
}

/// Create an email activity on a lead: a draft by default; `outbox` sends it now, `sent`
/// or `inbox` logs one sent or received elsewhere. Returns the email.
#[derive(Deserialize, JsonSchema)]
pub struct CreateEmail {
    lead_id: String,
    subject: String,
    body_text: Option<String>,
    body_html: Option<String>,
    /// Recipient addresses
    to: Option<Vec<String>>,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    /// From, e.g. `Jo <jo@acme.com>`
    sender: Option<String>,
    #[schemars(extend("default" = "draft"))]
    status: Option<EmailStatus>,
    /// Email template id (`tmpl_...`)
    template_id: Option<String>,
}

pub(super) async fn create_email(ctx: Ctx, a: CreateEmail) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("subject".into(), json!(a.subject));
    b.insert(
        "status".into(),
        json!(a.status.unwrap_or(EmailStatus::Draft)),
    );
    insert_opt(&mut b, "body_text", a.body_text);
    insert_opt(&mut b, "body_html", a.body_html);
    insert_opt(&mut b, "to", a.to);
    insert_opt(&mut b, "cc", a.cc);
    insert_opt(&mut b, "bcc", a.bcc);
    insert_opt(&mut b, "sender", a.sender);
    insert_opt(&mut b, "template_id", a.template_id);
    api::create(&ctx, "/activity/email/", &[], b, EMAIL).await
}

/// Update an email activity (a draft's subject or body, or its status). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateEmail {
    email_id: String,
    subject: Option<String>,
    body_text: Option<String>,
    body_html: Option<String>,
    status: Option<EmailStatus>,
}

pub(super) async fn update_email(ctx: Ctx, a: UpdateEmail) -> Result<Value, ToolError> {
    let path = format!("/activity/email/{}/", id(&a.email_id, "email_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "subject", a.subject);
    insert_opt(&mut b, "body_text", a.body_text);
    insert_opt(&mut b, "body_html", a.body_html);
    insert_opt(&mut b, "status", a.status);
    api::update(&ctx, &path, b, EMAIL).await
}

/// Send a draft email now (sets its status to `outbox`). Returns the email.
#[derive(Deserialize, JsonSchema)]
pub struct SendEmail {
    email_id: String,
}

pub(super) async fn send_email(ctx: Ctx, a: SendEmail) -> Result<Value, ToolError> {
    let path = format!("/activity/email/{}/", id(&a.email_id, "email_id")?);
    outbox(&ctx, &path, EMAIL).await
}
