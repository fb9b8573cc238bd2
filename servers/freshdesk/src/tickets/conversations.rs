//! A ticket's conversations: notes, replies, forwards, and attachments.

use crate::api::{self, Attachment, emails, opt, request, with_body};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Method, ToolError, non_empty};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

/// Add a note to a ticket (private by default; a public one is e-mailed to `notify_emails`).
/// Returns the note.
#[derive(Deserialize, JsonSchema)]
pub struct AddNote {
    ticket_id: Count,
    /// HTML
    body: String,
    /// Author (agent or contact id; default: the key's agent)
    user_id: Option<Count>,
    /// Show it as coming from outside
    incoming: Option<bool>,
    /// Agents' addresses to notify
    notify_emails: Option<Vec<String>>,
    /// Default true
    private: Option<bool>,
    attachments: Option<Vec<Attachment>>,
}

pub(super) async fn add_note(ctx: Ctx, a: AddNote) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("body".into(), json!(non_empty(&a.body, "body")?));
    insert_opt(&mut b, "user_id", a.user_id);
    insert_opt(&mut b, "incoming", a.incoming);
    insert_opt(&mut b, "notify_emails", emails(&a.notify_emails));
    insert_opt(&mut b, "private", a.private);
    let req = request(
        &ctx,
        Method::POST,
        &format!("/tickets/{}/notes", a.ticket_id.get()),
    )?;
    let v: Value = with_body(&ctx, req, b, &a.attachments)
        .await?
        .send_json()
        .await?;
    Ok(api::conversation(&v))
}

/// Reply to a ticket's requester (e-mailed). Returns the reply.
#[derive(Deserialize, JsonSchema)]
pub struct Reply {
    ticket_id: Count,
    /// HTML
    body: String,
    /// Agent replying (default: the key's agent)
    user_id: Option<Count>,
    cc_emails: Option<Vec<String>>,
    bcc_emails: Option<Vec<String>>,
    /// A support address of the account to send from
    from_email: Option<String>,
    attachments: Option<Vec<Attachment>>,
}

pub(super) async fn reply(ctx: Ctx, a: Reply) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("body".into(), json!(non_empty(&a.body, "body")?));
    insert_opt(&mut b, "user_id", a.user_id);
    insert_opt(&mut b, "cc_emails", emails(&a.cc_emails));
    insert_opt(&mut b, "bcc_emails", emails(&a.bcc_emails));
    insert_opt(&mut b, "from_email", opt(&a.from_email));
    let req = request(
        &ctx,
        Method::POST,
        &format!("/tickets/{}/reply", a.ticket_id.get()),
    )?;
    let v: Value = with_body(&ctx, req, b, &a.attachments)
        .await?
        .send_json()
        .await?;
    Ok(api::conversation(&v))
}

/// Forward a ticket by e-mail. Freshdesk sets the subject itself (`subject` is refused).
/// Returns the forward.
#[derive(Deserialize, JsonSchema)]
pub struct ForwardTicket {
    ticket_id: Count,
    to_emails: Vec<String>,
    cc_emails: Option<Vec<String>>,
    bcc_emails: Option<Vec<String>>,
    /// HTML added above the forwarded ticket
    body: Option<String>,
    /// Not supported by Freshdesk
    subject: Option<String>,
}

pub(super) async fn forward_ticket(ctx: Ctx, a: ForwardTicket) -> Result<Value, ToolError> {
    if opt(&a.subject).is_some() {
        return Err(ToolError::invalid_input(
            "Freshdesk's forward API takes no subject (it uses the ticket's): call again without `subject`",
        ));
    }
    let to_list = Some(a.to_emails);
    let to = emails(&to_list)
        .ok_or_else(|| ToolError::invalid_input("`to_emails` must name at least one address"))?;
    let mut b = Map::new();
    b.insert("to_emails".into(), json!(to));
    insert_opt(&mut b, "cc_emails", emails(&a.cc_emails));
    insert_opt(&mut b, "bcc_emails", emails(&a.bcc_emails));
    insert_opt(&mut b, "body", opt(&a.body));
    let v: Value = request(
        &ctx,
        Method::POST,
        &format!("/tickets/{}/forward", a.ticket_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(api::conversation(&v))
}

/// List a ticket's conversations (replies, notes, forwards), oldest first.
#[derive(Deserialize, JsonSchema)]
pub struct ListConversations {
    ticket_id: Count,
    page: Option<Count>,
    /// 1-100 (default 30)
    per_page: Option<Count>,
}

pub(super) async fn list_conversations(ctx: Ctx, a: ListConversations) -> Result<Value, ToolError> {
    api::list(
        &ctx,
        &format!("/tickets/{}/conversations", a.ticket_id.get()),
        Vec::new(),
        a.page,
        a.per_page,
        "conversations",
        api::conversation,
    )
    .await
}

/// Edit a note's body (notes only, not replies). Returns the note.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateNote {
    /// The conversation id
    note_id: Count,
    /// HTML
    body: String,
    /// Files to add
    attachments: Option<Vec<Attachment>>,
}

pub(super) async fn update_note(ctx: Ctx, a: UpdateNote) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("body".into(), json!(non_empty(&a.body, "body")?));
    let req = request(
        &ctx,
        Method::PUT,
        &format!("/conversations/{}", a.note_id.get()),
    )?;
    let v: Value = with_body(&ctx, req, b, &a.attachments)
        .await?
        .send_json()
        .await?;
    Ok(api::conversation(&v))
}

/// Delete a note or other conversation of a ticket.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteNote {
    /// The conversation id
    note_id: Count,
}

pub(super) async fn delete_note(ctx: Ctx, a: DeleteNote) -> Result<Value, ToolError> {
    let id = a.note_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/conversations/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "note_id": id}))
}

/// Delete an attachment of a ticket or conversation.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteAttachment {
    attachment_id: Count,
}

pub(super) async fn delete_attachment(ctx: Ctx, a: DeleteAttachment) -> Result<Value, ToolError> {
    let id = a.attachment_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/attachments/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "attachment_id": id}))
}
