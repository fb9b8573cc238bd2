//! Contacts.

use crate::common::*;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

#[tokio::test]
async fn create_contact() {
    let s = setup().await;
    req("POST", "/contacts")
        .json_body(json!({"name": "Ann Lee", "email": "ann@example.com", "phone": "+1 555 0100", "company_id": 7, "description": "Key account"}))
        .respond(&s.fake, 201, contact_json(432))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_contact",
            json!({"name": "Ann Lee", "email": "ann@example.com", "phone": "+1 555 0100", "company_id": 7, "description": "Key account"}),
        )
        .await;
    assert_eq!(v["id"], 432);
    assert_eq!(v["tags"], json!(["vip"]));
    let err = s
        .client
        .call_err("freshdesk_create_contact", json!({"name": "No Way"}))
        .await;
    assert!(err.contains("email"), "{err}");
}

#[tokio::test]
async fn get_contact() {
    let s = setup().await;
    req("GET", "/contacts/432")
        .respond(&s.fake, 200, contact_json(432))
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_contact_by_id", json!({"contact_id": 432}))
        .await;
    assert_eq!(v["email"], "ann@example.com");
}

#[tokio::test]
async fn list_contacts_with_filters() {
    let s = setup().await;
    req("GET", "/contacts")
        .queries(&[
            ("email", "ann@example.com"),
            ("mobile", "+1 555 0199"),
            ("company_id", "7"),
            ("state", "verified"),
            ("_updated_since", "2026-08-01T00:00:00Z"),
            ("page", "1"),
            ("per_page", "50"),
        ])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    "<https://acme.freshdesk.com/api/v2/contacts?page=2&per_page=50>; rel=\"next\"",
                )
                .set_body_json(json!([contact_json(432)])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_contacts",
            json!({"email": "ann@example.com", "mobile": "+1 555 0199", "company_id": 7, "state": "verified",
                   "updated_since": "2026-08-01T00:00:00Z", "page": 1, "per_page": 50}),
        )
        .await;
    assert_eq!(v["contacts"][0]["id"], 432);
    assert_eq!(v["next_page"], 2);
}

#[tokio::test]
async fn update_contact() {
    let s = setup().await;
    req("PUT", "/contacts/432")
        .json_body(json!({"name": "Ann Lee-Park", "job_title": "CEO", "tags": ["vip", "exec"], "custom_fields": {"tier": "gold"}, "address": "1 Main St"}))
        .respond(&s.fake, 200, contact_json(432))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_update_contact",
            json!({"contact_id": 432, "name": "Ann Lee-Park", "job_title": "CEO", "tags": ["vip", "exec"], "custom_fields": {"tier": "gold"}, "address": "1 Main St"}),
        )
        .await;
    assert_eq!(v["id"], 432);
    for (args, says) in [
        (json!({"contact_id": 432}), "nothing to update"),
        (
            json!({"contact_id": 432, "avatar_path": "/etc/passwd"}),
            "does not read local files",
        ),
    ] {
        let err = s.client.call_err("freshdesk_update_contact", args).await;
        assert!(err.contains(says), "{err}");
    }
}

#[tokio::test]
async fn delete_contact_soft_and_hard() {
    let s = setup().await;
    req("DELETE", "/contacts/432")
        .respond_with(&s.fake, no_content())
        .await;
    req("DELETE", "/contacts/433/hard_delete")
        .query("force", "true")
        .respond_with(&s.fake, no_content())
        .await;
    req("DELETE", "/contacts/434/hard_delete")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_delete_contact", json!({"contact_id": 432}))
        .await;
    assert_eq!(v["permanently"], false);
    let v = s
        .client
        .call_ok(
            "freshdesk_delete_contact",
            json!({"contact_id": 433, "hard_delete": true, "force": true}),
        )
        .await;
    assert_eq!(v["permanently"], true);
    s.client
        .call_ok(
            "freshdesk_delete_contact",
            json!({"contact_id": 434, "hard_delete": true}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "freshdesk_delete_contact",
            json!({"contact_id": 432, "force": true}),
        )
        .await;
    assert!(err.contains("hard_delete"), "{err}");
}

#[tokio::test]
async fn restore_contact() {
    let s = setup().await;
    req("PUT", "/contacts/432/restore")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_restore_contact", json!({"contact_id": 432}))
        .await;
    assert_eq!(v["restored"], true);
}

#[tokio::test]
async fn search_contacts_by_name_autocompletes() {
    let s = setup().await;
    req("GET", "/contacts/autocomplete")
        .query("term", "Ann")
        .respond(
            &s.fake,
            200,
            json!([{"id": 432, "name": "Ann Lee"}, {"id": 433, "name": "Anna Park"}]),
        )
        .await;
    let v = s
        .client
        .call_ok("freshdesk_search_contacts_by_name", json!({"name": "Ann"}))
        .await;
    assert_eq!(v["contacts"][1], json!({"id": 433, "name": "Anna Park"}));
}

#[tokio::test]
async fn filter_contacts_adds_updated_since() {
    let s = setup().await;
    req("GET", "/search/contacts")
        .queries(&[
            (
                "query",
                "\"(company_id:7 AND active:true) AND updated_at:>'2026-08-01'\"",
            ),
            ("page", "2"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"results": [contact_json(432)], "total": 31}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_filter_contacts",
            json!({"query": "company_id:7 AND active:true", "page": 2, "updated_since": "2026-08-01T10:00:00Z"}),
        )
        .await;
    assert_eq!(v["contacts"][0]["id"], 432);
    assert_eq!(v["total"], 31);
    let err = s
        .client
        .call_err(
            "freshdesk_filter_contacts",
            json!({"query": "active:true", "updated_since": "yesterday"}),
        )
        .await;
    assert!(err.contains("updated_since"), "{err}");
}

#[tokio::test]
async fn make_contact_agent_maps_the_agent_type() {
    let s = setup().await;
    req("PUT", "/contacts/432/make_agent")
        .json_body(json!({"occasional": false, "signature": "<div>Ann</div>", "ticket_scope": 2, "skill_ids": [3], "group_ids": [11], "role_ids": [21], "agent_type": 3, "focus_mode": true}))
        .respond(&s.fake, 200, agent_json(432))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_make_contact_agent",
            json!({"contact_id": 432, "occasional": false, "signature": "<div>Ann</div>", "ticket_scope": 2, "skill_ids": [3],
                   "group_ids": [11], "role_ids": [21], "agent_type": "collaborator", "focus_mode": true}),
        )
        .await;
    assert_eq!(v["id"], 432);
    assert_eq!(v["email"], "bob@acme.com");
    let err = s
        .client
        .call_err(
            "freshdesk_make_contact_agent",
            json!({"contact_id": 432, "agent_type": "boss"}),
        )
        .await;
    assert!(err.contains("agent_type"), "{err}");
}

#[tokio::test]
async fn send_contact_invite() {
    let s = setup().await;
    req("PUT", "/contacts/432/send_invite")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_send_contact_invite", json!({"contact_id": 432}))
        .await;
    assert_eq!(v["invited"], true);
}

#[tokio::test]
async fn merge_contacts() {
    let s = setup().await;
    req("POST", "/contacts/merge")
        .json_body(json!({"primary_contact_id": 432, "secondary_contact_ids": [433, 434], "contact": {"email": "ann@example.com", "other_emails": ["ann@old.com"]}}))
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_merge_contacts",
            json!({"primary_contact_id": 432, "secondary_contact_ids": [433, 434], "contact_data": {"email": "ann@example.com", "other_emails": ["ann@old.com"]}}),
        )
        .await;
    assert_eq!(v["merged"], true);
    let err = s
        .client
        .call_err(
            "freshdesk_merge_contacts",
            json!({"primary_contact_id": 432, "secondary_contact_ids": []}),
        )
        .await;
    assert!(err.contains("secondary_contact_ids"), "{err}");
}

#[tokio::test]
async fn update_contact_avatar_from_a_url_is_multipart() {
    use mcp_testkit::FormPartExpect;
    use mcp_testkit::wiremock::MockServer;
    let fake = MockServer::start().await;
    let mut settings = mcp_testkit::settings_for(&fake.uri());
    settings.fetch_allow_hosts = vec!["127.0.0.1".into()];
    let server = mcp_testkit::TestServer::start(&freshdesk_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds()))])
        .await;
    mcp_testkit::expect("GET", "/img/ann.png")
        .respond_with(
            &fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "image/png")
                .set_body_bytes(vec![0x89, b'P', b'N', b'G']),
        )
        .await;
    req("PUT", "/contacts/432")
        .multipart_body(&[
            FormPartExpect::text("job_title", "CEO"),
            FormPartExpect::text("tags[]", "vip"),
            FormPartExpect::file("avatar", "ann.png", "image/png", &[0x89, b'P', b'N', b'G']),
        ])
        .respond(&fake, 200, contact_json(432))
        .await;
    let v = client
        .call_ok(
            "freshdesk_update_contact",
            json!({"contact_id": 432, "job_title": "CEO", "tags": ["vip"], "avatar_path": format!("{}/img/ann.png", fake.uri())}),
        )
        .await;
    assert_eq!(v["id"], 432);
}
