//! Dropbox server tests: each tool against a fake Dropbox API that asserts the exact request
//! (RPC: `POST /2/<route>`, JSON body, `Authorization: Bearer`; content: `Dropbox-API-Arg`
//! header, raw body), through a real MCP client. Routes, arguments and answers follow
//! Dropbox's Stone specification (github.com/dropbox/dropbox-api-spec, `files.stone`,
//! `sharing.stone`, `file_requests.stone`, `users.stone`, `async.stone`).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod account;
mod batch;
mod file_requests;
mod files;
mod sharing;
mod transfer;

use std::time::Duration;

use mcp_testkit::wiremock::{self, Mock, MockBuilder, MockServer, Request, ResponseTemplate};
use mcp_testkit::{Expect, Setup, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "sl.u.AFakeDropboxAccessToken123456789";

/// A fake Dropbox (both hosts: the content host follows `DROPBOX_API_BASE_URL`), the server
/// on it with short job polling, and a client with the token.
pub async fn setup() -> Setup {
    setup_with(|_| {}).await
}

pub async fn setup_with(f: impl FnOnce(&mut mcp_shared::Settings)) -> Setup {
    Setup::start_with(
        &dropbox_mcp_server::SPEC,
        json!({"access_token": TOKEN}),
        |s| {
            s.poll_interval = Some(Duration::from_millis(10));
            s.fetch_allow_hosts = vec!["127.0.0.1".into()];
            f(s);
        },
    )
    .await
}

/// An RPC call: `POST /<route>` with the Bearer token and a JSON body.
pub fn rpc(route: &str, body: Value) -> Expect {
    expect("POST", format!("/{route}"))
        .bearer(TOKEN)
        .header("content-type", "application/json")
        .json_body(body)
}

/// Dropbox's endpoint error (409) body.
pub fn dbx_error(summary: &str, error: Value) -> Value {
    json!({"error_summary": summary, "error": error})
}

/// Matches a `Dropbox-API-Arg` header that is printable ASCII and, read as JSON, equals
/// this.
pub struct ApiArg(pub Value);

impl wiremock::Match for ApiArg {
    fn matches(&self, r: &Request) -> bool {
        let Some(h) = r.headers.get("dropbox-api-arg") else {
            return false;
        };
        let raw = h.as_bytes();
        raw.iter().all(|b| (0x20..0x7f).contains(b))
            && serde_json::from_slice::<Value>(raw).ok().as_ref() == Some(&self.0)
    }
}

/// Matches exactly these body bytes (no bytes: an empty body).
pub struct Bytes(pub Vec<u8>);

impl wiremock::Match for Bytes {
    fn matches(&self, r: &Request) -> bool {
        r.body == self.0
    }
}

/// A content call: `POST /<route>`, the Bearer token, `Dropbox-API-Arg` = `arg`, no query,
/// and exactly `body` (octet-stream when not empty).
pub fn content(route: &str, arg: Value, body: &[u8]) -> MockBuilder {
    use wiremock::matchers;
    let m = Mock::given(matchers::method("POST"))
        .and(matchers::path(format!("/{route}")))
        .and(mcp_testkit::QueryExact(vec![]))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .and(ApiArg(arg))
        .and(Bytes(body.to_vec()));
    if body.is_empty() {
        m
    } else {
        m.and(matchers::header("content-type", "application/octet-stream"))
    }
}

/// A 200 answer of a content-download route: the bytes, and the metadata in
/// `Dropbox-API-Result`.
pub fn download_answer(bytes: &[u8], result: &Value) -> ResponseTemplate {
    ResponseTemplate::new(200)
        .insert_header("dropbox-api-result", result.to_string().as_str())
        .insert_header("content-type", "application/octet-stream")
        .set_body_bytes(bytes.to_vec())
}

/// A file's metadata as Dropbox answers it.
pub fn file_meta(name: &str, path: &str) -> Value {
    json!({
        ".tag": "file",
        "name": name,
        "id": "id:a4ayc_80_OEAAAAAAAAAXw",
        "client_modified": "2015-05-12T15:50:38Z",
        "server_modified": "2015-05-12T15:50:38Z",
        "rev": "a1c10ce0dd78",
        "size": 7212,
        "path_lower": path.to_lowercase(),
        "path_display": path,
        "sharing_info": {"read_only": true, "parent_shared_folder_id": "84528192421", "modified_by": "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc"},
        "is_downloadable": true,
        "has_explicit_shared_members": false,
        "content_hash": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    })
}

/// What `metadata()` keeps of [`file_meta`].
pub fn file_summary(name: &str, path: &str) -> Value {
    json!({
        "type": "file",
        "name": name,
        "id": "id:a4ayc_80_OEAAAAAAAAAXw",
        "client_modified": "2015-05-12T15:50:38Z",
        "server_modified": "2015-05-12T15:50:38Z",
        "rev": "a1c10ce0dd78",
        "size": 7212,
        "path_lower": path.to_lowercase(),
        "path_display": path,
        "is_downloadable": true,
        "has_explicit_shared_members": false,
        "content_hash": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    })
}

pub fn folder_meta(name: &str, path: &str) -> Value {
    json!({
        ".tag": "folder",
        "name": name,
        "id": "id:a4ayc_80_OEAAAAAAAAAXz",
        "path_lower": path.to_lowercase(),
        "path_display": path,
        "sharing_info": {"read_only": false, "parent_shared_folder_id": "84528192421", "traverse_only": false, "no_access": false},
    })
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes,
// hostile arguments.
mcp_testkit::standard_suite!(dropbox_mcp_server::SPEC, "dropbox-mcp-server");

#[tokio::test]
async fn tools_beyond_the_catalog() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    assert_eq!(tools.len(), 44);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "dropbox");
    assert!(extra.is_empty(), "{extra:?}");
}

#[tokio::test]
async fn error_parser_reads_dropbox_bodies() {
    use mcp_shared::reexports::http::HeaderMap;
    let parse = dropbox_mcp_server::SPEC.error_parser;
    let e = parse(
        409,
        &HeaderMap::new(),
        &dbx_error(
            "path/not_found/..",
            json!({".tag": "path", "path": {".tag": "not_found"}}),
        ),
    );
    assert_eq!(e.code.as_deref(), Some("path/not_found"));
    assert!(e.message.is_none());
    assert!(e.hint.unwrap().contains("nothing exists at this path"));
    let e = parse(
        401,
        &HeaderMap::new(),
        &dbx_error(
            "expired_access_token/..",
            json!({".tag": "expired_access_token"}),
        ),
    );
    assert_eq!(e.code.as_deref(), Some("expired_access_token"));
    assert!(e.hint.unwrap().contains("expired"));
    let e = parse(
        401,
        &HeaderMap::new(),
        &dbx_error(
            "missing_scope/..",
            json!({".tag": "missing_scope", "required_scope": "files.content.write"}),
        ),
    );
    assert!(e.hint.unwrap().contains("files.content.write"));
    let e = parse(
        429,
        &HeaderMap::new(),
        &dbx_error(
            "too_many_requests/..",
            json!({"reason": {".tag": "too_many_requests"}, "retry_after": 1}),
        ),
    );
    assert!(e.rate_limited);
    // An error with a user-facing message: that message wins.
    let e = parse(
        409,
        &HeaderMap::new(),
        &json!({"error_summary": "path/insufficient_space/", "error": {".tag": "path", "path": {".tag": "insufficient_space"}}, "user_message": {"locale": "en", "text": "Your Dropbox is full."}}),
    );
    assert_eq!(e.code.as_deref(), Some("path/insufficient_space"));
    assert_eq!(e.message.as_deref(), Some("Your Dropbox is full."));
    assert!(e.hint.unwrap().contains("out of space"));
    // Too many writes: Dropbox did nothing and asks for a retry, like a 429.
    let e = parse(
        409,
        &HeaderMap::new(),
        &dbx_error(
            "path/too_many_write_operations/",
            json!({".tag": "path", "path": {".tag": "too_many_write_operations"}}),
        ),
    );
    assert!(e.rate_limited);
}

#[tokio::test]
async fn vendor_errors_are_clear_messages() {
    let s = setup().await;
    rpc("files/get_metadata", json!({"path": "/Missing/report.pdf"}))
        .respond(
            &s.fake,
            409,
            dbx_error(
                "path/not_found/...",
                json!({".tag": "path", "path": {".tag": "not_found"}}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "dropbox_get_file_info",
            json!({"path": "/Missing/report.pdf"}),
        )
        .await;
    assert!(err.contains("409"), "{err}");
    assert!(err.contains("path/not_found"), "{err}");
    assert!(err.contains("nothing exists at this path"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");

    rpc("users/get_space_usage", Value::Null)
        .respond(
            &s.fake,
            401,
            dbx_error(
                "invalid_access_token/...",
                json!({".tag": "invalid_access_token"}),
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_get_space_usage", json!({}))
        .await;
    assert!(
        err.contains("401") && err.contains("invalid_access_token"),
        "{err}"
    );
    assert!(err.contains("invalid or was revoked"), "{err}");

    // 400 is plain text from Dropbox.
    rpc("users/get_current_account", Value::Null)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(400).set_body_string(
                "Error in call to API function \"users/get_current_account\": Bad HTTP \"Content-Type\" header",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("dropbox_get_current_account", json!({}))
        .await;
    assert!(err.contains("400") && err.contains("Bad HTTP"), "{err}");
}

#[tokio::test]
async fn reads_are_retried_and_writes_are_not() {
    let s = setup().await;
    // A read (list_folder) that meets a 503 is sent again.
    rpc("files/list_folder", json!({"path": ""}))
        .times(3)
        .respond(&s.fake, 503, json!({}))
        .await;
    let err = s.client.call_err("dropbox_list_folder", json!({})).await;
    assert!(err.contains("503"), "{err}");
    // A write (create_folder_v2) is not sent twice after a gateway error.
    rpc("files/create_folder_v2", json!({"path": "/New"}))
        .times(1)
        .respond(&s.fake, 503, json!({}))
        .await;
    let err = s
        .client
        .call_err("dropbox_create_folder", json!({"path": "/New"}))
        .await;
    assert!(err.contains("503"), "{err}");
}

#[tokio::test]
async fn rate_limits_are_retried_after_retry_after() {
    let s = setup().await;
    Mock::given(wiremock::matchers::method("POST"))
        .and(wiremock::matchers::path("/users/get_space_usage"))
        .respond_with(
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(dbx_error(
                    "too_many_requests/..",
                    json!({"reason": {".tag": "too_many_requests"}, "retry_after": 0}),
                )),
        )
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    rpc("users/get_space_usage", Value::Null)
        .respond(
            &s.fake,
            200,
            json!({"used": 314159265, "allocation": {".tag": "individual", "allocated": 10000000000u64}}),
        )
        .await;
    let v = s.client.call_ok("dropbox_get_space_usage", json!({})).await;
    assert_eq!(v["used"], 314159265);
}

#[tokio::test]
async fn content_host_has_its_own_base_url() {
    let api = MockServer::start().await;
    let content_fake = MockServer::start().await;
    let settings = settings_for(&api.uri()).with_api("content", &content_fake.uri());
    let server = TestServer::start(&dropbox_mcp_server::SPEC, settings).await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"access_token": TOKEN}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    content("files/download", json!({"path": "/a.txt"}), b"")
        .respond_with(download_answer(b"hi", &file_meta("a.txt", "/a.txt")))
        .expect(1)
        .mount(&content_fake)
        .await;
    let r = client
        .call("dropbox_download_file", json!({"path": "/a.txt"}))
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{}", mcp_testkit::text_of(&r));
    assert!(api.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn too_many_write_operations_is_retried() {
    let s = setup().await;
    Mock::given(wiremock::matchers::method("POST"))
        .and(wiremock::matchers::path("/files/create_folder_v2"))
        .respond_with(ResponseTemplate::new(409).set_body_json(dbx_error(
            "path/too_many_write_operations/...",
            json!({".tag": "path", "path": {".tag": "too_many_write_operations"}}),
        )))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    rpc("files/create_folder_v2", json!({"path": "/Busy"}))
        .respond(
            &s.fake,
            200,
            json!({"metadata": {"name": "Busy", "id": "id:b1", "path_lower": "/busy", "path_display": "/Busy"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("dropbox_create_folder", json!({"path": "/Busy"}))
        .await;
    assert_eq!(v["path_display"], "/Busy");
}
