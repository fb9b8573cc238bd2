//! Intercom's `error.list` bodies become clear messages (status, code, message, request id,
//! hint), for every tool; bad arguments are refused before any request.

use crate::{TOKEN, error_list, error_response, setup};
use mcp_shared::reexports::http::HeaderMap;
use mcp_testkit::wiremock::{Mock, matchers};
use serde_json::{Value, json};

/// Valid arguments for every tool.
pub fn calls() -> Vec<(&'static str, Value)> {
    vec![
        ("intercom_list_articles", json!({})),
        ("intercom_get_article", json!({"id": 39})),
        (
            "intercom_create_article",
            json!({"title": "T", "author_id": 991267492}),
        ),
        ("intercom_update_article", json!({"id": 39, "title": "T"})),
        ("intercom_delete_article", json!({"id": 39})),
        ("intercom_search_articles", json!({"phrase": "billing"})),
        ("intercom_list_collections", json!({})),
        ("intercom_get_collection", json!({"id": "159"})),
        ("intercom_create_collection", json!({"name": "N"})),
        (
            "intercom_update_collection",
            json!({"id": "159", "name": "N"}),
        ),
        ("intercom_delete_collection", json!({"id": "159"})),
        ("intercom_list_companies", json!({})),
        (
            "intercom_get_company",
            json!({"id": "6762f0941bb69f9f2193bb25"}),
        ),
        (
            "intercom_create_company",
            json!({"company_id": "c1", "name": "Acme"}),
        ),
        (
            "intercom_update_company",
            json!({"id": "6762f0941bb69f9f2193bb25", "plan": "pro"}),
        ),
        (
            "intercom_delete_company",
            json!({"id": "6762f0941bb69f9f2193bb25"}),
        ),
        ("intercom_find_company", json!({"company_id": "c1"})),
        (
            "intercom_list_company_users",
            json!({"id": "6762f0941bb69f9f2193bb25"}),
        ),
        (
            "intercom_attach_contact_to_company",
            json!({"id": "co1", "contact_id": "ct1"}),
        ),
        (
            "intercom_detach_contact_from_company",
            json!({"id": "co1", "contact_id": "ct1"}),
        ),
        (
            "intercom_list_company_segments",
            json!({"company_id": "co1"}),
        ),
        ("intercom_list_company_tags", json!({"company_id": "co1"})),
        (
            "intercom_tag_company",
            json!({"name": "VIP", "companies": [{"id": "co1"}]}),
        ),
        (
            "intercom_untag_company",
            json!({"name": "VIP", "companies": [{"id": "co1"}], "untag": true}),
        ),
        ("intercom_list_contacts", json!({})),
        ("intercom_get_contact", json!({"id": "ct1"})),
        (
            "intercom_create_contact",
            json!({"email": "joe@bloggs.com"}),
        ),
        (
            "intercom_update_contact",
            json!({"id": "ct1", "name": "Joe"}),
        ),
        (
            "intercom_search_contacts",
            json!({"query": {"field": "email", "operator": "=", "value": "joe@bloggs.com"}}),
        ),
        ("intercom_delete_contact", json!({"id": "ct1"})),
        (
            "intercom_merge_contact",
            json!({"from": "lead1", "into": "user1"}),
        ),
        ("intercom_list_contact_notes", json!({"id": "ct1"})),
        (
            "intercom_create_contact_note",
            json!({"id": "ct1", "body": "Hi"}),
        ),
        ("intercom_list_contact_tags", json!({"contact_id": "ct1"})),
        (
            "intercom_add_contact_tag",
            json!({"contact_id": "ct1", "id": "80"}),
        ),
        (
            "intercom_remove_contact_tag",
            json!({"contact_id": "ct1", "id": "80"}),
        ),
        (
            "intercom_create_note",
            json!({"body": "Hi", "contact_id": "ct1", "admin_id": "991"}),
        ),
        ("intercom_list_notes", json!({"contact_id": "ct1"})),
        ("intercom_get_note", json!({"id": "34"})),
        ("intercom_list_conversations", json!({})),
        ("intercom_get_conversation", json!({"id": 503})),
        (
            "intercom_create_conversation",
            json!({"from": {"type": "user", "id": "ct1"}, "body": "Hello"}),
        ),
        (
            "intercom_update_conversation",
            json!({"id": 503, "read": true}),
        ),
        ("intercom_delete_conversation", json!({"id": 503})),
        (
            "intercom_search_conversations",
            json!({"query": {"field": "state", "operator": "=", "value": "open"}}),
        ),
        (
            "intercom_reply_conversation",
            json!({"id": "503", "admin_id": "991", "body": "Hi"}),
        ),
        (
            "intercom_manage_conversation",
            json!({"id": 503, "message_type": "open", "admin_id": "991"}),
        ),
        (
            "intercom_attach_contact_to_conversation",
            json!({"id": "503", "admin_id": "991", "customer": {"intercom_user_id": "ct1"}}),
        ),
        (
            "intercom_detach_contact_from_conversation",
            json!({"conversation_id": "503", "contact_id": "ct1", "admin_id": "991", "customer": {}}),
        ),
        (
            "intercom_redact_conversation",
            json!({"type": "source", "conversation_id": "503", "source_id": "403918334"}),
        ),
        (
            "intercom_convert_conversation_to_ticket",
            json!({"id": 503, "ticket_type_id": "53"}),
        ),
        (
            "intercom_assign_conversation",
            json!({"id": "503", "admin_id": "991", "assignee_id": "992"}),
        ),
        (
            "intercom_close_conversation",
            json!({"id": "503", "admin_id": "991"}),
        ),
        (
            "intercom_snooze_conversation",
            json!({"id": "503", "admin_id": "991", "snoozed_until": 1734537600}),
        ),
        (
            "intercom_open_conversation",
            json!({"id": "503", "admin_id": "991"}),
        ),
        (
            "intercom_tag_conversation",
            json!({"id": "503", "tag_id": "86", "admin_id": "991"}),
        ),
        (
            "intercom_untag_conversation",
            json!({"id": "503", "tag_id": "86", "admin_id": "991"}),
        ),
        (
            "intercom_create_message",
            json!({"message_type": "in_app", "body": "Hi", "from": {"type": "admin", "id": "991"}, "to": {"type": "user", "id": "ct1"}}),
        ),
        ("intercom_list_messages", json!({})),
        ("intercom_get_message", json!({"id": "403918396"})),
        (
            "intercom_send_user_message",
            json!({"from": {"type": "user", "id": "ct1"}, "body": "Hi"}),
        ),
        ("intercom_list_tags", json!({})),
        ("intercom_get_tag", json!({"id": "102"})),
        ("intercom_create_or_update_tag", json!({"name": "VIP"})),
        (
            "intercom_tag_companies",
            json!({"name": "VIP", "companies": [{"company_id": "c1"}]}),
        ),
        (
            "intercom_untag_companies",
            json!({"name": "VIP", "companies": [{"company_id": "c1"}], "untag": true}),
        ),
        (
            "intercom_tag_users",
            json!({"name": "VIP", "users": [{"id": "ct1"}]}),
        ),
        ("intercom_delete_tag", json!({"id": "102"})),
        ("intercom_list_teams", json!({})),
        ("intercom_get_team", json!({"id": "5017691"})),
        ("intercom_list_admins", json!({})),
        ("intercom_get_admin", json!({"id": 991})),
        ("intercom_get_current_admin", json!({})),
        (
            "intercom_set_admin_away",
            json!({"id": 991, "away_mode_enabled": true, "away_mode_reassign": false}),
        ),
        (
            "intercom_list_admin_activity_logs",
            json!({"created_at_after": "1734537000"}),
        ),
    ]
}

#[tokio::test]
async fn every_tool_turns_an_error_list_into_a_clear_message() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    let mut names: Vec<String> = tools.iter().map(|t| t.name.to_string()).collect();
    let mut covered: Vec<String> = calls().iter().map(|(n, _)| n.to_string()).collect();
    names.sort();
    covered.sort();
    assert_eq!(names, covered, "every tool has a failure case");
    Mock::given(matchers::any())
        .respond_with(error_response(404, "not_found", "Resource Not Found"))
        .mount(&s.fake)
        .await;
    for (tool, args) in calls() {
        let err = s.client.call_err(tool, args).await;
        assert!(err.contains("404"), "{tool}: {err}");
        assert!(err.contains("not_found"), "{tool}: {err}");
        assert!(err.contains("Resource Not Found"), "{tool}: {err}");
        assert!(
            err.contains("8c288c4f-b699-4209-9de4-064398f02785"),
            "{tool}: {err}"
        );
        assert!(!err.contains(TOKEN), "{tool}: {err}");
    }
}

#[test]
fn error_list_bodies_are_read() {
    let parse = intercom_mcp_server::SPEC.error_parser;
    let e = parse(
        401,
        &HeaderMap::new(),
        &error_list("unauthorized", "Access Token Invalid"),
    );
    assert_eq!(e.code.as_deref(), Some("unauthorized"));
    assert_eq!(
        e.message.as_deref(),
        Some("Access Token Invalid (request id 8c288c4f-b699-4209-9de4-064398f02785)")
    );
    assert!(e.hint.unwrap().contains("region"));
    let body = json!({"type": "error.list", "request_id": "r1", "errors": [
        {"code": "parameter_invalid", "message": "Email is invalid", "field": "email"},
        {"code": "parameter_not_found", "message": "role is missing"}
    ]});
    let e = parse(400, &HeaderMap::new(), &body);
    assert_eq!(e.code.as_deref(), Some("parameter_invalid"));
    assert_eq!(
        e.message.as_deref(),
        Some("email: Email is invalid; parameter_not_found: role is missing (request id r1)")
    );
    let e = parse(
        429,
        &HeaderMap::new(),
        &error_list("rate_limit_exceeded", "Exceeded rate limit"),
    );
    assert!(e.rate_limited);
    // The older single-error shape and a body that is not Intercom's.
    let e = parse(
        400,
        &HeaderMap::new(),
        &json!({"type": "error", "code": "intercom_version_invalid", "message": "Requested version is invalid"}),
    );
    assert_eq!(e.code.as_deref(), Some("intercom_version_invalid"));
    assert!(e.hint.unwrap().contains("2.14"));
    let e = parse(502, &HeaderMap::new(), &json!({"message": "Bad gateway"}));
    assert_eq!(e.message.as_deref(), Some("Bad gateway"));
}

#[tokio::test]
async fn plan_restrictions_and_rate_limits_say_what_to_do() {
    let s = setup().await;
    crate::req("DELETE", "/conversations/512")
        .respond_with(
            &s.fake,
            error_response(403, "api_plan_restricted", "Active subscription needed."),
        )
        .await;
    let err = s
        .client
        .call_err("intercom_delete_conversation", json!({"id": 512}))
        .await;
    assert!(
        err.contains("403") && err.contains("api_plan_restricted"),
        "{err}"
    );
    assert!(err.contains("Active subscription needed."), "{err}");
    assert!(err.contains("plan"), "{err}");
}

#[tokio::test]
async fn a_429_waits_for_x_ratelimit_reset_and_retries() {
    use mcp_testkit::wiremock::ResponseTemplate;
    let s = setup().await;
    let reset = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        + 1;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/tags"))
        .respond_with(
            error_response(
                429,
                "rate_limit_exceeded",
                "Exceeded rate limit of 10000 in 10_seconds",
            )
            .insert_header("X-RateLimit-Limit", "10000")
            .insert_header("X-RateLimit-Remaining", "0")
            .insert_header("X-RateLimit-Reset", reset.to_string().as_str()),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    crate::req("GET", "/tags")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_json(json!({"type": "list", "data": []})),
        )
        .await;
    let v = s.client.call_ok("intercom_list_tags", json!({})).await;
    assert_eq!(v["items"], json!([]));
}
