//! Tickets, conversations, attachments, search and ticket fields.

use crate::common::*;
use mcp_testkit::FormPartExpect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

#[tokio::test]
async fn create_ticket_sends_json_with_defaults_and_every_field() {
    let s = setup().await;
    req("POST", "/tickets")
        .json_body(json!({
            "subject": "Printer on fire", "description": "<div>It is on fire.</div>", "email": "ann@example.com",
            "name": "Ann Lee", "priority": 3, "status": 2, "source": 3, "tags": ["hardware"],
            "custom_fields": {"cf_region": "EU"}, "cc_emails": ["cc@acme.com"],
            "due_by": "2026-08-27T11:30:00Z", "fr_due_by": "2026-08-25T11:30:00Z",
            "responder_id": 2001, "parent_id": 19, "group_id": 11, "company_id": 7, "product_id": 5, "type": "Incident"
        }))
        .respond(&s.fake, 201, ticket_json(20))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_ticket",
            json!({"subject": "Printer on fire", "description": "<div>It is on fire.</div>", "email": "ann@example.com",
                   "name": "Ann Lee", "priority": 3, "source": 3, "tags": ["hardware"], "custom_fields": {"cf_region": "EU"},
                   "cc_emails": ["cc@acme.com", " "], "due_by": "2026-08-27T11:30:00Z", "fr_due_by": "2026-08-25T11:30:00Z",
                   "responder_id": 2001, "parent_id": 19, "group_id": 11, "company_id": 7, "product_id": 5, "ticket_type": "Incident"}),
        )
        .await;
    assert_eq!(v["id"], 20);
    assert_eq!(v["status"], 2);
    assert_eq!(v["description_text"], "It is on fire.");
    assert!(v.get("description").is_none(), "{v}");
}

#[tokio::test]
async fn create_ticket_with_attachments_is_multipart() {
    let s = setup().await;
    req("POST", "/tickets")
        .multipart_body(&[
            FormPartExpect::text("cc_emails[]", "cc@acme.com"),
            FormPartExpect::text("custom_fields[cf_region]", "EU"),
            FormPartExpect::text("description", "See the logs"),
            FormPartExpect::text("email", "ann@example.com"),
            FormPartExpect::text("priority", "2"),
            FormPartExpect::text("status", "3"),
            FormPartExpect::text("subject", "Crash"),
            FormPartExpect::text("tags[]", "bug"),
            FormPartExpect::text("tags[]", "app"),
            FormPartExpect::file("attachments[]", "log.txt", "text/plain", b"boom\n"),
            FormPartExpect::file("attachments[]", "shot.png", "image/png", &[0x89, b'P', b'N', b'G']),
        ])
        .respond(
            &s.fake,
            201,
            json!({
                "id": 21, "subject": "Crash", "status": 3, "priority": 2, "requester_id": 1001, "source": 2,
                "description_text": "See the logs", "tags": ["bug", "app"], "custom_fields": {"cf_region": "EU"},
                "created_at": "2026-08-24T11:56:51Z", "updated_at": "2026-08-24T11:56:51Z",
                "attachments": [
                    {"id": 5001, "name": "log.txt", "content_type": "text/plain", "size": 5, "created_at": "2026-08-24T11:56:51Z", "updated_at": "2026-08-24T11:56:51Z", "attachment_url": "https://s3.amazonaws.com/cdn.freshdesk.com/log.txt"},
                    {"id": 5002, "name": "shot.png", "content_type": "image/png", "size": 4, "created_at": "2026-08-24T11:56:51Z", "updated_at": "2026-08-24T11:56:51Z", "attachment_url": "https://s3.amazonaws.com/cdn.freshdesk.com/shot.png"}
                ]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_create_ticket_with_attachments",
            json!({"subject": "Crash", "description": "See the logs", "email": "ann@example.com", "priority": 2, "status": 3,
                   "tags": ["bug", "app"], "custom_fields": {"cf_region": "EU"}, "cc_emails": ["cc@acme.com"],
                   "attachments": [{"name": "log.txt", "content": "boom\n"}, {"name": "shot.png", "content_base64": "iVBORw=="}]}),
        )
        .await;
    assert_eq!(v["id"], 21);
    assert_eq!(v["attachments"][1]["name"], "shot.png");
    assert_eq!(v["attachments"][0]["id"], 5001);
}

#[tokio::test]
async fn attachments_need_exactly_one_content() {
    let s = setup().await;
    for bad in [
        json!([{"name": "a.txt"}]),
        json!([{"name": "a.txt", "content": "x", "content_base64": "eA=="}]),
        json!([{"name": "a.bin", "content_base64": "not base64!!"}]),
        json!([{"name": "", "content": "x"}]),
    ] {
        let err = s
            .client
            .call_err(
                "freshdesk_create_ticket_with_attachments",
                json!({"subject": "s", "description": "d", "email": "a@b.c", "attachments": bad}),
            )
            .await;
        assert!(err.contains("attachments[0]"), "{bad}: {err}");
    }
}

#[tokio::test]
async fn get_ticket_with_include() {
    let s = setup().await;
    let mut t = ticket_json(20);
    t["conversations"] = json!([note_json(4, 20)]);
    t["requester"] = json!({"email": "ann@example.com", "id": 1001, "mobile": null, "name": "Ann Lee", "phone": null});
    req("GET", "/tickets/20")
        .query("include", "conversations,requester")
        .respond(&s.fake, 200, t)
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_get_ticket_by_id",
            json!({"ticket_id": 20, "include": "conversations,requester"}),
        )
        .await;
    assert_eq!(v["conversations"][0]["body_text"], "Checked the fuser.");
    assert_eq!(v["requester"]["email"], "ann@example.com");
    assert_eq!(v["custom_fields"]["cf_region"], "EU");
}

#[tokio::test]
async fn list_tickets_pages_with_the_link_header() {
    let s = setup().await;
    req("GET", "/tickets")
        .queries(&[
            ("requester_id", "1001"),
            ("email", "ann@example.com"),
            ("company_id", "7"),
            ("updated_since", "2026-08-01T00:00:00Z"),
            ("order_by", "updated_at"),
            ("order_type", "asc"),
            ("include", "stats"),
            ("page", "2"),
            ("per_page", "2"),
        ])
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    "<https://acme.freshdesk.com/api/v2/tickets?page=3&per_page=2>; rel=\"next\"",
                )
                .set_body_json(json!([ticket_json(20), ticket_json(19)])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_tickets",
            json!({"requester_id": 1001, "email": "ann@example.com", "company_id": 7, "updated_since": "2026-08-01T00:00:00Z",
                   "order_by": "updated_at", "order_type": "asc", "include": "stats", "page": 2, "per_page": 2}),
        )
        .await;
    assert_eq!(v["tickets"].as_array().unwrap().len(), 2);
    assert_eq!(v["page"], 2);
    assert_eq!(v["next_page"], 3);
    // The last page: no Link header, no next page.
    req("GET", "/tickets")
        .respond(&s.fake, 200, json!([ticket_json(1)]))
        .await;
    let v = s.client.call_ok("freshdesk_list_tickets", json!({})).await;
    assert_eq!(v["page"], 1);
    assert!(v.get("next_page").is_none(), "{v}");
    let err = s
        .client
        .call_err("freshdesk_list_tickets", json!({"per_page": 101}))
        .await;
    assert!(err.contains("per_page"), "{err}");
}

#[tokio::test]
async fn list_tickets_by_status_uses_the_search_api() {
    let s = setup().await;
    req("GET", "/search/tickets")
        .queries(&[
            (
                "query",
                "\"status:2 AND priority:4 AND agent_id:2001 AND group_id:11 AND type:'Incident' AND created_at:>'2026-08-01' AND due_by:<'2026-09-01' AND updated_at:>'2026-08-10'\"",
            ),
            ("page", "2"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"results": [ticket_json(20)], "total": 31}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_tickets",
            json!({"status": 2, "priority": 4, "agent_id": 2001, "group_id": 11, "ticket_type": "Incident",
                   "created_since": "2026-08-01T00:00:00Z", "due_by": "2026-09-01", "updated_since": "2026-08-10T00:00:00Z", "page": 2}),
        )
        .await;
    assert_eq!(v["total"], 31);
    assert!(v.get("next_page").is_none(), "{v}");
    assert!(v["note"].as_str().unwrap().contains("30 results a page"));
    let err = s
        .client
        .call_err(
            "freshdesk_list_tickets",
            json!({"status": 2, "requester_id": 1001}),
        )
        .await;
    assert!(err.contains("requester_id"), "{err}");
    assert!(err.contains("search"), "{err}");
}

#[tokio::test]
async fn filter_tickets_quotes_the_query_and_says_the_page_cap() {
    let s = setup().await;
    req("GET", "/search/tickets")
        .queries(&[("query", "\"priority:3 AND tag:'vip'\""), ("page", "3")])
        .respond(
            &s.fake,
            200,
            json!({"results": [ticket_json(20), ticket_json(21)], "total": 450}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_filter_tickets",
            json!({"query": "priority:3 AND tag:'vip'", "page": 3, "per_page": 50}),
        )
        .await;
    assert_eq!(v["tickets"][1]["id"], 21);
    assert_eq!(v["total"], 450);
    assert_eq!(v["next_page"], 4);
    let note = v["note"].as_str().unwrap();
    assert!(note.contains("at most 10 pages"), "{note}");
    assert!(note.contains("first 300 of 450"), "{note}");
    assert!(note.contains("per_page"), "{note}");
    // Already quoted: kept as it is.
    req("GET", "/search/tickets")
        .query("query", "\"status:2\"")
        .respond(&s.fake, 200, json!({"results": [], "total": 0}))
        .await;
    let v = s
        .client
        .call_ok("freshdesk_filter_tickets", json!({"query": "\"status:2\""}))
        .await;
    assert_eq!(v["tickets"], json!([]));
    assert_eq!(v["page"], 1);
    for (args, says) in [
        (json!({"query": "status:2", "page": 11}), "at most 10 pages"),
        (json!({"query": "tag:\"vip\""}), "single quotes"),
        (json!({"query": " "}), "query"),
    ] {
        let err = s.client.call_err("freshdesk_filter_tickets", args).await;
        assert!(err.contains(says), "{err}");
    }
}

#[tokio::test]
async fn update_ticket_sends_only_what_changes() {
    let s = setup().await;
    req("PUT", "/tickets/20")
        .json_body(json!({"status": 4, "priority": 2, "tags": ["done"], "custom_fields": {"cf_region": "US"}, "responder_id": 2001, "type": "Question"}))
        .respond(&s.fake, 200, ticket_json(20))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_update_ticket",
            json!({"ticket_id": 20, "status": 4, "priority": 2, "tags": ["done"], "custom_fields": {"cf_region": "US"}, "responder_id": 2001, "ticket_type": "Question"}),
        )
        .await;
    assert_eq!(v["id"], 20);
    let err = s
        .client
        .call_err("freshdesk_update_ticket", json!({"ticket_id": 20}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn delete_and_restore_ticket() {
    let s = setup().await;
    req("DELETE", "/tickets/20")
        .respond_with(&s.fake, no_content())
        .await;
    req("PUT", "/tickets/20/restore")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_delete_ticket", json!({"ticket_id": 20}))
        .await;
    assert_eq!(v, json!({"deleted": true, "ticket_id": 20}));
    let v = s
        .client
        .call_ok("freshdesk_restore_ticket", json!({"ticket_id": 20}))
        .await;
    assert_eq!(v, json!({"restored": true, "ticket_id": 20}));
}

#[tokio::test]
async fn delete_multiple_tickets_is_a_bulk_job() {
    let s = setup().await;
    req("POST", "/tickets/bulk_delete")
        .json_body(json!({"bulk_action": {"ids": [20, 21, 22]}}))
        .respond(
            &s.fake,
            202,
            json!({"job_id": "e9d7d0fb58b8e6c5c9a48f5fc3f4e8b2", "href": "https://acme.freshdesk.com/api/v2/jobs/e9d7d0fb58b8e6c5c9a48f5fc3f4e8b2"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_delete_multiple_tickets",
            json!({"ticket_ids": [20, 21, 22]}),
        )
        .await;
    assert_eq!(v["job_id"], "e9d7d0fb58b8e6c5c9a48f5fc3f4e8b2");
    let err = s
        .client
        .call_err(
            "freshdesk_delete_multiple_tickets",
            json!({"ticket_ids": []}),
        )
        .await;
    assert!(err.contains("ticket_ids"), "{err}");
}

#[tokio::test]
async fn merge_tickets_takes_one_id_or_a_list() {
    let s = setup().await;
    req("PUT", "/tickets/merge")
        .json_body(
            json!({"primary_id": 20, "ticket_ids": [20, 21], "convert_recepients_to_cc": true}),
        )
        .respond_with(&s.fake, no_content())
        .await;
    req("PUT", "/tickets/merge")
        .json_body(json!({"primary_id": 20, "ticket_ids": [20, 21, 22]}))
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_merge_tickets",
            json!({"primary_ticket_id": 20, "ticket_ids": 21, "convert_recepients_to_cc": true}),
        )
        .await;
    assert_eq!(v["merged_ticket_ids"], json!([21]));
    let v = s
        .client
        .call_ok(
            "freshdesk_merge_tickets",
            json!({"primary_ticket_id": 20, "ticket_ids": [20, 21, 22]}),
        )
        .await;
    assert_eq!(v["merged_ticket_ids"], json!([21, 22]));
    let err = s
        .client
        .call_err(
            "freshdesk_merge_tickets",
            json!({"primary_ticket_id": 20, "ticket_ids": 20}),
        )
        .await;
    assert!(err.contains("other than the primary"), "{err}");
}

#[tokio::test]
async fn watch_and_unwatch() {
    let s = setup().await;
    req("POST", "/tickets/20/watch")
        .json_body(json!({"user_id": 2002}))
        .respond_with(&s.fake, no_content())
        .await;
    req("POST", "/tickets/21/watch")
        .respond_with(&s.fake, no_content())
        .await;
    req("PUT", "/tickets/20/unwatch")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_watch_ticket",
            json!({"ticket_id": 20, "user_id": 2002}),
        )
        .await;
    assert_eq!(v["watching"], true);
    s.client
        .call_ok("freshdesk_watch_ticket", json!({"ticket_id": 21}))
        .await;
    let v = s
        .client
        .call_ok("freshdesk_unwatch_ticket", json!({"ticket_id": 20}))
        .await;
    assert_eq!(v["watching"], false);
}

#[tokio::test]
async fn archived_tickets() {
    let s = setup().await;
    req("GET", "/tickets/archived/9")
        .respond(&s.fake, 200, ticket_json(9))
        .await;
    req("DELETE", "/tickets/archived/9")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok("freshdesk_get_archived_ticket", json!({"ticket_id": 9}))
        .await;
    assert_eq!(v["id"], 9);
    let v = s
        .client
        .call_ok("freshdesk_delete_archived_ticket", json!({"ticket_id": 9}))
        .await;
    assert_eq!(v["deleted"], true);
}

#[tokio::test]
async fn add_note_json_and_with_attachment() {
    let s = setup().await;
    req("POST", "/tickets/20/notes")
        .json_body(json!({"body": "<div>Checked the fuser.</div>", "user_id": 2001, "incoming": false, "notify_emails": ["lead@acme.com"], "private": true}))
        .respond(&s.fake, 201, note_json(4, 20))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_add_note_to_ticket",
            json!({"ticket_id": 20, "body": "<div>Checked the fuser.</div>", "user_id": 2001, "incoming": false, "notify_emails": ["lead@acme.com"], "private": true}),
        )
        .await;
    assert_eq!(v["id"], 4);
    assert_eq!(v["private"], true);
    req("POST", "/tickets/20/notes")
        .multipart_body(&[
            FormPartExpect::text("body", "Log attached"),
            FormPartExpect::text("private", "false"),
            FormPartExpect::file("attachments[]", "log.csv", "text/csv", b"a,b\n"),
        ])
        .respond(&s.fake, 201, note_json(5, 20))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_add_note_to_ticket",
            json!({"ticket_id": 20, "body": "Log attached", "private": false, "attachments": [{"name": "log.csv", "content": "a,b\n"}]}),
        )
        .await;
    assert_eq!(v["id"], 5);
}

#[tokio::test]
async fn reply_to_a_ticket() {
    let s = setup().await;
    req("POST", "/tickets/20/reply")
        .json_body(json!({"body": "<div>We are on it.</div>", "user_id": 2001, "cc_emails": ["cc@acme.com"], "bcc_emails": ["boss@acme.com"], "from_email": "support@acme.freshdesk.com"}))
        .respond(&s.fake, 201, reply_json(6, 20))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_reply_to_a_ticket",
            json!({"ticket_id": 20, "body": "<div>We are on it.</div>", "user_id": 2001, "cc_emails": ["cc@acme.com"], "bcc_emails": ["boss@acme.com"], "from_email": "support@acme.freshdesk.com"}),
        )
        .await;
    assert_eq!(v["from_email"], "support@acme.freshdesk.com");
    assert_eq!(v["ticket_id"], 20);
}

#[tokio::test]
async fn forward_ticket_and_no_subject() {
    let s = setup().await;
    req("POST", "/tickets/20/forward")
        .json_body(json!({"to_emails": ["vendor@printers.com"], "cc_emails": ["lead@acme.com"], "body": "<div>Please advise</div>"}))
        .respond(
            &s.fake,
            201,
            json!({"body": "<div>Please advise</div>", "body_text": "Please advise", "id": 7, "incoming": false, "private": true, "user_id": 2001,
                   "support_email": null, "source": 8, "ticket_id": 20, "to_emails": ["vendor@printers.com"], "from_email": "support@acme.freshdesk.com",
                   "cc_emails": ["lead@acme.com"], "bcc_emails": [], "attachments": [], "created_at": "2026-08-24T12:10:00Z", "updated_at": "2026-08-24T12:10:00Z"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_forward_ticket",
            json!({"ticket_id": 20, "to_emails": ["vendor@printers.com"], "cc_emails": ["lead@acme.com"], "body": "<div>Please advise</div>"}),
        )
        .await;
    assert_eq!(v["to_emails"], json!(["vendor@printers.com"]));
    let err = s
        .client
        .call_err(
            "freshdesk_forward_ticket",
            json!({"ticket_id": 20, "to_emails": ["a@b.c"], "subject": "Fwd"}),
        )
        .await;
    assert!(err.contains("no subject"), "{err}");
    let err = s
        .client
        .call_err(
            "freshdesk_forward_ticket",
            json!({"ticket_id": 20, "to_emails": [" "]}),
        )
        .await;
    assert!(err.contains("to_emails"), "{err}");
}

#[tokio::test]
async fn list_ticket_conversations() {
    let s = setup().await;
    req("GET", "/tickets/20/conversations")
        .query("per_page", "100")
        .respond(&s.fake, 200, json!([note_json(4, 20), reply_json(6, 20)]))
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_ticket_conversations",
            json!({"ticket_id": 20, "per_page": 100}),
        )
        .await;
    assert_eq!(v["conversations"][1]["id"], 6);
    assert!(v.get("next_page").is_none());
}

#[tokio::test]
async fn update_and_delete_note() {
    let s = setup().await;
    req("PUT", "/conversations/4")
        .json_body(json!({"body": "<div>Fuser replaced.</div>"}))
        .respond(&s.fake, 200, note_json(4, 20))
        .await;
    req("DELETE", "/conversations/4")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_update_note",
            json!({"note_id": 4, "body": "<div>Fuser replaced.</div>"}),
        )
        .await;
    assert_eq!(v["id"], 4);
    let v = s
        .client
        .call_ok("freshdesk_delete_note", json!({"note_id": 4}))
        .await;
    assert_eq!(v, json!({"deleted": true, "note_id": 4}));
}

#[tokio::test]
async fn update_note_with_attachment_is_multipart() {
    let s = setup().await;
    req("PUT", "/conversations/4")
        .multipart_body(&[
            FormPartExpect::text("body", "See file"),
            FormPartExpect::file("attachments[]", "a.pdf", "application/pdf", b"%PDF"),
        ])
        .respond(&s.fake, 200, note_json(4, 20))
        .await;
    s.client
        .call_ok(
            "freshdesk_update_note",
            json!({"note_id": 4, "body": "See file", "attachments": [{"name": "a.pdf", "content_base64": "JVBERg=="}]}),
        )
        .await;
}

#[tokio::test]
async fn delete_attachment() {
    let s = setup().await;
    req("DELETE", "/attachments/5001")
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_delete_attachment",
            json!({"attachment_id": 5001}),
        )
        .await;
    assert_eq!(v, json!({"deleted": true, "attachment_id": 5001}));
}

#[tokio::test]
async fn list_ticket_fields_gives_statuses() {
    let s = setup().await;
    req("GET", "/ticket_fields")
        .query("type", "default_status")
        .respond(
            &s.fake,
            200,
            json!([{
                "id": 12, "name": "status", "label": "Status", "description": "Ticket status", "position": 7,
                "required_for_closure": false, "required_for_agents": false, "type": "default_status", "default": true,
                "customers_can_edit": false, "label_for_customers": "Status", "required_for_customers": false,
                "displayed_to_customers": true, "created_at": "2026-01-05T10:00:00Z", "updated_at": "2026-01-05T10:00:00Z",
                "choices": {"2": ["Open", "Being Processed"], "3": ["Pending", "Awaiting your Reply"], "4": ["Resolved", "This ticket has been Resolved"], "5": ["Closed", "This ticket has been Closed"], "6": ["Waiting on vendor", "Being Processed"]}
            }]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "freshdesk_list_ticket_fields",
            json!({"type": "default_status"}),
        )
        .await;
    let f = &v["ticket_fields"][0];
    assert_eq!(f["name"], "status");
    assert_eq!(f["choices"]["6"][0], "Waiting on vendor");
    assert!(f.get("position").is_none());
    let _: &Value = f;
}

#[tokio::test]
async fn an_attachment_url_is_downloaded_through_the_guarded_fetch() {
    use mcp_testkit::wiremock::MockServer;
    let fake = MockServer::start().await;
    let mut settings = mcp_testkit::settings_for(&fake.uri());
    settings.fetch_allow_hosts = vec!["127.0.0.1".into()];
    let server = mcp_testkit::TestServer::start(&freshdesk_mcp_server::SPEC, settings).await;
    let client = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds()))])
        .await;
    mcp_testkit::expect("GET", "/files/report.pdf")
        .respond_with(
            &fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "application/pdf")
                .set_body_bytes(b"%PDF-1.7".to_vec()),
        )
        .await;
    req("POST", "/tickets/20/reply")
        .multipart_body(&[
            FormPartExpect::text("body", "Report attached"),
            FormPartExpect::file("attachments[]", "q3.pdf", "application/pdf", b"%PDF-1.7"),
        ])
        .respond(&fake, 201, reply_json(8, 20))
        .await;
    let v = client
        .call_ok(
            "freshdesk_reply_to_a_ticket",
            json!({"ticket_id": 20, "body": "Report attached", "attachments": [{"name": "q3.pdf", "url": format!("{}/files/report.pdf", fake.uri())}]}),
        )
        .await;
    assert_eq!(v["id"], 8);
    // Without the operator's allowance, a loopback URL is refused and nothing is sent.
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "freshdesk_reply_to_a_ticket",
            json!({"ticket_id": 20, "body": "x", "attachments": [{"name": "a.pdf", "url": "http://127.0.0.1:9/a.pdf"}]}),
        )
        .await;
    assert!(err.contains("attachments[0]"), "{err}");
    assert!(
        s.fake
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
}
