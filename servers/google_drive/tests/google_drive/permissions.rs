//! Sharing: google_drive_share_file (permissions.create) and google_drive_list_permissions.

use mcp_testkit::expect;
use serde_json::json;

use crate::common::{TOKEN, file_not_found, files, google_error, setup};

const FIELDS: &str = "id,type,role,emailAddress,domain,displayName";

#[tokio::test]
async fn share_with_a_user_and_a_message() {
    let s = setup().await;
    expect("POST", files("/0Bpdf/permissions"))
        .bearer(TOKEN)
        .query("sendNotificationEmail", "true")
        .query("emailMessage", "Here's the invoice")
        .query("supportsAllDrives", "true")
        .query("fields", FIELDS)
        .json_body(json!({"type": "user", "role": "writer", "emailAddress": "bob@example.com"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "0123456789", "type": "user", "role": "writer", "emailAddress": "bob@example.com", "displayName": "Bob Roe"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_share_file",
            json!({"file_id": "0Bpdf", "role": "writer", "email_address": "bob@example.com", "email_message": "Here's the invoice"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "0123456789", "type": "user", "role": "writer", "emailAddress": "bob@example.com", "displayName": "Bob Roe"})
    );
}

#[tokio::test]
async fn share_quietly_with_a_group_and_with_anyone() {
    let s = setup().await;
    expect("POST", files("/0Fold/permissions"))
        .bearer(TOKEN)
        .query("sendNotificationEmail", "false")
        .query("supportsAllDrives", "true")
        .query("fields", FIELDS)
        .json_body(json!({"type": "group", "role": "commenter", "emailAddress": "team@example.com"}))
        .respond(&s.fake, 200, json!({"id": "g1", "type": "group", "role": "commenter", "emailAddress": "team@example.com"}))
        .await;
    expect("POST", files("/0Fold/permissions"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", FIELDS)
        .json_body(json!({"type": "anyone", "role": "reader", "allowFileDiscovery": false}))
        .respond(
            &s.fake,
            200,
            json!({"id": "anyoneWithLink", "type": "anyone", "role": "reader"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_share_file",
            json!({"file_id": "0Fold", "role": "commenter", "type": "group", "email_address": "team@example.com", "send_notification_email": false}),
        )
        .await;
    assert_eq!(v["id"], "g1");
    let v = s
        .client
        .call_ok(
            "google_drive_share_file",
            json!({"file_id": "0Fold", "role": "reader", "type": "anyone", "allow_file_discovery": false}),
        )
        .await;
    assert_eq!(v["id"], "anyoneWithLink");
}

#[tokio::test]
async fn share_with_a_domain() {
    let s = setup().await;
    expect("POST", files("/0Bpdf/permissions"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("fields", FIELDS)
        .json_body(json!({"type": "domain", "role": "reader", "domain": "example.com"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "d1", "type": "domain", "role": "reader", "domain": "example.com"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_share_file",
            json!({"file_id": "0Bpdf", "role": "reader", "type": "domain", "domain": "example.com"}),
        )
        .await;
    assert_eq!(v["domain"], "example.com");
}

#[tokio::test]
async fn share_arguments_are_checked() {
    let s = setup().await;
    for (args, want) in [
        (
            json!({"file_id": "f", "role": "reader"}),
            "`email_address` is required",
        ),
        (
            json!({"file_id": "f", "role": "reader", "email_address": "bob"}),
            "one email address",
        ),
        (
            json!({"file_id": "f", "role": "reader", "type": "domain"}),
            "`domain` is required",
        ),
        (
            json!({"file_id": "f", "role": "reader", "type": "anyone", "email_message": "hi"}),
            "users and groups only",
        ),
        (
            json!({"file_id": "f", "role": "reader", "email_address": "a@b.c", "send_notification_email": false, "email_message": "hi"}),
            "needs send_notification_email",
        ),
        (
            json!({"file_id": "f", "role": "owner", "email_address": "a@b.c"}),
            "invalid arguments",
        ),
    ] {
        let err = s.client.call_err("google_drive_share_file", args).await;
        assert!(err.contains(want), "{want}: {err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn share_refused_by_drive() {
    let s = setup().await;
    expect("POST", files("/0Bpdf/permissions"))
        .bearer(TOKEN)
        .query("sendNotificationEmail", "true")
        .query("supportsAllDrives", "true")
        .query("fields", FIELDS)
        .json_body(json!({"type": "user", "role": "reader", "emailAddress": "x@outside.example"}))
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "cannotShareTeamDriveWithNonGoogleAccounts",
                "Bad Request. User message: \"You can't share this item with people outside your organization.\"",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_share_file",
            json!({"file_id": "0Bpdf", "role": "reader", "email_address": "x@outside.example"}),
        )
        .await;
    assert!(err.contains("outside your organization"), "{err}");
}

#[tokio::test]
async fn list_permissions_of_a_file() {
    let s = setup().await;
    expect("GET", files("/0Bpdf/permissions"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("pageSize", 100)
        .query("pageToken", "p2")
        .query(
            "fields",
            "nextPageToken,permissions(id,type,role,emailAddress,domain,displayName,deleted,expirationTime)",
        )
        .respond(
            &s.fake,
            200,
            json!({"permissions": [
                {"id": "0111", "type": "user", "role": "owner", "emailAddress": "ann@example.com", "displayName": "Ann Lee", "deleted": false},
                {"id": "anyoneWithLink", "type": "anyone", "role": "reader"}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_list_permissions",
            json!({"file_id": "0Bpdf", "page_token": "p2"}),
        )
        .await;
    assert_eq!(v["permissions"][0]["role"], "owner");
    assert_eq!(
        v["permissions"][1],
        json!({"id": "anyoneWithLink", "type": "anyone", "role": "reader"})
    );
    assert!(v.get("nextPageToken").is_none());
}

#[tokio::test]
async fn list_permissions_not_found() {
    let s = setup().await;
    expect("GET", files("/gone/permissions"))
        .bearer(TOKEN)
        .query("supportsAllDrives", "true")
        .query("pageSize", 100)
        .query(
            "fields",
            "nextPageToken,permissions(id,type,role,emailAddress,domain,displayName,deleted,expirationTime)",
        )
        .respond(&s.fake, 404, file_not_found("gone"))
        .await;
    let err = s
        .client
        .call_err("google_drive_list_permissions", json!({"file_id": "gone"}))
        .await;
    assert!(
        err.contains("404") && err.contains("File not found: gone"),
        "{err}"
    );
}
