//! A fake Reddit (OAuth API and token endpoint on one listener), a server pointed at it, and
//! clients with a ready token or with app (and user) credentials.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "reddit-test-token-0123";
pub const UA: &str = concat!(
    "server:reddit-search-mcp-server:v",
    env!("CARGO_PKG_VERSION"),
    " (MCP server; +https://github.com/mcp-servers-rs/mcp-servers)"
);

pub struct Fake {
    pub fake: MockServer,
    pub server: TestServer,
}

impl Fake {
    pub async fn start() -> Self {
        let fake = MockServer::start().await;
        let settings = settings_for(&fake.uri()).with_api("token", &fake.uri());
        let server = TestServer::start(&reddit_search_mcp_server::SPEC, settings).await;
        Self { fake, server }
    }

    pub async fn client(&self, credentials: Value) -> Client {
        let auth = mcp_shared::auth::encode_auth_data(&credentials);
        self.server.client_with(&[("x-auth-data", &auth)]).await
    }

    /// A client sending a ready access token.
    pub async fn with_token(&self) -> Client {
        self.client(json!({ "access_token": TOKEN })).await
    }
}

/// A request to the OAuth API with the test token and the User-Agent.
pub fn reddit(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    query.iter().fold(
        expect(method, path).bearer(TOKEN).header("user-agent", UA),
        |e, (k, v)| e.query(k, v),
    )
}

/// A post (`t3`) as Reddit returns it in listings (trimmed).
pub fn t3(id: &str, title: &str) -> Value {
    json!({"kind": "t3", "data": {
        "id": id, "name": format!("t3_{id}"), "title": title, "subreddit": "rust",
        "author": "ferris", "score": 42, "num_comments": 7, "created_utc": 1733011200.0,
        "permalink": format!("/r/rust/comments/{id}/slug/"), "url": format!("https://www.reddit.com/r/rust/comments/{id}/slug/"),
        "is_self": true, "over_18": false, "selftext": "Body text", "ups": 42, "thumbnail": "self",
        "all_awardings": [], "media": null
    }})
}

pub fn listing(children: Vec<Value>, after: Option<&str>) -> Value {
    json!({"kind": "Listing", "data": {"after": after, "before": null, "dist": children.len(), "modhash": "", "children": children}})
}
