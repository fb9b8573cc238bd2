//! `conversations_search_messages` of the `atlas` profile: the query its filters build, the
//! page cursor, message links, and the CSV rows.

use mcp_testkit::assert_no_requests;
use serde_json::{Value, json};

use crate::atlas::{HEADER, XOXP, atlas, expect_users};
use crate::common::{form_call, message_json};

fn matches_body(page: u64, page_count: u64) -> Value {
    json!({
        "ok": true,
        "query": "budget",
        "messages": {
            "matches": [
                {
                    "channel": {"id": "C1", "name": "finance", "is_private": false},
                    "iid": "cb64bdaa-c1e8-4631-8a91-0f78080113e9",
                    "permalink": "https://acme.slack.com/archives/C1/p1714600000000100?thread_ts=1714590000.000050&cid=C1",
                    "team": "T1",
                    "text": "Budget: 40% over, let's talk",
                    "ts": "1714600000.000100",
                    "type": "message",
                    "user": "U1",
                    "username": "ada"
                },
                {
                    "channel": {"id": "C1", "name": "finance", "is_private": false},
                    "permalink": "https://acme.slack.com/archives/C1/p1714500000000200",
                    "text": "budget approved",
                    "ts": "1714500000.000200",
                    "type": "message",
                    "user": "U9",
                    "username": "outsider"
                }
            ],
            "pagination": {"first": 1, "last": 2, "page": page, "page_count": page_count, "per_page": 20, "total_count": 45},
            "paging": {"count": 20, "page": page, "pages": page_count, "total": 45},
            "total": 45
        }
    })
}

fn text(v: &Value) -> &str {
    v.as_str().unwrap_or_default()
}

#[tokio::test]
async fn the_filters_build_slacks_query_and_rows_carry_names_threads_and_the_next_page() {
    let s = atlas().await;
    // One users.list for @ada and the rows' names.
    expect_users(&s).await;
    form_call("search.messages", XOXP)
        .field(
            "query",
            "budget is:thread in:#finance from:<@U1> with:<@U2> before:2024-05-31 after:2024-05-01",
        )
        .field("count", 20)
        .field("page", 1)
        .respond(&s.fake, matches_body(1, 3))
        .await;
    let v = s
        .client
        .call_ok(
            "conversations_search_messages",
            json!({
                "search_query": "budget in:#finance",
                "filter_in_channel": "#finance",
                "filter_users_from": "@ada",
                "filter_users_with": "@grace",
                "filter_date_after": "2024-05-01",
                "filter_date_before": "May 31, 2024",
                "filter_threads_only": true
            }),
        )
        .await;
    // The unknown author keeps its ID as names; a reply's thread comes from its permalink;
    // the next page is base64("page:2").
    assert_eq!(
        text(&v),
        format!(
            "{HEADER}U1,ada,Ada Lovelace,#finance,1714590000.000050,\"Budget: 40% over, let's talk\",1714600000.000100,\n\
             U9,U9,U9,#finance,,budget approved,1714500000.000200,cGFnZToy\n"
        )
    );
}

#[tokio::test]
async fn the_cursor_names_the_page_and_the_last_page_has_none() {
    let s = atlas().await;
    expect_users(&s).await;
    form_call("search.messages", XOXP)
        .field("query", "in:<#C0123ABCD> from:<@U0123ABCD> on:2024-05-02")
        .field("count", 5)
        .field("page", 3)
        .respond(&s.fake, matches_body(3, 3))
        .await;
    let v = s
        .client
        .call_ok(
            "conversations_search_messages",
            json!({"filter_in_channel": "C0123ABCD", "filter_users_from": "U0123ABCD",
                   "filter_date_on": "02 May 2024", "cursor": "cGFnZToz", "limit": 5}),
        )
        .await;
    assert!(
        text(&v).ends_with(",budget approved,1714500000.000200,\n"),
        "{v}"
    );
}

#[tokio::test]
async fn during_a_month_is_a_range_and_a_dm_id_searches_with_its_user() {
    let s = atlas().await;
    form_call("conversations.info", XOXP)
        .field("channel", "D0123ABCD")
        .respond(
            &s.fake,
            json!({"ok": true, "channel": {"id": "D0123ABCD", "is_im": true, "user": "U2"}}),
        )
        .await;
    expect_users(&s).await;
    form_call("search.messages", XOXP)
        .field(
            "query",
            "standup in:<@U2> before:2024-08-01 after:2024-06-30",
        )
        .field("count", 20)
        .field("page", 1)
        .respond(&s.fake, matches_body(1, 1))
        .await;
    let v = s
        .client
        .call_ok(
            "conversations_search_messages",
            json!({"search_query": "standup", "filter_in_im_or_mpim": "D0123ABCD", "filter_date_during": "July 2024"}),
        )
        .await;
    assert!(text(&v).starts_with(HEADER), "{v}");
    assert!(!text(&v).contains("cGFnZT"), "one page: no cursor: {v}");
}

#[tokio::test]
async fn a_message_link_returns_that_message() {
    let s = atlas().await;
    expect_users(&s).await;
    form_call("conversations.replies", XOXP)
        .field("channel", "C0123ABCD")
        .field("ts", "1714590000.000050")
        .field("oldest", "1714600000.000100")
        .field("latest", "1714600000.000100")
        .field("inclusive", true)
        .field("limit", 1)
        .respond(
            &s.fake,
            json!({"ok": true, "messages": [
                message_json("1714590000.000050", "U2", "the parent"),
                message_json("1714600000.000100", "U1", "the reply")
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "conversations_search_messages",
            json!({"search_query": "https://acme.slack.com/archives/C0123ABCD/p1714600000000100?thread_ts=1714590000.000050&cid=C0123ABCD",
                   "filter_users_from": "ignored"}),
        )
        .await;
    assert_eq!(
        text(&v),
        format!("{HEADER}U1,ada,Ada Lovelace,C0123ABCD,,the reply,1714600000.000100,\n")
    );
    form_call("conversations.history", XOXP)
        .field("channel", "C0123ABCD")
        .field("oldest", "1714500000.000200")
        .field("latest", "1714500000.000200")
        .field("inclusive", true)
        .field("limit", 1)
        .respond(&s.fake, json!({"ok": true, "messages": []}))
        .await;
    let err = s
        .client
        .call_err(
            "conversations_search_messages",
            json!({"search_query": "https://acme.slack.com/archives/C0123ABCD/p1714500000000200"}),
        )
        .await;
    assert!(err.contains("no message at this link"), "{err}");
}

#[tokio::test]
async fn bad_filters_are_refused_before_any_request() {
    let s = atlas().await;
    let cases = [
        (json!({}), "nothing to search for"),
        (
            json!({"search_query": "x", "cursor": "bm9wZQ=="}),
            "invalid `cursor`",
        ),
        (
            json!({"search_query": "x", "limit": 0}),
            "`limit` must be a whole number between 1 and 100",
        ),
        (
            json!({"search_query": "x", "filter_date_on": "today", "filter_date_after": "yesterday"}),
            "`filter_date_on` cannot be combined",
        ),
        (
            json!({"search_query": "x", "filter_date_during": "July", "filter_date_before": "today"}),
            "`filter_date_during` cannot be combined",
        ),
        (
            json!({"search_query": "x", "filter_date_after": "2024-06-01", "filter_date_before": "2024-05-01"}),
            "later than `filter_date_before`",
        ),
        (
            json!({"search_query": "x", "filter_date_before": "someday"}),
            "invalid `filter_date_before`",
        ),
        (
            json!({"search_query": "x", "filter_date_during": "Smarch"}),
            "invalid `filter_date_during`",
        ),
        (
            json!({"filter_in_channel": "two words"}),
            "invalid `filter_in_channel`",
        ),
    ];
    for (args, want) in cases {
        let err = s
            .client
            .call_err("conversations_search_messages", args.clone())
            .await;
        assert!(err.contains(want), "{args}: {err}");
    }
    assert_no_requests(&s.fake).await;
}

#[tokio::test]
async fn an_unknown_user_is_a_clear_error() {
    let s = atlas().await;
    expect_users(&s).await;
    let err = s
        .client
        .call_err(
            "conversations_search_messages",
            json!({"search_query": "x", "filter_users_from": "@nobody"}),
        )
        .await;
    assert!(err.contains("no user called `@nobody`"), "{err}");
}
