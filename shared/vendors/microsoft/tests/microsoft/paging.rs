//! Lists: options sent percent-encoded, `@odata.nextLink` paging behind `limit` + `cursor`.

use mcp_testkit::expect;
use serde_json::{Value, json};

use crate::{G, TOKEN};

#[tokio::test]
async fn list_sends_the_options_percent_encoded_with_the_token_and_headers() {
    let g = G::start().await;
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .header("prefer", "outlook.body-content-type=\"text\"")
        .queries(&[
            ("$select", "id,subject"),
            (
                "$filter",
                "isRead eq false and displayName eq 'O''Neil & co'",
            ),
            ("$search", "\"budget review\""),
            ("$orderby", "receivedDateTime desc"),
            ("$top", "5"),
        ])
        .respond(
            &g.fake,
            200,
            json!({"@odata.context": "x", "value": [{"id": "m1"}]}),
        )
        .await;
    let v = g
        .client
        .call_ok(
            "ms_list",
            json!({"path": "/me/messages", "limit": 5, "select": "id,subject", "filter": "isRead eq false",
                   "name": "O'Neil & co", "search": "budget review", "orderby": "receivedDateTime desc"}),
        )
        .await;
    assert_eq!(v, json!({"items": [{"id": "m1"}], "next_cursor": null}));
    let raw = g.received().await[0].url.query().unwrap_or("").to_owned();
    assert!(
        raw.contains("%20") && !raw.contains('+'),
        "spaces as %20: {raw}"
    );
    assert!(raw.contains("$top=5") && raw.contains("%26%20co"), "{raw}");
}

#[tokio::test]
async fn list_follows_next_links_until_the_limit_and_returns_the_next_one() {
    let g = G::start().await;
    let p2 = g.url("/me/messages?$top=4&$skiptoken=p2");
    let p3 = g.url("/me/messages?$top=4&$skiptoken=p3");
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .query("$top", "4")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "1"}, {"id": "2"}], "@odata.nextLink": p2}),
        )
        .await;
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .queries(&[("$top", "4"), ("$skiptoken", "p2")])
        .header("prefer", "outlook.body-content-type=\"text\"")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "3"}, {"id": "4"}], "@odata.nextLink": p3}),
        )
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "limit": 4}))
        .await;
    assert_eq!(
        v["items"],
        json!([{"id": "1"}, {"id": "2"}, {"id": "3"}, {"id": "4"}])
    );
    assert_eq!(v["next_cursor"], p3);
    // The cursor continues there, with its own query.
    expect("GET", "/v1.0/me/messages")
        .bearer(TOKEN)
        .queries(&[("$top", "4"), ("$skiptoken", "p3")])
        .respond(&g.fake, 200, json!({"value": [{"id": "5"}]}))
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "cursor": p3}))
        .await;
    assert_eq!(v, json!({"items": [{"id": "5"}], "next_cursor": null}));
}

#[tokio::test]
async fn list_never_reads_a_page_that_would_go_past_the_limit() {
    let g = G::start().await;
    let p2 = g.url("/me/messages?$skiptoken=p2");
    expect("GET", "/v1.0/me/messages")
        .query("$top", "3")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "1"}, {"id": "2"}], "@odata.nextLink": p2}),
        )
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "limit": 3}))
        .await;
    // A second page of up to two items would not fit in the one missing: it is the cursor.
    assert_eq!(v["items"], json!([{"id": "1"}, {"id": "2"}]));
    assert_eq!(v["next_cursor"], p2);
    assert_eq!(g.received().await.len(), 1);
}

#[tokio::test]
async fn a_collection_without_top_is_still_cut_at_the_limit() {
    let g = G::start().await;
    let p2 = g.url("/teams/t1/channels?$skiptoken=p2");
    expect("GET", "/v1.0/teams/t1/channels")
        .bearer(TOKEN)
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "c1"}, {"id": "c2"}], "@odata.nextLink": p2}),
        )
        .await;
    let v = g
        .client
        .call_ok(
            "ms_list",
            json!({"path": "/teams/t1/channels", "limit": 2, "no_top": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "c1"}, {"id": "c2"}], "next_cursor": p2})
    );
}

#[tokio::test]
async fn empty_pages_are_followed_and_a_repeated_next_link_stops_with_a_note() {
    let g = G::start().await;
    let l = g.url("/me/messages?$skiptoken=same");
    expect("GET", "/v1.0/me/messages")
        .query("$top", "5")
        .respond(&g.fake, 200, json!({"value": [], "@odata.nextLink": l}))
        .await;
    expect("GET", "/v1.0/me/messages")
        .query("$skiptoken", "same")
        .respond(
            &g.fake,
            200,
            json!({"value": [{"id": "1"}], "@odata.nextLink": l}),
        )
        .await;
    let v = g
        .client
        .call_ok("ms_list", json!({"path": "/me/messages", "limit": 5}))
        .await;
    assert_eq!(v["items"], json!([{"id": "1"}]));
    assert_eq!(v["next_cursor"], Value::Null);
    assert!(
        v["note"]
            .as_str()
            .unwrap_or("")
            .contains("repeated a page token"),
        "{v}"
    );
}

#[tokio::test]
async fn a_cursor_off_the_base_is_refused_before_any_request() {
    let g = G::start().await;
    for cursor in [
        "https://graph.microsoft.com/v1.0/me/messages?$skiptoken=x".to_owned(),
        format!("{}/beta/me/messages", g.fake.uri()),
        format!("{}/v1.0evil/me/messages", g.fake.uri()),
        "not a url".to_owned(),
    ] {
        let err = g
            .client
            .call_err("ms_list", json!({"path": "/me/messages", "cursor": cursor}))
            .await;
        assert!(
            err.contains("`cursor` is not a page of this server's Microsoft Graph API"),
            "{cursor}: {err}"
        );
    }
    assert!(g.received().await.is_empty());
}
