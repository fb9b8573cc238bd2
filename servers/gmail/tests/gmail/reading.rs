//! gmail_read_email: MIME decoding of Gmail's `format=full` payloads built from RFC 5322
//! fixtures (nested multipart with attachments, quoted-printable ISO-8859-1, HTML only,
//! non-ASCII subject).

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{
    HTML_ONLY, LATIN1_QP, NESTED, NON_ASCII_SUBJECT, TOKEN, gmail_full, me, not_found, setup,
};

async fn read(fixture: &Value, id: &str, args: Value) -> Value {
    let s = setup().await;
    expect("GET", me(&format!("/messages/{id}")))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 200, fixture.clone())
        .await;
    s.client.call_ok("gmail_read_email", args).await
}

#[tokio::test]
async fn nested_multipart_with_attachments() {
    let f = gmail_full("18f0a1", "18f0a0", &["INBOX", "UNREAD"], NESTED);
    let v = read(&f.json, "18f0a1", json!({"messageId": "18f0a1"})).await;
    assert_eq!(v["id"], "18f0a1");
    assert_eq!(v["threadId"], "18f0a0");
    assert_eq!(v["from"], "Ann Example <ann@example.com>");
    assert_eq!(
        v["to"],
        json!(["Bob <bob@example.com>", "carol@example.com"])
    );
    assert_eq!(v["cc"], json!(["Dan <dan@example.com>"]));
    assert_eq!(v["subject"], "Quarterly report");
    assert_eq!(v["date"], "2024-06-03T09:15:00+02:00");
    assert_eq!(v["messageIdHeader"], "<report-1@mail.example.com>");
    assert_eq!(v["labelIds"], json!(["INBOX", "UNREAD"]));
    // The quoted-printable text part, decoded (=E2=80=94 is an em dash), not the HTML.
    assert_eq!(v["bodyFormat"], "text/plain");
    let body = v["body"].as_str().unwrap();
    assert!(
        body.starts_with("Hi Bob,\r\n\r\nThe report is attached — see page 2."),
        "{body:?}"
    );
    assert!(v.get("html").is_none(), "HTML only on request: {v}");
    let atts = v["attachments"].as_array().unwrap();
    assert_eq!(atts.len(), 2, "{v}");
    assert_eq!(atts[0]["filename"], "report.pdf");
    assert_eq!(atts[0]["mimeType"], "application/pdf");
    assert_eq!(atts[0]["size"], crate::common::PDF.len());
    assert_eq!(atts[0]["partId"], "1");
    assert_eq!(atts[0]["attachmentId"], "ANGjdJ18f0a1x0");
    assert_eq!(atts[1]["filename"], "notes.txt");
    assert_eq!(atts[1]["mimeType"], "text/plain");
}

#[tokio::test]
async fn html_on_request() {
    let f = gmail_full("18f0a1", "18f0a0", &["INBOX"], NESTED);
    let v = read(
        &f.json,
        "18f0a1",
        json!({"messageId": "18f0a1", "includeHtml": true}),
    )
    .await;
    let html = v["html"].as_str().unwrap();
    assert!(html.contains("see <b>page 2</b>"), "{html}");
}

#[tokio::test]
async fn quoted_printable_iso_8859_1() {
    let f = gmail_full("18f0b2", "18f0b2", &["INBOX"], LATIN1_QP);
    let v = read(&f.json, "18f0b2", json!({"messageId": "18f0b2"})).await;
    assert_eq!(v["from"], "André Lévesque <andre@example.fr>");
    assert_eq!(v["body"], "Café crème, crème brûlée.\r\nÀ bientôt !\r\n");
    assert!(v.get("attachments").is_none());
}

#[tokio::test]
async fn html_only_message_reads_as_text() {
    let f = gmail_full("18f0c3", "18f0c3", &["INBOX"], HTML_ONLY);
    let v = read(&f.json, "18f0c3", json!({"messageId": "18f0c3"})).await;
    assert_eq!(v["bodyFormat"], "text/html");
    let body = v["body"].as_str().unwrap();
    assert!(body.contains("Top stories"), "{body}");
    assert!(body.contains("Rust 2.0 & you"), "{body}");
    assert!(!body.contains('<'), "tags removed: {body}");
    assert_eq!(v["date"], "2024-06-05T07:30:00-04:00");
}

#[tokio::test]
async fn non_ascii_subject_and_sender() {
    let f = gmail_full("18f0d4", "18f0d4", &["INBOX"], NON_ASCII_SUBJECT);
    let v = read(&f.json, "18f0d4", json!({"messageId": "18f0d4"})).await;
    assert_eq!(v["subject"], "Réunion 会議 — planning");
    assert_eq!(v["from"], "山田太郎 <taro@example.jp>");
    assert_eq!(v["body"], "明日の会議は午前10時です。\n");
}

#[tokio::test]
async fn headers_gmail_already_decoded_stay_as_they_are() {
    // Gmail usually sends header values decoded: raw UTF-8 must read the same.
    let mut f = gmail_full("18f0d4", "18f0d4", &["INBOX"], NON_ASCII_SUBJECT).json;
    for h in f["payload"]["headers"].as_array_mut().unwrap() {
        match h["name"].as_str().unwrap() {
            "Subject" => h["value"] = json!("Réunion 会議 — planning"),
            "From" => h["value"] = json!("山田太郎 <taro@example.jp>"),
            _ => {}
        }
    }
    let v = read(&f, "18f0d4", json!({"messageId": "18f0d4"})).await;
    assert_eq!(v["subject"], "Réunion 会議 — planning");
    assert_eq!(v["from"], "山田太郎 <taro@example.jp>");
}

#[tokio::test]
async fn read_unknown_message_is_not_found() {
    let s = setup().await;
    expect("GET", me("/messages/nope"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("gmail_read_email", json!({"messageId": "nope"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Requested entity was not found"),
        "{err}"
    );
    assert!(err.contains("not found"), "{err}");
}

#[tokio::test]
async fn read_requires_a_message_id() {
    let s = setup().await;
    let err = s
        .client
        .call_err("gmail_read_email", json!({"messageId": "  "}))
        .await;
    assert!(err.contains("`messageId` must not be empty"), "{err}");
    let err = s.client.call_err("gmail_read_email", json!({})).await;
    assert!(err.contains("messageId"), "{err}");
}
