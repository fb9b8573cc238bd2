//! `perplexity_search` and `perplexity_reason`: the request, the answer and its citations,
//! the key in `x-api-key`, Perplexity's errors, bad transcripts; and the catalog surface.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, Expect, TestServer, expect, settings_for};
use serde_json::{Value, json};

const KEY: &str = "pplx-test-key-0123456789";

async fn setup() -> (MockServer, TestServer) {
    let fake = MockServer::start().await;
    let server =
        TestServer::start(&perplexity_ai_mcp_server::SPEC, settings_for(&fake.uri())).await;
    (fake, server)
}

/// A client sending the key as Klavis's clients do: the raw key in `x-api-key`.
async fn klavis_client(server: &TestServer, value: &str) -> Client {
    server.client_with(&[("x-api-key", value)]).await
}

fn completion(model: &str, messages: Value) -> Expect {
    expect("POST", "/chat/completions")
        .bearer(KEY)
        .json_body(json!({"model": model, "messages": messages}))
}

fn question() -> Value {
    json!([
        {"role": "system", "content": "Be precise and concise."},
        {"role": "user", "content": "How many stars are there in our galaxy?"}
    ])
}

/// Perplexity's chat completion (its API reference's example, filled in).
fn answer_body(model: &str, content: &str) -> Value {
    json!({
        "id": "3c90c3cc-0d44-4b50-8888-8dd25736052a",
        "model": model,
        "created": 1733011200,
        "usage": {"prompt_tokens": 14, "completion_tokens": 38, "total_tokens": 52,
                  "search_context_size": "low", "citation_tokens": 210, "num_search_queries": 1},
        "object": "chat.completion",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
        "citations": ["https://science.nasa.gov/milky-way", "https://en.wikipedia.org/wiki/Milky_Way"],
        "search_results": [
            {"title": "The Milky Way Galaxy - NASA Science", "url": "https://science.nasa.gov/milky-way",
             "date": "2025-03-12", "last_updated": "2025-06-01", "snippet": "Our galaxy..."},
            {"title": "Milky Way - Wikipedia", "url": "https://en.wikipedia.org/wiki/Milky_Way", "date": null}
        ]
    })
}

#[tokio::test]
async fn search_contract_with_the_key_in_x_api_key() {
    let (fake, server) = setup().await;
    completion("sonar-pro", question())
        .respond(
            &fake,
            200,
            answer_body(
                "sonar-pro",
                "The Milky Way has 100 to 400 billion stars [1][2].",
            ),
        )
        .await;
    let client = klavis_client(&server, KEY).await;
    let v = client
        .call_ok("perplexity_search", json!({"messages": question()}))
        .await;
    assert_eq!(
        v,
        json!({
            "answer": "The Milky Way has 100 to 400 billion stars [1][2].",
            "citations": [
                {"url": "https://science.nasa.gov/milky-way", "title": "The Milky Way Galaxy - NASA Science", "date": "2025-03-12"},
                {"url": "https://en.wikipedia.org/wiki/Milky_Way", "title": "Milky Way - Wikipedia"}
            ]
        })
    );
}

#[tokio::test]
async fn key_in_x_auth_data_or_as_bearer_in_x_api_key() {
    let (fake, server) = setup().await;
    let messages = json!([{"role": "user", "content": "hi"}]);
    completion("sonar-pro", messages.clone())
        .times(3)
        .respond(&fake, 200, answer_body("sonar-pro", "Hello."))
        .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"api_key": KEY}));
    for client in [
        server.client_with(&[("x-auth-data", &auth)]).await,
        klavis_client(&server, &format!("Bearer {KEY}")).await,
        server
            .client_with(&[(
                "x-auth-data",
                &mcp_shared::auth::encode_auth_data(&json!({"token": KEY})),
            )])
            .await,
    ] {
        let v = client
            .call_ok("perplexity_search", json!({"messages": messages}))
            .await;
        assert_eq!(v["answer"], "Hello.");
    }
}

#[tokio::test]
async fn reason_strips_the_reasoning_and_falls_back_to_citation_urls() {
    let (fake, server) = setup().await;
    let mut body = answer_body(
        "sonar-reasoning-pro",
        "<think>\nThe user asks about stars; NASA estimates...\n</think>\n\nAbout 100-400 billion [1].",
    );
    body.as_object_mut().unwrap().remove("search_results");
    completion("sonar-reasoning-pro", question())
        .respond(&fake, 200, body)
        .await;
    let client = klavis_client(&server, KEY).await;
    let v = client
        .call_ok("perplexity_reason", json!({"messages": question()}))
        .await;
    assert_eq!(v["answer"], "About 100-400 billion [1].");
    assert_eq!(
        v["citations"],
        json!([{"url": "https://science.nasa.gov/milky-way"}, {"url": "https://en.wikipedia.org/wiki/Milky_Way"}])
    );
}

#[tokio::test]
async fn bad_transcripts_reach_no_vendor() {
    let (fake, server) = setup().await;
    let client = klavis_client(&server, KEY).await;
    for (messages, want) in [
        (json!([]), "`messages` must not be empty"),
        (
            json!([{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]),
            "must be the user's",
        ),
        (json!([{"role": "user", "content": "  "}]), "has no content"),
        (
            json!([{"role": "tool", "content": "x"}]),
            "invalid arguments",
        ),
    ] {
        let err = client
            .call_err("perplexity_reason", json!({"messages": messages}))
            .await;
        assert!(err.contains(want), "{err}");
    }
    assert!(fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn vendor_errors() {
    let (fake, server) = setup().await;
    let messages = json!([{"role": "user", "content": "q"}]);
    completion("sonar-pro", messages.clone())
        .respond(
            &fake,
            400,
            json!({"error": {"message": "After the (optional) system message(s), user and assistant roles should be alternating.",
                             "type": "invalid_message", "code": 400}}),
        )
        .await;
    let client = klavis_client(&server, KEY).await;
    let err = client
        .call_err("perplexity_search", json!({"messages": messages}))
        .await;
    assert!(
        err.contains("400") && err.contains("(invalid_message)"),
        "{err}"
    );
    assert!(err.contains("should be alternating"), "{err}");
    fake.reset().await;
    completion("sonar-reasoning-pro", messages.clone())
        .respond(
            &fake,
            401,
            json!({"error": {"message": "Invalid API key", "type": "authentication_error", "code": 401}}),
        )
        .await;
    let err = client
        .call_err("perplexity_reason", json!({"messages": messages}))
        .await;
    assert!(
        err.contains("401") && err.contains("credit balance"),
        "{err}"
    );
}

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let (_fake, server) = setup().await;
    let client = klavis_client(&server, KEY).await;
    let tools = client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "perplexity_ai");
    assert!(extra.is_empty(), "{extra:?}");
    assert!(tools.iter().all(|t| t.output_schema.is_some()));
}
