//! `space_search`, `space_info`, `space_files`, `use_space`, `duplicate_space`,
//! `dynamic_space`, `gradio_files`.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{TOKEN, anonymous, get, hub_error, setup, whoami};

fn semantic() -> Value {
    json!([
        {"id": "evalstate/flux1_schnell", "title": "FLUX.1 Schnell", "emoji": "🖼", "author": "evalstate",
         "likes": 40, "trendingScore": 2, "sdk": "gradio", "runtime": {"stage": "RUNNING"},
         "ai_category": "Image Generation", "ai_short_description": "Generate images from text",
         "semanticRelevancyScore": 0.87, "lastModified": "2026-05-01T10:00:00.000Z"},
        {"id": "alice/sd", "title": "SD", "author": "alice", "likes": 1, "shortDescription": "Stable Diffusion demo",
         "runtime": {"stage": "RUNNING"}, "semanticRelevancyScore": 0.5}
    ])
}

#[tokio::test]
async fn space_search_contract() {
    let s = setup().await;
    get("/api/spaces/semantic-search")
        .query("q", "image generation")
        .query("sdk", "gradio")
        .query("filter", "mcp-server")
        .respond(&s.fake, 200, semantic())
        .await;
    let v = s
        .client
        .call_ok(
            "space_search",
            json!({"query": "image generation", "limit": 1, "mcp": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"spaces": [{"id": "evalstate/flux1_schnell", "title": "FLUX.1 Schnell", "emoji": "🖼",
                           "author": "evalstate", "category": "Image Generation", "likes": 40, "trending_score": 2,
                           "relevance": 0.87, "url": "https://huggingface.co/spaces/evalstate/flux1_schnell",
                           "description": "Generate images from text"}], "total": 2})
    );
}

#[tokio::test]
async fn space_search_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("space_search", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    get("/api/spaces/semantic-search")
        .query("q", "x y")
        .query("sdk", "gradio")
        .times(3)
        .respond(&s.fake, 500, hub_error("Internal Error"))
        .await;
    let err = s
        .client
        .call_err("space_search", json!({"query": "x y"}))
        .await;
    assert!(
        err.contains("500") && err.contains("Internal Error"),
        "{err}"
    );
}

#[tokio::test]
async fn space_info_for_the_token_user_and_anonymous_needs_a_name() {
    let s = setup().await;
    whoami(&s).await;
    get("/api/spaces")
        .query("author", "alice")
        .query("limit", "100")
        .query("expand", "sdk")
        .query("expand", "likes")
        .query("expand", "private")
        .query("expand", "lastModified")
        .query("expand", "runtime")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header("link", "<https://huggingface.co/api/spaces?author=alice&cursor=Y3Vyc29y>; rel=\"next\"")
                .set_body_json(json!([{"_id": "1", "id": "alice/chat", "sdk": "gradio", "likes": 3, "private": true,
                    "lastModified": "2026-10-01T00:00:00.000Z",
                    "runtime": {"stage": "SLEEPING", "hardware": {"current": null, "requested": "cpu-basic"}}}])),
        )
        .await;
    let v = s.client.call_ok("space_info", json!({})).await;
    assert_eq!(
        v,
        json!({"username": "alice", "spaces": [{"id": "alice/chat", "sdk": "gradio", "stage": "SLEEPING",
               "private": true, "likes": 3, "last_modified": "2026-10-01T00:00:00.000Z",
               "url": "https://huggingface.co/spaces/alice/chat"}], "next_cursor": "Y3Vyc29y"})
    );
    let anon = anonymous(&s).await;
    let err = anon.call_err("space_info", json!({})).await;
    assert!(err.contains("give `username`"), "{err}");
}

fn tree() -> Value {
    json!([
        {"type": "directory", "oid": "a1", "size": 0, "path": "examples"},
        {"type": "file", "oid": "b2", "size": 1234, "path": "app.py"},
        {"type": "file", "oid": "c3", "size": 45678, "path": "examples/cat one.png",
         "lfs": {"oid": "d4", "size": 45678, "pointerSize": 130}},
        {"type": "file", "oid": "e5", "size": 9000, "path": "examples/hello.wav"}
    ])
}

#[tokio::test]
async fn space_files_follows_cursors_and_filters() {
    let s = setup().await;
    expect("GET", "/api/spaces/alice/chat/tree/main")
        .bearer(TOKEN)
        .query("recursive", "true")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200)
                .insert_header(
                    "link",
                    "<https://huggingface.co/api/spaces/alice/chat/tree/main?recursive=true&cursor=cGFnZTI>; rel=\"next\"",
                )
                .set_body_json(tree()),
        )
        .await;
    get("/api/spaces/alice/chat/tree/main")
        .query("recursive", "true")
        .query("cursor", "cGFnZTI")
        .respond(
            &s.fake,
            200,
            json!([{"type": "file", "oid": "f6", "size": 10, "path": "z.jpg"}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "space_files",
            json!({"spaceName": "alice/chat", "fileType": "image"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "alice/chat", "files": [
            {"path": "examples/cat one.png", "size": 45678,
             "url": "https://huggingface.co/spaces/alice/chat/resolve/main/examples/cat%20one.png"},
            {"path": "z.jpg", "size": 10, "url": "https://huggingface.co/spaces/alice/chat/resolve/main/z.jpg"}
        ]})
    );
}

#[tokio::test]
async fn space_files_failures() {
    let s = setup().await;
    let err = s.client.call_err("space_files", json!({})).await;
    assert!(err.contains("give `spaceName`"), "{err}");
    let err = s
        .client
        .call_err(
            "space_files",
            json!({"spaceName": "alice/chat", "fileType": "text"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
    get("/api/spaces/alice/gone/tree/main")
        .query("recursive", "true")
        .respond(&s.fake, 404, hub_error("Repository not found"))
        .await;
    let err = s
        .client
        .call_err("space_files", json!({"spaceName": "alice/gone"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Repository not found"),
        "{err}"
    );
}

#[tokio::test]
async fn gradio_files_lists_the_users_dataset() {
    let s = setup().await;
    whoami(&s).await;
    get("/api/datasets/alice/gradio-files/tree/main")
        .query("recursive", "true")
        .respond(&s.fake, 200, tree())
        .await;
    let v = s
        .client
        .call_ok("gradio_files", json!({"fileType": "audio"}))
        .await;
    assert_eq!(
        v["files"],
        json!([{"path": "examples/hello.wav", "size": 9000,
                "url": "https://huggingface.co/datasets/alice/gradio-files/resolve/main/examples/hello.wav"}])
    );
    let anon = anonymous(&s).await;
    let err = anon.call_err("gradio_files", json!({})).await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn use_space_running_and_sleeping() {
    let s = setup().await;
    get("/api/spaces/evalstate/flux1_schnell")
        .respond(
            &s.fake,
            200,
            json!({"id": "evalstate/flux1_schnell", "subdomain": "evalstate-flux1-schnell", "sdk": "gradio",
                   "runtime": {"stage": "RUNNING", "hardware": {"current": "zero-a10g"}}}),
        )
        .await;
    get("/api/spaces/alice/chat")
        .respond(
            &s.fake,
            200,
            json!({"id": "alice/chat", "subdomain": "alice-chat", "runtime": {"stage": "SLEEPING"}}),
        )
        .await;
    let v = s
        .client
        .call_ok("use_space", json!({"space_id": "evalstate/flux1_schnell"}))
        .await;
    assert_eq!(
        v,
        json!({"space_id": "evalstate/flux1_schnell", "stage": "RUNNING",
               "url": "https://huggingface.co/spaces/evalstate/flux1_schnell",
               "app_url": "https://evalstate-flux1-schnell.hf.space"})
    );
    let v = s
        .client
        .call_ok("use_space", json!({"space_id": "alice/chat"}))
        .await;
    assert_eq!(v["stage"], "SLEEPING");
    assert!(v.get("app_url").is_none() && v["note"].as_str().unwrap().contains("SLEEPING"));
    let err = s
        .client
        .call_err("use_space", json!({"space_id": "a b"}))
        .await;
    assert!(err.contains("owner/name"), "{err}");
}

#[tokio::test]
async fn duplicate_space_defaults_from_the_source() {
    let s = setup().await;
    whoami(&s).await;
    get("/api/spaces/evalstate/flux1_schnell")
        .respond(
            &s.fake,
            200,
            json!({"id": "evalstate/flux1_schnell", "runtime": {"stage": "RUNNING", "hardware": {"current": "a10g-large", "requested": "a10g-large"}}}),
        )
        .await;
    expect("POST", "/api/spaces/evalstate/flux1_schnell/duplicate")
        .bearer(TOKEN)
        .json_body(json!({"repository": "alice/flux1_schnell", "visibility": "private", "hardware": "zero-a10g"}))
        .respond(&s.fake, 200, json!({"url": "https://huggingface.co/spaces/alice/flux1_schnell"}))
        .await;
    let v = s
        .client
        .call_ok(
            "duplicate_space",
            json!({"sourceSpaceId": "evalstate/flux1_schnell"}),
        )
        .await;
    assert_eq!(v["id"], "alice/flux1_schnell");
    assert_eq!(
        v["url"],
        "https://huggingface.co/spaces/alice/flux1_schnell"
    );
    assert_eq!(v["hardware"], "zero-a10g");
    assert!(v["warning"].as_str().unwrap().contains("a10g-large"));
}

#[tokio::test]
async fn duplicate_space_explicit_target_and_conflict() {
    let s = setup().await;
    expect("POST", "/api/spaces/evalstate/flux1_schnell/duplicate")
        .bearer(TOKEN)
        .json_body(
            json!({"repository": "acme-ai/flux", "visibility": "public", "hardware": "cpu-basic"}),
        )
        .respond(
            &s.fake,
            409,
            hub_error("You already created this space repo"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "duplicate_space",
            json!({"sourceSpaceId": "evalstate/flux1_schnell", "newSpaceId": "acme-ai/flux",
                   "hardware": "freecpu", "private": false}),
        )
        .await;
    assert!(
        err.contains("409") && err.contains("already created"),
        "{err}"
    );
    let anon = anonymous(&s).await;
    let err = anon
        .call_err(
            "duplicate_space",
            json!({"sourceSpaceId": "evalstate/flux1_schnell", "newSpaceId": "acme-ai/flux", "hardware": "freecpu"}),
        )
        .await;
    assert!(err.contains("access_token"), "{err}");
}

#[tokio::test]
async fn dynamic_space_find_and_out_of_scope_operations() {
    let s = setup().await;
    get("/api/spaces/semantic-search")
        .query("q", "text to speech")
        .query("sdk", "gradio")
        .query("filter", "mcp-server")
        .respond(&s.fake, 200, semantic())
        .await;
    let v = s
        .client
        .call_ok(
            "dynamic_space",
            json!({"operation": "find", "search_query": "text to speech", "limit": 2}),
        )
        .await;
    assert_eq!(v["spaces"].as_array().unwrap().len(), 2);
    get("/api/spaces/evalstate/flux1_schnell")
        .respond(
            &s.fake,
            200,
            json!({"id": "evalstate/flux1_schnell", "subdomain": "evalstate-flux1-schnell", "runtime": {"stage": "RUNNING"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "dynamic_space",
            json!({"operation": "invoke", "space_name": "evalstate/flux1_schnell", "parameters": "{\"prompt\":\"cat\"}"}),
        )
        .await;
    assert!(
        err.contains("https://evalstate-flux1-schnell.hf.space/gradio_api/mcp/"),
        "{err}"
    );
    let err = s.client.call_err("dynamic_space", json!({})).await;
    assert!(err.contains("search_query"), "{err}");
}
