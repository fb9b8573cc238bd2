//! `exa_answer` (Exa's `/answer`; a `deep` search when filters are given) and
//! `exa_research` (a `deep-reasoning` search: Exa retired `/research` on 2026-05-01).

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{exa, exa_error, paper, setup};

fn deep_body() -> Value {
    json!({
        "requestId": "f0e1d2c3b4a5968778695a4b3c2d1e0f",
        "results": [paper()],
        "searchType": "deep-reasoning",
        "output": {
            "content": "LLM research in 2023 focused on scaling, instruction tuning and evaluation.",
            "grounding": [
                {"field": "content", "confidence": "high", "citations": [
                    {"url": "https://arxiv.org/pdf/2307.06435.pdf", "title": "A Comprehensive Overview of Large Language Models"},
                    {"url": "https://arxiv.org/abs/2303.18223", "title": "A Survey of Large Language Models"}
                ]},
                {"field": "content", "confidence": "medium", "citations": [
                    {"url": "https://arxiv.org/abs/2303.18223", "title": "A Survey of Large Language Models"}
                ]}
            ]
        },
        "costDollars": {"total": 0.015}
    })
}

#[tokio::test]
async fn answer_calls_exa_answer() {
    let s = setup().await;
    exa("/answer", json!({"query": "What is the latest valuation of SpaceX?"}))
        .respond(
            &s.fake,
            200,
            json!({
                "answer": "$350 billion.",
                "citations": [{
                    "id": "https://www.theguardian.com/science/2024/dec/11/spacex-valued-at-350bn-as-company-agrees-to-buy-shares-from-employees",
                    "url": "https://www.theguardian.com/science/2024/dec/11/spacex-valued-at-350bn-as-company-agrees-to-buy-shares-from-employees",
                    "title": "SpaceX valued at $350bn as company agrees to buy shares from ...",
                    "author": "Dan Milmon",
                    "publishedDate": "2023-11-16T01:36:32.547Z",
                    "image": "https://i.guim.co.uk/img/media/7cfee7e84b24b73c97a079c402642a333ad31e77/master/6176.jpg",
                    "favicon": "https://assets.guim.co.uk/static/frontend/icons/homescreen/apple-touch-icon.svg"
                }],
                "costDollars": {"total": 0.005}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "exa_answer",
            json!({"query": "What is the latest valuation of SpaceX?", "use_autoprompt": true, "type": "neural",
                   "start_crawl_date": "2024-01-01"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "answer": "$350 billion.",
            "citations": [{
                "title": "SpaceX valued at $350bn as company agrees to buy shares from ...",
                "url": "https://www.theguardian.com/science/2024/dec/11/spacex-valued-at-350bn-as-company-agrees-to-buy-shares-from-employees",
                "published_date": "2023-11-16T01:36:32.547Z"
            }]
        })
    );
}

#[tokio::test]
async fn answer_with_filters_runs_a_deep_search() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "LLM progress in 2023", "type": "deep", "includeDomains": ["arxiv.org"],
               "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(&s.fake, 200, deep_body())
    .await;
    let v = s
        .client
        .call_ok(
            "exa_answer",
            json!({"query": "LLM progress in 2023", "include_domains": ["arxiv.org"]}),
        )
        .await;
    assert_eq!(
        v["answer"],
        "LLM research in 2023 focused on scaling, instruction tuning and evaluation."
    );
    assert_eq!(
        v["citations"],
        json!([
            {"title": "A Comprehensive Overview of Large Language Models", "url": "https://arxiv.org/pdf/2307.06435.pdf"},
            {"title": "A Survey of Large Language Models", "url": "https://arxiv.org/abs/2303.18223"}
        ])
    );
}

#[tokio::test]
async fn answer_rate_limited() {
    let s = setup().await;
    // A 429 was not processed: retried even for a POST, three attempts in all.
    exa("/answer", json!({"query": "x"}))
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .set_body_json(json!({"requestId": "r1", "error": "rate limit exceeded"})),
        )
        .await;
    let err = s.client.call_err("exa_answer", json!({"query": "x"})).await;
    assert!(
        err.contains("429") && err.contains("rate limit exceeded"),
        "{err}"
    );
    assert!(err.contains("rate limited by Exa"), "{err}");
}

#[tokio::test]
async fn research_runs_deep_reasoning() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "Compare the LLM surveys of 2023", "type": "deep-reasoning", "numResults": 5,
               "startPublishedDate": "2023-01-01", "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(&s.fake, 200, deep_body())
    .await;
    let v = s
        .client
        .call_ok(
            "exa_research",
            json!({"query": "Compare the LLM surveys of 2023", "num_results": 5, "type": "keyword",
                   "start_published_date": "2023-01-01", "use_autoprompt": false}),
        )
        .await;
    assert_eq!(
        v["report"],
        "LLM research in 2023 focused on scaling, instruction tuning and evaluation."
    );
    assert_eq!(v["citations"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["results"][0]["url"],
        "https://arxiv.org/pdf/2307.06435.pdf"
    );
}

#[tokio::test]
async fn research_failure_is_not_retried() {
    let s = setup().await;
    // A POST /search may have run (and cost credits): a 500 is reported, not repeated.
    exa(
        "/search",
        json!({"query": "x", "type": "deep-reasoning", "contents": {"highlights": {"maxCharacters": 600}}}),
    )
    .respond(&s.fake, 500, exa_error("Internal server error", "INTERNAL_ERROR"))
    .await;
    let err = s
        .client
        .call_err("exa_research", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("500") && err.contains("Internal server error"),
        "{err}"
    );
    let err = s
        .client
        .call_err("exa_research", json!({"query": "x", "num_results": 0}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}
