//! Conversations: `GET|POST /conversations`, `GET|PUT|DELETE /conversations/{id}`,
//! `POST /conversations/search`, replies (`/reply`), state and assignment (`/parts`:
//! close, snoozed, open, assignment), participants (`/customers`), tags (`/tags`),
//! `POST /conversations/redact` and `/convert` (to a ticket).

use crate::api::{self, conversation, cursor_list, opt, page, search_body};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("conversations");
    vec![
        t(tool(
            "intercom_list_conversations",
            "List conversations",
            Effect::Read,
            list_conversations,
        )),
        t(tool(
            "intercom_get_conversation",
            "Get conversation",
            Effect::Read,
            get_conversation,
        )),
        t(tool(
            "intercom_create_conversation",
            "Create conversation",
            Effect::Write,
            create_conversation,
        )),
        t(tool(
            "intercom_update_conversation",
            "Update conversation",
            Effect::IdempotentWrite,
            update_conversation,
        )),
        t(tool(
            "intercom_delete_conversation",
            "Delete conversation",
            Effect::Destructive,
            delete_conversation,
        )),
        t(tool(
            "intercom_search_conversations",
            "Search conversations",
            Effect::Read,
            search_conversations,
        )),
        t(tool(
            "intercom_reply_conversation",
            "Reply to conversation",
            Effect::Write,
            reply_conversation,
        )),
        t(tool(
            "intercom_manage_conversation",
            "Close, snooze, open or assign",
            Effect::Write,
            manage_conversation,
        )),
        t(tool(
            "intercom_attach_contact_to_conversation",
            "Add conversation participant",
            Effect::Write,
            attach_contact,
        )),
        t(tool(
            "intercom_detach_contact_from_conversation",
            "Remove conversation participant",
            Effect::Destructive,
            detach_contact,
        )),
        t(tool(
            "intercom_redact_conversation",
            "Redact conversation part",
            Effect::Destructive,
            redact_conversation,
        )),
        t(tool(
            "intercom_convert_conversation_to_ticket",
            "Convert conversation to ticket",
            Effect::Write,
            convert_to_ticket,
        )),
        t(tool(
            "intercom_assign_conversation",
            "Assign conversation",
            Effect::Write,
            assign_conversation,
        )),
        t(tool(
            "intercom_close_conversation",
            "Close conversation",
            Effect::Write,
            close_conversation,
        )),
        t(tool(
            "intercom_snooze_conversation",
            "Snooze conversation",
            Effect::Write,
            snooze_conversation,
        )),
        t(tool(
            "intercom_open_conversation",
            "Open conversation",
            Effect::Write,
            open_conversation,
        )),
        t(tool(
            "intercom_tag_conversation",
            "Tag conversation",
            Effect::IdempotentWrite,
            tag_conversation,
        )),
        t(tool(
            "intercom_untag_conversation",
            "Untag conversation",
            Effect::Destructive,
            untag_conversation,
        )),
    ]
}

// Body format of the conversation's parts.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum DisplayAs {
    Plaintext,
}

fn conv_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("/conversations/{}", api::id(id, "id")?))
}

/// Check a `{"type", "id"}` object (`from`, `to`): both present, `type` one of `types`.
pub fn party(v: &Map<String, Value>, what: &str, types: &[&str]) -> Result<Value, ToolError> {
    let ty = v
        .get("type")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or_default();
    let id = v
        .get("id")
        .and_then(|x| {
            x.as_str()
                .map(str::to_owned)
                .or_else(|| x.as_u64().map(|n| n.to_string()))
        })
        .unwrap_or_default();
    if !types.contains(&ty) || id.trim().is_empty() {
        return Err(ToolError::invalid_input(format!(
            "{what} must be {{\"type\": {}, \"id\": \"...\"}}",
            types
                .iter()
                .map(|t| format!("\"{t}\""))
                .collect::<Vec<_>>()
                .join(" | ")
        )));
    }
    Ok(json!({"type": ty, "id": id.trim()}))
}

/// List conversations, newest first (without their parts). Returns `items`, `total_count`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListConversations {
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 20))]
    per_page: Option<Count>,
    /// Not taken by Intercom's list (kept for compatibility; intercom_get_conversation takes it)
    display_as: Option<DisplayAs>,
}

async fn list_conversations(ctx: Ctx, a: ListConversations) -> Result<Value, ToolError> {
    let _ = a.display_as;
    let v: Value = cursor_list(&ctx, "/conversations", a.per_page, 20, &a.starting_after)?
        .send_json()
        .await?;
    Ok(page(&v, "conversations", conversation))
}

/// Get a conversation with its parts (up to 500): state, assignees, source message,
/// contacts, tags.
#[derive(Deserialize, JsonSchema)]
pub struct GetConversation {
    /// Conversation id
    id: Count,
    /// Bodies as plain text instead of HTML
    display_as: Option<DisplayAs>,
}

async fn get_conversation(ctx: Ctx, a: GetConversation) -> Result<Value, ToolError> {
    let v: Value = api::req(&ctx, Method::GET, &format!("/conversations/{}", a.id.get()))?
        .query_opt(
            "display_as",
            a.display_as.map(|d| mcp_shared::json::enum_str(&d)),
        )
        .send_json()
        .await?;
    Ok(conversation(&v))
}

/// `POST /conversations`: a message from a contact, which starts a conversation.
pub async fn contact_message(
    ctx: &Ctx,
    from: &Map<String, Value>,
    body: &str,
    created_at: Option<Count>,
) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert(
        "from".into(),
        party(from, "from", &["user", "lead", "contact"])?,
    );
    b.insert("body".into(), json!(non_empty(body, "body")?));
    insert_opt(&mut b, "created_at", created_at.map(Count::get));
    let v = api::send(ctx, Method::POST, "/conversations", &Value::Object(b)).await?;
    Ok(api::message(&v))
}

/// Start a conversation with a message from a contact. Returns the message with its
/// `conversation_id`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateConversation {
    /// The contact: {"type": "user" | "lead" | "contact", "id": "<Intercom contact id>"}
    from: Map<String, Value>,
    /// Message text (HTML allowed)
    body: String,
    /// When it was sent (Unix seconds; default now)
    created_at: Option<Count>,
}

async fn create_conversation(ctx: Ctx, a: CreateConversation) -> Result<Value, ToolError> {
    contact_message(&ctx, &a.from, &a.body, a.created_at).await
}

/// Update a conversation: mark it read, set its title or custom attributes. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateConversation {
    /// Conversation id
    id: Count,
    /// Bodies in the answer as plain text
    display_as: Option<DisplayAs>,
    read: Option<bool>,
    title: Option<String>,
    /// Conversation attributes by name
    custom_attributes: Option<Map<String, Value>>,
}

async fn update_conversation(ctx: Ctx, a: UpdateConversation) -> Result<Value, ToolError> {
    let mut body = Map::new();
    insert_opt(&mut body, "read", a.read);
    insert_opt(&mut body, "title", a.title.as_deref());
    insert_opt(&mut body, "custom_attributes", a.custom_attributes);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give read, title or custom_attributes",
        ));
    }
    let v: Value = api::req(&ctx, Method::PUT, &format!("/conversations/{}", a.id.get()))?
        .query_opt(
            "display_as",
            a.display_as.map(|d| mcp_shared::json::enum_str(&d)),
        )
        .json(&body)
        .send_json()
        .await?;
    Ok(conversation(&v))
}

/// Delete a conversation for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteConversation {
    /// Conversation id
    id: Count,
}

async fn delete_conversation(ctx: Ctx, a: DeleteConversation) -> Result<Value, ToolError> {
    let id = a.id.get().to_string();
    let v = api::delete(&ctx, &format!("/conversations/{id}")).await?;
    Ok(api::deleted(&v, &id))
}

/// Search conversations with Intercom's query language. Returns `items`, `total_count` and
/// `next_cursor` (pass it as `pagination.starting_after`).
#[derive(Deserialize, JsonSchema)]
pub struct SearchConversations {
    /// A filter {"field","operator","value"} or {"operator":"AND"|"OR","value":[filters]};
    /// fields such as state, open, admin_assignee_id, team_assignee_id, source.body,
    /// created_at (Unix seconds); e.g. {"field":"state","operator":"=","value":"open"}
    query: Map<String, Value>,
    /// {"per_page": 1-150, "starting_after": "<next_cursor>"}
    pagination: Option<Map<String, Value>>,
}

async fn search_conversations(ctx: Ctx, a: SearchConversations) -> Result<Value, ToolError> {
    let body = search_body(&a.query, &a.pagination)?;
    let v = api::req(&ctx, Method::POST, "/conversations/search")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(page(&v, "conversations", conversation))
}

// Kind of reply.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ReplyKind {
    Comment,
    Note,
    QuickReply,
}

// Who replies.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Replier {
    Admin,
    User,
}

/// Reply to a conversation as an admin (`admin_id`; a comment the contact sees, or an
/// internal note) or as the contact (`intercom_user_id`). Returns the conversation.
#[derive(Deserialize, JsonSchema)]
pub struct ReplyConversation {
    /// Conversation id
    id: String,
    /// Default comment; notes are admin-only
    message_type: Option<ReplyKind>,
    /// Default: admin when `admin_id` is given, else user
    #[serde(rename = "type")]
    kind: Option<Replier>,
    admin_id: Option<String>,
    /// The replying contact's Intercom id
    intercom_user_id: Option<String>,
    /// Reply text (HTML allowed)
    body: Option<String>,
    /// Up to 10 image URLs to attach
    attachment_urls: Option<Vec<String>>,
}

async fn reply_conversation(ctx: Ctx, a: ReplyConversation) -> Result<Value, ToolError> {
    let admin = opt(&a.admin_id);
    let user = opt(&a.intercom_user_id);
    let kind = match (a.kind, admin, user) {
        (Some(k), _, _) => k,
        (None, Some(_), _) => Replier::Admin,
        (None, None, Some(_)) => Replier::User,
        (None, None, None) => {
            return Err(ToolError::invalid_input(
                "say who replies: admin_id (an admin) or intercom_user_id (the contact)",
            ));
        }
    };
    let message_type = a.message_type.unwrap_or(ReplyKind::Comment);
    let mut body = Map::new();
    body.insert("message_type".into(), json!(message_type));
    match kind {
        Replier::Admin => {
            let admin =
                admin.ok_or_else(|| ToolError::invalid_input("an admin reply needs admin_id"))?;
            body.insert("type".into(), json!("admin"));
            body.insert("admin_id".into(), json!(admin));
        }
        Replier::User => {
            if message_type != ReplyKind::Comment {
                return Err(ToolError::invalid_input(
                    "a contact can only reply with message_type comment",
                ));
            }
            let user = user.ok_or_else(|| {
                ToolError::invalid_input(
                    "a contact reply needs intercom_user_id (the contact's Intercom id)",
                )
            })?;
            body.insert("type".into(), json!("user"));
            body.insert("intercom_user_id".into(), json!(user));
        }
    }
    insert_opt(&mut body, "body", opt(&a.body));
    if let Some(urls) = a.attachment_urls.filter(|u| !u.is_empty()) {
        if urls.len() > 10 {
            return Err(ToolError::invalid_input(
                "attachment_urls takes at most 10 URLs",
            ));
        }
        body.insert("attachment_urls".into(), json!(urls));
    }
    if !body.contains_key("body") && !body.contains_key("attachment_urls") {
        return Err(ToolError::invalid_input(
            "a reply needs a body or attachment_urls",
        ));
    }
    let path = format!("{}/reply", conv_path(&a.id)?);
    let v = api::send(&ctx, Method::POST, &path, &Value::Object(body)).await?;
    Ok(conversation(&v))
}

/// `POST /conversations/{id}/parts` with one of Intercom's four bodies.
async fn parts(ctx: &Ctx, id: &str, body: Value) -> Result<Value, ToolError> {
    let path = format!("{}/parts", conv_path(id)?);
    Ok(conversation(
        &api::send(ctx, Method::POST, &path, &body).await?,
    ))
}

// What to do with the conversation.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Close,
    Snoozed,
    Open,
    Assignment,
}

// Who gets the conversation.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum AssigneeType {
    #[default]
    Admin,
    Team,
}

fn assignment(
    admin_id: &str,
    assignee_id: &str,
    kind: AssigneeType,
    body: Option<&str>,
) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("message_type".into(), json!("assignment"));
    b.insert("type".into(), json!(kind));
    b.insert("admin_id".into(), json!(non_empty(admin_id, "admin_id")?));
    b.insert(
        "assignee_id".into(),
        json!(non_empty(assignee_id, "assignee_id")?),
    );
    insert_opt(&mut b, "body", body);
    Ok(Value::Object(b))
}

fn close(admin_id: &str, body: Option<&str>) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("message_type".into(), json!("close"));
    b.insert("type".into(), json!("admin"));
    b.insert("admin_id".into(), json!(non_empty(admin_id, "admin_id")?));
    insert_opt(&mut b, "body", body);
    Ok(Value::Object(b))
}

fn snooze(admin_id: &str, until: Option<Count>) -> Result<Value, ToolError> {
    let until = until.ok_or_else(|| {
        ToolError::invalid_input("snoozing needs snoozed_until (Unix seconds when it reopens)")
    })?;
    Ok(
        json!({"message_type": "snoozed", "admin_id": non_empty(admin_id, "admin_id")?, "snoozed_until": until.get()}),
    )
}

fn open(admin_id: &str) -> Result<Value, ToolError> {
    Ok(json!({"message_type": "open", "admin_id": non_empty(admin_id, "admin_id")?}))
}

/// Close, snooze (until `snoozed_until`), open or assign (to `assignee_id`, an admin or a
/// team) a conversation, acting as `admin_id`. Returns the conversation.
#[derive(Deserialize, JsonSchema)]
pub struct ManageConversation {
    /// Conversation id
    id: Count,
    message_type: Action,
    /// Admin who acts
    admin_id: String,
    /// Admin or team id to assign to (assignment; "0" unassigns)
    assignee_id: Option<String>,
    /// What `assignee_id` is (assignment; default admin)
    #[serde(rename = "type")]
    kind: Option<AssigneeType>,
    /// Message added with a close or an assignment
    body: Option<String>,
    /// Unix seconds when a snoozed conversation reopens
    snoozed_until: Option<Count>,
}

async fn manage_conversation(ctx: Ctx, a: ManageConversation) -> Result<Value, ToolError> {
    let body = match a.message_type {
        Action::Close => close(&a.admin_id, opt(&a.body))?,
        Action::Snoozed => snooze(&a.admin_id, a.snoozed_until)?,
        Action::Open => open(&a.admin_id)?,
        Action::Assignment => {
            let assignee = opt(&a.assignee_id)
                .ok_or_else(|| ToolError::invalid_input("an assignment needs assignee_id"))?;
            assignment(
                &a.admin_id,
                assignee,
                a.kind.unwrap_or_default(),
                opt(&a.body),
            )?
        }
    };
    parts(&ctx, &a.id.get().to_string(), body).await
}

/// Assign a conversation to an admin or a team, acting as `admin_id`. Returns the
/// conversation.
#[derive(Deserialize, JsonSchema)]
pub struct AssignConversation {
    /// Conversation id
    id: String,
    /// Admin who assigns
    admin_id: String,
    /// Admin or team id to assign to ("0" unassigns)
    assignee_id: String,
    /// What `assignee_id` is
    #[schemars(extend("default" = "admin"))]
    assignee_type: Option<AssigneeType>,
    /// Message added to the conversation
    body: Option<String>,
}

async fn assign_conversation(ctx: Ctx, a: AssignConversation) -> Result<Value, ToolError> {
    let body = assignment(
        &a.admin_id,
        &a.assignee_id,
        a.assignee_type.unwrap_or_default(),
        opt(&a.body),
    )?;
    parts(&ctx, &a.id, body).await
}

/// Close a conversation, acting as `admin_id`, with an optional closing message. Returns
/// the conversation.
#[derive(Deserialize, JsonSchema)]
pub struct CloseConversation {
    /// Conversation id
    id: String,
    /// Admin who closes it
    admin_id: String,
    /// Closing message the contact sees
    body: Option<String>,
}

async fn close_conversation(ctx: Ctx, a: CloseConversation) -> Result<Value, ToolError> {
    let body = close(&a.admin_id, opt(&a.body))?;
    parts(&ctx, &a.id, body).await
}

/// Snooze a conversation until a time, acting as `admin_id`. Returns the conversation.
#[derive(Deserialize, JsonSchema)]
pub struct SnoozeConversation {
    /// Conversation id
    id: String,
    /// Admin who snoozes it
    admin_id: String,
    /// Unix seconds when it reopens
    snoozed_until: Count,
}

async fn snooze_conversation(ctx: Ctx, a: SnoozeConversation) -> Result<Value, ToolError> {
    let body = snooze(&a.admin_id, Some(a.snoozed_until))?;
    parts(&ctx, &a.id, body).await
}

/// Reopen a closed or snoozed conversation, acting as `admin_id`. Returns the conversation.
#[derive(Deserialize, JsonSchema)]
pub struct OpenConversation {
    /// Conversation id
    id: String,
    /// Admin who opens it
    admin_id: String,
}

async fn open_conversation(ctx: Ctx, a: OpenConversation) -> Result<Value, ToolError> {
    let body = open(&a.admin_id)?;
    parts(&ctx, &a.id, body).await
}

/// Add a contact to a conversation as a participant, acting as `admin_id`. Returns the
/// conversation's `customers`.
#[derive(Deserialize, JsonSchema)]
pub struct AttachContact {
    /// Conversation id
    id: String,
    /// Admin who adds the participant
    admin_id: String,
    /// The contact: {"intercom_user_id": "..."}, {"user_id": "<external id>"} or {"email": "..."}
    customer: Map<String, Value>,
}

fn customers(v: &Value) -> Value {
    mcp_shared::json::pick(v, &["customers"])
}

async fn attach_contact(ctx: Ctx, a: AttachContact) -> Result<Value, ToolError> {
    if !["intercom_user_id", "user_id", "email"]
        .iter()
        .any(|k| a.customer.contains_key(*k))
    {
        return Err(ToolError::invalid_input(
            "customer must name the contact by intercom_user_id, user_id or email",
        ));
    }
    let body = json!({"admin_id": non_empty(&a.admin_id, "admin_id")?, "customer": a.customer});
    let path = format!("{}/customers", conv_path(&a.id)?);
    Ok(customers(
        &api::send(&ctx, Method::POST, &path, &body).await?,
    ))
}

/// Remove a participant from a conversation (not its last contact), acting as `admin_id`.
/// Returns the remaining `customers`.
#[derive(Deserialize, JsonSchema)]
pub struct DetachContact {
    conversation_id: String,
    /// Intercom id of the contact to remove
    contact_id: String,
    /// Admin who removes the participant
    admin_id: String,
    /// Not needed: `contact_id` names the contact (kept for compatibility)
    customer: Option<Map<String, Value>>,
}

async fn detach_contact(ctx: Ctx, a: DetachContact) -> Result<Value, ToolError> {
    let _ = a.customer;
    let path = format!(
        "/conversations/{}/customers/{}",
        api::id(&a.conversation_id, "conversation_id")?,
        api::id(&a.contact_id, "contact_id")?
    );
    let body = json!({"admin_id": non_empty(&a.admin_id, "admin_id")?});
    Ok(customers(
        &api::send(&ctx, Method::DELETE, &path, &body).await?,
    ))
}

// What to redact.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RedactKind {
    ConversationPart,
    Source,
}

/// Redact (blank for good) one part of a conversation (`conversation_part_id`) or its
/// source message (`source_id`). Returns the conversation.
#[derive(Deserialize, JsonSchema)]
pub struct RedactConversation {
    #[serde(rename = "type")]
    kind: RedactKind,
    conversation_id: String,
    /// Part to redact (type conversation_part)
    conversation_part_id: Option<String>,
    /// Source message to redact (type source)
    source_id: Option<String>,
}

async fn redact_conversation(ctx: Ctx, a: RedactConversation) -> Result<Value, ToolError> {
    let conv = non_empty(&a.conversation_id, "conversation_id")?;
    let body = match a.kind {
        RedactKind::ConversationPart => {
            let part = opt(&a.conversation_part_id).ok_or_else(|| {
                ToolError::invalid_input("type conversation_part needs conversation_part_id")
            })?;
            json!({"type": "conversation_part", "conversation_id": conv, "conversation_part_id": part})
        }
        RedactKind::Source => {
            let source = opt(&a.source_id)
                .ok_or_else(|| ToolError::invalid_input("type source needs source_id"))?;
            json!({"type": "source", "conversation_id": conv, "source_id": source})
        }
    };
    Ok(conversation(
        &api::send(&ctx, Method::POST, "/conversations/redact", &body).await?,
    ))
}

/// Convert a conversation into a ticket of a ticket type. Returns the ticket: id, ticket id,
/// state and type.
#[derive(Deserialize, JsonSchema)]
pub struct ConvertToTicket {
    /// Conversation id
    id: Count,
    /// Ticket type id
    ticket_type_id: String,
    /// Ticket attributes by name, e.g. {"_default_title_": "Bug"}
    attributes: Option<Map<String, Value>>,
}

async fn convert_to_ticket(ctx: Ctx, a: ConvertToTicket) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert(
        "ticket_type_id".into(),
        json!(non_empty(&a.ticket_type_id, "ticket_type_id")?),
    );
    insert_opt(
        &mut body,
        "attributes",
        a.attributes.filter(|m| !m.is_empty()),
    );
    let path = format!("/conversations/{}/convert", a.id.get());
    let v = api::send(&ctx, Method::POST, &path, &Value::Object(body)).await?;
    Ok(mcp_shared::json::pick(
        &v,
        &[
            "id",
            "ticket_id",
            "state=ticket_state.category",
            "ticket_type=ticket_type.name",
            "ticket_attributes",
            "created_at",
        ],
    ))
}

/// Tag a conversation, acting as `admin_id`. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct TagConversation {
    /// Conversation id
    id: String,
    tag_id: String,
    /// Admin who tags it
    admin_id: String,
}

async fn tag_conversation(ctx: Ctx, a: TagConversation) -> Result<Value, ToolError> {
    let body = json!({"id": non_empty(&a.tag_id, "tag_id")?, "admin_id": non_empty(&a.admin_id, "admin_id")?});
    let path = format!("{}/tags", conv_path(&a.id)?);
    let v = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::tag(&v))
}

/// Remove a tag from a conversation, acting as `admin_id`. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct UntagConversation {
    /// Conversation id
    id: String,
    tag_id: String,
    /// Admin who removes it
    admin_id: String,
}

async fn untag_conversation(ctx: Ctx, a: UntagConversation) -> Result<Value, ToolError> {
    let path = format!(
        "{}/tags/{}",
        conv_path(&a.id)?,
        api::id(&a.tag_id, "tag_id")?
    );
    let body = json!({"admin_id": non_empty(&a.admin_id, "admin_id")?});
    Ok(api::tag(
        &api::send(&ctx, Method::DELETE, &path, &body).await?,
    ))
}
