use serde_json::json;

use crate::common::{BOT, USER, form_call, setup, slack_creds};

fn search_body() -> serde_json::Value {
    json!({
        "messages": {
            "matches": [
                {
                    "channel": {"id": "C12345678", "is_ext_shared": false, "is_mpim": false, "is_org_shared": false,
                                "is_pending_ext_shared": false, "is_private": false, "is_shared": false,
                                "name": "general", "pending_shared": []},
                    "iid": "cb64bdaa-c1e8-4631-8a91-0f78080113e9",
                    "permalink": "https://hitchhikers.slack.com/archives/C12345678/p1508284197000015",
                    "team": "T12345678",
                    "text": "The meaning of life the universe and everything is 42.",
                    "ts": "1508284197.000015",
                    "type": "message",
                    "user": "U2U85N1RV",
                    "username": "roach"
                },
                {
                    "channel": {"id": "C12345678", "name": "general", "is_private": false},
                    "iid": "9a00d3c9-bd2d-45b0-988b-6cff99ae2a90",
                    "permalink": "https://hitchhikers.slack.com/archives/C12345678/p1508795665000236?thread_ts=1508794863.000234&cid=C12345678",
                    "team": "T12345678",
                    "text": "The meaning of life the universe and everything is 101010",
                    "ts": "1508795665.000236",
                    "type": "message",
                    "user": "",
                    "username": "robot overlord"
                }
            ],
            "pagination": {"first": 1, "last": 2, "page": 1, "page_count": 1, "per_page": 20, "total_count": 2},
            "paging": {"count": 20, "page": 1, "pages": 1, "total": 2},
            "total": 2
        },
        "ok": true,
        "query": "The meaning of life the universe and everything",
        "response_metadata": {"next_cursor": "bmV4dDoy"}
    })
}

#[tokio::test]
async fn user_search_messages_contract() {
    let s = setup().await;
    form_call("search.messages", USER)
        .field("query", "The meaning of life the universe and everything")
        .field("count", 20)
        .field("cursor", "*")
        .respond(&s.fake, search_body())
        .await;
    let v = s
        .client
        .call_ok(
            "slack_user_search_messages",
            json!({"query": "The meaning of life the universe and everything"}),
        )
        .await;
    assert_eq!(v["total"], 2);
    assert_eq!(v["next_cursor"], "bmV4dDoy");
    assert_eq!(
        v["matches"][0],
        json!({"channel_id": "C12345678", "channel_name": "general", "user": "U2U85N1RV", "username": "roach",
               "ts": "1508284197.000015", "text": "The meaning of life the universe and everything is 42.",
               "permalink": "https://hitchhikers.slack.com/archives/C12345678/p1508284197000015"})
    );
    assert_eq!(v["matches"][1]["thread_ts"], "1508794863.000234");
}

#[tokio::test]
async fn user_search_messages_to_me_channels_and_paging() {
    let s = setup().await;
    form_call("auth.test", USER)
        .respond(
            &s.fake,
            json!({"ok": true, "url": "https://subarachnoid.slack.com/", "team": "Subarachnoid Workspace",
                   "user": "grace", "team_id": "T12345678", "user_id": "W12345678"}),
        )
        .await;
    form_call("search.messages", USER)
        .field("query", "deploy <@W12345678> in:<#C111> in:<#C222>")
        .field("count", 100)
        .field("cursor", "bmV4dDoy")
        .field("sort", "timestamp")
        .field("sort_dir", "asc")
        .field("highlight", true)
        .respond(&s.fake, search_body())
        .await;
    let v = s
        .client
        .call_ok(
            "slack_user_search_messages",
            json!({"query": "deploy", "to_me": "mention", "channel_ids": ["C111", "#C222"],
                   "count": 500, "cursor": "bmV4dDoy", "sort": "timestamp", "sort_dir": "asc",
                   "highlight": true, "response_format": "detailed"}),
        )
        .await;
    assert_eq!(v["query"], "deploy <@W12345678> in:<#C111> in:<#C222>");
    assert_eq!(
        v["matches"][0]["iid"],
        "cb64bdaa-c1e8-4631-8a91-0f78080113e9"
    );
}

#[tokio::test]
async fn user_search_messages_dm_filter() {
    let s = setup().await;
    form_call("auth.test", USER)
        .respond(
            &s.fake,
            json!({"ok": true, "url": "https://subarachnoid.slack.com/", "team": "Subarachnoid Workspace",
                   "user": "grace", "team_id": "T12345678", "user_id": "W12345678"}),
        )
        .await;
    form_call("search.messages", USER)
        .field("query", "invoice to:<@W12345678>")
        .field("count", 20)
        .field("cursor", "*")
        .respond(&s.fake, search_body())
        .await;
    s.client
        .call_ok(
            "slack_user_search_messages",
            json!({"query": "invoice", "to_me": "dm"}),
        )
        .await;
}

#[tokio::test]
async fn user_search_messages_failures() {
    let s = setup().await;
    // search:read exists only for user tokens: a bot-only caller gets the missing-token message.
    let bot_only = s.client_with(slack_creds(Some(BOT), None)).await;
    let err = bot_only
        .call_err("slack_user_search_messages", json!({"query": "x"}))
        .await;
    assert!(err.contains("needs the user token"), "{err}");
    let err = s
        .client
        .call_err("slack_user_search_messages", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query` is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "slack_user_search_messages",
            json!({"query": "x", "sort": "relevance"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    form_call("search.messages", USER)
        .field("query", "x")
        .field("count", 20)
        .field("cursor", "*")
        .respond(
            &s.fake,
            json!({"ok": false, "error": "missing_scope", "needed": "search:read", "provided": "chat:write"}),
        )
        .await;
    let err = s
        .client
        .call_err("slack_user_search_messages", json!({"query": "x"}))
        .await;
    assert!(err.contains("`search:read`"), "{err}");
    assert_eq!(s.fake.received_requests().await.unwrap().len(), 1);
}
