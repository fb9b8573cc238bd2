//! Changing messages: mark_emails, move_email, move_emails, delete_email, delete_emails; ids
//! stay valid when other mail is deleted (UIDs, not sequence numbers).

use serde_json::json;

use crate::{Env, ids, message};

async fn three(env: &Env) -> Vec<String> {
    for s in ["First", "Second", "Third"] {
        env.mail.deliver("ada@example.com", &message(s, "x"));
    }
    let mut v = ids(&env.ok("get_emails", json!({})).await);
    v.reverse(); // oldest first: First, Second, Third
    v
}

#[tokio::test]
async fn mark_emails_sets_and_clears_seen_and_flagged() {
    let env = Env::start(false).await;
    let v = three(&env).await;
    let out = env
        .ok(
            "mark_emails",
            json!({"email_ids": [v[0], v[1]], "status": "read"}),
        )
        .await;
    assert!(out.contains("2 email(s) marked as read"), "{out}");
    env.ok(
        "mark_emails",
        json!({"email_ids": [v[2]], "status": "important", "folder": "INBOX"}),
    )
    .await;
    let flags = env.mail.imap_py(
        0,
        "m.select('INBOX')\nprint(m.uid('fetch', '1:3', '(FLAGS)'))",
    );
    assert_eq!(flags.matches("Seen").count(), 2, "{flags}");
    assert!(flags.contains("Flagged"), "{flags}");
    env.ok(
        "mark_emails",
        json!({"email_ids": [v[0]], "status": "unread"}),
    )
    .await;
    env.ok(
        "mark_emails",
        json!({"email_ids": [v[2]], "status": "not_important"}),
    )
    .await;
    let flags = env.mail.imap_py(
        0,
        "m.select('INBOX')\nprint(m.uid('fetch', '1:3', '(FLAGS)'))",
    );
    assert_eq!(flags.matches("Seen").count(), 1, "{flags}");
    assert!(!flags.contains("Flagged"), "{flags}");
    let unread = env
        .ok("get_unread_count", json!({"folder_name": "INBOX"}))
        .await;
    assert_eq!(unread, "Unread emails in INBOX: 2");
    let err = env
        .err(
            "mark_emails",
            json!({"email_ids": [v[0]], "status": "starred"}),
        )
        .await;
    assert!(
        err.contains("read, unread, important or not_important"),
        "{err}"
    );
    let err = env
        .err("mark_emails", json!({"email_ids": [], "status": "read"}))
        .await;
    assert!(err.contains("empty"), "{err}");
}

#[tokio::test]
async fn delete_email_keeps_other_ids_valid() {
    let env = Env::start(false).await;
    let v = three(&env).await;
    let out = env.ok("delete_email", json!({"email_id": v[0]})).await;
    assert!(out.contains("deleted from INBOX"), "{out}");
    // With sequence numbers, "Third" would now be number 2; its UID id still names it.
    let third = env.ok("read_email", json!({"email_id": v[2]})).await;
    assert!(third.contains("Subject: Third"), "{third}");
    let err = env
        .err("delete_email", json!({"email_id": v[0], "folder": "INBOX"}))
        .await;
    assert!(err.contains("No message"), "{err}");
    let out = env
        .ok(
            "delete_emails",
            json!({"email_ids": [v[1], v[2]], "folder": "INBOX"}),
        )
        .await;
    assert!(out.contains("2 emails deleted"), "{out}");
    let count = env.mail.imap_py(0, "print(m.select('INBOX'))");
    assert!(count.contains("b'0'"), "{count}");
}

#[tokio::test]
async fn move_email_and_move_emails_need_an_existing_target() {
    let env = Env::start(false).await;
    let v = three(&env).await;
    env.ok("create_folder", json!({"folder_name": "Archive"}))
        .await;
    let out = env
        .ok(
            "move_email",
            json!({"email_id": v[0], "target_folder": "Archive", "source_folder": "INBOX"}),
        )
        .await;
    assert!(
        out.contains("1 email(s) moved from INBOX to Archive"),
        "{out}"
    );
    let out = env
        .ok(
            "move_emails",
            json!({"email_ids": [v[1], v[2]], "target_folder": "Archive"}),
        )
        .await;
    assert!(out.contains("2 email(s) moved"), "{out}");
    let archive = env.ok("get_emails", json!({"folder": "Archive"})).await;
    assert!(archive.contains("Total emails: 3"), "{archive}");
    assert!(ids(&archive).iter().all(|i| i.starts_with("Archive:")));
    let inbox = env.ok("get_emails", json!({})).await;
    assert!(inbox.contains("Total emails: 0"), "{inbox}");
    let id = ids(&archive).remove(0);
    let err = env
        .err(
            "move_email",
            json!({"email_id": id, "target_folder": "Nowhere"}),
        )
        .await;
    assert!(err.contains("No folder `Nowhere`"), "{err}");
    let err = env
        .err(
            "move_emails",
            json!({"email_ids": [id, "INBOX:1:1"], "target_folder": "INBOX"}),
        )
        .await;
    assert!(err.contains("two folders"), "{err}");
}
