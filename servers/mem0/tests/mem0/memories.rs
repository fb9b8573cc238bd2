//! Memory tools.

use serde_json::json;

use crate::common::{m0, memory, memory_concise, setup};

const ID: &str = "7f8b2c1e-3d4a-4b5c-9e6f-1a2b3c4d5e6f";

#[tokio::test]
async fn add_memory_text_for_the_credentials_user() {
    let s = setup().await;
    m0("POST", "/v3/memories/add/")
        .json_body(json!({
            "messages": [{"role": "user", "content": "I am vegetarian"}],
            "user_id": "alice", "agent_id": "chef", "metadata": {"source": "chat"}, "enable_graph": true
        }))
        .respond(
            &s.fake,
            200,
            json!({"event_id": "2c4d1f44-4f7b-4b2f-9f6e-7b5b4f5a1234", "status": "PENDING"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mem0_add_memory",
            json!({"text": "I am vegetarian", "agent_id": "chef", "metadata": {"source": "chat"},
                   "enable_graph": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"event_id": "2c4d1f44-4f7b-4b2f-9f6e-7b5b4f5a1234", "status": "PENDING"})
    );
}

#[tokio::test]
async fn add_memory_messages_default_user_and_errors() {
    let s = setup().await;
    let msgs = json!([{"role": "user", "content": "Hi, I'm Bob"}, {"role": "assistant", "content": "Hello Bob"}]);
    m0("POST", "/v3/memories/add/")
        .json_body(json!({"messages": msgs, "user_id": "user"}))
        .respond(&s.fake, 400, json!({"error": "No entity ID supplied"}))
        .await;
    let client = s.client_with(json!({"api_key": crate::common::KEY})).await;
    let err = client
        .call_err("mem0_add_memory", json!({"messages": msgs}))
        .await;
    assert!(
        err.contains("400") && err.contains("No entity ID supplied"),
        "{err}"
    );
    for (args, want) in [
        (json!({}), "nothing to remember"),
        (json!({"messages": [{"role": "user"}]}), "`messages[0]`"),
    ] {
        let err = s.client.call_err("mem0_add_memory", args).await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn get_memories_scopes_to_the_user_and_pages() {
    let s = setup().await;
    m0("POST", "/v3/memories/")
        .query("page", 2)
        .query("page_size", 1)
        .json_body(json!({"filters": {"categories": {"in": ["food"]}, "user_id": "alice"}}))
        .respond(
            &s.fake,
            200,
            json!({"count": 3, "next": "https://api.mem0.ai/v3/memories/?page=3&page_size=1",
                   "previous": "https://api.mem0.ai/v3/memories/?page=1&page_size=1",
                   "results": [memory()]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mem0_get_memories",
            json!({"filters": {"categories": {"in": ["food"]}}, "page": 2, "page_size": 1,
                   "enable_graph": false}),
        )
        .await;
    assert_eq!(
        v,
        json!({"memories": [memory_concise()], "count": 3, "next_page": 3})
    );
}

#[tokio::test]
async fn get_memories_keeps_the_callers_entity_and_reports_errors() {
    let s = setup().await;
    m0("POST", "/v3/memories/")
        .query("page", 1)
        .query("page_size", 50)
        .json_body(json!({"filters": {"agent_id": "chef"}}))
        .respond(&s.fake, 401, json!({"detail": "Invalid API key"}))
        .await;
    let err = s
        .client
        .call_err(
            "mem0_get_memories",
            json!({"filters": {"agent_id": "chef"}}),
        )
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid API key"),
        "{err}"
    );
    assert!(err.contains("app.mem0.ai"), "{err}");
}

#[tokio::test]
async fn search_memories_contract() {
    let s = setup().await;
    let mut hit = memory();
    hit.as_object_mut().unwrap().remove("session_id");
    hit["run_id"] = json!("trip-1");
    hit["score"] = json!(0.82);
    m0("POST", "/v3/memories/search/")
        .json_body(
            json!({"query": "dietary restrictions", "filters": {"user_id": "bob"}, "top_k": 5}),
        )
        .respond(&s.fake, 200, json!({"results": [hit]}))
        .await;
    let v = s
        .client
        .call_ok(
            "mem0_search_memories",
            json!({"query": "dietary restrictions", "user_id": "bob", "limit": 5}),
        )
        .await;
    let mut want = memory_concise();
    want["score"] = json!(0.82);
    want["run_id"] = json!("trip-1");
    assert_eq!(v, json!({"results": [want]}));
}

#[tokio::test]
async fn search_memories_default_limit_and_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("mem0_search_memories", json!({"query": " "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    m0("POST", "/v3/memories/search/")
        .json_body(json!({"query": "food", "filters": {"user_id": "alice"}, "top_k": 20}))
        .respond(
            &s.fake,
            400,
            json!({"filters": ["No positively-scoped entity ID"]}),
        )
        .await;
    let err = s
        .client
        .call_err("mem0_search_memories", json!({"query": "food"}))
        .await;
    assert!(
        err.contains("filters: No positively-scoped entity ID"),
        "{err}"
    );
}

#[tokio::test]
async fn get_memory_contract_and_not_found() {
    let s = setup().await;
    m0("GET", &format!("/v1/memories/{ID}/"))
        .respond(&s.fake, 200, memory())
        .await;
    let v = s
        .client
        .call_ok("mem0_get_memory", json!({"memory_id": ID}))
        .await;
    assert_eq!(v, memory_concise());
    m0("GET", "/v1/memories/nope/")
        .respond(&s.fake, 404, json!({"error": "Memory not found!"}))
        .await;
    let err = s
        .client
        .call_err("mem0_get_memory", json!({"memory_id": "nope"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Memory not found!"),
        "{err}"
    );
}

#[tokio::test]
async fn update_memory_text_or_data() {
    let s = setup().await;
    let mut updated = memory();
    updated["memory"] = json!("Is vegan");
    m0("PUT", &format!("/v1/memories/{ID}/"))
        .json_body(json!({"text": "Is vegan"}))
        .respond(&s.fake, 200, updated)
        .await;
    let v = s
        .client
        .call_ok(
            "mem0_update_memory",
            json!({"memory_id": ID, "data": "Is vegan"}),
        )
        .await;
    assert_eq!(v["memory"], "Is vegan");
    let err = s
        .client
        .call_err("mem0_update_memory", json!({"memory_id": ID}))
        .await;
    assert!(err.contains("`text`"), "{err}");
    let err = s
        .client
        .call_err("mem0_update_memory", json!({"memory_id": " ", "text": "x"}))
        .await;
    assert!(err.contains("memory_id"), "{err}");
}

#[tokio::test]
async fn delete_memory_contract_and_error() {
    let s = setup().await;
    m0("DELETE", &format!("/v1/memories/{ID}/"))
        .respond(
            &s.fake,
            200,
            json!({"message": "Memory deleted successfully!"}),
        )
        .await;
    let v = s
        .client
        .call_ok("mem0_delete_memory", json!({"memory_id": ID}))
        .await;
    assert_eq!(
        v,
        json!({"deleted": ID, "message": "Memory deleted successfully!"})
    );
    m0("DELETE", "/v1/memories/bad/")
        .respond(
            &s.fake,
            400,
            json!({"error": "memory_id should be a valid UUID"}),
        )
        .await;
    let err = s
        .client
        .call_err("mem0_delete_memory", json!({"memory_id": "bad"}))
        .await;
    assert!(err.contains("valid UUID"), "{err}");
}

#[tokio::test]
async fn delete_all_memories_of_the_given_entities() {
    let s = setup().await;
    m0("DELETE", "/v1/memories/")
        .query("agent_id", "chef")
        .query("run_id", "trip-1")
        .respond(
            &s.fake,
            200,
            json!({"message": "Delete in progress. This may take some time.", "event_id": "9b1c"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mem0_delete_all_memories",
            json!({"agent_id": "chef", "run_id": "trip-1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"scope": {"agent_id": "chef", "run_id": "trip-1"},
               "message": "Delete in progress. This may take some time.", "event_id": "9b1c"})
    );
}

#[tokio::test]
async fn delete_all_memories_defaults_to_the_user_and_errors() {
    let s = setup().await;
    m0("DELETE", "/v1/memories/")
        .query("user_id", "alice")
        .respond(
            &s.fake,
            403,
            json!({"detail": "You do not have permission to perform this action."}),
        )
        .await;
    let err = s
        .client
        .call_err("mem0_delete_all_memories", json!({}))
        .await;
    assert!(err.contains("403") && err.contains("permission"), "{err}");
}

#[tokio::test]
async fn server_options_default_user_and_graph() {
    use mcp_testkit::wiremock::MockServer;
    use mcp_testkit::{TestServer, settings_for};
    let fake = MockServer::start().await;
    let mut settings = settings_for(&fake.uri());
    settings.options = vec![
        ("default-user-id".into(), "team-bot".into()),
        ("enable-graph-default".into(), "true".into()),
    ];
    let server = TestServer::start(&mem0_mcp_server::SPEC, settings).await;
    m0("POST", "/v3/memories/add/")
        .json_body(
            json!({"messages": [{"role": "user", "content": "Likes tea"}],
                          "user_id": "team-bot", "enable_graph": true}),
        )
        .respond(&fake, 200, json!({"event_id": "e2", "status": "PENDING"}))
        .await;
    let auth = mcp_shared::auth::encode_auth_data(&json!({"api_key": crate::common::KEY}));
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let v = client
        .call_ok("mem0_add_memory", json!({"content": "Likes tea"}))
        .await;
    assert_eq!(v, json!({"event_id": "e2", "status": "PENDING"}));
}
