//! Uploads: one PUT for a small file, sessions in 320 KiB ranges, resuming and cancelling.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use mcp_vendor_microsoft::{self as microsoft, CHUNK_UNIT, UploadSession};
use serde_json::{Value, json};

use crate::server::bytes;
use crate::{G, NoAuthorization, TOKEN, graph_error};

fn session(g: &G) -> Value {
    json!({"uploadUrl": format!("{}/up/s1?tempauth=abc", g.fake.uri()), "expirationDateTime": "2026-12-10T08:00:00Z", "nextExpectedRanges": ["0-"]})
}

async fn expect_session(g: &G) {
    expect(
        "POST",
        "/v1.0/me/drive/items/root:/f.bin:/createUploadSession",
    )
    .bearer(TOKEN)
    .json_body(json!({"item": {"@microsoft.graph.conflictBehavior": "rename"}}))
    .respond(&g.fake, 200, session(g))
    .await;
}

async fn expect_range(g: &G, range: &str, status: u16, body: Value) {
    Mock::given(matchers::method("PUT"))
        .and(matchers::path("/up/s1"))
        .and(matchers::query_param("tempauth", "abc"))
        .and(matchers::header("content-range", range))
        .and(NoAuthorization)
        .respond_with(ResponseTemplate::new(status).set_body_json(body))
        .expect(1)
        .mount(&g.fake)
        .await;
}

async fn uploaded(g: &G) -> Vec<u8> {
    g.received()
        .await
        .into_iter()
        .filter(|r| r.url.path() == "/up/s1" && r.method.as_str() == "PUT")
        .flat_map(|r| r.body)
        .collect()
}

#[tokio::test]
async fn a_small_file_goes_in_one_put() {
    let g = G::start().await;
    Mock::given(matchers::method("PUT"))
        .and(matchers::path("/v1.0/me/drive/items/root:/f.bin:/content"))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .and(matchers::header("content-type", "application/octet-stream"))
        .and(matchers::body_bytes(bytes(1000)))
        .respond_with(
            ResponseTemplate::new(201)
                .set_body_json(json!({"id": "01SMALL", "name": "f.bin", "size": 1000})),
        )
        .expect(1)
        .mount(&g.fake)
        .await;
    let v = g.client.call_ok("ms_upload", json!({"size": 1000})).await;
    assert_eq!(v["id"], "01SMALL");
}

#[tokio::test]
async fn a_large_file_goes_through_a_session_in_320_kib_ranges_without_the_token() {
    let g = G::start().await;
    expect_session(&g).await;
    let total = 4 * 1024 * 1024 + 1;
    let first = 10 * CHUNK_UNIT; // the default range
    expect_range(&g, &format!("bytes 0-{}/{total}", first - 1), 202, json!({"expirationDateTime": "2026-12-10T08:00:00Z", "nextExpectedRanges": [format!("{first}-")]})).await;
    expect_range(
        &g,
        &format!("bytes {first}-{}/{total}", total - 1),
        201,
        json!({"id": "01BIG", "name": "f.bin", "size": total}),
    )
    .await;
    let v = g.client.call_ok("ms_upload", json!({"size": total})).await;
    assert_eq!(v["id"], "01BIG");
    assert_eq!(uploaded(&g).await, bytes(total));
}

#[tokio::test]
async fn a_session_resumes_where_graph_expects_the_next_range() {
    let g = G::start().await;
    expect_session(&g).await;
    let total = 700_000;
    expect_range(
        &g,
        "bytes 0-327679/700000",
        202,
        json!({"nextExpectedRanges": ["200000-"]}),
    )
    .await;
    expect_range(
        &g,
        "bytes 200000-527679/700000",
        202,
        json!({"nextExpectedRanges": ["527680-699999"]}),
    )
    .await;
    expect_range(
        &g,
        "bytes 527680-699999/700000",
        200,
        json!({"id": "01RES", "size": total}),
    )
    .await;
    let v = g
        .client
        .call_ok("ms_upload", json!({"size": total, "units": 1}))
        .await;
    assert_eq!(v["id"], "01RES");
}

#[test]
fn upload_ranges_are_multiples_of_320_kib_up_to_60_mib() {
    let s = UploadSession::from_url("https://contoso.sharepoint.com/up/s1");
    assert!(s.clone().chunk_size(CHUNK_UNIT * 3).is_ok());
    for bad in [0, CHUNK_UNIT + 1, microsoft::MAX_CHUNK + CHUNK_UNIT] {
        let e = s.clone().chunk_size(bad).unwrap_err();
        assert!(e.to_string().contains("multiple of 320 KiB"), "{e}");
    }
}

#[tokio::test]
async fn a_failed_range_cancels_the_session_and_says_which_range() {
    let g = G::start().await;
    expect_session(&g).await;
    expect_range(
        &g,
        "bytes 0-327679/700000",
        416,
        graph_error(
            "invalidRange",
            "The uploaded fragment overlaps with data that has already been received.",
        ),
    )
    .await;
    Mock::given(matchers::method("DELETE"))
        .and(matchers::path("/up/s1"))
        .and(NoAuthorization)
        .respond_with(ResponseTemplate::new(204))
        .expect(1)
        .mount(&g.fake)
        .await;
    let err = g
        .client
        .call_err("ms_upload", json!({"size": 700_000, "units": 1}))
        .await;
    assert!(
        err.contains("Uploading bytes 0-327679/700000: Microsoft Graph API error 416"),
        "{err}"
    );
    assert!(err.contains("(invalidRange)"), "{err}");
}
