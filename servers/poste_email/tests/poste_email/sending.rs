//! Sending over real SMTP (aiosmtpd with AUTH, delivering into Dovecot): send_email with a
//! workspace attachment, reply_email (threaded, reply-all), forward_email; the recipient
//! finds each over IMAP, and a copy is in the sender's Sent folder.

use mcp_testkit::Client;
use serde_json::json;

use crate::{Env, ids, message, ok, ok_has, with_attachment};

/// A client acting as user `n`, and that user's INBOX listing.
async fn inbox_of(env: &Env, n: usize) -> (Client, String) {
    let c = env.as_user(n).await;
    let listing = ok(&c, "get_emails", json!({})).await;
    (c, listing)
}

#[tokio::test]
async fn send_email_reaches_the_recipient_over_imap_with_its_attachment() {
    let env = Env::start(true).await;
    std::fs::write(env.ws.path().join("notes.txt"), "meeting notes").unwrap();
    let out = env
        .ok(
            "send_email",
            json!({
                "to": "bob@example.com",
                "subject": "Notes",
                "body": "See attached.",
                "html_body": "<p>See attached.</p>",
                "cc": "cy@example.com",
                "bcc": "ada@example.com",
                "attachments": ["notes.txt"]
            }),
        )
        .await;
    assert!(
        out.starts_with("Email sent successfully to bob@example.com with 1 attachment(s)"),
        "{out}"
    );
    assert!(out.contains("a copy is in Sent"), "{out}");
    let (bob, listing) = inbox_of(&env, 1).await;
    assert!(
        listing.contains("Subject: Notes") && listing.contains("From: ada <ada@example.com>"),
        "{listing}"
    );
    assert!(listing.contains("Attachments: 1 files"), "{listing}");
    let id = ids(&listing).remove(0);
    let read = ok_has(
        &bob,
        "read_email",
        json!({"email_id": id}),
        &[
            "Text Content:\nSee attached.",
            "- notes.txt (text/plain, 13 bytes)",
        ],
    )
    .await;
    assert!(
        read.contains("CC: cy@example.com") && !read.contains("Bcc"),
        "{read}"
    );
    // Cc and Bcc were delivered too.
    assert!(inbox_of(&env, 2).await.1.contains("Subject: Notes"));
    let inbox = env.ok("get_emails", json!({})).await;
    assert!(inbox.contains("Subject: Notes"), "bcc to self: {inbox}");
    env.ok_has(
        "get_emails",
        json!({"folder": "Sent"}),
        &["Total emails: 1", "Subject: Notes"],
    )
    .await;
}

#[tokio::test]
async fn send_email_refuses_attachments_outside_the_workspace_and_bad_addresses() {
    let env = Env::start(true).await;
    env.refusals(&[
        ("send_email", json!({"to": "bob@example.com", "subject": "x", "body": "x", "attachments": ["../../etc/passwd"]}), &["workspace rule"]),
        ("send_email", json!({"to": "not an address", "subject": "x", "body": "x"}), &["not an e-mail address"]),
        ("send_email", json!({"to": " , ", "subject": "x", "body": "x"}), &["No recipient"]),
    ])
    .await;
}

#[tokio::test]
async fn send_email_with_a_wrong_smtp_password_is_a_clear_error() {
    let env = Env::start(true).await;
    // IMAP would refuse it too; SMTP is reached first by send_email.
    env.wrong_password(
        "wrong-password-123",
        "send_email",
        json!({"to": "bob@example.com", "subject": "x", "body": "x"}),
        &["SMTP server refused the login"],
    )
    .await;
}

#[tokio::test]
async fn reply_email_is_threaded_and_reply_all_reaches_every_recipient() {
    let env = Env::start(true).await;
    env.receive("From: Bob <bob@example.com>\r\nTo: ada@example.com, cy@example.com\r\nSubject: Plan\r\nMessage-ID: <plan-1@example.com>\r\n\r\nWhat is the plan?\r\n");
    let id = env.newest().await;
    env.ok_has(
        "reply_email",
        json!({"email_id": id, "body": "Ship it.", "reply_all": true, "folder": "INBOX"}),
        &["Reply sent successfully to bob@example.com, cy@example.com"],
    )
    .await;
    let (bob, listing) = inbox_of(&env, 1).await;
    assert!(listing.contains("Subject: Re: Plan"), "{listing}");
    let rid = ids(&listing).remove(0);
    let headers = ok_has(
        &bob,
        "get_email_headers",
        json!({"email_id": rid}),
        &["In-Reply-To: <plan-1@example.com>"],
    )
    .await;
    assert!(
        headers.contains("References: <plan-1@example.com>"),
        "{headers}"
    );
    ok_has(
        &bob,
        "read_email",
        json!({"email_id": rid}),
        &["Ship it.", "> What is the plan?"],
    )
    .await;
    assert!(inbox_of(&env, 2).await.1.contains("Re: Plan"));
    let err = env
        .err(
            "reply_email",
            json!({"email_id": "INBOX:1:999", "body": "x"}),
        )
        .await;
    assert!(err.contains("stale") || err.contains("No message"), "{err}");
}

#[tokio::test]
async fn forward_email_carries_the_text_and_attachments() {
    let env = Env::start(true).await;
    env.receive(&with_attachment("Report"));
    env.receive(&message("Unrelated", "x"));
    let v = ids(&env.ok("search_emails", json!({"query": "Report"})).await);
    env.ok_has(
        "forward_email",
        json!({"email_id": v[0], "to": "bob@example.com", "body": "FYI"}),
        &["Email forwarded successfully to bob@example.com"],
    )
    .await;
    let (bob, listing) = inbox_of(&env, 1).await;
    assert!(
        listing.contains("Subject: Fwd: Report") && listing.contains("Attachments: 1 files"),
        "{listing}"
    );
    let read = ok_has(
        &bob,
        "read_email",
        json!({"email_id": ids(&listing).remove(0)}),
        &["FYI", "Forwarded message", "The report is attached."],
    )
    .await;
    assert!(
        read.contains("report.pdf (application/pdf, 19 bytes)"),
        "{read}"
    );
    env.err_has(
        "forward_email",
        json!({"email_id": "x", "to": "bob@example.com"}),
        &["FOLDER:UIDVALIDITY:UID"],
    )
    .await;
}

/// Under `--profile toolathlon`, as Toolathlon's tasks use the server: the 25 tools, mail sent
/// to another account is read, flagged and filed there, with the variant's `folder`
/// parameters; the operator lists the mail host as a CIDR range.
#[tokio::test]
async fn the_toolathlon_profile_sends_reads_and_files_mail() {
    let env = Env::start_with(true, |s, _| {
        s.profile = mcp_shared::Profile::Toolathlon;
        s.tenant_hosts = vec!["127.0.0.0/8".into()];
    })
    .await;
    assert_eq!(env.client.list_tools().await.len(), 25);
    let out = env
        .ok(
            "send_email",
            json!({"to": "bob@example.com", "subject": "Weekly report", "body": "Numbers inside."}),
        )
        .await;
    assert!(
        out.starts_with("Email sent successfully to bob@example.com"),
        "{out}"
    );
    let bob = env.as_user(1).await;
    let listing = ok(
        &bob,
        "get_emails",
        json!({"folder": "INBOX", "page": 1, "page_size": 20}),
    )
    .await;
    let id = ids(&listing).remove(0);
    ok_has(
        &bob,
        "read_email",
        json!({"email_id": id, "folder": "INBOX"}),
        &["Numbers inside."],
    )
    .await;
    ok(
        &bob,
        "mark_emails",
        json!({"email_ids": [id], "status": "important", "folder": "INBOX"}),
    )
    .await;
    ok(&bob, "create_folder", json!({"folder_name": "Reports"})).await;
    ok(
        &bob,
        "move_email",
        json!({"email_id": id, "target_folder": "Reports", "source_folder": "INBOX"}),
    )
    .await;
    // Checked with an independent IMAP client, as Toolathlon's checkers do.
    let reports = env.mail.imap_py(1, "m.select('Reports')\nprint(m.uid('fetch', '1:*', '(FLAGS BODY.PEEK[HEADER.FIELDS (SUBJECT)])'))");
    assert!(
        reports.contains("Flagged") && reports.contains("Weekly report"),
        "{reports}"
    );
}
