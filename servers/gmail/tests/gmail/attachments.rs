//! gmail_get_email_attachments: attachments as embedded resources with their MIME types.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::common::{NESTED, PDF, TOKEN, b64url, gmail_full, me, not_found, setup};

async fn call(s: &crate::common::Setup, args: Value) -> Vec<Value> {
    let r = s
        .client
        .call("gmail_get_email_attachments", args)
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{:?}", r.content);
    r.content
        .iter()
        .map(|c| serde_json::to_value(c).unwrap())
        .collect()
}

#[tokio::test]
async fn attachments_as_resources() {
    let s = setup().await;
    let f = gmail_full("18f0a1", "18f0a0", &["INBOX"], NESTED);
    expect("GET", me("/messages/18f0a1"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 200, f.json.clone())
        .await;
    for (att_id, data) in &f.attachments {
        expect("GET", me(&format!("/messages/18f0a1/attachments/{att_id}")))
            .bearer(TOKEN)
            .respond(
                &s.fake,
                200,
                json!({"attachmentId": att_id, "size": data.len(), "data": b64url(data)}),
            )
            .await;
    }
    let content = call(&s, json!({"messageId": "18f0a1"})).await;
    assert_eq!(content.len(), 3, "{content:?}");
    let summary: Value = serde_json::from_str(content[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(summary["attachmentCount"], 2);
    assert_eq!(summary["attachments"][0]["filename"], "report.pdf");
    assert_eq!(summary["attachments"][0]["returned"], true);
    let pdf = &content[1]["resource"];
    assert_eq!(content[1]["type"], "resource");
    assert_eq!(pdf["mimeType"], "application/pdf");
    assert_eq!(
        pdf["uri"],
        "gmail://messages/18f0a1/attachments/1/report.pdf"
    );
    assert_eq!(STANDARD.decode(pdf["blob"].as_str().unwrap()).unwrap(), PDF);
    let txt = &content[2]["resource"];
    assert_eq!(txt["mimeType"], "text/plain");
    assert_eq!(
        txt["text"].as_str().unwrap().replace("\r\n", "\n"),
        "line one\nline two"
    );
}

#[tokio::test]
async fn one_attachment_by_name_and_oversized_ones_listed_only() {
    let s = setup().await;
    let f = gmail_full("18f0a1", "18f0a0", &["INBOX"], NESTED);
    let mut json = f.json.clone();
    // Gmail says the PDF is 12 MB: over the cap, so it is not downloaded.
    json["payload"]["parts"][1]["body"]["size"] = json!(12 * 1024 * 1024);
    expect("GET", me("/messages/18f0a1"))
        .bearer(TOKEN)
        .query("format", "full")
        .times(2)
        .respond(&s.fake, 200, json)
        .await;
    let content = call(&s, json!({"messageId": "18f0a1", "filename": "report.pdf"})).await;
    assert_eq!(content.len(), 1, "nothing downloaded: {content:?}");
    let summary: Value = serde_json::from_str(content[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(summary["attachmentCount"], 1);
    assert_eq!(summary["attachments"][0]["returned"], false);
    assert!(
        summary["attachments"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("over the 10485760 byte limit")
    );
    let err = s
        .client
        .call_err(
            "gmail_get_email_attachments",
            json!({"messageId": "18f0a1", "filename": "missing.doc"}),
        )
        .await;
    assert!(
        err.contains("no attachment named `missing.doc`") && err.contains("report.pdf, notes.txt"),
        "{err}"
    );
}

#[tokio::test]
async fn message_without_attachments() {
    let s = setup().await;
    let f = gmail_full("18f0b2", "18f0b2", &["INBOX"], crate::common::LATIN1_QP);
    expect("GET", me("/messages/18f0b2"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 200, f.json)
        .await;
    let content = call(&s, json!({"messageId": "18f0b2"})).await;
    assert_eq!(content.len(), 1);
    let summary: Value = serde_json::from_str(content[0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(summary["attachmentCount"], 0);
}

#[tokio::test]
async fn attachment_gone_fails_clearly() {
    let s = setup().await;
    let f = gmail_full("18f0a1", "18f0a0", &["INBOX"], NESTED);
    expect("GET", me("/messages/18f0a1"))
        .bearer(TOKEN)
        .query("format", "full")
        .respond(&s.fake, 200, f.json.clone())
        .await;
    let (att_id, _) = &f.attachments[0];
    expect("GET", me(&format!("/messages/18f0a1/attachments/{att_id}")))
        .bearer(TOKEN)
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "gmail_get_email_attachments",
            json!({"messageId": "18f0a1", "filename": "report.pdf"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}
