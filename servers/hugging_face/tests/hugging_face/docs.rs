//! `hf_doc_search` and `hf_doc_fetch`.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

use crate::common::{TOKEN, get, hub_error, setup};

#[tokio::test]
async fn doc_search_contract() {
    let s = setup().await;
    get("/api/docs/search")
        .query("q", "load an image model")
        .query("product", "transformers")
        .respond(
            &s.fake,
            200,
            json!([
                {"text": "Use AutoModelForImageClassification.from_pretrained to load ...", "product": "transformers",
                 "heading1": "Auto Classes", "heading2": "AutoModelForImageClassification",
                 "source_page_url": "https://huggingface.co/docs/transformers/model_doc/auto#transformers.AutoModelForImageClassification",
                 "source_page_title": "Auto Classes"},
                {"text": "Pipelines are a great way ...", "product": "transformers", "heading1": "Pipelines",
                 "source_page_url": "https://huggingface.co/docs/transformers/main_classes/pipelines",
                 "source_page_title": "Pipelines"}
            ]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "hf_doc_search",
            json!({"query": "Load an image model", "product": "transformers"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"results": [
            {"url": "https://huggingface.co/docs/transformers/model_doc/auto#transformers.AutoModelForImageClassification",
             "product": "transformers", "title": "Auto Classes › AutoModelForImageClassification",
             "snippet": "Use AutoModelForImageClassification.from_pretrained to load ..."},
            {"url": "https://huggingface.co/docs/transformers/main_classes/pipelines", "product": "transformers",
             "title": "Pipelines", "snippet": "Pipelines are a great way ..."}
        ], "total": 2})
    );
}

#[tokio::test]
async fn doc_search_empty_query_lists_products_and_errors() {
    let s = setup().await;
    get("/api/docs")
        .respond(
            &s.fake,
            200,
            json!([{"id": "hub", "url": "https://huggingface.co/docs/hub", "category": "Hub"},
                   {"id": "transformers", "url": "https://huggingface.co/docs/transformers", "category": "Libraries"}]),
        )
        .await;
    let v = s
        .client
        .call_ok("hf_doc_search", json!({"query": ""}))
        .await;
    assert_eq!(v["products"][1]["id"], "transformers");
    let err = s
        .client
        .call_err("hf_doc_search", json!({"query": "ab"}))
        .await;
    assert!(err.contains("at least 3"), "{err}");
    get("/api/docs/search")
        .query("q", "rate limits")
        .respond(&s.fake, 400, hub_error("Invalid product"))
        .await;
    let err = s
        .client
        .call_err("hf_doc_search", json!({"query": "rate limits"}))
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid product"),
        "{err}"
    );
}

#[tokio::test]
async fn doc_fetch_markdown_in_chunks() {
    let s = setup().await;
    let page = format!("# Hub API\n\n{}", "word ".repeat(8000));
    get("/docs/hub/api")
        .header("accept", "text/markdown")
        .times(2)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_raw(page.clone(), "text/markdown; charset=utf-8"),
        )
        .await;
    let r = s
        .client
        .call(
            "hf_doc_fetch",
            json!({"doc_url": "https://huggingface.co/docs/hub/api"}),
        )
        .await
        .unwrap();
    let first = mcp_testkit::text_of(&r);
    assert!(first.starts_with("# Hub API"));
    assert!(
        first.contains("CALL hf_doc_fetch WITH offset 7500"),
        "{}",
        first
            .get(first.len().saturating_sub(200)..)
            .unwrap_or(&first)
    );
    let r = s
        .client
        .call(
            "hf_doc_fetch",
            json!({"doc_url": "https://huggingface.co/docs/hub/api", "offset": 7500}),
        )
        .await
        .unwrap();
    let second = mcp_testkit::text_of(&r);
    assert_eq!(second, page.chars().skip(30000).collect::<String>());
}

#[tokio::test]
async fn doc_fetch_refuses_other_urls_and_reports_404() {
    let s = setup().await;
    for url in [
        "https://evil.example/docs/x",
        "https://huggingface.co/api/whoami-v2",
        "file:///etc/passwd",
    ] {
        let err = s
            .client
            .call_err("hf_doc_fetch", json!({"doc_url": url}))
            .await;
        assert!(err.contains("documentation URL"), "{url}: {err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    get("/docs/hub/nope")
        .header("accept", "text/markdown")
        .respond(&s.fake, 404, hub_error("Not Found"))
        .await;
    let err = s
        .client
        .call_err(
            "hf_doc_fetch",
            json!({"doc_url": "https://huggingface.co/docs/hub/nope"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn doc_fetch_gradio_html_without_credentials() {
    let hub = MockServer::start().await;
    let gradio = MockServer::start().await;
    let server = TestServer::start(
        &hugging_face_mcp_server::SPEC,
        settings_for(&hub.uri()).with_api("gradio", &gradio.uri()),
    )
    .await;
    expect("GET", "/guides/quickstart")
        .header("accept", "text/markdown")
        .respond_with(
            &gradio,
            ResponseTemplate::new(200)
                .set_body_raw("<html><head><title>x</title><script>var a=1;</script></head><body><nav>Menu</nav><h1>Quickstart</h1><p>Build a demo &amp; share it.</p></body></html>", "text/html; charset=utf-8"),
        )
        .await;
    let client = server.client(TOKEN).await;
    let r = client
        .call(
            "hf_doc_fetch",
            json!({"doc_url": "https://www.gradio.app/guides/quickstart"}),
        )
        .await
        .unwrap();
    assert_eq!(
        mcp_testkit::text_of(&r),
        "Quickstart\nBuild a demo & share it."
    );
    let sent = gradio.received_requests().await.unwrap();
    assert!(sent[0].headers.get("authorization").is_none());
}
