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
    let listing = env.ok("get_drafts", json!({})).await;
    assert!(
        listing.contains("Total drafts: 1") && listing.contains("Subject: Plan"),
        "{listing}"
    );
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
        .ok(
            "update_draft",
            json!({"draft_id": id, "body": "Better text", "cc": "cy@example.com"}),
        )
        .await;
    assert!(
        out.contains("Draft updated successfully; its new ID: Drafts:"),
        "{out}"
    );
    let new_id = draft_id(&out);
    assert_ne!(new_id, id);
    let read = env.ok("read_email", json!({"email_id": new_id})).await;
    assert!(
        read.contains("Subject: Plan") && read.contains("To: bob@example.com"),
        "{read}"
    );
    assert!(
        read.contains("CC: cy@example.com") && read.contains("Better text"),
        "{read}"
    );
    let err = env
        .err("update_draft", json!({"draft_id": id, "subject": "x"}))
        .await;
    assert!(err.contains("No message"), "{err}");

    let out = env.ok("delete_draft", json!({"draft_id": new_id})).await;
    assert!(out.contains("deleted successfully"), "{out}");
    assert!(
        env.ok("get_drafts", json!({"page": 1, "page_size": 10}))
            .await
            .contains("Total drafts: 0")
    );
    let err = env.err("delete_draft", json!({"draft_id": new_id})).await;
    assert!(err.contains("No message"), "{err}");
}
