//! Changing messages: mark_emails, move_email, move_emails, delete_email, delete_emails; ids
//! stay valid when other mail is deleted (UIDs, not sequence numbers).

use serde_json::json;

use crate::{Env, ids, message};

async fn three(env: &Env) -> Vec<String> {
    for s in ["First", "Second", "Third"] {
        env.receive(&message(s, "x"));
    }
    let mut v = ids(&env.ok("get_emails", json!({})).await);
    v.reverse(); // oldest first: First, Second, Third
    v
}

/// The flags of the three emails, as an independent IMAP client reads them.
fn flags_of_three(env: &Env) -> String {
    env.mail.imap_py(
        0,
        "m.select('INBOX')\nprint(m.uid('fetch', '1:3', '(FLAGS)'))",
    )
}

#[tokio::test]
async fn mark_emails_sets_and_clears_seen_and_flagged() {
    let env = Env::start(false).await;
    let v = three(&env).await;
    env.ok_has(
        "mark_emails",
        json!({"email_ids": [v[0], v[1]], "status": "read"}),
        &["2 email(s) marked as read"],
    )
    .await;
    env.ok(
        "mark_emails",
        json!({"email_ids": [v[2]], "status": "important", "folder": "INBOX"}),
    )
    .await;
    let flags = flags_of_three(&env);
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
    let flags = flags_of_three(&env);
    assert_eq!(flags.matches("Seen").count(), 1, "{flags}");
    assert!(!flags.contains("Flagged"), "{flags}");
    let unread = env
        .ok("get_unread_count", json!({"folder_name": "INBOX"}))
        .await;
    assert_eq!(unread, "Unread emails in INBOX: 2");
    env.refusals(&[
        (
            "mark_emails",
            json!({"email_ids": [v[0]], "status": "starred"}),
            &["read, unread, important or not_important"],
        ),
        (
            "mark_emails",
            json!({"email_ids": [], "status": "read"}),
            &["empty"],
        ),
    ])
    .await;
}

#[tokio::test]
async fn delete_email_keeps_other_ids_valid() {
    let env = Env::start(false).await;
    let v = three(&env).await;
    env.ok_has(
        "delete_email",
        json!({"email_id": v[0]}),
        &["deleted from INBOX"],
    )
    .await;
    // With sequence numbers, "Third" would now be number 2; its UID id still names it.
    env.ok_has("read_email", json!({"email_id": v[2]}), &["Subject: Third"])
        .await;
    env.err_has(
        "delete_email",
        json!({"email_id": v[0], "folder": "INBOX"}),
        &["No message"],
    )
    .await;
    env.ok_has(
        "delete_emails",
        json!({"email_ids": [v[1], v[2]], "folder": "INBOX"}),
        &["2 emails deleted"],
    )
    .await;
    let count = env.mail.imap_py(0, "print(m.select('INBOX'))");
    assert!(count.contains("b'0'"), "{count}");
}

#[tokio::test]
async fn move_email_and_move_emails_need_an_existing_target() {
    let env = Env::start(false).await;
    let v = three(&env).await;
    env.ok("create_folder", json!({"folder_name": "Archive"}))
        .await;
    env.ok_has(
        "move_email",
        json!({"email_id": v[0], "target_folder": "Archive", "source_folder": "INBOX"}),
        &["1 email(s) moved from INBOX to Archive"],
    )
    .await;
    env.ok_has(
        "move_emails",
        json!({"email_ids": [v[1], v[2]], "target_folder": "Archive"}),
        &["2 email(s) moved"],
    )
    .await;
    let archive = env
        .ok_has(
            "get_emails",
            json!({"folder": "Archive"}),
            &["Total emails: 3"],
        )
        .await;
    assert!(ids(&archive).iter().all(|i| i.starts_with("Archive:")));
    env.ok_has("get_emails", json!({}), &["Total emails: 0"])
        .await;
    let id = ids(&archive).remove(0);
    env.refusals(&[
        (
            "move_email",
            json!({"email_id": id, "target_folder": "Nowhere"}),
            &["No folder `Nowhere`"],
        ),
        (
            "move_emails",
            json!({"email_ids": [id, "INBOX:1:1"], "target_folder": "INBOX"}),
            &["two folders"],
        ),
    ])
    .await;
}
