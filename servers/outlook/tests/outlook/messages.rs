//! Messages: list, read (one batch), move.

use crate::common::{MESSAGE_SELECT, TEXT, TOKEN, graph_error, message, req, setup};
use mcp_testkit::expect;
use serde_json::{Value, json};

#[tokio::test]
async fn list_messages_sends_the_odata_options_and_returns_summaries() {
    let s = setup().await;
    let next = format!("{}/me/messages?$top=1&$skip=1", s.fake.uri());
    req(
        "GET",
        "/me/messages",
        &[
            ("$select", MESSAGE_SELECT),
            (
                "$filter",
                "isRead eq false and from/emailAddress/address eq 'o''neil@contoso.com'",
            ),
            ("$orderby", "receivedDateTime desc"),
            ("$top", "1"),
        ],
    )
    .header("prefer", TEXT)
    .respond(
        &s.fake,
        200,
        json!({"value": [message("AAMk1", "Review")], "@odata.nextLink": next}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_list_messages",
            json!({"top": 1, "filter_query": "isRead eq false and from/emailAddress/address eq 'o''neil@contoso.com'", "orderby": "receivedDateTime desc"}),
        )
        .await;
    assert_eq!(
        v["messages"][0],
        json!({"id": "AAMk1", "subject": "Review", "from": "Ada Lovelace <ada@contoso.com>", "to": ["Grace Hopper <grace@contoso.com>"],
               "receivedDateTime": "2026-11-30T09:00:01Z", "sentDateTime": "2026-11-30T08:59:58Z", "isRead": false, "isDraft": false,
               "hasAttachments": false, "importance": "normal", "bodyPreview": "Can we move the review to Thursday?",
               "conversationId": "AAQkAGConv1", "parentFolderId": "AQMkAGInbox",
               "webLink": "https://outlook.office365.com/owa/?ItemID=AAMk1&exvsurl=1&viewmodel=ReadMessageItem"})
    );
    assert_eq!(v["next_cursor"], next);
}

#[tokio::test]
async fn list_messages_with_search_select_and_html_bodies() {
    let s = setup().await;
    req("GET", "/me/messages", &[("$select", "id,subject,body"), ("$search", "\"from:ada budget\""), ("$top", "3")])
        .header("prefer", "outlook.body-content-type=\"html\"")
        .respond(&s.fake, 200, json!({"value": [{"@odata.etag": "W/\"x\"", "id": "AAMk1", "subject": "Budget", "body": {"contentType": "html", "content": "<p>Hi</p>"}}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_list_messages",
            json!({"top": 3, "select": "id,subject,body", "search": "from:ada budget", "body_format": "html"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"messages": [{"id": "AAMk1", "subject": "Budget", "body": {"contentType": "html", "content": "<p>Hi</p>"}}], "next_cursor": null})
    );
}

#[tokio::test]
async fn list_messages_bad_filter_and_bad_arguments() {
    let s = setup().await;
    req(
        "GET",
        "/me/messages",
        &[
            ("$select", MESSAGE_SELECT),
            ("$filter", "isRead eq nope"),
            ("$top", "10"),
        ],
    )
    .respond(
        &s.fake,
        400,
        graph_error(
            "BadRequest",
            "Invalid filter clause: The query specified in the URI is not valid.",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "outlookMail_list_messages",
            json!({"filter_query": "isRead eq nope"}),
        )
        .await;
    assert!(
        err.contains("400 Bad Request (BadRequest): Invalid filter clause"),
        "{err}"
    );
    let err = s
        .client
        .call_err("outlookMail_list_messages", json!({"top": 0}))
        .await;
    assert!(err.contains("`top` must be between 1 and 100"), "{err}");
    let err = s
        .client
        .call_err("outlookMail_list_messages", json!({"select": "id;subject"}))
        .await;
    assert!(err.contains("`select` must list property names"), "{err}");
    let err = s
        .client
        .call_err(
            "outlookMail_list_messages",
            json!({"orderby": "receivedDateTime newest"}),
        )
        .await;
    assert!(err.contains("`orderby`"), "{err}");
}

#[tokio::test]
async fn list_messages_from_a_folder() {
    let s = setup().await;
    req(
        "GET",
        "/me/mailFolders/sentitems/messages",
        &[("$select", MESSAGE_SELECT), ("$top", "5")],
    )
    .header("prefer", TEXT)
    .respond(
        &s.fake,
        200,
        json!({"value": [message("AAMk2", "Sent one")]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_list_messages_from_folder",
            json!({"folder_id": "sentitems", "top": 5}),
        )
        .await;
    assert_eq!(v["messages"][0]["subject"], "Sent one");
    req(
        "GET",
        "/me/mailFolders/nope/messages",
        &[("$select", MESSAGE_SELECT), ("$top", "10")],
    )
    .respond(
        &s.fake,
        404,
        graph_error("ErrorInvalidIdMalformed", "Id is malformed."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "outlookMail_list_messages_from_folder",
            json!({"folder_id": "nope"}),
        )
        .await;
    assert!(
        err.contains("(ErrorInvalidIdMalformed): Id is malformed"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "outlookMail_list_messages_from_folder",
            json!({"folder_id": ""}),
        )
        .await;
    assert!(err.contains("`folder_id` must not be empty"), "{err}");
}

fn read_batch(format: &str) -> Value {
    json!({"requests": [
        {"id": "message", "method": "GET",
         "url": format!("/me/messages/AAMk1?$select={MESSAGE_SELECT},bccRecipients,replyTo,body"),
         "headers": {"Prefer": format!("outlook.body-content-type=\"{format}\"")}},
        {"id": "attachments", "method": "GET", "url": "/me/messages/AAMk1/attachments?$select=id,name,contentType,size,isInline"}
    ]})
}

#[tokio::test]
async fn read_message_gets_the_message_and_its_attachments_in_one_batch() {
    let s = setup().await;
    let mut m = message("AAMk1", "Review");
    m["hasAttachments"] = json!(true);
    m["body"] =
        json!({"contentType": "text", "content": "Can we move the review to Thursday?\r\n\r\nAda"});
    expect("POST", "/$batch")
        .bearer(TOKEN)
        .json_body(read_batch("text"))
        .respond(&s.fake, 200, json!({"responses": [
            {"id": "attachments", "status": 200, "headers": {"Content-Type": "application/json"}, "body": {"value": [
                {"@odata.type": "#microsoft.graph.fileAttachment", "id": "AAMkAtt1", "name": "agenda.pdf", "contentType": "application/pdf", "size": 48213, "isInline": false}]}},
            {"id": "message", "status": 200, "headers": {"Content-Type": "application/json"}, "body": m}
        ]}))
        .await;
    let v = s
        .client
        .call_ok("outlookMail_read_message", json!({"message_id": "AAMk1"}))
        .await;
    assert_eq!(v["subject"], "Review");
    assert_eq!(v["from"], "Ada Lovelace <ada@contoso.com>");
    assert_eq!(
        v["body"],
        json!({"contentType": "text", "content": "Can we move the review to Thursday?\r\n\r\nAda"})
    );
    assert_eq!(
        v["attachments"],
        json!([{"id": "AAMkAtt1", "name": "agenda.pdf", "contentType": "application/pdf", "size": 48213, "isInline": false}])
    );
}

#[tokio::test]
async fn read_message_as_html_and_not_found() {
    let s = setup().await;
    expect("POST", "/$batch")
        .bearer(TOKEN)
        .json_body(read_batch("html"))
        .respond(&s.fake, 200, json!({"responses": [
            {"id": "message", "status": 404, "body": graph_error("ErrorItemNotFound", "The specified object was not found in the store.")},
            {"id": "attachments", "status": 404, "body": graph_error("ErrorItemNotFound", "The specified object was not found in the store.")}
        ]}))
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_read_message",
            json!({"message_id": "AAMk1", "body_format": "html"}),
        )
        .await;
    assert!(err.contains("Outlook API error 404 Not Found (ErrorItemNotFound): The specified object was not found in the store [request-id 5f1a7c2e"), "{err}");
    assert!(err.contains("Hint: not found"), "{err}");
    let err = s
        .client
        .call_err(
            "outlookMail_read_message",
            json!({"message_id": "AAMk1", "body_format": "markdown"}),
        )
        .await;
    assert!(err.contains("body_format"), "{err}");
}

#[tokio::test]
async fn read_message_denied_names_the_read_permission() {
    let s = setup().await;
    expect("POST", "/$batch")
        .bearer(TOKEN)
        .json_body(read_batch("text"))
        .respond(&s.fake, 200, json!({"responses": [
            {"id": "message", "status": 403, "body": graph_error("ErrorAccessDenied", "Access is denied. Check credentials and try again.")},
            {"id": "attachments", "status": 403, "body": graph_error("ErrorAccessDenied", "Access is denied. Check credentials and try again.")}
        ]}))
        .await;
    let err = s
        .client
        .call_err("outlookMail_read_message", json!({"message_id": "AAMk1"}))
        .await;
    assert!(err.contains("403 Forbidden (ErrorAccessDenied)"), "{err}");
    assert!(
        err.contains("needs the delegated permission Mail.Read (or Mail.ReadWrite)"),
        "{err}"
    );
}

#[tokio::test]
async fn move_message_returns_the_new_id() {
    let s = setup().await;
    let mut moved = message("AAMkMoved", "Review");
    moved["parentFolderId"] = json!("AQMkAGArchive");
    expect("POST", "/me/messages/AAMk1/microsoft.graph.move")
        .bearer(TOKEN)
        .json_body(json!({"DestinationId": "archive"}))
        .respond(&s.fake, 201, moved)
        .await;
    let v = s
        .client
        .call_ok(
            "outlookMail_move_message",
            json!({"message_id": "AAMk1", "destination_folder_id": "archive"}),
        )
        .await;
    assert_eq!(v["id"], "AAMkMoved");
    assert_eq!(v["parentFolderId"], "AQMkAGArchive");
    expect("POST", "/me/messages/AAMk1/microsoft.graph.move")
        .bearer(TOKEN)
        .json_body(json!({"DestinationId": "nowhere"}))
        .respond(
            &s.fake,
            400,
            graph_error("ErrorInvalidIdMalformed", "Id is malformed."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "outlookMail_move_message",
            json!({"message_id": "AAMk1", "destination_folder_id": "nowhere"}),
        )
        .await;
    assert!(
        err.contains("400 Bad Request (ErrorInvalidIdMalformed)"),
        "{err}"
    );
}
