//! gmail_draft_email, gmail_list_drafts, gmail_get_draft, gmail_send_draft,
//! gmail_delete_draft.

use mail_parser::MessageParser;
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{
    NESTED, TOKEN, bodies_at, gmail_full, google_error, me, mock_any_body, mock_no_body, not_found,
    raw_of, setup,
};
use crate::messages::metadata;

#[tokio::test]
async fn draft_contract() {
    let s = setup().await;
    mock_any_body("POST", &me("/drafts"), &[])
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "r-8812", "message": {"id": "191a1", "threadId": "191a1", "labelIds": ["DRAFT"]}
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_draft_email",
            json!({"to": ["bob@example.com"], "subject": "Plan", "body": "Draft text", "cc": ["ann@example.com"]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"draftId": "r-8812", "messageId": "191a1", "threadId": "191a1"})
    );
    let bodies = bodies_at(&s.fake, &me("/drafts")).await;
    assert_eq!(bodies.len(), 1);
    let keys: Vec<&String> = bodies[0].as_object().unwrap().keys().collect();
    assert_eq!(keys, vec!["message"]);
    assert!(bodies[0]["message"].get("threadId").is_none());
    let raw = raw_of(&bodies[0]);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(m.subject(), Some("Plan"));
    assert_eq!(
        m.cc().unwrap().first().unwrap().address(),
        Some("ann@example.com")
    );
    assert_eq!(m.body_text(0).unwrap().trim_end(), "Draft text");
}

#[tokio::test]
async fn draft_without_recipients_is_allowed_but_bad_ones_are_not() {
    let s = setup().await;
    mock_any_body("POST", &me("/drafts"), &[])
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "r-1", "message": {"id": "m", "threadId": "m", "labelIds": ["DRAFT"]}
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    s.client
        .call_ok(
            "gmail_draft_email",
            json!({"to": [], "subject": "Ideas", "body": "..."}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "gmail_draft_email",
            json!({"to": ["not an address"], "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("is not an email address"), "{err}");
}

#[tokio::test]
async fn list_drafts_contract() {
    let s = setup().await;
    expect("GET", me("/drafts"))
        .bearer(TOKEN)
        .query("maxResults", 5)
        .query("q", "to:bob@example.com")
        .respond(
            &s.fake,
            200,
            json!({
                "drafts": [{"id": "r-1", "message": {"id": "m1", "threadId": "t1"}}],
                "nextPageToken": "p2",
                "resultSizeEstimate": 3
            }),
        )
        .await;
    expect("GET", me("/drafts/r-1"))
        .bearer(TOKEN)
        .query("format", "metadata")
        .respond(
            &s.fake,
            200,
            json!({"id": "r-1", "message": metadata("m1", "t1", "me@example.com", "Plan", &["DRAFT"])}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_list_drafts",
            json!({"query": "to:bob@example.com", "maxResults": 5}),
        )
        .await;
    assert_eq!(v["nextPageToken"], "p2");
    let d = &v["drafts"][0];
    assert_eq!(d["draftId"], "r-1");
    assert_eq!(d["messageId"], "m1");
    assert_eq!(d["subject"], "Plan");
    assert_eq!(d["to"], json!(["bob@example.com"]));
    assert!(d.get("id").is_none());
}

#[tokio::test]
async fn list_drafts_failure() {
    let s = setup().await;
    expect("GET", me("/drafts"))
        .bearer(TOKEN)
        .query("maxResults", 10)
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "PERMISSION_DENIED",
                "forbidden",
                "Gmail API has not been used in project 123 before or it is disabled.",
            ),
        )
        .await;
    let err = s.client.call_err("gmail_list_drafts", json!({})).await;
    assert!(err.contains("403") && err.contains("disabled"), "{err}");
    assert!(err.contains("API is not enabled"), "{err}");
}

#[tokio::test]
async fn get_draft_contract_and_not_found() {
    let s = setup().await;
    let f = gmail_full("m1", "t1", &["DRAFT"], NESTED);
    expect("GET", me("/drafts/r-1"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 200, json!({"id": "r-1", "message": f.json}))
        .await;
    let v = s
        .client
        .call_ok("gmail_get_draft", json!({"draftId": "r-1"}))
        .await;
    assert_eq!(v["draftId"], "r-1");
    assert_eq!(v["messageId"], "m1");
    assert_eq!(v["subject"], "Quarterly report");
    assert!(v["body"].as_str().unwrap().contains("see page 2"));
    assert_eq!(v["attachments"][0]["filename"], "report.pdf");
    expect("GET", me("/drafts/r-0"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("gmail_get_draft", json!({"draftId": "r-0"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn send_draft_contract_and_failure() {
    let s = setup().await;
    expect("POST", me("/drafts/send"))
        .bearer(TOKEN)
        .json_body(json!({"id": "r-1"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "m1", "threadId": "t1", "labelIds": ["SENT"]}),
        )
        .await;
    let v = s
        .client
        .call_ok("gmail_send_draft", json!({"draftId": "r-1"}))
        .await;
    assert_eq!(
        v,
        json!({"id": "m1", "threadId": "t1", "labelIds": ["SENT"]})
    );
    expect("POST", me("/drafts/send"))
        .bearer(TOKEN)
        .json_body(json!({"id": "r-2"}))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "FAILED_PRECONDITION",
                "failedPrecondition",
                "Invalid To header",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("gmail_send_draft", json!({"draftId": "r-2"}))
        .await;
    assert!(err.contains("Invalid To header"), "{err}");
    let err = s
        .client
        .call_err("gmail_send_draft", json!({"draftId": ""}))
        .await;
    assert!(err.contains("must not be empty"), "{err}");
}

#[tokio::test]
async fn delete_draft_contract_and_failure() {
    let s = setup().await;
    mock_no_body("DELETE", &me("/drafts/r-1"), &[])
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("gmail_delete_draft", json!({"draftId": "r-1"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "draftId": "r-1"}));
    mock_no_body("DELETE", &me("/drafts/r-9"), &[])
        .respond_with(ResponseTemplate::new(404).set_body_json(not_found()))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("gmail_delete_draft", json!({"draftId": "r-9"}))
        .await;
    assert!(err.contains("404"), "{err}");
}
