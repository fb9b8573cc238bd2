//! Freshdesk's error bodies become clear tool errors, for every tool.

use crate::common::*;
use mcp_shared::reexports::http::HeaderMap;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::{Value, json};

/// Every tool with arguments that reach Freshdesk.
fn calls() -> Vec<(&'static str, Value)> {
    vec![
        (
            "freshdesk_create_ticket",
            json!({"subject": "s", "description": "d", "email": "bad"}),
        ),
        (
            "freshdesk_create_ticket_with_attachments",
            json!({"subject": "s", "description": "d", "email": "bad", "attachments": [{"name": "a.txt", "content": "x"}]}),
        ),
        ("freshdesk_get_ticket_by_id", json!({"ticket_id": 1})),
        ("freshdesk_list_tickets", json!({})),
        ("freshdesk_filter_tickets", json!({"query": "status:2"})),
        (
            "freshdesk_update_ticket",
            json!({"ticket_id": 1, "status": 9}),
        ),
        ("freshdesk_delete_ticket", json!({"ticket_id": 1})),
        ("freshdesk_restore_ticket", json!({"ticket_id": 1})),
        (
            "freshdesk_delete_multiple_tickets",
            json!({"ticket_ids": [1]}),
        ),
        (
            "freshdesk_merge_tickets",
            json!({"primary_ticket_id": 1, "ticket_ids": 2}),
        ),
        ("freshdesk_watch_ticket", json!({"ticket_id": 1})),
        ("freshdesk_unwatch_ticket", json!({"ticket_id": 1})),
        ("freshdesk_get_archived_ticket", json!({"ticket_id": 1})),
        ("freshdesk_delete_archived_ticket", json!({"ticket_id": 1})),
        (
            "freshdesk_add_note_to_ticket",
            json!({"ticket_id": 1, "body": "b"}),
        ),
        (
            "freshdesk_reply_to_a_ticket",
            json!({"ticket_id": 1, "body": "b"}),
        ),
        (
            "freshdesk_forward_ticket",
            json!({"ticket_id": 1, "to_emails": ["a@b.c"]}),
        ),
        (
            "freshdesk_list_ticket_conversations",
            json!({"ticket_id": 1}),
        ),
        ("freshdesk_update_note", json!({"note_id": 1, "body": "b"})),
        ("freshdesk_delete_note", json!({"note_id": 1})),
        ("freshdesk_delete_attachment", json!({"attachment_id": 1})),
        ("freshdesk_list_ticket_fields", json!({})),
        (
            "freshdesk_create_contact",
            json!({"name": "n", "email": "bad"}),
        ),
        ("freshdesk_get_contact_by_id", json!({"contact_id": 1})),
        ("freshdesk_list_contacts", json!({})),
        (
            "freshdesk_update_contact",
            json!({"contact_id": 1, "email": "bad"}),
        ),
        ("freshdesk_delete_contact", json!({"contact_id": 1})),
        ("freshdesk_restore_contact", json!({"contact_id": 1})),
        ("freshdesk_search_contacts_by_name", json!({"name": "a"})),
        ("freshdesk_filter_contacts", json!({"query": "active:true"})),
        ("freshdesk_make_contact_agent", json!({"contact_id": 1})),
        ("freshdesk_send_contact_invite", json!({"contact_id": 1})),
        (
            "freshdesk_merge_contacts",
            json!({"primary_contact_id": 1, "secondary_contact_ids": [2]}),
        ),
        ("freshdesk_create_company", json!({"name": "n"})),
        ("freshdesk_get_company_by_id", json!({"company_id": 1})),
        ("freshdesk_list_companies", json!({})),
        (
            "freshdesk_update_company",
            json!({"company_id": 1, "name": "n"}),
        ),
        ("freshdesk_delete_company", json!({"company_id": 1})),
        (
            "freshdesk_filter_companies",
            json!({"query": "domain:'a.com'"}),
        ),
        ("freshdesk_search_companies_by_name", json!({"name": "a"})),
        ("freshdesk_get_current_account", json!({})),
        ("freshdesk_list_agents", json!({})),
        ("freshdesk_get_agent_by_id", json!({"agent_id": 1})),
        ("freshdesk_get_current_agent", json!({})),
        ("freshdesk_search_agents", json!({"term": "a"})),
        (
            "freshdesk_create_agent",
            json!({"email": "bad", "name": "n", "ticket_scope": 1, "role_ids": [1]}),
        ),
        (
            "freshdesk_bulk_create_agents",
            json!({"agents_data": [{"email": "bad", "ticket_scope": 1, "role_ids": [1]}]}),
        ),
        (
            "freshdesk_update_agent",
            json!({"agent_id": 1, "email": "bad"}),
        ),
        ("freshdesk_delete_agent", json!({"agent_id": 1})),
        ("freshdesk_list_groups", json!({})),
        ("freshdesk_get_job", json!({"job_id": "j1"})),
        (
            "freshdesk_create_thread",
            json!({"thread_type": "discussion", "parent_id": 1}),
        ),
        ("freshdesk_get_thread_by_id", json!({"thread_id": 1})),
        (
            "freshdesk_update_thread",
            json!({"thread_id": 1, "title": "t"}),
        ),
        ("freshdesk_delete_thread", json!({"thread_id": 1})),
        (
            "freshdesk_create_thread_message",
            json!({"thread_id": 1, "body": "b"}),
        ),
        (
            "freshdesk_get_thread_message_by_id",
            json!({"message_id": 1}),
        ),
        (
            "freshdesk_update_thread_message",
            json!({"message_id": 1, "body": "b"}),
        ),
        ("freshdesk_delete_thread_message", json!({"message_id": 1})),
    ]
}

#[tokio::test]
async fn every_tool_reports_a_validation_error_with_field_and_code() {
    let s = setup().await;
    Mock::given(matchers::any())
        .and(matchers::header("authorization", basic().as_str()))
        .respond_with(ResponseTemplate::new(400).set_body_json(validation(
            "email",
            "It should be a valid email address",
            "invalid_value",
        )))
        .mount(&s.fake)
        .await;
    let tools = s.client.list_tools().await;
    let table = calls();
    assert_eq!(table.len(), tools.len(), "a tool without a failure case");
    for t in &tools {
        assert!(
            table.iter().any(|(n, _)| *n == t.name.as_ref()),
            "{} has no failure case",
            t.name
        );
    }
    for (name, args) in table {
        let err = s.client.call_err(name, args).await;
        assert!(err.contains("400"), "{name}: {err}");
        assert!(err.contains("Validation failed"), "{name}: {err}");
        assert!(
            err.contains("email: It should be a valid email address (invalid_value)"),
            "{name}: {err}"
        );
        assert!(!err.contains(KEY), "{name}: {err}");
    }
}

#[tokio::test]
async fn auth_permission_and_rate_limit_errors_say_what_to_do() {
    let s = setup().await;
    req("GET", "/tickets/1")
        .respond(
            &s.fake,
            401,
            json!({"code": "invalid_credentials", "message": "You have to be logged in to perform this action."}),
        )
        .await;
    let err = s
        .client
        .call_err("freshdesk_get_ticket_by_id", json!({"ticket_id": 1}))
        .await;
    assert!(err.contains("401"), "{err}");
    assert!(err.contains("invalid_credentials"), "{err}");
    assert!(err.contains("You have to be logged in"), "{err}");
    assert!(err.contains("api_key"), "{err}");
    req("DELETE", "/agents/2")
        .respond(
            &s.fake,
            403,
            json!({"code": "access_denied", "message": "You are not authorized to perform this action."}),
        )
        .await;
    let err = s
        .client
        .call_err("freshdesk_delete_agent", json!({"agent_id": 2}))
        .await;
    assert!(err.contains("access_denied"), "{err}");
    assert!(err.contains("role or plan"), "{err}");
    req("GET", "/tickets/3")
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .insert_header("x-ratelimit-total", "200")
                .insert_header("x-ratelimit-remaining", "0")
                .set_body_json(
                    json!({"message": "You have exceeded the limit of requests per minute"}),
                ),
        )
        .await;
    let err = s
        .client
        .call_err("freshdesk_get_ticket_by_id", json!({"ticket_id": 3}))
        .await;
    assert!(err.contains("429"), "{err}");
    assert!(err.contains("rate limited"), "{err}");
}

#[test]
fn the_error_parser_reads_freshdesk_bodies() {
    let parse = freshdesk_mcp_server::SPEC.error_parser;
    let e = parse(
        400,
        &HeaderMap::new(),
        &json!({"description": "Validation failed", "errors": [
            {"field": "custom_fields.cf_region", "message": "Unexpected/invalid field in request", "code": "invalid_field"},
            {"field": "priority", "message": "It should be one of these values: '1,2,3,4'", "code": "invalid_value"}
        ]}),
    );
    assert_eq!(e.code.as_deref(), Some("invalid_field"));
    let m = e.message.unwrap();
    assert!(
        m.starts_with("Validation failed: custom_fields.cf_region"),
        "{m}"
    );
    assert!(
        m.contains("priority: It should be one of these values: '1,2,3,4' (invalid_value)"),
        "{m}"
    );
    assert!(e.hint.unwrap().contains("freshdesk_list_ticket_fields"));
    let e = parse(429, &HeaderMap::new(), &json!({}));
    assert!(e.rate_limited);
}
