//! export_emails to a workspace file and import_emails from JSON text (Toolathlon) or a
//! workspace file (the local form).

use serde_json::{Value, json};

use crate::{Env, message};

#[tokio::test]
async fn export_writes_json_and_import_reads_it_back() {
    let env = Env::start(false).await;
    env.receive(&message("Exported one", "body one"));
    env.receive(&message("Exported two", "body two"));
    env.ok_has(
        "export_emails",
        json!({"export_path": "out/mail.json"}),
        &["Exported 2 emails from 1 folder(s)"],
    )
    .await;
    let text = std::fs::read_to_string(env.ws.path().join("out/mail.json")).unwrap();
    assert!(
        text.contains("Exported one") && text.contains("body two"),
        "{text}"
    );
    env.ok_has(
        "export_emails",
        json!({"export_path": "mail.json", "max_emails": 1, "export_all_folders": true}),
        &["Exported 1 emails from 4 folder(s)"],
    )
    .await;
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(env.ws.path().join("mail.json")).unwrap())
            .unwrap();
    assert_eq!(doc["emails"].as_array().unwrap().len(), 1);
    env.err_has(
        "export_emails",
        json!({"export_path": "../outside.json"}),
        &["workspace rule"],
    )
    .await;

    // Import what was exported into another folder, from the file (local form) ...
    let out = env
        .ok(
            "import_emails",
            json!({"import_path": "mail.json", "target_folder": "Imported"}),
        )
        .await;
    assert_eq!(out, "Imported 1 emails");
    env.ok_has(
        "get_emails",
        json!({"folder": "Imported"}),
        &["Total emails: 1", "Exported two"],
    )
    .await;
    // ... and from JSON text (Toolathlon), keeping each email's folder.
    let json = json!({"emails": [
        {"subject": "Kept folder", "from": "x@example.org", "to": "ada@example.com", "body": "b", "folder": "Old/Box", "is_read": true},
        {"subject": "Inbox one", "from": "y@example.org", "body": "c"}
    ]});
    let out = env
        .ok("import_emails", json!({"json_string": json.to_string()}))
        .await;
    assert_eq!(out, "Imported 2 emails");
    let old = env.ok("get_emails", json!({"folder": "Old/Box"})).await;
    assert!(
        old.contains("Kept folder") && !old.contains("unread"),
        "{old}"
    );
    assert!(env.ok("get_emails", json!({})).await.contains("Inbox one"));
    env.refusals(&[
        (
            "import_emails",
            json!({"json_string": "not json"}),
            &["not JSON"],
        ),
        ("import_emails", json!({}), &["json_string", "import_path"]),
        (
            "import_emails",
            json!({"import_path": "/etc/passwd"}),
            &["workspace rule"],
        ),
    ])
    .await;
}
