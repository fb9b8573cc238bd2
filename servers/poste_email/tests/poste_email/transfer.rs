//! export_emails to a workspace file and import_emails from JSON text (Toolathlon) or a
//! workspace file (the local form).

use serde_json::{Value, json};

use crate::{Env, message};

#[tokio::test]
async fn export_writes_json_and_import_reads_it_back() {
    let env = Env::start(false).await;
    env.mail
        .deliver("ada@example.com", &message("Exported one", "body one"));
    env.mail
        .deliver("ada@example.com", &message("Exported two", "body two"));
    let out = env
        .ok("export_emails", json!({"export_path": "out/mail.json"}))
        .await;
    assert!(out.contains("Exported 2 emails from 1 folder(s)"), "{out}");
    let text = std::fs::read_to_string(env.ws.path().join("out/mail.json")).unwrap();
    assert!(
        text.contains("Exported one") && text.contains("body two"),
        "{text}"
    );
    let out = env
        .ok(
            "export_emails",
            json!({"export_path": "mail.json", "max_emails": 1, "export_all_folders": true}),
        )
        .await;
    assert!(out.contains("Exported 1 emails from 4 folder(s)"), "{out}");
    let doc: Value =
        serde_json::from_str(&std::fs::read_to_string(env.ws.path().join("mail.json")).unwrap())
            .unwrap();
    assert_eq!(doc["emails"].as_array().unwrap().len(), 1);
    let err = env
        .err("export_emails", json!({"export_path": "../outside.json"}))
        .await;
    assert!(err.contains("workspace rule"), "{err}");

    // Import what was exported into another folder, from the file (local form) ...
    let out = env
        .ok(
            "import_emails",
            json!({"import_path": "mail.json", "target_folder": "Imported"}),
        )
        .await;
    assert_eq!(out, "Imported 1 emails");
    let imported = env.ok("get_emails", json!({"folder": "Imported"})).await;
    assert!(
        imported.contains("Total emails: 1") && imported.contains("Exported two"),
        "{imported}"
    );
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
    let err = env
        .err("import_emails", json!({"json_string": "not json"}))
        .await;
    assert!(err.contains("not JSON"), "{err}");
    let err = env.err("import_emails", json!({})).await;
    assert!(
        err.contains("json_string") && err.contains("import_path"),
        "{err}"
    );
    let err = env
        .err("import_emails", json!({"import_path": "/etc/passwd"}))
        .await;
    assert!(err.contains("workspace rule"), "{err}");
}
