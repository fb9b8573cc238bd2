//! The fake Freshdesk, a server pointed at it, and a client sending an API key and domain.

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const KEY: &str = "Fd3xAmPlEkEy0123456789";

/// `Basic base64("<key>:X")`: the key as user, `X` as password.
pub fn basic() -> String {
    mcp_testkit::basic_auth(KEY, "X")
}

pub fn creds() -> Value {
    json!({"api_key": KEY, "domain": "acme"})
}

pub async fn setup() -> Setup {
    Setup::start(&freshdesk_mcp_server::SPEC, creds()).await
}

/// A request with the key as HTTP Basic.
pub fn req(method: &'static str, path: &str) -> Expect {
    expect(method, path).header("authorization", &basic())
}

pub fn no_content() -> ResponseTemplate {
    ResponseTemplate::new(204)
}

/// Freshdesk's validation error body.
pub fn validation(field: &str, message: &str, code: &str) -> Value {
    json!({"description": "Validation failed", "errors": [{"field": field, "message": message, "code": code}]})
}

pub fn ticket_json(id: u64) -> Value {
    json!({
        "cc_emails": ["cc@acme.com"],
        "fwd_emails": [],
        "reply_cc_emails": ["cc@acme.com"],
        "ticket_cc_emails": ["cc@acme.com"],
        "email_config_id": null,
        "fr_escalated": false,
        "group_id": null,
        "priority": 1,
        "requester_id": 1001,
        "responder_id": null,
        "source": 2,
        "spam": false,
        "status": 2,
        "subject": "Printer on fire",
        "company_id": 7,
        "id": id,
        "type": "Incident",
        "to_emails": null,
        "product_id": null,
        "created_at": "2026-08-24T11:56:51Z",
        "updated_at": "2026-08-24T11:59:05Z",
        "due_by": "2026-08-27T11:30:00Z",
        "fr_due_by": "2026-08-25T11:30:00Z",
        "is_escalated": false,
        "association_type": null,
        "description_text": "It is on fire.",
        "description": "<div>It is on fire.</div>",
        "custom_fields": {"cf_region": "EU"},
        "tags": ["hardware"],
        "attachments": []
    })
}

pub fn note_json(id: u64, ticket: u64) -> Value {
    json!({
        "body": "<div>Checked the fuser.</div>",
        "body_text": "Checked the fuser.",
        "id": id,
        "incoming": false,
        "private": true,
        "user_id": 2001,
        "support_email": null,
        "source": 2,
        "ticket_id": ticket,
        "notified_to": ["lead@acme.com"],
        "attachments": [],
        "created_at": "2026-08-24T12:00:00Z",
        "updated_at": "2026-08-24T12:00:00Z"
    })
}

pub fn reply_json(id: u64, ticket: u64) -> Value {
    json!({
        "body": "<div>We are on it.</div>",
        "body_text": "We are on it.",
        "id": id,
        "user_id": 2001,
        "from_email": "support@acme.freshdesk.com",
        "cc_emails": ["cc@acme.com"],
        "bcc_emails": [],
        "ticket_id": ticket,
        "replied_to": ["ann@example.com"],
        "attachments": [],
        "created_at": "2026-08-24T12:05:00Z",
        "updated_at": "2026-08-24T12:05:00Z"
    })
}

pub fn contact_json(id: u64) -> Value {
    json!({
        "active": true,
        "address": null,
        "company_id": 7,
        "description": null,
        "email": "ann@example.com",
        "id": id,
        "job_title": "CTO",
        "language": "en",
        "mobile": null,
        "name": "Ann Lee",
        "phone": "+1 555 0100",
        "time_zone": "Eastern Time (US & Canada)",
        "twitter_id": null,
        "custom_fields": {},
        "tags": ["vip"],
        "other_emails": [],
        "other_companies": [],
        "avatar": null,
        "view_all_tickets": false,
        "deleted": false,
        "created_at": "2026-01-05T10:00:00Z",
        "updated_at": "2026-02-05T10:00:00Z"
    })
}

pub fn company_json(id: u64) -> Value {
    json!({
        "id": id,
        "name": "SuperNova",
        "description": "Spaceship manufacturing",
        "domains": ["supernova.com"],
        "note": null,
        "custom_fields": {"website": null},
        "health_score": "Happy",
        "account_tier": "Premium",
        "renewal_date": "2026-12-31T00:00:00Z",
        "industry": "Media",
        "created_at": "2026-01-05T10:00:00Z",
        "updated_at": "2026-02-05T10:00:00Z"
    })
}

pub fn agent_json(id: u64) -> Value {
    json!({
        "available": true,
        "occasional": false,
        "id": id,
        "signature": "<div>Bob</div>",
        "ticket_scope": 1,
        "created_at": "2026-01-05T10:00:00Z",
        "updated_at": "2026-02-05T10:00:00Z",
        "available_since": null,
        "type": "support_agent",
        "agent_type": 1,
        "group_ids": [11],
        "role_ids": [21],
        "skill_ids": [],
        "focus_mode": true,
        "contact": {
            "active": true,
            "email": "bob@acme.com",
            "job_title": null,
            "language": "en",
            "last_login_at": "2026-08-01T09:00:00Z",
            "mobile": null,
            "name": "Bob Agent",
            "phone": null,
            "time_zone": "Eastern Time (US & Canada)",
            "created_at": "2026-01-05T10:00:00Z",
            "updated_at": "2026-02-05T10:00:00Z"
        }
    })
}

pub fn thread_json(id: &str) -> Value {
    json!({
        "id": id,
        "type": "private",
        "title": "Escalation",
        "created_by": "2001",
        "parent": {"id": "20", "type": "ticket"},
        "anchor": {"id": "22709", "type": "conversation"},
        "participants": {"emails": ["x@acme.com"], "agents": ["2001", "2002"]},
        "linked_object": {"id": id, "type": "thread-messages", "attributes": {"message_count": 3, "last_activity_at": "2026-08-02T20:20:20Z"}, "links": {"self": {"href": "https://acme.freshdesk.com/api/v2/collaboration/threads", "method": "GET", "rel": "self"}}},
        "created_at": "2026-08-01T20:20:20Z",
        "updated_at": "2026-08-02T20:20:20Z",
        "additional_info": {"email_config_id": "1"},
        "is_read": true,
        "updated_by": "2001"
    })
}

pub fn message_json(id: &str, thread: &str) -> Value {
    json!({
        "id": id,
        "thread_id": thread,
        "body": "<div>Looking into it</div>",
        "body_text": "Looking into it",
        "created_by": "2001",
        "participants": {"email": {"to": ["x@acme.com"]}},
        "attachments": [],
        "additional_info": {"has_quoted_text": false},
        "created_at": "2026-08-01T20:20:20Z",
        "updated_at": "2026-08-01T20:20:20Z"
    })
}
