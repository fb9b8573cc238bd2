//! Sending over real SMTP (aiosmtpd with AUTH, delivering into Dovecot): send_email with a
//! workspace attachment, reply_email (threaded, reply-all), forward_email; the recipient
//! finds each over IMAP, and a copy is in the sender's Sent folder.

use serde_json::json;

use crate::{Env, ids, message, ok, with_attachment};

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
    let bob = env.as_user(1).await;
    let listing = ok(&bob, "get_emails", json!({})).await;
    assert!(
        listing.contains("Subject: Notes") && listing.contains("From: ada <ada@example.com>"),
        "{listing}"
    );
    assert!(listing.contains("Attachments: 1 files"), "{listing}");
    let id = ids(&listing).remove(0);
    let read = ok(&bob, "read_email", json!({"email_id": id})).await;
    assert!(
        read.contains("Text Content:\nSee attached.")
            && read.contains("- notes.txt (text/plain, 13 bytes)"),
        "{read}"
    );
    assert!(
        read.contains("CC: cy@example.com") && !read.contains("Bcc"),
        "{read}"
    );
    // Cc and Bcc were delivered too.
    let cy = env.as_user(2).await;
    assert!(
        ok(&cy, "get_emails", json!({}))
            .await
            .contains("Subject: Notes")
    );
    let inbox = env.ok("get_emails", json!({})).await;
    assert!(inbox.contains("Subject: Notes"), "bcc to self: {inbox}");
    let sent = env.ok("get_emails", json!({"folder": "Sent"})).await;
    assert!(
        sent.contains("Total emails: 1") && sent.contains("Subject: Notes"),
        "{sent}"
    );
}

#[tokio::test]
async fn send_email_refuses_attachments_outside_the_workspace_and_bad_addresses() {
    let env = Env::start(true).await;
    let err = env
        .err("send_email", json!({"to": "bob@example.com", "subject": "x", "body": "x", "attachments": ["../../etc/passwd"]}))
        .await;
    assert!(err.contains("workspace rule"), "{err}");
    let err = env
        .err(
            "send_email",
            json!({"to": "not an address", "subject": "x", "body": "x"}),
        )
        .await;
    assert!(err.contains("not an e-mail address"), "{err}");
    let err = env
        .err(
            "send_email",
            json!({"to": " , ", "subject": "x", "body": "x"}),
        )
        .await;
    assert!(err.contains("No recipient"), "{err}");
}

#[tokio::test]
async fn send_email_with_a_wrong_smtp_password_is_a_clear_error() {
    let env = Env::start(true).await;
    let mut creds = env.mail.creds(0);
    creds["password"] = json!("wrong-password-123");
    // IMAP would refuse it too; SMTP is reached first by send_email.
    let c = env
        .server
        .client_with(&[("x-auth-data", &crate::auth(&creds))])
        .await;
    let err = c
        .call_err(
            "send_email",
            json!({"to": "bob@example.com", "subject": "x", "body": "x"}),
        )
        .await;
    assert!(err.contains("SMTP server refused the login"), "{err}");
    assert!(!err.contains("wrong-password-123"), "{err}");
}

#[tokio::test]
async fn reply_email_is_threaded_and_reply_all_reaches_every_recipient() {
    let env = Env::start(true).await;
    env.mail.deliver(
        "ada@example.com",
        "From: Bob <bob@example.com>\r\nTo: ada@example.com, cy@example.com\r\nSubject: Plan\r\nMessage-ID: <plan-1@example.com>\r\n\r\nWhat is the plan?\r\n",
    );
    let id = ids(&env.ok("get_emails", json!({})).await).remove(0);
    let out = env
        .ok(
            "reply_email",
            json!({"email_id": id, "body": "Ship it.", "reply_all": true, "folder": "INBOX"}),
        )
        .await;
    assert!(
        out.contains("Reply sent successfully to bob@example.com, cy@example.com"),
        "{out}"
    );
    let bob = env.as_user(1).await;
    let listing = ok(&bob, "get_emails", json!({})).await;
    assert!(listing.contains("Subject: Re: Plan"), "{listing}");
    let rid = ids(&listing).remove(0);
    let headers = ok(&bob, "get_email_headers", json!({"email_id": rid})).await;
    assert!(
        headers.contains("In-Reply-To: <plan-1@example.com>"),
        "{headers}"
    );
    assert!(
        headers.contains("References: <plan-1@example.com>"),
        "{headers}"
    );
    let read = ok(&bob, "read_email", json!({"email_id": rid})).await;
    assert!(
        read.contains("Ship it.") && read.contains("> What is the plan?"),
        "{read}"
    );
    let cy = env.as_user(2).await;
    assert!(ok(&cy, "get_emails", json!({})).await.contains("Re: Plan"));
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
    env.mail
        .deliver("ada@example.com", &with_attachment("Report"));
    env.mail
        .deliver("ada@example.com", &message("Unrelated", "x"));
    let v = ids(&env.ok("search_emails", json!({"query": "Report"})).await);
    let out = env
        .ok(
            "forward_email",
            json!({"email_id": v[0], "to": "bob@example.com", "body": "FYI"}),
        )
        .await;
    assert!(
        out.contains("Email forwarded successfully to bob@example.com"),
        "{out}"
    );
    let bob = env.as_user(1).await;
    let listing = ok(&bob, "get_emails", json!({})).await;
    assert!(
        listing.contains("Subject: Fwd: Report") && listing.contains("Attachments: 1 files"),
        "{listing}"
    );
    let read = ok(
        &bob,
        "read_email",
        json!({"email_id": ids(&listing).remove(0)}),
    )
    .await;
    assert!(
        read.contains("FYI")
            && read.contains("Forwarded message")
            && read.contains("The report is attached."),
        "{read}"
    );
    assert!(
        read.contains("report.pdf (application/pdf, 19 bytes)"),
        "{read}"
    );
    let err = env
        .err(
            "forward_email",
            json!({"email_id": "x", "to": "bob@example.com"}),
        )
        .await;
    assert!(err.contains("FOLDER:UIDVALIDITY:UID"), "{err}");
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
    let read = ok(
        &bob,
        "read_email",
        json!({"email_id": id, "folder": "INBOX"}),
    )
    .await;
    assert!(read.contains("Numbers inside."), "{read}");
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
