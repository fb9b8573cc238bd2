//! Drafts in the Drafts folder: save_draft, get_drafts, update_draft, delete_draft.

use serde_json::json;

use crate::{Env, ids};

fn draft_id(out: &str) -> String {
    out.rsplit(": ").next().unwrap().trim().to_owned()
}

#[tokio::test]
async fn drafts_are_saved_listed_replaced_and_deleted() {
    let env = Env::start(false).await;
    let out = env
        .ok("save_draft", json!({"subject": "Plan", "body": "Draft text", "to": "bob@example.com", "bcc": "cy@example.com"}))
        .await;
    assert!(
        out.starts_with("Draft saved successfully with ID: Drafts:"),
        "{out}"
    );
    let id = draft_id(&out);
    let listing = env
        .ok_has(
            "get_drafts",
            json!({}),
            &["Total drafts: 1", "Subject: Plan"],
        )
        .await;
    assert_eq!(ids(&listing), vec![id.clone()]);
    let flags = env.mail.imap_py(
        0,
        "m.select('Drafts')\nprint(m.uid('fetch', '1:*', '(FLAGS BODY.PEEK[HEADER])'))",
    );
    assert!(
        flags.contains("\\\\Draft") && flags.contains("Bcc: <cy@example.com>"),
        "{flags}"
    );

    let out = env
        .ok_has(
            "update_draft",
            json!({"draft_id": id, "body": "Better text", "cc": "cy@example.com"}),
            &["Draft updated successfully; its new ID: Drafts:"],
        )
        .await;
    let new_id = draft_id(&out);
    assert_ne!(new_id, id);
    let read = env
        .ok_has(
            "read_email",
            json!({"email_id": new_id}),
            &["Subject: Plan", "To: bob@example.com"],
        )
        .await;
    assert!(
        read.contains("CC: cy@example.com") && read.contains("Better text"),
        "{read}"
    );
    env.err_has(
        "update_draft",
        json!({"draft_id": id, "subject": "x"}),
        &["No message"],
    )
    .await;

    env.ok_has(
        "delete_draft",
        json!({"draft_id": new_id}),
        &["deleted successfully"],
    )
    .await;
    assert!(
        env.ok("get_drafts", json!({"page": 1, "page_size": 10}))
            .await
            .contains("Total drafts: 0")
    );
    env.err_has("delete_draft", json!({"draft_id": new_id}), &["No message"])
        .await;
}
