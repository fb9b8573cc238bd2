//! Reading: get_emails, search_emails, read_email, get_email_headers, download_attachment.

use serde_json::json;

use crate::{Env, ids, message, with_attachment};

#[tokio::test]
async fn get_emails_lists_newest_first_with_stable_uid_ids_and_pages() {
    let env = Env::start(false).await;
    for i in 1..=3 {
        env.receive(&message(&format!("Note {i}"), "hello"));
    }
    let out = env.ok("get_emails", json!({})).await;
    assert!(
        out.starts_with("Folder: INBOX\nPage: 1/1\nTotal emails: 3\n"),
        "{out}"
    );
    let list = ids(&out);
    assert_eq!(list.len(), 3);
    assert!(
        list[0].starts_with("INBOX:") && list[0].ends_with(":3"),
        "{list:?}"
    );
    assert!(
        out.find("Note 3").unwrap() < out.find("Note 1").unwrap(),
        "newest first"
    );
    assert!(out.contains("From: Sender <sender@example.org>") && out.contains("Status: unread"));
    let page2 = env
        .ok(
            "get_emails",
            json!({"folder": "INBOX", "page": 2, "page_size": 2}),
        )
        .await;
    assert!(
        page2.contains("Page: 2/2") && page2.contains("Note 1") && !page2.contains("Note 2"),
        "{page2}"
    );
    env.refusals(&[
        ("get_emails", json!({"page_size": 0}), &["page_size"]),
        (
            "get_emails",
            json!({"folder": "Nope"}),
            &["No folder `Nope`"],
        ),
    ])
    .await;
}

#[tokio::test]
async fn read_email_shows_text_html_and_attachments_without_marking_it_read() {
    let env = Env::start(false).await;
    env.receive(&with_attachment("Quarterly report"));
    let id = env.newest().await;
    let out = env
        .ok_has(
            "read_email",
            json!({"email_id": id}),
            &[&format!("Email ID: {id}")],
        )
        .await;
    assert!(
        out.contains("Subject: Quarterly report") && out.contains("CC: cy@example.com"),
        "{out}"
    );
    assert!(out.contains("Message-ID: att@example.org"), "{out}");
    assert!(
        out.contains("Text Content:\nThe report is attached."),
        "{out}"
    );
    assert!(
        out.contains("HTML Content:\n<p>The <b>report</b> is attached.</p>"),
        "{out}"
    );
    assert!(
        out.contains("- report.pdf (application/pdf, 19 bytes)"),
        "{out}"
    );
    // BODY.PEEK: still unread.
    let flags = env.mail.imap_py(
        0,
        "m.select('INBOX')\nprint(m.uid('fetch', '1', '(FLAGS)'))",
    );
    assert!(!flags.contains("Seen"), "{flags}");
    // A bare UID in the folder works too.
    let out = env
        .ok("read_email", json!({"email_id": "1", "folder": "INBOX"}))
        .await;
    assert!(out.contains("Quarterly report"));
}

#[tokio::test]
async fn read_email_refuses_unknown_stale_and_malformed_ids() {
    let env = Env::start(false).await;
    env.receive(&message("One", "x"));
    let id = env.newest().await;
    let (prefix, _) = id.rsplit_once(':').unwrap();
    env.refusals(&[
        (
            "read_email",
            json!({"email_id": format!("{prefix}:99")}),
            &["No message", ":99"],
        ),
        (
            "read_email",
            json!({"email_id": "INBOX:1:1"}),
            &["stale", "UIDVALIDITY"],
        ),
        (
            "read_email",
            json!({"email_id": "not-an-id"}),
            &["FOLDER:UIDVALIDITY:UID"],
        ),
        (
            "read_email",
            json!({"email_id": "Nope:1:1"}),
            &["No folder `Nope`"],
        ),
    ])
    .await;
}

#[tokio::test]
async fn search_emails_finds_subject_and_body_text() {
    let env = Env::start(false).await;
    env.receive(&message("Invoice 2026", "please pay"));
    env.receive(&message("Lunch", "the invoice is late"));
    env.receive(&message("Other", "nothing"));
    let out = env
        .ok_has(
            "search_emails",
            json!({"query": "invoice"}),
            &["Total matches: 2"],
        )
        .await;
    assert_eq!(ids(&out).len(), 2);
    assert!(out.contains("Invoice 2026") && out.contains("Lunch") && !out.contains("Other"));
    env.ok_has(
        "search_emails",
        json!({"query": "zebra", "folder": "INBOX", "page": 1, "page_size": 5}),
        &["Total matches: 0", "No emails found"],
    )
    .await;
    env.err_has(
        "search_emails",
        json!({"query": "  "}),
        &["`query` is empty"],
    )
    .await;
}

#[tokio::test]
async fn get_email_headers_lists_unfolded_headers() {
    let env = Env::start(false).await;
    env.receive(&message("Headers", "x"));
    let id = env.newest().await;
    env.ok_has(
        "get_email_headers",
        json!({"email_id": id, "folder": "INBOX"}),
        &["Subject: Headers", "Message-ID: <Headers@example.org>"],
    )
    .await;
    let err = env
        .err("get_email_headers", json!({"email_id": "INBOX:5"}))
        .await;
    assert!(
        err.contains("FOLDER:UIDVALIDITY:UID") || err.contains("No message"),
        "{err}"
    );
}

#[tokio::test]
async fn download_attachment_saves_into_the_workspace() {
    let env = Env::start(false).await;
    env.receive(&with_attachment("With file"));
    let id = env.newest().await;
    env.ok_has(
        "download_attachment",
        json!({"email_id": id, "attachment_filename": "report.pdf"}),
        &["report.pdf", "19 bytes"],
    )
    .await;
    let saved = std::fs::read(env.ws.path().join("report.pdf")).unwrap();
    assert!(saved.starts_with(b"%PDF-1.4"));
    env.err_has(
        "download_attachment",
        json!({"email_id": id, "attachment_filename": "nope.txt"}),
        &["no attachment named `nope.txt`", "report.pdf"],
    )
    .await;
}
