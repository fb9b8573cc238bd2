use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use mcp_shared::auth::encode_auth_data;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, expect, settings_for};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

const TOKEN: &str = "ya29.test-token";
const EMAIL: &str = "converter@my-project.iam.gserviceaccount.com";
const MD: &str = "# Report\n\nHello **world**.";

struct Gcs {
    fake: MockServer,
    server: TestServer,
}

/// A fake Cloud Storage and IAM Credentials (one loopback server) and the server with a bucket.
async fn gcs() -> Gcs {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.extra_base_urls = vec![("iam".into(), format!("{}/v1", fake.uri()))];
    settings.options = vec![("gcs-bucket".into(), "reports-bucket".into())];
    let server = TestServer::start(&pandoc_mcp_server::SPEC, settings).await;
    Gcs { fake, server }
}

async fn client(g: &Gcs, creds: Value) -> Client {
    g.server
        .client_with(&[("x-auth-data", &encode_auth_data(&creds))])
        .await
}

/// The object name the server gives this HTML (the file name of an inline conversion).
async fn object_name() -> String {
    let (_s, c) = crate::convert::client().await;
    let r = c
        .call(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "html"}),
        )
        .await
        .unwrap();
    let block = serde_json::to_value(&r.content[0]).unwrap();
    let summary: Value = serde_json::from_str(block["text"].as_str().unwrap()).unwrap();
    summary["file"].as_str().unwrap().to_owned()
}

fn query_param(url: &str, key: &str) -> String {
    url::Url::parse(url)
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.into_owned())
        .unwrap()
}

#[tokio::test]
async fn upload_then_signed_url() {
    let name = object_name().await;
    let g = gcs().await;
    expect("POST", "/upload/storage/v1/b/reports-bucket/o")
        .query("uploadType", "media")
        .query("name", &name)
        .bearer(TOKEN)
        .header("content-type", "text/html; charset=utf-8")
        .any_body()
        .respond(
            &g.fake,
            200,
            json!({"kind": "storage#object", "id": format!("reports-bucket/{name}/1733100000000000"),
                   "name": name, "bucket": "reports-bucket", "generation": "1733100000000000",
                   "contentType": "text/html; charset=utf-8", "size": "180"}),
        )
        .await;
    expect(
        "POST",
        format!("/v1/projects/-/serviceAccounts/{EMAIL}:signBlob"),
    )
    .bearer(TOKEN)
    .any_body()
    .respond(
        &g.fake,
        200,
        json!({"keyId": "a1b2c3", "signedBlob": STANDARD.encode([0xde, 0xad, 0xbe, 0xef])}),
    )
    .await;
    let c = client(
        &g,
        json!({"access_token": TOKEN, "service_account_email": EMAIL}),
    )
    .await;
    let v = c
        .call_ok(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "html"}),
        )
        .await;
    assert_eq!(v["bucket"], "reports-bucket");
    assert_eq!(v["object"], name.as_str());
    assert_eq!(v["expires_in_seconds"], 604800);
    assert_eq!(v["content_type"], "text/html; charset=utf-8");
    let url = v["url"].as_str().unwrap();
    let host = g.fake.address().to_string();
    assert!(url.starts_with(&format!("http://{host}/reports-bucket/{name}?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Credential=")), "{url}");
    assert_eq!(query_param(url, "X-Goog-Signature"), "deadbeef");
    assert_eq!(query_param(url, "X-Goog-Expires"), "604800");
    assert_eq!(query_param(url, "X-Goog-SignedHeaders"), "host");
    let datetime = query_param(url, "X-Goog-Date");
    let date = &datetime[..8];
    assert_eq!(
        query_param(url, "X-Goog-Credential"),
        format!("{EMAIL}/{date}/auto/storage/goog4_request")
    );

    let requests = g.fake.received_requests().await.unwrap();
    // The uploaded bytes are the HTML page.
    let html = String::from_utf8(requests[0].body.clone()).unwrap();
    assert!(
        html.contains("<h1>Report</h1>") && html.contains("<strong>world</strong>"),
        "{html}"
    );
    // signBlob signed exactly Google's V4 string to sign for this URL.
    let body: Value = serde_json::from_slice(&requests[1].body).unwrap();
    assert_eq!(body.as_object().unwrap().len(), 1, "{body}");
    let signed =
        String::from_utf8(STANDARD.decode(body["payload"].as_str().unwrap()).unwrap()).unwrap();
    let query = url
        .split_once('?')
        .unwrap()
        .1
        .split("&X-Goog-Signature=")
        .next()
        .unwrap();
    let canonical =
        format!("GET\n/reports-bucket/{name}\n{query}\nhost:{host}\n\nhost\nUNSIGNED-PAYLOAD");
    let expected = format!(
        "GOOG4-RSA-SHA256\n{datetime}\n{date}/auto/storage/goog4_request\n{}",
        hex::encode(Sha256::digest(canonical.as_bytes()))
    );
    assert_eq!(signed, expected);
    // The canonical query is sorted and encodes the credential's `@` and `/`.
    assert!(
        query.contains("X-Goog-Credential=converter%40my-project.iam.gserviceaccount.com%2F"),
        "{query}"
    );
}

#[tokio::test]
async fn missing_credentials_name_the_fields_and_send_nothing() {
    let g = gcs().await;
    let c = client(&g, json!({"access_token": TOKEN})).await;
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "pdf"}),
        )
        .await;
    assert!(err.contains("service_account_email"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
    let c = client(
        &g,
        json!({"access_token": TOKEN, "service_account_email": "x/../evil?"}),
    )
    .await;
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "pdf"}),
        )
        .await;
    assert!(err.contains("is not a service account email"), "{err}");
    assert!(g.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn upload_refused_by_google() {
    let g = gcs().await;
    expect("POST", "/upload/storage/v1/b/reports-bucket/o")
        .query("uploadType", "media")
        .query("name", &object_name().await)
        .bearer(TOKEN)
        .any_body()
        .respond(
            &g.fake,
            403,
            json!({"error": {"code": 403, "message": "converter@my-project.iam.gserviceaccount.com does not have storage.objects.create access to the Google Cloud Storage object.",
                   "errors": [{"message": "denied", "domain": "global", "reason": "forbidden"}]}}),
        )
        .await;
    let c = client(
        &g,
        json!({"access_token": TOKEN, "service_account_email": EMAIL}),
    )
    .await;
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "html"}),
        )
        .await;
    assert!(
        err.contains("uploading to gs://reports-bucket failed")
            && err.contains("storage.objects.create"),
        "{err}"
    );
}

#[tokio::test]
async fn signing_refused_by_google() {
    let name = object_name().await;
    let g = gcs().await;
    expect("POST", "/upload/storage/v1/b/reports-bucket/o")
        .query("uploadType", "media")
        .query("name", &name)
        .bearer(TOKEN)
        .any_body()
        .respond(
            &g.fake,
            200,
            json!({"name": name, "bucket": "reports-bucket"}),
        )
        .await;
    expect("POST", format!("/v1/projects/-/serviceAccounts/{EMAIL}:signBlob"))
        .bearer(TOKEN)
        .any_body()
        .respond(&g.fake, 403, json!({"error": {"code": 403, "message": "Permission 'iam.serviceAccounts.signBlob' denied on resource (or it may not exist).", "status": "PERMISSION_DENIED"}}))
        .await;
    let c = client(
        &g,
        json!({"access_token": TOKEN, "service_account_email": EMAIL}),
    )
    .await;
    let err = c
        .call_err(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "html"}),
        )
        .await;
    assert!(err.contains("signBlob") && err.contains("denied"), "{err}");
}

#[tokio::test]
async fn read_only_mode_uploads_nothing() {
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.options = vec![("gcs-bucket".into(), "reports-bucket".into())];
    settings.read_only = true;
    let server = TestServer::start(&pandoc_mcp_server::SPEC, settings).await;
    let c = server
        .client_with(&[(
            "x-auth-data",
            &encode_auth_data(&json!({"access_token": TOKEN, "service_account_email": EMAIL})),
        )])
        .await;
    let r = c
        .call(
            "convert_markdown_to_file",
            json!({"markdown_text": MD, "output_format": "html"}),
        )
        .await
        .unwrap();
    let file = serde_json::to_value(&r.content[1]).unwrap();
    assert!(
        file["resource"]["text"]
            .as_str()
            .unwrap()
            .contains("<h1>Report</h1>"),
        "{file}"
    );
    assert!(fake.received_requests().await.unwrap().is_empty());
}
