//! gmail_send_email, gmail_reply_email, gmail_forward_email: the MIME they build, read back
//! from the fake's request with mail-parser.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use mail_parser::{Address, MessageParser, MimeHeaders};
use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{
    NESTED, PDF, TOKEN, bodies_at, gmail_full, insufficient_scope, me, mock_any_body, raw_of,
    request_count, setup,
};

fn sent_json(id: &str, thread: &str) -> Value {
    json!({"id": id, "threadId": thread, "labelIds": ["SENT"]})
}

/// Mount `POST /messages/send` (no query, the bearer token) answering `sent_json`.
async fn mount_send(fake: &mcp_testkit::wiremock::MockServer, id: &str, thread: &str) {
    mock_any_body("POST", &me("/messages/send"), &[])
        .respond_with(ResponseTemplate::new(200).set_body_json(sent_json(id, thread)))
        .expect(1)
        .mount(fake)
        .await;
}

/// The one send request's body: `{"raw", "threadId"?}` and nothing else.
async fn sent_body(fake: &mcp_testkit::wiremock::MockServer) -> Value {
    let bodies = bodies_at(fake, &me("/messages/send")).await;
    assert_eq!(bodies.len(), 1, "{bodies:?}");
    let b = bodies[0].clone();
    for k in b.as_object().unwrap().keys() {
        assert!(k == "raw" || k == "threadId", "unexpected field {k} in {b}");
    }
    b
}

fn addrs(a: Option<&Address<'_>>) -> Vec<(Option<String>, String)> {
    a.map(|a| {
        a.iter()
            .map(|x| {
                (
                    x.name().map(str::to_owned),
                    x.address().unwrap_or("").to_owned(),
                )
            })
            .collect()
    })
    .unwrap_or_default()
}

#[tokio::test]
async fn send_plain_text_contract() {
    let s = setup().await;
    mount_send(&s.fake, "190a1", "190a1").await;
    let v = s
        .client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["bob@example.com"], "subject": "Lunch?", "body": "Noon at the usual place."}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "190a1", "threadId": "190a1", "labelIds": ["SENT"]})
    );
    let body = sent_body(&s.fake).await;
    assert!(body.get("threadId").is_none());
    let raw = raw_of(&body);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(addrs(m.to()), vec![(None, "bob@example.com".to_owned())]);
    assert_eq!(m.subject(), Some("Lunch?"));
    assert!(m.from().is_none(), "Gmail sets From itself");
    assert!(m.is_content_type("text", "plain"));
    assert_eq!(
        m.body_text(0).unwrap().trim_end(),
        "Noon at the usual place."
    );
    assert_eq!(m.html_body_count(), 1, "mail-parser derives an HTML view");
    assert!(m.header("MIME-Version").is_some());
}

/// The round trip: everything the tool was given comes back out of the MIME it sent.
#[tokio::test]
async fn send_round_trips_through_mime() {
    let s = setup().await;
    mount_send(&s.fake, "190b2", "190b2").await;
    let png: Vec<u8> = vec![
        0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff,
    ];
    let v = s
        .client
        .call_ok(
            "gmail_send_email",
            json!({
                "to": ["Zoë Ångström <zoe@example.com>", "bob@example.com"],
                "cc": ["\"Doe, Jane\" <jane@example.com>"],
                "bcc": ["audit@example.com"],
                "subject": "Résumé — 履歴書 ✅",
                "body": "Bonjour Zoë,\n\nVoici mon résumé.\n",
                "htmlBody": "<p>Bonjour <b>Zoë</b>,</p><p>Voici mon résumé.</p>",
                "attachments": [
                    {"filename": "photo.png", "content": STANDARD.encode(&png)},
                    {"filename": "notes – été.txt", "mimeType": "text/plain", "text": "première ligne\n"}
                ]
            }),
        )
        .await;
    assert_eq!(v["id"], "190b2");
    let raw = raw_of(&sent_body(&s.fake).await);
    // Headers are 7-bit: the subject and names go as RFC 2047 encoded words.
    let head_end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    assert!(
        raw[..head_end].is_ascii(),
        "{}",
        String::from_utf8_lossy(&raw[..head_end])
    );
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    assert!(head.contains("subject: =?utf-8?"), "{head}");
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(m.subject(), Some("Résumé — 履歴書 ✅"));
    assert_eq!(
        addrs(m.to()),
        vec![
            (
                Some("Zoë Ångström".to_owned()),
                "zoe@example.com".to_owned()
            ),
            (None, "bob@example.com".to_owned())
        ]
    );
    assert_eq!(
        addrs(m.cc()),
        vec![(Some("Doe, Jane".to_owned()), "jane@example.com".to_owned())]
    );
    assert_eq!(addrs(m.bcc()), vec![(None, "audit@example.com".to_owned())]);
    // multipart/mixed [ multipart/alternative [text, html], png, txt ]
    assert!(
        m.is_content_type("multipart", "mixed"),
        "{:?}",
        m.content_type()
    );
    assert!(m.parts[1].is_content_type("multipart", "alternative"));
    assert_eq!(
        m.body_text(0).unwrap().replace("\r\n", "\n"),
        "Bonjour Zoë,\n\nVoici mon résumé.\n"
    );
    assert_eq!(
        m.body_html(0).unwrap(),
        "<p>Bonjour <b>Zoë</b>,</p><p>Voici mon résumé.</p>"
    );
    let atts: Vec<_> = m.attachments().collect();
    assert_eq!(atts.len(), 2);
    assert_eq!(atts[0].attachment_name(), Some("photo.png"));
    assert!(atts[0].is_content_type("image", "png"));
    assert_eq!(atts[0].contents(), png.as_slice());
    assert_eq!(atts[1].attachment_name(), Some("notes – été.txt"));
    assert!(atts[1].is_content_type("text", "plain"));
    assert_eq!(atts[1].contents(), "première ligne\n".as_bytes());
}

#[tokio::test]
async fn html_only_and_alternative_from_text() {
    let s = setup().await;
    mock_any_body("POST", &me("/messages/send"), &[])
        .respond_with(ResponseTemplate::new(200).set_body_json(sent_json("1", "1")))
        .expect(2)
        .mount(&s.fake)
        .await;
    s.client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["bob@example.com"], "subject": "s", "body": "<h1>Hi</h1>", "mimeType": "text/html"}),
        )
        .await;
    s.client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["bob@example.com"], "subject": "s", "body": "a < b\nc", "mimeType": "multipart/alternative"}),
        )
        .await;
    let bodies = bodies_at(&s.fake, &me("/messages/send")).await;
    let raw = raw_of(&bodies[0]);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert!(m.is_content_type("text", "html"));
    assert_eq!(m.body_html(0).unwrap(), "<h1>Hi</h1>");
    let raw = raw_of(&bodies[1]);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert!(m.is_content_type("multipart", "alternative"));
    assert_eq!(m.body_text(0).unwrap().replace("\r\n", "\n"), "a < b\nc");
    assert!(m.body_html(0).unwrap().contains("a &lt; b<br>"));
}

#[tokio::test]
async fn send_in_reply_to_a_gmail_message_threads_it() {
    let s = setup().await;
    expect("GET", me("/messages/18f0a1"))
        .bearer(TOKEN)
        .query("format", "metadata")
        .query("metadataHeaders", "Message-ID")
        .query("metadataHeaders", "References")
        .respond(
            &s.fake,
            200,
            json!({
                "id": "18f0a1", "threadId": "18f0a0", "labelIds": ["INBOX"],
                "payload": {"mimeType": "text/plain", "headers": [
                    {"name": "Message-ID", "value": "<report-1@mail.example.com>"},
                    {"name": "References", "value": "<root@mail.example.com>"}
                ]}
            }),
        )
        .await;
    mount_send(&s.fake, "190c3", "18f0a0").await;
    let v = s
        .client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["ann@example.com"], "subject": "Re: Quarterly report", "body": "Thanks!", "inReplyTo": "18f0a1"}),
        )
        .await;
    assert_eq!(v["threadId"], "18f0a0");
    let body = sent_body(&s.fake).await;
    assert_eq!(body["threadId"], "18f0a0");
    let raw = raw_of(&body);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(
        m.in_reply_to().as_text_list().unwrap(),
        &["report-1@mail.example.com"]
    );
    assert_eq!(
        m.references().as_text_list().unwrap(),
        &["root@mail.example.com", "report-1@mail.example.com"]
    );
}

#[tokio::test]
async fn send_with_a_thread_id_replies_to_its_last_message() {
    let s = setup().await;
    expect("GET", me("/threads/18f0a0"))
        .bearer(TOKEN)
        .query("format", "metadata")
        .query("metadataHeaders", "Message-ID")
        .query("metadataHeaders", "References")
        .respond(
            &s.fake,
            200,
            json!({"id": "18f0a0", "historyId": "1", "messages": [
                {"id": "a", "threadId": "18f0a0", "payload": {"headers": [{"name": "Message-ID", "value": "<first@x.com>"}]}},
                {"id": "b", "threadId": "18f0a0", "payload": {"headers": [
                    {"name": "Message-ID", "value": "<second@x.com>"},
                    {"name": "References", "value": "<first@x.com>"}
                ]}}
            ]}),
        )
        .await;
    mount_send(&s.fake, "190d4", "18f0a0").await;
    s.client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["ann@example.com"], "subject": "Re: x", "body": "ok", "threadId": "18f0a0"}),
        )
        .await;
    let body = sent_body(&s.fake).await;
    assert_eq!(body["threadId"], "18f0a0");
    let m_raw = raw_of(&body);
    let m = MessageParser::default().parse(&m_raw).unwrap();
    assert_eq!(m.in_reply_to().as_text_list().unwrap(), &["second@x.com"]);
    assert_eq!(
        m.references().as_text_list().unwrap(),
        &["first@x.com", "second@x.com"]
    );
}

#[tokio::test]
async fn send_in_reply_to_an_rfc_message_id_needs_no_lookup() {
    let s = setup().await;
    mount_send(&s.fake, "190e5", "t1").await;
    s.client
        .call_ok(
            "gmail_send_email",
            json!({"to": ["ann@example.com"], "subject": "Re: x", "body": "ok", "inReplyTo": "abc@mail.example.com", "threadId": "t1"}),
        )
        .await;
    let body = sent_body(&s.fake).await;
    assert_eq!(body["threadId"], "t1");
    let m_raw = raw_of(&body);
    let m = MessageParser::default().parse(&m_raw).unwrap();
    assert_eq!(
        m.in_reply_to().as_text_list().unwrap(),
        &["abc@mail.example.com"]
    );
}

#[tokio::test]
async fn send_refuses_bad_recipients_and_attachments() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gmail_send_email",
            json!({"to": ["Bob"], "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("`to`: `Bob` is not an email address"), "{err}");
    let err = s
        .client
        .call_err(
            "gmail_send_email",
            json!({"to": ["a@example.com\r\nBcc: evil@example.com"], "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("line breaks"), "{err}");
    let err = s
        .client
        .call_err(
            "gmail_send_email",
            json!({"to": [], "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("at least one recipient"), "{err}");
    let err = s
        .client
        .call_err(
            "gmail_send_email",
            json!({"to": ["a@example.com"], "subject": "s", "body": "b", "attachments": [{"filename": "x.bin", "content": "not base64!"}]}),
        )
        .await;
    assert!(err.contains("not valid base64"), "{err}");
    let err = s
        .client
        .call_err(
            "gmail_send_email",
            json!({"to": ["a@example.com"], "subject": "s", "body": "b", "mimeType": "text/markdown"}),
        )
        .await;
    assert!(
        err.contains("mimeType") || err.contains("text/markdown"),
        "{err}"
    );
    assert_eq!(request_count(&s.fake).await, 0, "nothing reached Gmail");
}

#[tokio::test]
async fn send_without_the_send_scope_names_it() {
    let s = setup().await;
    mock_any_body("POST", &me("/messages/send"), &[])
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/gmail.send",
        ))
        .expect(1)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "gmail_send_email",
            json!({"to": ["bob@example.com"], "subject": "s", "body": "b"}),
        )
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(
        err.contains("Request had insufficient authentication scopes"),
        "{err}"
    );
    assert!(
        err.contains("https://www.googleapis.com/auth/gmail.send"),
        "{err}"
    );
}

// ---- gmail_reply_email

fn original_metadata() -> Value {
    json!({
        "id": "18f0a1", "threadId": "18f0a0", "labelIds": ["INBOX", "UNREAD"],
        "payload": {"mimeType": "multipart/mixed", "headers": [
            {"name": "From", "value": "Ann Example <ann@example.com>"},
            {"name": "To", "value": "Bob <bob@example.com>, carol@example.com"},
            {"name": "Cc", "value": "Dan <dan@example.com>"},
            {"name": "Reply-To", "value": "reports@example.com"},
            {"name": "Subject", "value": "Quarterly report"},
            {"name": "Message-ID", "value": "<report-1@mail.example.com>"},
            {"name": "References", "value": "<kickoff@mail.example.com>"}
        ]}
    })
}

async fn mount_original(fake: &mcp_testkit::wiremock::MockServer) {
    let mut e = expect("GET", me("/messages/18f0a1"))
        .bearer(TOKEN)
        .query("format", "metadata");
    for h in [
        "From",
        "To",
        "Cc",
        "Reply-To",
        "Subject",
        "Message-ID",
        "References",
    ] {
        e = e.query("metadataHeaders", h);
    }
    e.respond(fake, 200, original_metadata()).await;
}

#[tokio::test]
async fn reply_all_contract() {
    let s = setup().await;
    mount_original(&s.fake).await;
    expect("GET", me("/profile"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"emailAddress": "bob@example.com", "messagesTotal": 10, "threadsTotal": 5, "historyId": "99"}),
        )
        .await;
    mount_send(&s.fake, "190f6", "18f0a0").await;
    let v = s
        .client
        .call_ok(
            "gmail_reply_email",
            json!({"messageId": "18f0a1", "body": "Looks good.", "replyAll": true}),
        )
        .await;
    assert_eq!(v["id"], "190f6");
    assert_eq!(v["threadId"], "18f0a0");
    assert_eq!(v["subject"], "Re: Quarterly report");
    assert_eq!(v["to"], json!(["reports@example.com"]));
    assert_eq!(
        v["cc"],
        json!(["carol@example.com", "Dan <dan@example.com>"]),
        "everyone but me (bob)"
    );
    let body = sent_body(&s.fake).await;
    assert_eq!(body["threadId"], "18f0a0");
    let raw = raw_of(&body);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(m.subject(), Some("Re: Quarterly report"));
    assert_eq!(
        m.in_reply_to().as_text_list().unwrap(),
        &["report-1@mail.example.com"]
    );
    assert_eq!(
        m.references().as_text_list().unwrap(),
        &["kickoff@mail.example.com", "report-1@mail.example.com"]
    );
    assert_eq!(
        addrs(m.to()),
        vec![(None, "reports@example.com".to_owned())]
    );
    assert_eq!(
        addrs(m.cc()),
        vec![
            (None, "carol@example.com".to_owned()),
            (Some("Dan".to_owned()), "dan@example.com".to_owned())
        ]
    );
    assert_eq!(m.body_text(0).unwrap().trim_end(), "Looks good.");
}

#[tokio::test]
async fn reply_as_draft_to_sender_only() {
    let s = setup().await;
    mount_original(&s.fake).await;
    mock_any_body("POST", &me("/drafts"), &[])
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "r-555", "message": {"id": "190g7", "threadId": "18f0a0", "labelIds": ["DRAFT"]}
        })))
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "gmail_reply_email",
            json!({"messageId": "18f0a1", "body": "Draft reply", "draft": true}),
        )
        .await;
    assert_eq!(v["draftId"], "r-555");
    assert_eq!(v["messageId"], "190g7");
    assert!(v.get("cc").is_none());
    let bodies = bodies_at(&s.fake, &me("/drafts")).await;
    assert_eq!(bodies[0]["message"]["threadId"], "18f0a0");
    let raw = raw_of(&bodies[0]);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(
        addrs(m.to()),
        vec![(None, "reports@example.com".to_owned())]
    );
    assert!(m.cc().is_none());
}

#[tokio::test]
async fn reply_to_a_missing_message_fails_before_sending() {
    let s = setup().await;
    let mut e = expect("GET", me("/messages/gone"))
        .bearer(TOKEN)
        .query("format", "metadata");
    for h in [
        "From",
        "To",
        "Cc",
        "Reply-To",
        "Subject",
        "Message-ID",
        "References",
    ] {
        e = e.query("metadataHeaders", h);
    }
    e.respond(&s.fake, 404, crate::common::not_found()).await;
    let err = s
        .client
        .call_err(
            "gmail_reply_email",
            json!({"messageId": "gone", "body": "hello"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(bodies_at(&s.fake, &me("/messages/send")).await.is_empty());
}

// ---- gmail_forward_email

#[tokio::test]
async fn forward_with_attachments_contract() {
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
                json!({"attachmentId": att_id, "size": data.len(), "data": crate::common::b64url(data)}),
            )
            .await;
    }
    mount_send(&s.fake, "190h8", "190h8").await;
    let v = s
        .client
        .call_ok(
            "gmail_forward_email",
            json!({"messageId": "18f0a1", "to": ["Eve <eve@example.com>"], "body": "FYI, see below."}),
        )
        .await;
    assert_eq!(v["id"], "190h8");
    assert_eq!(v["subject"], "Fwd: Quarterly report");
    assert_eq!(v["attachmentCount"], 2);
    let body = sent_body(&s.fake).await;
    assert!(body.get("threadId").is_none());
    let raw = raw_of(&body);
    let m = MessageParser::default().parse(&raw).unwrap();
    assert_eq!(m.subject(), Some("Fwd: Quarterly report"));
    assert_eq!(
        addrs(m.to()),
        vec![(Some("Eve".to_owned()), "eve@example.com".to_owned())]
    );
    let text = m.body_text(0).unwrap().replace("\r\n", "\n");
    assert!(text.starts_with("FYI, see below.\n\n---------- Forwarded message ---------\nFrom: Ann Example <ann@example.com>\n"), "{text}");
    assert!(text.contains("Subject: Quarterly report\n"), "{text}");
    assert!(
        text.contains("The report is attached — see page 2."),
        "{text}"
    );
    assert!(m.body_html(0).unwrap().contains("see <b>page 2</b>"));
    let atts: Vec<_> = m.attachments().collect();
    assert_eq!(atts.len(), 2);
    assert_eq!(atts[0].attachment_name(), Some("report.pdf"));
    assert!(atts[0].is_content_type("application", "pdf"));
    assert_eq!(atts[0].contents(), PDF);
    assert_eq!(atts[1].attachment_name(), Some("notes.txt"));
}

#[tokio::test]
async fn forward_needs_recipients() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "gmail_forward_email",
            json!({"messageId": "18f0a1", "to": []}),
        )
        .await;
    assert!(err.contains("at least one recipient"), "{err}");
}
