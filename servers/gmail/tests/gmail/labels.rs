//! gmail_list_labels, gmail_create_label, gmail_delete_label.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{TOKEN, google_error, me, mock_no_body, setup};

#[tokio::test]
async fn list_labels_contract() {
    let s = setup().await;
    expect("GET", me("/labels"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"labels": [
                {"id": "INBOX", "name": "INBOX", "messageListVisibility": "hide", "labelListVisibility": "labelShow", "type": "system"},
                {"id": "Label_12", "name": "Projects/Apollo", "messageListVisibility": "show", "labelListVisibility": "labelShow", "type": "user",
                 "color": {"textColor": "#ffffff", "backgroundColor": "#16a765"}}
            ]}),
        )
        .await;
    let v = s.client.call_ok("gmail_list_labels", json!({})).await;
    assert_eq!(v["labels"][0]["id"], "INBOX");
    assert_eq!(v["labels"][0]["type"], "system");
    assert_eq!(
        v["labels"][1],
        json!({"id": "Label_12", "name": "Projects/Apollo", "type": "user", "messageListVisibility": "show",
               "labelListVisibility": "labelShow", "backgroundColor": "#16a765", "textColor": "#ffffff"})
    );
}

#[tokio::test]
async fn list_labels_failure() {
    let s = setup().await;
    expect("GET", me("/labels"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            401,
            google_error(401, "UNAUTHENTICATED", "authError", "Invalid Credentials"),
        )
        .await;
    let err = s.client.call_err("gmail_list_labels", json!({})).await;
    assert!(err.contains("401") && err.contains("expired"), "{err}");
}

#[tokio::test]
async fn create_label_contract() {
    let s = setup().await;
    expect("POST", me("/labels"))
        .bearer(TOKEN)
        .json_body(json!({
            "name": "Projects/Apollo",
            "labelListVisibility": "labelShowIfUnread",
            "messageListVisibility": "hide",
            "color": {"backgroundColor": "#16a765", "textColor": "#ffffff"}
        }))
        .respond(
            &s.fake,
            200,
            json!({"id": "Label_12", "name": "Projects/Apollo", "messageListVisibility": "hide",
                   "labelListVisibility": "labelShowIfUnread", "type": "user",
                   "color": {"backgroundColor": "#16a765", "textColor": "#ffffff"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_create_label",
            json!({"name": " Projects/Apollo ", "labelListVisibility": "labelShowIfUnread", "messageListVisibility": "hide",
                   "backgroundColor": "#16a765", "textColor": "#ffffff"}),
        )
        .await;
    assert_eq!(v["id"], "Label_12");
    assert_eq!(v["name"], "Projects/Apollo");
}

/// Without visibilities the request still carries both (Gmail marks them required for
/// labels.create), with Gmail's defaults.
#[tokio::test]
async fn create_label_sends_default_visibilities() {
    let s = setup().await;
    expect("POST", me("/labels"))
        .bearer(TOKEN)
        .json_body(json!({
            "name": "Receipts",
            "labelListVisibility": "labelShow",
            "messageListVisibility": "show"
        }))
        .respond(
            &s.fake,
            200,
            json!({"id": "Label_13", "name": "Receipts", "messageListVisibility": "show",
                   "labelListVisibility": "labelShow", "type": "user"}),
        )
        .await;
    let v = s
        .client
        .call_ok("gmail_create_label", json!({"name": "Receipts"}))
        .await;
    assert_eq!(v["id"], "Label_13");
}

#[tokio::test]
async fn create_label_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gmail_create_label",
            json!({"name": "X", "backgroundColor": "#16a765"}),
        )
        .await;
    assert!(
        err.contains("give both `backgroundColor` and `textColor`"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "gmail_create_label",
            json!({"name": "X", "labelListVisibility": "visible"}),
        )
        .await;
    assert!(
        err.contains("labelListVisibility") || err.contains("visible"),
        "{err}"
    );
    expect("POST", me("/labels"))
        .bearer(TOKEN)
        .json_body(json!({"name": "Work", "labelListVisibility": "labelShow", "messageListVisibility": "show"}))
        .respond(
            &s.fake,
            409,
            google_error(
                409,
                "ALREADY_EXISTS",
                "duplicate",
                "Label name exists or conflicts",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("gmail_create_label", json!({"name": "Work"}))
        .await;
    assert!(
        err.contains("409") && err.contains("gmail_list_labels"),
        "{err}"
    );
}

#[tokio::test]
async fn delete_label_contract_and_failure() {
    let s = setup().await;
    mock_no_body("DELETE", &me("/labels/Label_12"), &[])
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok("gmail_delete_label", json!({"labelId": "Label_12"}))
        .await;
    assert_eq!(v, json!({"deleted": true, "labelId": "Label_12"}));
    mock_no_body("DELETE", &me("/labels/INBOX"), &[])
        .respond_with(ResponseTemplate::new(400).set_body_json(google_error(
            400,
            "INVALID_ARGUMENT",
            "invalidArgument",
            "Invalid delete request",
        )))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err("gmail_delete_label", json!({"labelId": "INBOX"}))
        .await;
    assert!(err.contains("Invalid delete request"), "{err}");
}

/// Gmail's profile counts are passed on as sent, and fields it leaves out stay out: the
/// result validates against gmail_get_profile's outputSchema either way (the test client
/// checks it), a negative count or an answer without `emailAddress` included.
#[tokio::test]
async fn get_profile_results_stay_within_the_output_schema() {
    let s = setup().await;
    expect("GET", me("/profile"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"messagesTotal": -1, "threadsTotal": 3, "historyId": "987"}),
        )
        .await;
    let v = s.client.call_ok("gmail_get_profile", json!({})).await;
    assert_eq!(v["messagesTotal"], -1);
    assert!(v.get("emailAddress").is_none());
}
