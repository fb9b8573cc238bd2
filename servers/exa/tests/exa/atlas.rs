//! `--profile atlas` (Klavis's `exa_atlas`, `exa-mcp-server` 0.3.10): only `web_search_exa` by
//! default, the other seven with `--toolsets all`; each tool's exact request, and Exa's results
//! as that server prints them.

use mcp_shared::{McpServer, Profile, Settings};
use mcp_testkit::{Setup, assert_no_requests};
use serde_json::{Value, json};

use crate::common::{KEY, exa, exa_error, paper, search_body};

/// Every atlas tool listed (`--toolsets all`).
async fn setup() -> Setup {
    atlas_with(json!({ "api_key": KEY }), Some(vec!["all".to_owned()])).await
}

async fn atlas_with(credentials: Value, toolsets: Option<Vec<String>>) -> Setup {
    Setup::start_with(&exa_mcp_server::SPEC, credentials, |s| {
        s.profile = Profile::Atlas;
        s.toolsets = toolsets;
    })
    .await
}

fn names(toolsets: Option<Vec<&str>>, tools: Option<Vec<&str>>) -> Vec<String> {
    let own = |v: Option<Vec<&str>>| v.map(|v| v.into_iter().map(str::to_owned).collect());
    let settings = Settings {
        profile: Profile::Atlas,
        toolsets: own(toolsets),
        tools: own(tools),
        ..Settings::default()
    };
    McpServer::new(&exa_mcp_server::SPEC, settings)
        .unwrap()
        .tools()
        .iter()
        .map(|t| t.name.to_string())
        .collect()
}

/// What MCP-Atlas agents see by default is one tool; the seven others come with
/// `--toolsets all` or their toolset, or by name, as that server's `--tools` lists them.
#[test]
fn lists_web_search_by_default_and_the_rest_on_request() {
    assert_eq!(names(None, None), ["web_search_exa"]);
    let more = [
        "research_paper_search",
        "company_research",
        "competitor_finder",
        "github_search",
        "linkedin_search",
        "wikipedia_search_exa",
        "crawling",
    ];
    let mut all = vec!["web_search_exa"];
    all.extend(more);
    assert_eq!(names(Some(vec!["all"]), None), all);
    assert_eq!(names(Some(vec!["atlas_more"]), None), more);
    assert_eq!(
        names(None, Some(vec!["web_search_exa", "crawling"])),
        ["web_search_exa", "crawling"]
    );
    // The default profile is unchanged: the atlas toolset holds none of its tools.
    let default = McpServer::new(&exa_mcp_server::SPEC, Settings::default()).unwrap();
    let listed: Vec<&str> = default.tools().iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(
        listed,
        [
            "exa_search",
            "exa_get_contents",
            "exa_find_similar",
            "exa_answer",
            "exa_research"
        ]
    );
}

/// A tool left off is refused, as one the process does not list.
#[tokio::test]
async fn a_tool_left_off_is_refused() {
    let s = atlas_with(json!({ "api_key": KEY }), None).await;
    let listed: Vec<String> = s
        .client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(listed, ["web_search_exa"]);
    let err = match s.client.call("crawling", json!({"url": "exa.ai"})).await {
        Ok(r) => mcp_testkit::text_of(&r),
        Err(e) => e.to_string(),
    };
    assert!(err.contains("crawling"), "{err}");
    assert_no_requests(&s.fake).await;
}

fn results() -> Value {
    search_body(vec![paper()])
}

/// Exa's results as Exa gives them.
fn answer() -> Value {
    json!({ "results": [paper()] })
}

#[tokio::test]
async fn web_search_exa_contract() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "rust async runtime", "type": "auto", "numResults": 5,
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok("web_search_exa", json!({"query": "rust async runtime"}))
        .await;
    assert_eq!(v, answer());
}

#[tokio::test]
async fn research_paper_search_contract() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "large language models survey", "type": "auto", "numResults": 3,
               "category": "research paper", "contents": {"text": {"maxCharacters": 1000}}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok(
            "research_paper_search",
            json!({"query": "large language models survey", "numResults": 3, "maxCharacters": 1000}),
        )
        .await;
    assert_eq!(v, answer());
}

/// The site's domain goes in `includeDomains` (that server put the whole URL there).
#[tokio::test]
async fn company_research_contract() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "https://www.exa.ai/pricing", "type": "auto", "numResults": 1,
               "category": "company", "includeDomains": ["exa.ai"],
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0, "subpages": 5,
                            "subpageTarget": ["about", "pricing"]}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok(
            "company_research",
            json!({"query": "https://www.exa.ai/pricing", "subpages": 5, "subpageTarget": ["about", "pricing"]}),
        )
        .await;
    assert_eq!(v, answer());
    exa(
        "/search",
        json!({"query": "stripe.com", "type": "auto", "numResults": 1,
               "category": "company", "includeDomains": ["stripe.com"],
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0, "subpages": 10}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok(
            "company_research",
            json!({"query": "stripe.com", "subpageTarget": []}),
        )
        .await;
    assert_eq!(v, answer());
}

#[tokio::test]
async fn competitor_finder_contract() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "web search API", "type": "auto", "numResults": 10,
               "excludeDomains": ["exa.ai"],
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok(
            "competitor_finder",
            json!({"query": "web search API", "excludeDomain": "exa.ai"}),
        )
        .await;
    assert_eq!(v, answer());
}

/// The query goes as given (that server prefixed `exa.ai GitHub:` to queries without
/// "github"), the whole page text, as that server asks.
#[tokio::test]
async fn github_search_contract() {
    let s = setup().await;
    exa(
        "/search",
        json!({"query": "tokio runtime", "type": "auto", "numResults": 2,
               "includeDomains": ["github.com"],
               "contents": {"text": true, "maxAgeHours": 0}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok(
            "github_search",
            json!({"query": "tokio runtime", "numResults": 2}),
        )
        .await;
    assert_eq!(v, answer());
}

#[tokio::test]
async fn linkedin_and_wikipedia_search_contracts() {
    let s = setup().await;
    for (tool, domain) in [
        ("linkedin_search", "linkedin.com"),
        ("wikipedia_search_exa", "wikipedia.org"),
    ] {
        exa(
            "/search",
            json!({"query": "Exa company page", "type": "auto", "numResults": 5,
                   "includeDomains": [domain],
                   "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0}}),
        )
        .respond(&s.fake, 200, results())
        .await;
        let v = s
            .client
            .call_ok(tool, json!({"query": "Exa company page"}))
            .await;
        assert_eq!(v, answer(), "{tool}");
    }
}

/// `urls` (the `ids` that server sent is Exa's deprecated name) and a live crawl.
#[tokio::test]
async fn crawling_contract() {
    let s = setup().await;
    let page = json!({"id": "https://exa.ai/", "url": "https://exa.ai/", "title": "Exa", "text": "Exa is a search engine made for AIs."});
    exa(
        "/contents",
        json!({"urls": ["https://exa.ai/"], "text": true, "maxAgeHours": 0}),
    )
    .respond(
        &s.fake,
        200,
        json!({"requestId": "r1", "results": [page.clone()],
               "statuses": [{"id": "https://exa.ai/", "status": "success"}]}),
    )
    .await;
    let v = s
        .client
        .call_ok("crawling", json!({"url": "https://exa.ai/"}))
        .await;
    assert_eq!(v, json!({ "results": [page] }));
}

/// A page Exa could not fetch: the text says so, with Exa's reason.
#[tokio::test]
async fn crawling_a_page_exa_cannot_fetch() {
    let s = setup().await;
    exa(
        "/contents",
        json!({"urls": ["https://example.com/gone"], "text": true, "maxAgeHours": 0}),
    )
    .respond(
        &s.fake,
        200,
        json!({"requestId": "r2", "results": [],
               "statuses": [{"id": "https://example.com/gone", "status": "error",
                             "error": {"tag": "CRAWL_NOT_FOUND", "httpStatusCode": 404}}]}),
    )
    .await;
    let v = s
        .client
        .call_ok("crawling", json!({"url": "https://example.com/gone"}))
        .await;
    assert_eq!(
        v,
        json!(
            "No content found at https://example.com/gone (CRAWL_NOT_FOUND, HTTP 404). Please check the URL and try again."
        )
    );
}

#[tokio::test]
async fn no_results_bad_arguments_and_errors() {
    let s = setup().await;
    for bad in [
        json!({"query": "x", "numResults": 0}),
        json!({"query": "x", "numResults": 101}),
        json!({"query": " "}),
    ] {
        let err = s.client.call_err("wikipedia_search_exa", bad).await;
        assert!(err.contains("numResults") || err.contains("query"), "{err}");
    }
    let err = s
        .client
        .call_err("company_research", json!({"query": "https:///"}))
        .await;
    assert!(err.contains("website"), "{err}");
    assert_no_requests(&s.fake).await;
    exa(
        "/search",
        json!({"query": "zzqx", "type": "auto", "numResults": 5,
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0}}),
    )
    .respond(&s.fake, 200, search_body(vec![]))
    .await;
    let v = s
        .client
        .call_ok("web_search_exa", json!({"query": "zzqx"}))
        .await;
    assert_eq!(
        v,
        json!("No search results found. Please try a different query.")
    );
    exa(
        "/search",
        json!({"query": "quota", "type": "auto", "numResults": 5,
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0}}),
    )
    .respond(
        &s.fake,
        402,
        exa_error("You have run out of credits", "NO_MORE_CREDITS"),
    )
    .await;
    let err = s
        .client
        .call_err("web_search_exa", json!({"query": "quota"}))
        .await;
    assert!(
        err.contains("402") && err.contains("NO_MORE_CREDITS"),
        "{err}"
    );
}

/// Klavis's copy reads the key from `api_key` or `EXA_API_KEY` in `x-auth-data`.
#[tokio::test]
async fn takes_the_key_as_exa_api_key() {
    let s = atlas_with(json!({ "EXA_API_KEY": KEY }), None).await;
    exa(
        "/search",
        json!({"query": "tokio", "type": "auto", "numResults": 1,
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok("web_search_exa", json!({"query": "tokio", "numResults": 1}))
        .await;
    assert_eq!(v, answer());
}

/// The domain is read from a URL in any case, with a port, user or query.
#[tokio::test]
async fn company_research_reads_the_domain_of_a_url() {
    let s = setup().await;
    let site = " HTTPS://user@www.Exa.ai:443/pricing?x=1 ";
    exa(
        "/search",
        json!({"query": site.trim(), "type": "auto", "numResults": 1,
               "category": "company", "includeDomains": ["exa.ai"],
               "contents": {"text": {"maxCharacters": 3000}, "maxAgeHours": 0, "subpages": 10}}),
    )
    .respond(&s.fake, 200, results())
    .await;
    let v = s
        .client
        .call_ok("company_research", json!({ "query": site }))
        .await;
    assert_eq!(v, answer());
}
