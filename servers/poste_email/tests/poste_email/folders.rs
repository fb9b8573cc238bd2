//! Folders and the account: get_folders, create_folder, delete_folder, get_mailbox_stats,
//! get_unread_count, check_connection.

use serde_json::json;

use crate::{Env, message};

#[tokio::test]
async fn folders_are_listed_created_and_deleted() {
    let env = Env::start(false).await;
    env.ok_has(
        "get_folders",
        json!({}),
        &["- INBOX", "- Drafts (Drafts)", "- Sent (Sent)"],
    )
    .await;
    let out = env
        .ok("create_folder", json!({"folder_name": "Projects/2026"}))
        .await;
    assert_eq!(out, "Folder 'Projects/2026' created successfully");
    assert!(
        env.ok("get_folders", json!({}))
            .await
            .contains("- Projects/2026")
    );
    env.err_has(
        "create_folder",
        json!({"folder_name": "Projects/2026"}),
        &["IMAP server refused"],
    )
    .await;
    let out = env
        .ok("delete_folder", json!({"folder_name": "Projects/2026"}))
        .await;
    assert_eq!(out, "Folder 'Projects/2026' deleted successfully");
    assert!(
        !env.ok("get_folders", json!({}))
            .await
            .contains("Projects/2026")
    );
    env.refusals(&[
        (
            "delete_folder",
            json!({"folder_name": "Projects/2026"}),
            &["No folder `Projects/2026`"],
        ),
        (
            "delete_folder",
            json!({"folder_name": "INBOX"}),
            &["INBOX cannot be deleted"],
        ),
        ("create_folder", json!({"folder_name": " "}), &["empty"]),
    ])
    .await;
}

#[tokio::test]
async fn stats_and_unread_counts_per_folder_and_in_all() {
    let env = Env::start(false).await;
    env.receive(&message("A", "x"));
    env.receive(&message("B", "x"));
    env.mail.imap_py(
        0,
        "m.select('INBOX')\nm.uid('store', '1', '+FLAGS', '(\\\\Seen)')",
    );
    env.ok_has(
        "get_mailbox_stats",
        json!({"folder_name": "INBOX"}),
        &["- INBOX: 2 emails, 1 unread"],
    )
    .await;
    env.ok_has(
        "get_mailbox_stats",
        json!({}),
        &[
            "- Drafts: 0 emails",
            "Total: 2 emails, 1 unread in 4 folders",
        ],
    )
    .await;
    assert_eq!(
        env.ok("get_unread_count", json!({"folder_name": "INBOX"}))
            .await,
        "Unread emails in INBOX: 1"
    );
    let total = env.ok("get_unread_count", json!({})).await;
    assert!(
        total.starts_with("Unread emails: 1\n") && total.contains("- Sent: 0"),
        "{total}"
    );
    env.refusals(&[
        (
            "get_unread_count",
            json!({"folder_name": "Nope"}),
            &["No folder `Nope`"],
        ),
        (
            "get_mailbox_stats",
            json!({"folder_name": "Nope"}),
            &["No folder `Nope`"],
        ),
    ])
    .await;
}

#[tokio::test]
async fn check_connection_logs_in_to_imap_and_smtp() {
    let env = Env::start(true).await;
    env.ok_has(
        "check_connection",
        json!({}),
        &["IMAP: OK (plain, port", "SMTP: OK (plain, port"],
    )
    .await;
    env.wrong_password(
        "not-the-password",
        "check_connection",
        json!({}),
        &["IMAP server refused the login"],
    )
    .await;
}
