//! `exa_search`, `exa_find_similar`, `exa_get_contents`.

use serde_json::json;

use crate::common::{KEY, exa, exa_error, paper, paper_concise, search_body, setup};

#[tokio::test]
async fn search_contract_with_every_filter() {
    let s = setup().await;
    exa(
        "/search",
        json!({
            "query": "Latest research in LLMs",
            "type": "fast",
            "numResults": 3,
            "includeDomains": ["arxiv.org"],
            "excludeDomains": ["example.com"],
            "startPublishedDate": "2023-01-01",
            "endPublishedDate": "2023-12-31",
            "category": "research paper",
            "includeText": ["large language model"],
            "excludeText": ["course"],
            "contents": {"highlights": {"maxCharacters": 600}}
        }),
    )
    .respond(&s.fake, 200, search_body(vec![paper()]))
    .await;
    let v = s
        .client
        .call_ok(
            "exa_search",
            json!({
                "query": "Latest research in LLMs", "num_results": 3, "type": "keyword",
                "include_domains": ["arxiv.org"], "exclude_domains": ["example.com"],
                "start_crawl_date": "2023-01-01", "end_crawl_date": "2023-12-31",
                "start_published_date": "2023-01-01", "end_published_date": "2023-12-31",
                "use_autoprompt": true, "category": "research paper",
                "include_text": ["large language model"], "exclude_text": ["course"]
            }),
        )
        .await;
    assert_eq!(v, json!({"results": [paper_concise()]}));
}

#[tokio::test]
async fn search_full_text_on_request_with_klavis_token_field() {
    let s = setup().await;
    let mut with_text = paper();
    with_text.as_object_mut().unwrap().remove("highlights");
    with_text["text"] =
        json!("Abstract Large Language Models (LLMs) have recently demonstrated...");
    with_text["author"] = json!("");
    exa(
        "/search",
        json!({"query": "llm survey", "contents": {"text": true}}),
    )
    .respond(&s.fake, 200, search_body(vec![with_text]))
    .await;
    let client = s.client_with(json!({"token": KEY})).await;
    let v = client
        .call_ok("exa_search", json!({"query": "llm survey", "text": true}))
        .await;
    assert_eq!(
        v["results"][0],
        json!({"title": "A Comprehensive Overview of Large Language Models",
               "url": "https://arxiv.org/pdf/2307.06435.pdf",
               "published_date": "2023-11-16T01:36:32.547Z",
               "text": "Abstract Large Language Models (LLMs) have recently demonstrated..."})
    );
}

#[tokio::test]
async fn search_errors_and_bad_arguments() {
    let s = setup().await;
    for (args, want) in [
        (json!({"query": " "}), "`query` must not be empty"),
        (
            json!({"query": "x", "num_results": 101}),
            "between 1 and 100",
        ),
        (json!({"query": "x", "type": "deep"}), "invalid arguments"),
    ] {
        let err = s.client.call_err("exa_search", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    exa(
        "/search",
        json!({"query": "x", "category": "people", "startPublishedDate": "2024-01-01",
               "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(
        &s.fake,
        400,
        exa_error(
            "startPublishedDate is not supported for the people category",
            "INVALID_REQUEST",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "exa_search",
            json!({"query": "x", "category": "people", "start_published_date": "2024-01-01"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("(INVALID_REQUEST)"),
        "{err}"
    );
    assert!(
        err.contains("not supported for the people category"),
        "{err}"
    );
    assert!(err.contains("d1f6c2ab5e8a4b0f9c3e7a2b1d4c6e8f"), "{err}");
}

#[tokio::test]
async fn a_refused_key_names_the_request_and_where_to_check_it() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "x", "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(
        &s.fake,
        401,
        exa_error("Invalid API key", "INVALID_API_KEY"),
    )
    .await;
    let err = s.client.call_err("exa_search", json!({"query": "x"})).await;
    assert!(
        err.contains("Exa API error 401 Unauthorized (INVALID_API_KEY): Invalid API key (request d1f6c2ab5e8a4b0f9c3e7a2b1d4c6e8f)."),
        "{err}"
    );
    assert!(
        err.contains("the Exa API key was refused: check it at dashboard.exa.ai/api-keys."),
        "{err}"
    );
}

#[tokio::test]
async fn find_similar_contract() {
    let s = setup().await;
    exa(
        "/findSimilar",
        json!({"url": "https://arxiv.org/abs/2307.06435", "numResults": 2, "excludeSourceDomain": true,
               "includeText": ["transformer"], "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"requestId": "c6958155d5c89ffa0663b7c90c407396", "results": [paper()], "costDollars": {"total": 0.005}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "exa_find_similar",
            json!({"url": "https://arxiv.org/abs/2307.06435", "num_results": 2,
                   "exclude_source_domain": true, "include_text": ["transformer"]}),
        )
        .await;
    assert_eq!(v, json!({"results": [paper_concise()]}));
}

#[tokio::test]
async fn find_similar_out_of_credits() {
    let s = setup().await;
    exa(
        "/findSimilar",
        json!({"url": "https://a.example/", "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(
        &s.fake,
        402,
        exa_error("You have run out of credits", "NO_MORE_CREDITS"),
    )
    .await;
    let err = s
        .client
        .call_err("exa_find_similar", json!({"url": "https://a.example/"}))
        .await;
    assert!(
        err.contains("402") && err.contains("NO_MORE_CREDITS"),
        "{err}"
    );
    assert!(err.contains("add credits"), "{err}");
    let err = s
        .client
        .call_err("exa_find_similar", json!({"url": ""}))
        .await;
    assert!(err.contains("`url` must not be empty"), "{err}");
}

#[tokio::test]
async fn get_contents_contract() {
    let s = setup().await;
    let mut page = paper();
    page.as_object_mut().unwrap().remove("highlights");
    page["text"] = json!(
        "Abstract Large Language Models (LLMs) have recently demonstrated remarkable capabilities..."
    );
    exa(
        "/contents",
        json!({"urls": ["https://arxiv.org/abs/2307.06435", "https://gone.example/x"], "text": true}),
    )
    .respond(
        &s.fake,
        200,
        json!({
            "requestId": "e492118ccdedcba5088bfc4357a8a125",
            "results": [page],
            "statuses": [
                {"id": "https://arxiv.org/abs/2307.06435", "status": "success"},
                {"id": "https://gone.example/x", "status": "error", "error": {"tag": "CRAWL_NOT_FOUND", "httpStatusCode": 404}}
            ],
            "costDollars": {"total": 0.001}
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "exa_get_contents",
            json!({"ids": ["https://arxiv.org/abs/2307.06435", " https://gone.example/x "]}),
        )
        .await;
    assert_eq!(
        v["results"][0]["text"],
        "Abstract Large Language Models (LLMs) have recently demonstrated remarkable capabilities..."
    );
    assert_eq!(
        v["failed"],
        json!([{"url": "https://gone.example/x", "error": "CRAWL_NOT_FOUND", "http_status": 404}])
    );
}

#[tokio::test]
async fn get_contents_highlights_and_summary_without_text() {
    let s = setup().await;
    let mut page = paper();
    page["summary"] = json!("An overview of LLM developments.");
    exa(
        "/contents",
        json!({"urls": ["https://arxiv.org/abs/2307.06435"],
               "highlights": {"query": "Key findings", "maxCharacters": 2000},
               "summary": {"query": "Main research contributions"}}),
    )
    .respond(
        &s.fake,
        200,
        json!({"requestId": "e4", "results": [page], "statuses": [{"id": "https://arxiv.org/abs/2307.06435", "status": "success"}]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "exa_get_contents",
            json!({"ids": ["https://arxiv.org/abs/2307.06435"],
                   "highlights": {"query": "Key findings", "maxCharacters": 2000},
                   "summary": {"query": "Main research contributions"}}),
        )
        .await;
    assert_eq!(
        v["results"][0]["summary"],
        "An overview of LLM developments."
    );
    assert!(v.get("failed").is_none());
    let err = s
        .client
        .call_err("exa_get_contents", json!({"ids": ["  "]}))
        .await;
    assert!(err.contains("at least one URL"), "{err}");
    let err = s
        .client
        .call_err("exa_get_contents", json!({"ids": "https://a.example"}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}
