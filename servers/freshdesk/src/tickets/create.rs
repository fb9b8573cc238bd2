//! Creating a ticket, with or without attachments.

use crate::api::{self, Attachment, emails, opt, request, with_body};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Method, ToolError, non_empty};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

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

pub(super) async fn create_ticket(ctx: Ctx, a: CreateTicket) -> Result<Value, ToolError> {
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

pub(super) async fn create_ticket_with_attachments(
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
