//! JSON batching: split in twenties, `dependsOn` kept, throttled requests sent again.

use std::sync::atomic::{AtomicUsize, Ordering};

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, Request, Respond, ResponseTemplate, matchers};
use serde_json::{Value, json};

use crate::{G, TOKEN, graph_error};

/// Answers each request of a batch with 200 and its url, or 404 for a url with "missing";
/// the first time it sees the id `throttle`, 429 with `Retry-After: 0`.
struct Echo {
    throttled: AtomicUsize,
}

impl Respond for Echo {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&req.body).unwrap_or(Value::Null);
        let requests = body["requests"].as_array().cloned().unwrap_or_default();
        let throttle_now = requests.iter().any(|r| r["id"] == "throttle")
            && self.throttled.fetch_add(1, Ordering::SeqCst) == 0;
        // Answered in reverse order: Graph does not keep the order.
        let responses: Vec<Value> = requests
            .iter()
            .rev()
            .map(|r| {
                let url = r["url"].as_str().unwrap_or("");
                let after_throttled = r["dependsOn"]
                    .as_array()
                    .is_some_and(|d| d.iter().any(|d| d == "throttle"));
                if r["id"] == "throttle" && throttle_now {
                    json!({"id": r["id"], "status": 429, "headers": {"Retry-After": "0"}, "body": graph_error("TooManyRequests", "slow down")})
                } else if url.contains("missing") {
                    json!({"id": r["id"], "status": 404, "headers": {"Content-Type": "application/json"}, "body": graph_error("ErrorItemNotFound", "Not found.")})
                } else if after_throttled && throttle_now {
                    json!({"id": r["id"], "status": 424, "body": graph_error("FailedDependency", "dependency failed")})
                } else {
                    json!({"id": r["id"], "status": 200, "headers": {"Content-Type": "application/json"}, "body": {"url": url}})
                }
            })
            .collect();
        ResponseTemplate::new(200).set_body_json(json!({"responses": responses}))
    }
}

async fn mount_echo(g: &G) {
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/v1.0/$batch"))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .respond_with(Echo {
            throttled: AtomicUsize::new(0),
        })
        .mount(&g.fake)
        .await;
}

async fn batch_bodies(g: &G) -> Vec<Value> {
    mcp_testkit::request_bodies(&g.fake, "POST", "/v1.0/$batch").await
}

#[tokio::test]
async fn a_batch_sends_graphs_json_and_returns_each_answer_by_id() {
    let g = G::start().await;
    expect("POST", "/v1.0/$batch")
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"id": "me", "method": "GET", "url": "/me?$select=displayName"},
            {"id": "inbox", "method": "GET", "url": "/me/mailFolders/inbox/messages?$top=1", "dependsOn": ["me"]},
            {"id": "gone", "method": "GET", "url": "/me/messages/gone"},
            {"id": "new", "method": "POST", "url": "/me/mailFolders", "headers": {"Content-Type": "application/json"}, "body": {"displayName": "Q3"}}
        ]}))
        .respond(&g.fake, 200, json!({"responses": [
            {"id": "gone", "status": 404, "headers": {"Content-Type": "application/json"}, "body": graph_error("ErrorItemNotFound", "Not found.")},
            {"id": "new", "status": 201, "body": {"id": "AAMk-folder", "displayName": "Q3"}},
            {"id": "me", "status": 200, "headers": {"Content-Type": "application/json"}, "body": {"displayName": "Ada"}},
            {"id": "inbox", "status": 200, "body": {"value": [{"id": "m1"}]}}
        ]}))
        .await;
    let v = g
        .client
        .call_ok(
            "ms_batch",
            json!({"requests": [
                {"id": "me", "url": "/me?$select=displayName"},
                {"id": "inbox", "url": g.url("/me/mailFolders/inbox/messages?$top=1"), "depends_on": "me"},
                {"id": "gone", "url": "me/messages/gone"},
                {"id": "new", "url": "/me/mailFolders", "method": "POST", "body": {"displayName": "Q3"}}
            ]}),
        )
        .await;
    assert_eq!(
        v[0],
        json!({"id": "me", "status": 200, "result": {"displayName": "Ada"}})
    );
    assert_eq!(v[1]["result"]["value"][0]["id"], "m1");
    assert_eq!(v[2]["status"], 404);
    let err = v[2]["result"]["error"].as_str().unwrap_or("");
    assert!(
        err.contains("404 Not Found (ErrorItemNotFound): Not found [request-id a1b2c3d4"),
        "{err}"
    );
    assert_eq!(v[3]["result"]["id"], "AAMk-folder");
}

#[tokio::test]
async fn more_than_twenty_requests_go_in_several_batches_in_order() {
    let g = G::start().await;
    mount_echo(&g).await;
    let reqs: Vec<Value> = (1..=25)
        .map(|i| json!({"id": i.to_string(), "url": format!("/me/messages/{i}")}))
        .collect();
    let v = g
        .client
        .call_ok("ms_batch", json!({"requests": reqs}))
        .await;
    assert_eq!(v.as_array().map(Vec::len), Some(25));
    assert_eq!(
        v[24],
        json!({"id": "25", "status": 200, "result": {"url": "/me/messages/25"}})
    );
    let bodies = batch_bodies(&g).await;
    let sizes: Vec<usize> = bodies
        .iter()
        .map(|b| b["requests"].as_array().map_or(0, Vec::len))
        .collect();
    assert_eq!(sizes, [20, 5]);
    assert_eq!(bodies[1]["requests"][0]["id"], "21");
}

#[tokio::test]
async fn dependencies_across_batches_are_kept_and_a_failed_one_fails_its_dependents() {
    let g = G::start().await;
    mount_echo(&g).await;
    let mut reqs: Vec<Value> = (1..=20)
        .map(|i| json!({"id": i.to_string(), "url": format!("/me/messages/{i}")}))
        .collect();
    reqs[19] = json!({"id": "20", "url": "/me/messages/missing"});
    reqs[2]["depends_on"] = json!("2");
    reqs.push(json!({"id": "21", "url": "/me/messages/21", "depends_on": "20"}));
    reqs.push(json!({"id": "22", "url": "/me/messages/22", "depends_on": "19"}));
    let v = g
        .client
        .call_ok("ms_batch", json!({"requests": reqs}))
        .await;
    let bodies = batch_bodies(&g).await;
    // Within a batch Graph orders them; across batches a done dependency is dropped.
    assert_eq!(bodies[0]["requests"][2]["dependsOn"], json!(["2"]));
    assert_eq!(
        bodies[1]["requests"],
        json!([{"id": "22", "method": "GET", "url": "/me/messages/22"}])
    );
    // 21 depends on 20, which failed: answered 424 without being sent.
    assert_eq!(v[20]["status"], 424);
    assert!(
        v[20]["result"]["error"]
            .as_str()
            .unwrap_or("")
            .contains("request `20`"),
        "{v}"
    );
    assert_eq!(v[21]["status"], 200);
    // Bad dependency lists are refused before anything is sent.
    let err = g
        .client
        .call_err("ms_batch", json!({"requests": [{"id": "a", "url": "/me", "depends_on": "b"}, {"id": "b", "url": "/me"}]}))
        .await;
    assert!(
        err.contains("depends on `b`, which is not an earlier request"),
        "{err}"
    );
    let err = g
        .client
        .call_err(
            "ms_batch",
            json!({"requests": [{"id": "a", "url": "https://evil.example/v1.0/me"}]}),
        )
        .await;
    assert!(
        err.contains("not a page of this server's Microsoft Graph API"),
        "{err}"
    );
    assert_eq!(batch_bodies(&g).await.len(), 2);
}

#[tokio::test]
async fn throttled_requests_of_a_batch_are_sent_again_with_their_dependents() {
    let g = G::start().await;
    mount_echo(&g).await;
    let v = g
        .client
        .call_ok(
            "ms_batch",
            json!({"requests": [
                {"id": "ok", "url": "/me"},
                {"id": "throttle", "url": "/me/messages"},
                {"id": "after", "url": "/me/mailFolders", "depends_on": "throttle"}
            ]}),
        )
        .await;
    assert_eq!(
        v[1],
        json!({"id": "throttle", "status": 200, "result": {"url": "/me/messages"}})
    );
    assert_eq!(v[2]["status"], 200, "{v}");
    let bodies = batch_bodies(&g).await;
    assert_eq!(bodies.len(), 2);
    let ids: Vec<&str> = bodies[1]["requests"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(ids, ["throttle", "after"]);
}
