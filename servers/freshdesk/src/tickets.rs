//! Tickets and their conversations: `/tickets` (create, view, update, delete, restore, list,
//! merge, bulk delete, watch), `/tickets/{id}/notes|reply|forward|conversations`,
//! `/conversations/{id}`, `/tickets/archived/{id}`, `/attachments/{id}`, `/search/tickets`,
//! `/ticket_fields`.

use crate::api::{self, Attachment, emails, opt, request, search_date, with_body};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("tickets");
    vec![
        t(tool(
            "freshdesk_create_ticket",
            "Create ticket",
            Effect::Write,
            create_ticket,
        )),
        t(tool(
            "freshdesk_create_ticket_with_attachments",
            "Create ticket with attachments",
            Effect::Write,
            create_ticket_with_attachments,
        )),
        t(tool(
            "freshdesk_get_ticket_by_id",
            "Get ticket",
            Effect::Read,
            get_ticket,
        )),
        t(tool(
            "freshdesk_list_tickets",
            "List tickets",
            Effect::Read,
            list_tickets,
        )),
        t(tool(
            "freshdesk_filter_tickets",
            "Search tickets",
            Effect::Read,
            filter_tickets,
        )),
        t(tool(
            "freshdesk_update_ticket",
            "Update ticket",
            Effect::IdempotentWrite,
            update_ticket,
        )),
        t(tool(
            "freshdesk_delete_ticket",
            "Delete ticket",
            Effect::Destructive,
            delete_ticket,
        )),
        t(tool(
            "freshdesk_restore_ticket",
            "Restore ticket",
            Effect::IdempotentWrite,
            restore_ticket,
        )),
        t(tool(
            "freshdesk_delete_multiple_tickets",
            "Delete tickets",
            Effect::Destructive,
            delete_multiple_tickets,
        )),
        t(tool(
            "freshdesk_merge_tickets",
            "Merge tickets",
            Effect::Destructive,
            merge_tickets,
        )),
        t(tool(
            "freshdesk_watch_ticket",
            "Watch ticket",
            Effect::IdempotentWrite,
            watch_ticket,
        )),
        t(tool(
            "freshdesk_unwatch_ticket",
            "Unwatch ticket",
            Effect::IdempotentWrite,
            unwatch_ticket,
        )),
        t(tool(
            "freshdesk_get_archived_ticket",
            "Get archived ticket",
            Effect::Read,
            get_archived_ticket,
        )),
        t(tool(
            "freshdesk_delete_archived_ticket",
            "Delete archived ticket",
            Effect::Destructive,
            delete_archived_ticket,
        )),
        t(tool(
            "freshdesk_add_note_to_ticket",
            "Add note",
            Effect::Write,
            add_note,
        )),
        t(tool(
            "freshdesk_reply_to_a_ticket",
            "Reply to ticket",
            Effect::Write,
            reply,
        )),
        t(tool(
            "freshdesk_forward_ticket",
            "Forward ticket",
            Effect::Write,
            forward_ticket,
        )),
        t(tool(
            "freshdesk_list_ticket_conversations",
            "List conversations",
            Effect::Read,
            list_conversations,
        )),
        t(tool(
            "freshdesk_update_note",
            "Update note",
            Effect::IdempotentWrite,
            update_note,
        )),
        t(tool(
            "freshdesk_delete_note",
            "Delete note",
            Effect::Destructive,
            delete_note,
        )),
        t(tool(
            "freshdesk_delete_attachment",
            "Delete attachment",
            Effect::Destructive,
            delete_attachment,
        )),
        t(tool(
            "freshdesk_list_ticket_fields",
            "List ticket fields",
            Effect::Read,
            list_ticket_fields,
        )),
    ]
}

// Fields both create tools take. Status: 2 Open, 3 Pending, 4 Resolved, 5 Closed (custom
// statuses: freshdesk_list_ticket_fields).
macro_rules! create_ticket_struct {
    ($(#[$doc:meta])* $name:ident { $($extra:tt)* }) => {
        $(#[$doc])*
        #[derive(Deserialize, JsonSchema)]
        pub struct $name {
            subject: String,
            /// HTML body
            description: String,
            /// Requester's address (a new contact is made if unknown)
            email: String,
            /// Requester's name
            name: Option<String>,
            /// 1 Low, 2 Medium, 3 High, 4 Urgent (default 1)
            #[schemars(extend("enum" = [1, 2, 3, 4]))]
            priority: Option<Count>,
            /// 2 Open (default), 3 Pending, 4 Resolved, 5 Closed, or a custom status id
            status: Option<Count>,
            /// 1 Email, 2 Portal (default), 3 Phone, 7 Chat, 9 Feedback widget, 10 Outbound email
            #[schemars(extend("enum" = [1, 2, 3, 7, 9, 10]))]
            source: Option<Count>,
            tags: Option<Vec<String>>,
            /// By field name (`cf_...`, see freshdesk_list_ticket_fields)
            custom_fields: Option<Map<String, Value>>,
            cc_emails: Option<Vec<String>>,
            /// ISO 8601; needs `fr_due_by` too
            due_by: Option<String>,
            /// First-response due time, ISO 8601
            fr_due_by: Option<String>,
            /// Files (sent as multipart, 20 MB in all)
            attachments: Option<Vec<Attachment>>,
            /// Agent to assign
            responder_id: Option<Count>,
            /// Makes this a child ticket of that ticket
            parent_id: Option<Count>,
            group_id: Option<Count>,
            $($extra)*
        }
    };
}

create_ticket_struct!(
    /// Create a ticket for a requester (by email). Returns the ticket.
    CreateTicket {
        company_id: Option<Count>,
        product_id: Option<Count>,
        /// The ticket's type, e.g. `Question`
        ticket_type: Option<String>,
    }
);

create_ticket_struct!(
    /// Create a ticket with files (multipart/form-data): each attachment is `name` plus
    /// `content_base64`, `content` (text) or a public `url`. Returns the ticket and its attachments.
    CreateTicketWithAttachments {}
);

struct NewTicket {
    subject: String,
    description: String,
    email: String,
    name: Option<String>,
    priority: Option<Count>,
    status: Option<Count>,
    source: Option<Count>,
    tags: Option<Vec<String>>,
    custom_fields: Option<Map<String, Value>>,
    cc_emails: Option<Vec<String>>,
    due_by: Option<String>,
    fr_due_by: Option<String>,
    attachments: Option<Vec<Attachment>>,
    responder_id: Option<Count>,
    parent_id: Option<Count>,
    group_id: Option<Count>,
    company_id: Option<Count>,
    product_id: Option<Count>,
    ticket_type: Option<String>,
}

async fn create(ctx: Ctx, a: NewTicket) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("subject".into(), json!(non_empty(&a.subject, "subject")?));
    b.insert(
        "description".into(),
        json!(non_empty(&a.description, "description")?),
    );
    b.insert("email".into(), json!(non_empty(&a.email, "email")?));
    insert_opt(&mut b, "name", opt(&a.name));
    b.insert("priority".into(), json!(a.priority.map_or(1, Count::get)));
    b.insert("status".into(), json!(a.status.map_or(2, Count::get)));
    insert_opt(&mut b, "source", a.source);
    insert_opt(&mut b, "tags", a.tags);
    insert_opt(&mut b, "custom_fields", a.custom_fields);
    insert_opt(&mut b, "cc_emails", emails(&a.cc_emails));
    insert_opt(&mut b, "due_by", opt(&a.due_by));
    insert_opt(&mut b, "fr_due_by", opt(&a.fr_due_by));
    insert_opt(&mut b, "responder_id", a.responder_id);
    insert_opt(&mut b, "parent_id", a.parent_id);
    insert_opt(&mut b, "group_id", a.group_id);
    insert_opt(&mut b, "company_id", a.company_id);
    insert_opt(&mut b, "product_id", a.product_id);
    insert_opt(&mut b, "type", opt(&a.ticket_type));
    let req = request(&ctx, Method::POST, "/tickets")?;
    let v: Value = with_body(&ctx, req, b, &a.attachments)
        .await?
        .send_json()
        .await?;
    Ok(api::ticket(&v))
}

async fn create_ticket(ctx: Ctx, a: CreateTicket) -> Result<Value, ToolError> {
    create(
        ctx,
        NewTicket {
            subject: a.subject,
            description: a.description,
            email: a.email,
            name: a.name,
            priority: a.priority,
            status: a.status,
            source: a.source,
            tags: a.tags,
            custom_fields: a.custom_fields,
            cc_emails: a.cc_emails,
            due_by: a.due_by,
            fr_due_by: a.fr_due_by,
            attachments: a.attachments,
            responder_id: a.responder_id,
            parent_id: a.parent_id,
            group_id: a.group_id,
            company_id: a.company_id,
            product_id: a.product_id,
            ticket_type: a.ticket_type,
        },
    )
    .await
}

async fn create_ticket_with_attachments(
    ctx: Ctx,
    a: CreateTicketWithAttachments,
) -> Result<Value, ToolError> {
    create(
        ctx,
        NewTicket {
            subject: a.subject,
            description: a.description,
            email: a.email,
            name: a.name,
            priority: a.priority,
            status: a.status,
            source: a.source,
            tags: a.tags,
            custom_fields: a.custom_fields,
            cc_emails: a.cc_emails,
            due_by: a.due_by,
            fr_due_by: a.fr_due_by,
            attachments: a.attachments,
            responder_id: a.responder_id,
            parent_id: a.parent_id,
            group_id: a.group_id,
            company_id: None,
            product_id: None,
            ticket_type: None,
        },
    )
    .await
}

/// Get a ticket: properties, description text, attachments; `include` embeds more.
#[derive(Deserialize, JsonSchema)]
pub struct GetTicket {
    ticket_id: Count,
    /// Comma-separated: conversations (first 10), requester, company, stats
    include: Option<String>,
}

async fn get_ticket(ctx: Ctx, a: GetTicket) -> Result<Value, ToolError> {
    let v: Value = request(
        &ctx,
        Method::GET,
        &format!("/tickets/{}", a.ticket_id.get()),
    )?
    .query_opt("include", opt(&a.include))
    .send_json()
    .await?;
    Ok(api::ticket(&v))
}

/// List tickets, newest first (without filters: those of the last 30 days). Requester,
/// company and `updated_since` use the list API; status, priority, agent, group, type,
/// `created_since` and `due_by` use the search API (30 a page, 10 pages) and cannot be mixed
/// with the former. Returns `tickets` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTickets {
    #[schemars(extend("enum" = [2, 3, 4, 5]))]
    status: Option<Count>,
    #[schemars(extend("enum" = [1, 2, 3, 4]))]
    priority: Option<Count>,
    requester_id: Option<Count>,
    /// Requester's address
    email: Option<String>,
    /// Assigned agent
    agent_id: Option<Count>,
    company_id: Option<Count>,
    group_id: Option<Count>,
    ticket_type: Option<String>,
    /// ISO 8601
    updated_since: Option<String>,
    /// Date (yyyy-mm-dd)
    created_since: Option<String>,
    /// Due on or before this date (yyyy-mm-dd)
    due_by: Option<String>,
    /// created_at (default), due_by, updated_at or status
    order_by: Option<String>,
    #[schemars(extend("enum" = ["asc", "desc"]))]
    order_type: Option<String>,
    /// Comma-separated: requester, stats, description, company
    include: Option<String>,
    page: Option<Count>,
    /// 1-100 (default 30)
    per_page: Option<Count>,
}

async fn list_tickets(ctx: Ctx, a: ListTickets) -> Result<Value, ToolError> {
    let mut terms: Vec<String> = Vec::new();
    if let Some(s) = a.status {
        terms.push(format!("status:{}", s.get()));
    }
    if let Some(p) = a.priority {
        terms.push(format!("priority:{}", p.get()));
    }
    if let Some(x) = a.agent_id {
        terms.push(format!("agent_id:{}", x.get()));
    }
    if let Some(x) = a.group_id {
        terms.push(format!("group_id:{}", x.get()));
    }
    if let Some(t) = opt(&a.ticket_type) {
        if t.contains('\'') || t.contains('"') {
            return Err(ToolError::invalid_input(
                "`ticket_type` may not contain quotes",
            ));
        }
        terms.push(format!("type:'{t}'"));
    }
    if let Some(d) = opt(&a.created_since) {
        terms.push(format!(
            "created_at:>'{}'",
            search_date(d, "created_since")?
        ));
    }
    if let Some(d) = opt(&a.due_by) {
        terms.push(format!("due_by:<'{}'", search_date(d, "due_by")?));
    }
    let order = opt(&a.order_by).is_some() || opt(&a.order_type).is_some();
    if !terms.is_empty() {
        let list_only = [
            ("requester_id", a.requester_id.is_some()),
            ("email", opt(&a.email).is_some()),
            ("company_id", a.company_id.is_some()),
            ("include", opt(&a.include).is_some()),
            ("order_by/order_type", order),
        ];
        if let Some((name, _)) = list_only.iter().find(|(_, given)| *given) {
            return Err(ToolError::invalid_input(format!(
                "`{name}` cannot be combined with status, priority, agent_id, group_id, ticket_type, created_since or due_by: Freshdesk filters those only through its search API. Call twice, or use freshdesk_filter_tickets."
            )));
        }
        if let Some(d) = opt(&a.updated_since) {
            terms.push(format!(
                "updated_at:>'{}'",
                search_date(d, "updated_since")?
            ));
        }
        return api::search(
            &ctx,
            "tickets",
            &terms.join(" AND "),
            a.page,
            a.per_page,
            "tickets",
            api::ticket_brief,
        )
        .await;
    }
    let mut q: Vec<(&'static str, String)> = Vec::new();
    if let Some(x) = a.requester_id {
        q.push(("requester_id", x.get().to_string()));
    }
    if let Some(x) = opt(&a.email) {
        q.push(("email", x.to_owned()));
    }
    if let Some(x) = a.company_id {
        q.push(("company_id", x.get().to_string()));
    }
    if let Some(x) = opt(&a.updated_since) {
        q.push(("updated_since", x.to_owned()));
    }
    if let Some(x) = opt(&a.order_by) {
        q.push(("order_by", x.to_owned()));
    }
    if let Some(x) = opt(&a.order_type) {
        q.push(("order_type", x.to_owned()));
    }
    if let Some(x) = opt(&a.include) {
        q.push(("include", x.to_owned()));
    }
    api::list(
        &ctx,
        "/tickets",
        q,
        a.page,
        a.per_page,
        "tickets",
        api::ticket_brief,
    )
    .await
}

/// Search tickets with Freshdesk's query language, e.g. `status:2 AND priority:3`,
/// `tag:'vip'`, `created_at:>'2026-01-01'`, `cf_region:'EU'` (quotes are added). 30 results a
/// page, pages 1-10. Returns `tickets`, `total`, `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct FilterTickets {
    query: String,
    /// 1-10
    page: Option<Count>,
    /// Not used: search pages are always 30
    per_page: Option<Count>,
}

async fn filter_tickets(ctx: Ctx, a: FilterTickets) -> Result<Value, ToolError> {
    api::search(
        &ctx,
        "tickets",
        &a.query,
        a.page,
        a.per_page,
        "tickets",
        api::ticket_brief,
    )
    .await
}

/// Update a ticket's properties; give only what changes. Returns the ticket.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTicket {
    ticket_id: Count,
    subject: Option<String>,
    /// HTML
    description: Option<String>,
    #[schemars(extend("enum" = [1, 2, 3, 4]))]
    priority: Option<Count>,
    /// 2 Open, 3 Pending, 4 Resolved, 5 Closed, or a custom status id
    status: Option<Count>,
    /// Replaces the tags
    tags: Option<Vec<String>>,
    custom_fields: Option<Map<String, Value>>,
    /// Agent to assign
    responder_id: Option<Count>,
    group_id: Option<Count>,
    ticket_type: Option<String>,
}

async fn update_ticket(ctx: Ctx, a: UpdateTicket) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "subject", opt(&a.subject));
    insert_opt(&mut b, "description", opt(&a.description));
    insert_opt(&mut b, "priority", a.priority);
    insert_opt(&mut b, "status", a.status);
    insert_opt(&mut b, "tags", a.tags);
    insert_opt(&mut b, "custom_fields", a.custom_fields);
    insert_opt(&mut b, "responder_id", a.responder_id);
    insert_opt(&mut b, "group_id", a.group_id);
    insert_opt(&mut b, "type", opt(&a.ticket_type));
    if b.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give subject, description, priority, status, tags, custom_fields, responder_id, group_id or ticket_type",
        ));
    }
    let v: Value = request(
        &ctx,
        Method::PUT,
        &format!("/tickets/{}", a.ticket_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(api::ticket(&v))
}

/// Delete a ticket (it goes to Trash; freshdesk_restore_ticket brings it back).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteTicket {
    ticket_id: Count,
}

async fn delete_ticket(ctx: Ctx, a: DeleteTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(&ctx, Method::DELETE, &format!("/tickets/{id}"))?).await?;
    Ok(json!({"deleted": true, "ticket_id": id}))
}

/// Restore a deleted ticket from Trash.
#[derive(Deserialize, JsonSchema)]
pub struct RestoreTicket {
    ticket_id: Count,
}

async fn restore_ticket(ctx: Ctx, a: RestoreTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(
        &ctx,
        Method::PUT,
        &format!("/tickets/{id}/restore"),
    )?)
    .await?;
    Ok(json!({"restored": true, "ticket_id": id}))
}

/// Delete several tickets in a background job (to Trash). Returns the `job_id`
/// (freshdesk_get_job).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMultipleTickets {
    ticket_ids: Vec<Count>,
}

async fn delete_multiple_tickets(ctx: Ctx, a: DeleteMultipleTickets) -> Result<Value, ToolError> {
    if a.ticket_ids.is_empty() {
        return Err(ToolError::invalid_input("`ticket_ids` must not be empty"));
    }
    let v: Value = request(&ctx, Method::POST, "/tickets/bulk_delete")?
        .json(&json!({"bulk_action": {"ids": a.ticket_ids}}))
        .send_json()
        .await?;
    Ok(mcp_shared::json::pick(&v, &["job_id", "href"]))
}

/// One id or a list of ids (the catalog types this argument as one integer).
pub struct Ids(Vec<u64>);

impl<'de> Deserialize<'de> for Ids {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            One(Count),
            Many(Vec<Count>),
        }
        match OneOrMany::deserialize(d) {
            Ok(OneOrMany::One(c)) => Ok(Ids(vec![c.get()])),
            Ok(OneOrMany::Many(v)) => Ok(Ids(v.into_iter().map(Count::get).collect())),
            Err(_) => Err(serde::de::Error::custom(
                "expected a ticket id or a list of ticket ids",
            )),
        }
    }
}

impl JsonSchema for Ids {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Ids".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "integer", "minimum": 0})
    }
}

/// Merge tickets into a primary ticket (their conversations move there; the others are
/// closed). Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct MergeTickets {
    primary_ticket_id: Count,
    /// Ticket to merge in; a list of ids is accepted too
    ticket_ids: Ids,
    /// Add the merged tickets' requesters to the primary's CC
    convert_recepients_to_cc: Option<bool>,
}

async fn merge_tickets(ctx: Ctx, a: MergeTickets) -> Result<Value, ToolError> {
    let primary = a.primary_ticket_id.get();
    let mut ids: Vec<u64> = Vec::new();
    for i in a.ticket_ids.0 {
        if i != primary && !ids.contains(&i) {
            ids.push(i);
        }
    }
    if ids.is_empty() {
        return Err(ToolError::invalid_input(
            "`ticket_ids` must name at least one ticket other than the primary",
        ));
    }
    // Freshdesk's own example lists the primary among `ticket_ids`.
    let mut all = vec![primary];
    all.extend(&ids);
    let mut b = Map::new();
    b.insert("primary_id".into(), json!(primary));
    b.insert("ticket_ids".into(), json!(all));
    insert_opt(
        &mut b,
        "convert_recepients_to_cc",
        a.convert_recepients_to_cc,
    );
    api::send_empty(request(&ctx, Method::PUT, "/tickets/merge")?.json(&b)).await?;
    Ok(json!({"merged": true, "primary_id": primary, "merged_ticket_ids": ids}))
}

/// Watch a ticket (get its notifications): the key's agent, or `user_id`.
#[derive(Deserialize, JsonSchema)]
pub struct WatchTicket {
    ticket_id: Count,
    /// Agent to add as watcher (default: the key's agent)
    user_id: Option<Count>,
}

async fn watch_ticket(ctx: Ctx, a: WatchTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    let mut req = request(&ctx, Method::POST, &format!("/tickets/{id}/watch"))?.idempotent(true);
    if let Some(u) = a.user_id {
        req = req.json(&json!({"user_id": u}));
    }
    api::send_empty(req).await?;
    Ok(json!({"watching": true, "ticket_id": id}))
}

/// Stop watching a ticket (the key's agent).
#[derive(Deserialize, JsonSchema)]
pub struct UnwatchTicket {
    ticket_id: Count,
}

async fn unwatch_ticket(ctx: Ctx, a: UnwatchTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(
        &ctx,
        Method::PUT,
        &format!("/tickets/{id}/unwatch"),
    )?)
    .await?;
    Ok(json!({"watching": false, "ticket_id": id}))
}

/// Get an archived ticket (closed tickets archived by the account's rules).
#[derive(Deserialize, JsonSchema)]
pub struct GetArchivedTicket {
    ticket_id: Count,
}

async fn get_archived_ticket(ctx: Ctx, a: GetArchivedTicket) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("/tickets/archived/{}", a.ticket_id.get())).await?;
    Ok(api::ticket(&v))
}

/// Delete an archived ticket for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteArchivedTicket {
    ticket_id: Count,
}

async fn delete_archived_ticket(ctx: Ctx, a: DeleteArchivedTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/tickets/archived/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "ticket_id": id}))
}

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

async fn add_note(ctx: Ctx, a: AddNote) -> Result<Value, ToolError> {
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

async fn reply(ctx: Ctx, a: Reply) -> Result<Value, ToolError> {
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

async fn forward_ticket(ctx: Ctx, a: ForwardTicket) -> Result<Value, ToolError> {
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

async fn list_conversations(ctx: Ctx, a: ListConversations) -> Result<Value, ToolError> {
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

async fn update_note(ctx: Ctx, a: UpdateNote) -> Result<Value, ToolError> {
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

async fn delete_note(ctx: Ctx, a: DeleteNote) -> Result<Value, ToolError> {
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

async fn delete_attachment(ctx: Ctx, a: DeleteAttachment) -> Result<Value, ToolError> {
    let id = a.attachment_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/attachments/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "attachment_id": id}))
}

/// List ticket fields: names (`cf_...` for custom ones), types, whether required, and the
/// choices, e.g. the account's statuses and priorities with their ids.
#[derive(Deserialize, JsonSchema)]
pub struct ListTicketFields {
    /// Only fields of this type, e.g. `default_status`, `custom_dropdown`
    #[serde(rename = "type")]
    field_type: Option<String>,
}

async fn list_ticket_fields(ctx: Ctx, a: ListTicketFields) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/ticket_fields")?
        .query_opt("type", opt(&a.field_type))
        .send_json()
        .await?;
    let fields: Vec<Value> = v
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            mcp_shared::json::pick(
                f,
                &[
                    "id",
                    "name",
                    "label",
                    "type",
                    "default",
                    "required_for_closure",
                    "required_for_agents",
                    "required_for_customers",
                    "choices",
                    "nested_ticket_fields",
                ],
            )
        })
        .collect();
    Ok(json!({ "ticket_fields": fields }))
}
