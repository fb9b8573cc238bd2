//! Folders and the account: get_folders, create_folder, delete_folder, get_mailbox_stats,
//! get_unread_count, check_connection.

use serde_json::json;

use crate::{Env, message};

#[tokio::test]
async fn folders_are_listed_created_and_deleted() {
    let env = Env::start(false).await;
    let out = env.ok("get_folders", json!({})).await;
    assert!(
        out.contains("- INBOX")
            && out.contains("- Drafts (Drafts)")
            && out.contains("- Sent (Sent)"),
        "{out}"
    );
    let out = env
        .ok("create_folder", json!({"folder_name": "Projects/2026"}))
        .await;
    assert_eq!(out, "Folder 'Projects/2026' created successfully");
    assert!(
        env.ok("get_folders", json!({}))
            .await
            .contains("- Projects/2026")
    );
    let err = env
        .err("create_folder", json!({"folder_name": "Projects/2026"}))
        .await;
    assert!(err.contains("IMAP server refused"), "{err}");
    let out = env
        .ok("delete_folder", json!({"folder_name": "Projects/2026"}))
        .await;
    assert_eq!(out, "Folder 'Projects/2026' deleted successfully");
    assert!(
        !env.ok("get_folders", json!({}))
            .await
            .contains("Projects/2026")
    );
    let err = env
        .err("delete_folder", json!({"folder_name": "Projects/2026"}))
        .await;
    assert!(err.contains("No folder `Projects/2026`"), "{err}");
    let err = env
        .err("delete_folder", json!({"folder_name": "INBOX"}))
        .await;
    assert!(err.contains("INBOX cannot be deleted"), "{err}");
    let err = env.err("create_folder", json!({"folder_name": " "})).await;
    assert!(err.contains("empty"), "{err}");
}

#[tokio::test]
async fn stats_and_unread_counts_per_folder_and_in_all() {
    let env = Env::start(false).await;
    env.mail.deliver("ada@example.com", &message("A", "x"));
    env.mail.deliver("ada@example.com", &message("B", "x"));
    env.mail.imap_py(
        0,
        "m.select('INBOX')\nm.uid('store', '1', '+FLAGS', '(\\\\Seen)')",
    );
    let out = env
        .ok("get_mailbox_stats", json!({"folder_name": "INBOX"}))
        .await;
    assert!(out.contains("- INBOX: 2 emails, 1 unread"), "{out}");
    let all = env.ok("get_mailbox_stats", json!({})).await;
    assert!(
        all.contains("- Drafts: 0 emails")
            && all.contains("Total: 2 emails, 1 unread in 4 folders"),
        "{all}"
    );
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
    let err = env
        .err("get_unread_count", json!({"folder_name": "Nope"}))
        .await;
    assert!(err.contains("No folder `Nope`"), "{err}");
    let err = env
        .err("get_mailbox_stats", json!({"folder_name": "Nope"}))
        .await;
    assert!(err.contains("No folder `Nope`"), "{err}");
}

#[tokio::test]
async fn check_connection_logs_in_to_imap_and_smtp() {
    let env = Env::start(true).await;
    let out = env.ok("check_connection", json!({})).await;
    assert!(
        out.contains("IMAP: OK (plain, port") && out.contains("SMTP: OK (plain, port"),
        "{out}"
    );
    let mut creds = env.mail.creds(0);
    creds["password"] = json!("not-the-password");
    let c = env
        .server
        .client_with(&[("x-auth-data", &crate::auth(&creds))])
        .await;
    let err = c.call_err("check_connection", json!({})).await;
    assert!(err.contains("IMAP server refused the login"), "{err}");
    assert!(!err.contains("not-the-password"), "{err}");
}
