//! Shared drives: google_drive_list_shared_drives and google_drive_create_shared_drive (with
//! Drive's `requestId` idempotency key).

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::{TOKEN, google_error, insufficient_scope, mock, requests_at, setup};

#[tokio::test]
async fn list_shared_drives() {
    let s = setup().await;
    expect("GET", "/drive/v3/drives")
        .bearer(TOKEN)
        .query("pageSize", 100)
        .query("q", "name contains 'finance'")
        .query("pageToken", "p2")
        .query("fields", "nextPageToken,drives(id,name,createdTime,hidden)")
        .respond(
            &s.fake,
            200,
            json!({"nextPageToken": "p3", "drives": [{"id": "0ABfin", "name": "Finance", "createdTime": "2023-01-05T10:00:00.000Z", "hidden": false}]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_list_shared_drives",
            json!({"query": "name contains 'finance'", "limit": 500, "page_token": "p2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"drives": [{"id": "0ABfin", "name": "Finance", "createdTime": "2023-01-05T10:00:00.000Z", "hidden": false}], "nextPageToken": "p3"})
    );
}

#[tokio::test]
async fn list_shared_drives_without_the_scope() {
    let s = setup().await;
    expect("GET", "/drive/v3/drives")
        .bearer(TOKEN)
        .query("pageSize", 50)
        .query("fields", "nextPageToken,drives(id,name,createdTime,hidden)")
        .respond_with(
            &s.fake,
            insufficient_scope("https://www.googleapis.com/auth/drive.readonly"),
        )
        .await;
    let err = s
        .client
        .call_err("google_drive_list_shared_drives", json!({}))
        .await;
    assert!(err.contains("auth/drive.readonly"), "{err}");
}

#[tokio::test]
async fn create_shared_drive_with_a_request_id() {
    let s = setup().await;
    expect("POST", "/drive/v3/drives")
        .bearer(TOKEN)
        .query("requestId", "6f1c0f8e-2b7a-4c1e-9a51-3d2f0b7e8c11")
        .query("fields", "id,name,createdTime")
        .json_body(json!({"name": "Launch"}))
        .respond(
            &s.fake,
            200,
            json!({"id": "0ABlaunch", "name": "Launch", "createdTime": "2024-05-02T10:00:00.000Z"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_create_shared_drive",
            json!({"name": "Launch", "request_id": "6f1c0f8e-2b7a-4c1e-9a51-3d2f0b7e8c11"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "0ABlaunch", "name": "Launch", "createdTime": "2024-05-02T10:00:00.000Z", "requestId": "6f1c0f8e-2b7a-4c1e-9a51-3d2f0b7e8c11"})
    );
}

fn is_uuid_v4(s: &str) -> bool {
    let parts: Vec<&str> = s.split('-').collect();
    parts.iter().map(|p| p.len()).collect::<Vec<_>>() == [8, 4, 4, 4, 12]
        && s.chars()
            .all(|c| c == '-' || (c.is_ascii_hexdigit() && !c.is_ascii_uppercase()))
        && parts[2].starts_with('4')
        && parts[3].starts_with(['8', '9', 'a', 'b'])
}

#[tokio::test]
async fn each_call_without_a_request_id_gets_a_new_one() {
    let s = setup().await;
    mcp_testkit::wiremock::Mock::given(mcp_testkit::wiremock::matchers::method("POST"))
        .and(mcp_testkit::wiremock::matchers::path("/drive/v3/drives"))
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"id": "0ABnew", "name": "Team"})),
        )
        .expect(2)
        .mount(&s.fake)
        .await;
    let a = s
        .client
        .call_ok("google_drive_create_shared_drive", json!({"name": "Team"}))
        .await;
    let b = s
        .client
        .call_ok("google_drive_create_shared_drive", json!({"name": "Team"}))
        .await;
    let sent: Vec<String> = requests_at(&s.fake, "/drive/v3/drives")
        .await
        .iter()
        .map(|r| {
            r.url
                .query_pairs()
                .find(|(k, _)| k == "requestId")
                .map(|(_, v)| v.into_owned())
                .unwrap()
        })
        .collect();
    assert_eq!(sent.len(), 2);
    assert!(is_uuid_v4(&sent[0]) && is_uuid_v4(&sent[1]), "{sent:?}");
    assert_ne!(sent[0], sent[1]);
    assert_eq!(a["requestId"], sent[0].as_str());
    assert_eq!(b["requestId"], sent[1].as_str());
}

#[tokio::test]
async fn create_shared_drive_is_retried_with_the_same_request_id() {
    let s = setup().await;
    let q = [("requestId", "r-1"), ("fields", "id,name,createdTime")];
    mock("POST", "/drive/v3/drives", &q)
        .respond_with(ResponseTemplate::new(503).set_body_json(google_error(
            503,
            "backendError",
            "Backend Error",
        )))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    mock("POST", "/drive/v3/drives", &q)
        .respond_with(
            ResponseTemplate::new(200).set_body_json(json!({"id": "0ABr1", "name": "Ops"})),
        )
        .expect(1)
        .mount(&s.fake)
        .await;
    let v = s
        .client
        .call_ok(
            "google_drive_create_shared_drive",
            json!({"name": "Ops", "request_id": "r-1"}),
        )
        .await;
    assert_eq!(v["id"], "0ABr1");
}

#[tokio::test]
async fn a_used_request_id_is_explained() {
    let s = setup().await;
    expect("POST", "/drive/v3/drives")
        .bearer(TOKEN)
        .query("requestId", "r-used")
        .query("fields", "id,name,createdTime")
        .json_body(json!({"name": "Ops"}))
        .respond(
            &s.fake,
            409,
            google_error(
                409,
                "duplicate",
                "A shared drive with this request ID already exists.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_drive_create_shared_drive",
            json!({"name": "Ops", "request_id": "r-used"}),
        )
        .await;
    assert!(
        err.contains("409") && err.contains("google_drive_list_shared_drives"),
        "{err}"
    );
    let err = s
        .client
        .call_err("google_drive_create_shared_drive", json!({"name": ""}))
        .await;
    assert!(err.contains("`name` must not be empty"), "{err}");
}
