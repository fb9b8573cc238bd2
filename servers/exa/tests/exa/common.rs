//! A fake Exa API, a server pointed at it, and a client sending the key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "exa-test-key-0123456789";

pub use mcp_testkit::Setup;

/// The fake, the server and a client sending the key.
pub async fn setup() -> Setup {
    Setup::start(&exa_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

/// `POST <path>` with the key in `x-api-key` and exactly this JSON body.
pub fn exa(path: &str, body: Value) -> Expect {
    expect("POST", path)
        .header("x-api-key", KEY)
        .json_body(body)
}

/// Exa's error body.
pub fn exa_error(error: &str, tag: &str) -> Value {
    json!({"requestId": "d1f6c2ab5e8a4b0f9c3e7a2b1d4c6e8f", "error": error, "tag": tag})
}

/// A result as `/search` returns it with highlights (Exa's OpenAPI example).
pub fn paper() -> Value {
    json!({
        "title": "A Comprehensive Overview of Large Language Models",
        "url": "https://arxiv.org/pdf/2307.06435.pdf",
        "publishedDate": "2023-11-16T01:36:32.547Z",
        "author": "Humza  Naveed, University of Engineering and Technology (UET), Lahore, Pakistan",
        "score": 0.4600165784358978,
        "id": "https://arxiv.org/abs/2307.06435",
        "image": "https://arxiv.org/pdf/2307.06435.pdf/page_1.png",
        "favicon": "https://arxiv.org/favicon.ico",
        "highlights": ["Such requirements have limited their adoption..."]
    })
}

pub fn search_body(results: Vec<Value>) -> Value {
    json!({
        "requestId": "b5947044c4b78efa9552a7c89b306d95",
        "results": results,
        "searchType": "neural",
        "costDollars": {"total": 0.005, "search": {"neural": 0.005}}
    })
}

pub fn paper_concise() -> Value {
    json!({
        "title": "A Comprehensive Overview of Large Language Models",
        "url": "https://arxiv.org/pdf/2307.06435.pdf",
        "published_date": "2023-11-16T01:36:32.547Z",
        "author": "Humza  Naveed, University of Engineering and Technology (UET), Lahore, Pakistan",
        "highlights": ["Such requirements have limited their adoption..."]
    })
}
