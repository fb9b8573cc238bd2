//! Downloads: Graph's redirect followed without the token.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

use crate::{G, NoAuthorization, TOKEN, graph_error};

#[tokio::test]
async fn a_download_follows_graphs_redirect_without_the_token() {
    let g = G::start().await;
    let location = format!("{}/dl/abc?tempauth=sig", g.fake.uri());
    expect("GET", "/v1.0/me/drive/items/01A/content")
        .bearer(TOKEN)
        .respond_with(
            &g.fake,
            ResponseTemplate::new(302).insert_header("Location", location.as_str()),
        )
        .await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path("/dl/abc"))
        .and(matchers::query_param("tempauth", "sig"))
        .and(NoAuthorization)
        .respond_with(ResponseTemplate::new(200).set_body_raw("hello", "text/plain"))
        .expect(1)
        .mount(&g.fake)
        .await;
    let v = g
        .client
        .call_ok(
            "ms_download",
            json!({"path": "/me/drive/items/01A/content"}),
        )
        .await;
    assert_eq!(v, json!({"text": "hello", "content_type": "text/plain"}));
    // Content served directly, and an error in Graph's words.
    expect("GET", "/v1.0/me/drive/items/01B/content")
        .bearer(TOKEN)
        .respond_with(
            &g.fake,
            ResponseTemplate::new(200).set_body_raw("direct", "application/octet-stream"),
        )
        .await;
    let v = g
        .client
        .call_ok(
            "ms_download",
            json!({"path": "/me/drive/items/01B/content"}),
        )
        .await;
    assert_eq!(v["text"], "direct");
    expect("GET", "/v1.0/me/drive/items/01C/content")
        .bearer(TOKEN)
        .respond(
            &g.fake,
            404,
            graph_error("itemNotFound", "The resource could not be found."),
        )
        .await;
    let err = g
        .client
        .call_err(
            "ms_download",
            json!({"path": "/me/drive/items/01C/content"}),
        )
        .await;
    assert!(
        err.contains("404 Not Found (itemNotFound): The resource could not be found [request-id"),
        "{err}"
    );
}
