//! One HTTP server process, two tenants with different bot tokens, many interleaved calls at
//! once: every upstream request carries its own caller's token.

use std::sync::Arc;

use mcp_testkit::wiremock::matchers::{header, method, path};
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use serde_json::json;

use crate::common::{setup, slack_creds};

const TENANT_A: &str = "xoxb-tenant-a";
const TENANT_B: &str = "xoxb-tenant-b";
const CALLS: usize = 25;

#[tokio::test]
async fn concurrent_tenants_each_use_their_own_bot_token() {
    let s = setup().await;
    for (token, workspace) in [(TENANT_A, "alpha"), (TENANT_B, "beta")] {
        Mock::given(method("POST"))
            .and(path("/chat.getPermalink"))
            .and(header("authorization", format!("Bearer {token}").as_str()))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "ok": true,
                "channel": "C1",
                "permalink": format!("https://{workspace}.slack.com/archives/C1/p1")
            })))
            .expect(CALLS as u64)
            .mount(&s.fake)
            .await;
    }
    let a = Arc::new(s.client_with(slack_creds(Some(TENANT_A), None)).await);
    let b = Arc::new(s.client_with(slack_creds(Some(TENANT_B), None)).await);
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..CALLS {
        for (client, tenant) in [(a.clone(), "alpha"), (b.clone(), "beta")] {
            tasks.spawn(async move {
                let ts = format!("1700000000.{i:06}");
                let v = client
                    .call_ok(
                        "slack_get_permalink",
                        json!({"channel_id": format!("C-{tenant}"), "message_ts": ts}),
                    )
                    .await;
                (tenant, v)
            });
        }
    }
    while let Some(done) = tasks.join_next().await {
        let (tenant, v) = done.unwrap();
        assert_eq!(
            v["permalink"],
            format!("https://{tenant}.slack.com/archives/C1/p1"),
            "a {tenant} call got another tenant's answer"
        );
    }
    // Every request the fake saw pairs the caller's channel with the caller's token.
    let received = s.fake.received_requests().await.unwrap();
    assert_eq!(received.len(), 2 * CALLS);
    for r in &received {
        let form: Vec<(String, String)> = url::form_urlencoded::parse(&r.body)
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let channel = form
            .iter()
            .find(|(k, _)| k == "channel")
            .map(|(_, v)| v.as_str())
            .unwrap();
        let auth = r.headers.get("authorization").unwrap().to_str().unwrap();
        let want = if channel == "C-alpha" {
            TENANT_A
        } else {
            TENANT_B
        };
        assert_eq!(auth, format!("Bearer {want}"), "{channel}");
    }
}
