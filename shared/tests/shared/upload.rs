//! Multipart bodies (`Request::multipart`) and the testkit's matchers for them and for
//! whole header values.

use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use mcp_testkit::{FormPartExpect, TestServer, expect, multipart_parts, settings_for};
use serde_json::json;

use crate::acme::SPEC;

fn settings(uri: &str) -> mcp_shared::Settings {
    let mut s = settings_for(uri);
    s.toolsets = Some(vec!["jobs".into()]);
    s
}

fn args() -> serde_json::Value {
    json!({"note": "see attached", "filename": "résumé.txt", "content_type": "text/plain", "text": "hello, world"})
}

#[tokio::test]
async fn a_multipart_body_carries_its_fields_and_files_and_is_resent_whole_on_a_retry() {
    let fake = MockServer::start().await;
    // The first attempt is rate limited: the retry must send the whole form again.
    Mock::given(matchers::method("POST"))
        .respond_with(ResponseTemplate::new(429).insert_header("retry-after", "0"))
        .up_to_n_times(1)
        .with_priority(1)
        .mount(&fake)
        .await;
    expect("POST", "/uploads")
        .bearer("tok")
        .header("x-fields", "id,name")
        .multipart_body(&[
            FormPartExpect::text("note", "see attached"),
            FormPartExpect::file("attachments[]", "résumé.txt", "text/plain", b"hello, world"),
        ])
        .respond(&fake, 201, json!({"id": 9}))
        .await;
    let server = TestServer::start(&SPEC, settings(&fake.uri())).await;
    let client = server.client("tok").await;
    let v = client.call_ok("acme_upload", args()).await;
    assert_eq!(v["id"], 9);
    let got = fake.received_requests().await.unwrap_or_default();
    assert_eq!(got.len(), 2);
    let ct = got[1].headers["content-type"].to_str().unwrap_or_default();
    assert!(ct.starts_with("multipart/form-data; boundary="), "{ct}");
    assert_eq!(multipart_parts(&got[0]), multipart_parts(&got[1]));
}

#[tokio::test]
async fn a_different_part_does_not_match() {
    let fake = MockServer::start().await;
    expect("POST", "/uploads")
        .bearer("tok")
        .header("x-fields", "id,name")
        .multipart_body(&[
            FormPartExpect::text("note", "see attached"),
            FormPartExpect::file("attachments[]", "other.txt", "text/plain", b"hello, world"),
        ])
        .times(0)
        .respond(&fake, 201, json!({"id": 9}))
        .await;
    let server = TestServer::start(&SPEC, settings(&fake.uri())).await;
    let client = server.client("tok").await;
    client.call_err("acme_upload", args()).await;
}

#[tokio::test]
async fn a_header_value_with_commas_matches_whole_and_only_whole() {
    let fake = MockServer::start().await;
    expect("POST", "/uploads")
        .bearer("tok")
        .header("x-fields", "id")
        .any_body()
        .times(0)
        .respond(&fake, 201, json!({"id": 9}))
        .await;
    let server = TestServer::start(&SPEC, settings(&fake.uri())).await;
    let client = server.client("tok").await;
    client.call_err("acme_upload", args()).await;
}

#[tokio::test]
async fn a_file_part_with_a_bad_content_type_is_refused_before_any_request() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, settings(&fake.uri())).await;
    let client = server.client("tok").await;
    let mut a = args();
    a["content_type"] = json!("not a type");
    let e = client.call_err("acme_upload", a).await;
    assert!(e.contains("not a MIME type"), "{e}");
    mcp_testkit::assert_no_requests(&fake).await;
}
