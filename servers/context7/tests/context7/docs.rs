//! `resolve-library-id` and `query-docs`: exact requests with and without a key, concise
//! library matches, plain-text documentation, Context7's errors, bad arguments; and the
//! catalog surface.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, expect, settings_for};
use serde_json::json;

pub const KEY: &str = "ctx7sk-test-key-0123456789";

pub async fn setup() -> (MockServer, TestServer) {
    let fake = MockServer::start().await;
    let server = TestServer::start(&context7_mcp_server::SPEC, settings_for(&fake.uri())).await;
    (fake, server)
}

pub async fn keyed(server: &TestServer, creds: serde_json::Value) -> Client {
    let auth = mcp_shared::auth::encode_auth_data(&creds);
    server.client_with(&[("x-auth-data", &auth)]).await
}

fn search_body() -> serde_json::Value {
    json!({
        "results": [
            {"id": "/vercel/next.js", "title": "Next.js", "description": "The React Framework",
             "branch": "canary", "lastUpdateDate": "2026-11-28T10:00:00.000Z", "state": "finalized",
             "totalTokens": 1500000, "totalSnippets": 3200, "stars": 131000, "trustScore": 10,
             "benchmarkScore": 91.2, "versions": ["v15.1.8", "v14.3.0"]},
            {"id": "/websites/nextjs_org", "title": "Next.js docs site", "description": "nextjs.org",
             "branch": "main", "lastUpdateDate": "2026-11-01T00:00:00.000Z", "state": "finalized",
             "totalTokens": 900000, "totalSnippets": -1, "stars": -1, "trustScore": 7, "versions": []}
        ]
    })
}

#[tokio::test]
async fn resolve_with_a_key() {
    let (fake, server) = setup().await;
    expect("GET", "/v2/libs/search")
        .bearer(KEY)
        .query("query", "set up middleware")
        .query("libraryName", "next.js")
        .respond(&fake, 200, search_body())
        .await;
    let client = keyed(&server, json!({"api_key": KEY})).await;
    let v = client
        .call_ok(
            "resolve-library-id",
            json!({"query": "set up middleware", "libraryName": "next.js"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"libraries": [
            {"id": "/vercel/next.js", "title": "Next.js", "description": "The React Framework",
             "snippets": 3200, "trust_score": 10, "benchmark_score": 91.2, "versions": ["v15.1.8", "v14.3.0"]},
            {"id": "/websites/nextjs_org", "title": "Next.js docs site", "description": "nextjs.org", "trust_score": 7}
        ]})
    );
}

#[tokio::test]
async fn resolve_keyless_sends_no_authorization() {
    let (fake, server) = setup().await;
    expect("GET", "/v2/libs/search")
        .query("query", "hooks")
        .query("libraryName", "react")
        .respond(&fake, 200, json!({"results": []}))
        .await;
    let client = server.client_with(&[]).await;
    let v = client
        .call_ok(
            "resolve-library-id",
            json!({"query": "hooks", "libraryName": "react"}),
        )
        .await;
    assert_eq!(v, json!({"libraries": []}));
    let sent = fake.received_requests().await.unwrap();
    assert!(sent[0].headers.get("authorization").is_none());
}

#[tokio::test]
async fn resolve_failures() {
    let (fake, server) = setup().await;
    let client = server.client_with(&[]).await;
    let err = client
        .call_err(
            "resolve-library-id",
            json!({"query": "x", "libraryName": " "}),
        )
        .await;
    assert!(err.contains("`libraryName` must not be empty"), "{err}");
    let err = client
        .call_err("resolve-library-id", json!({"query": "x"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    assert!(fake.received_requests().await.unwrap().is_empty());
    // Context7's own 429 message; a 429 is retried, three attempts.
    expect("GET", "/v2/libs/search")
        .query("query", "x")
        .query("libraryName", "react")
        .times(3)
        .respond_with(
            &fake,
            ResponseTemplate::new(429).insert_header("retry-after", "0").set_body_json(
                json!({"message": "Rate limited or quota exceeded. Create a free API key at https://context7.com/dashboard for higher limits."}),
            ),
        )
        .await;
    let err = client
        .call_err(
            "resolve-library-id",
            json!({"query": "x", "libraryName": "react"}),
        )
        .await;
    assert!(
        err.contains("429") && err.contains("Create a free API key"),
        "{err}"
    );
}

const DOCS: &str = "### Middleware\n\nSource: https://github.com/vercel/next.js/blob/canary/docs/middleware.mdx\n\nCreate `middleware.ts` in the project root:\n\n```ts\nexport function middleware(request: NextRequest) {\n  return NextResponse.next()\n}\n```\n";

#[tokio::test]
async fn query_docs_returns_the_text() {
    let (fake, server) = setup().await;
    expect("GET", "/v2/context")
        .bearer(KEY)
        .header("accept", "text/plain")
        .query("query", "how to set up middleware")
        .query("libraryId", "/vercel/next.js/v15.1.8")
        .respond_with(
            &fake,
            ResponseTemplate::new(200)
                .insert_header("content-type", "text/plain; charset=utf-8")
                .set_body_string(DOCS),
        )
        .await;
    // Klavis's field name `token` carries the key.
    let client = keyed(&server, json!({"token": KEY})).await;
    let r = client
        .call(
            "query-docs",
            json!({"libraryId": "/vercel/next.js/v15.1.8", "query": "how to set up middleware"}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true));
    assert_eq!(mcp_testkit::text_of(&r), DOCS);
}

#[tokio::test]
async fn query_docs_failures() {
    let (fake, server) = setup().await;
    let client = server.client_with(&[]).await;
    let err = client
        .call_err(
            "query-docs",
            json!({"libraryId": "next.js", "query": "routing"}),
        )
        .await;
    assert!(err.contains("such as /vercel/next.js"), "{err}");
    assert!(fake.received_requests().await.unwrap().is_empty());
    expect("GET", "/v2/context")
        .header("accept", "text/plain")
        .query("query", "routing")
        .query("libraryId", "/nobody/nothing")
        .respond(
            &fake,
            404,
            json!({"message": "The library you are trying to access does not exist. Please try with a different library ID."}),
        )
        .await;
    let err = client
        .call_err(
            "query-docs",
            json!({"libraryId": "/nobody/nothing", "query": "routing"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("does not exist"),
        "{err}"
    );
    assert!(err.contains("resolve-library-id"), "{err}");
    fake.reset().await;
    expect("GET", "/v2/context")
        .header("accept", "text/plain")
        .query("query", "routing")
        .query("libraryId", "/new/library")
        .respond_with(&fake, ResponseTemplate::new(200).set_body_string(""))
        .await;
    let err = client
        .call_err(
            "query-docs",
            json!({"libraryId": "/new/library", "query": "routing"}),
        )
        .await;
    assert!(err.contains("no documentation for /new/library"), "{err}");
}

#[tokio::test]
async fn no_tools_beyond_the_catalog() {
    let (_fake, server) = setup().await;
    let client = server.client_with(&[]).await;
    let tools = client.list_tools().await;
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "context7");
    assert!(extra.is_empty(), "{extra:?}");
}

/// The API address is also read from Context7's own variable, `CONTEXT7_API_URL`; ours
/// (`CONTEXT7_API_BASE_URL`) wins when both are set.
#[tokio::test]
async fn the_api_url_is_read_from_context7s_variable_too() {
    let fake = MockServer::start().await;
    expect("GET", "/v2/libs/search")
        .query("query", "routing")
        .query("libraryName", "next.js")
        .times(2)
        .respond(&fake, 200, search_body())
        .await;
    let bin = env!("CARGO_BIN_EXE_context7-mcp-server");
    let args = json!({"query": "routing", "libraryName": "next.js"});
    let theirs = mcp_testkit::spawn_stdio(bin, &[], &[("CONTEXT7_API_URL", &fake.uri())]).await;
    assert_eq!(
        theirs.call_ok("resolve-library-id", args.clone()).await["libraries"][0]["id"],
        "/vercel/next.js"
    );
    theirs.close().await;
    let both = mcp_testkit::spawn_stdio(
        bin,
        &[],
        &[
            ("CONTEXT7_API_BASE_URL", &fake.uri()),
            ("CONTEXT7_API_URL", "http://127.0.0.1:9"),
        ],
    )
    .await;
    assert_eq!(
        both.call_ok("resolve-library-id", args).await["libraries"][0]["id"],
        "/vercel/next.js"
    );
    both.close().await;
}
