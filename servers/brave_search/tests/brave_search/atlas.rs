//! `--profile atlas` (Klavis's `brave_search_atlas`, the reference server
//! `@modelcontextprotocol/server-brave-search` 0.6.2): its two tools, their exact requests, and
//! the text blocks that server answers with.

use mcp_shared::{McpServer, Profile, Settings};
use mcp_testkit::{Setup, assert_no_requests};
use serde_json::{Value, json};

use crate::common::{KEY, brave, brave_error, web_body};

async fn setup() -> Setup {
    atlas_with(json!({ "api_key": KEY })).await
}

async fn atlas_with(credentials: Value) -> Setup {
    Setup::start_with(&brave_search_mcp_server::SPEC, credentials, |s| {
        s.profile = Profile::Atlas;
    })
    .await
}

const TOKIO: &str = "Title: Tokio - An asynchronous Rust runtime\nDescription: Tokio is an asynchronous runtime for the Rust programming language. It's fast & reliable.\nURL: https://tokio.rs/";
const ASYNC_STD: &str = "Title: async-std\nDescription: Async version of the Rust standard library.\nURL: https://async.rs/";

#[test]
fn lists_the_two_tools() {
    for toolsets in [None, Some(vec!["all".to_owned()])] {
        let settings = Settings {
            profile: Profile::Atlas,
            toolsets,
            ..Settings::default()
        };
        let server = McpServer::new(&brave_search_mcp_server::SPEC, settings).unwrap();
        let names: Vec<&str> = server.tools().iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, ["brave_web_search", "brave_local_search"]);
        let web = Value::Object((*server.tools()[0].input_schema).clone());
        assert_eq!(web["properties"]["count"]["type"], "number");
        assert_eq!(web["properties"]["count"]["default"], 10);
        assert_eq!(web["properties"]["offset"]["default"], 0);
        assert_eq!(web["required"], json!(["query"]));
    }
}

/// One text block per result, blank lines between; snippets without Brave's highlighting.
#[tokio::test]
async fn web_search_answers_in_text_blocks() {
    let s = setup().await;
    brave(
        "/web/search",
        &[("q", "rust asnyc runtime"), ("count", "10")],
    )
    .respond(&s.fake, 200, web_body())
    .await;
    let v = s
        .client
        .call_ok("brave_web_search", json!({"query": "rust asnyc runtime"}))
        .await;
    assert_eq!(v, json!(format!("{TOKIO}\n\n{ASYNC_STD}")));
}

/// `offset` reaches Brave (Klavis's copy drops it and always returns the first page); a
/// `count` over 20 is capped as that server caps it.
#[tokio::test]
async fn web_search_honours_offset_and_caps_count() {
    let s = setup().await;
    brave(
        "/web/search",
        &[("q", "tokio"), ("count", "20"), ("offset", "2")],
    )
    .respond(&s.fake, 200, web_body())
    .await;
    let v = s
        .client
        .call_ok(
            "brave_web_search",
            json!({"query": "tokio", "count": 50, "offset": 2}),
        )
        .await;
    assert_eq!(v, json!(format!("{TOKIO}\n\n{ASYNC_STD}")));
}

#[tokio::test]
async fn web_search_bad_arguments_and_no_results() {
    let s = setup().await;
    let err = s
        .client
        .call_err("brave_web_search", json!({"query": "tokio", "offset": 10}))
        .await;
    assert!(err.contains("`offset`") && err.contains("0 to 9"), "{err}");
    let err = s
        .client
        .call_err("brave_web_search", json!({"query": "  "}))
        .await;
    assert!(err.contains("`query`"), "{err}");
    assert_no_requests(&s.fake).await;
    brave("/web/search", &[("q", "zzqx"), ("count", "3")])
        .respond(
            &s.fake,
            200,
            json!({"type": "search", "web": {"results": []}}),
        )
        .await;
    let v = s
        .client
        .call_ok("brave_web_search", json!({"query": "zzqx", "count": 3}))
        .await;
    assert_eq!(v, json!("No web results found."));
}

#[tokio::test]
async fn web_search_vendor_error() {
    let s = setup().await;
    brave("/web/search", &[("q", "tokio"), ("count", "10")])
        .respond(
            &s.fake,
            422,
            brave_error(422, "VALIDATION", "Unable to validate request parameter(s)"),
        )
        .await;
    let err = s
        .client
        .call_err("brave_web_search", json!({"query": "tokio"}))
        .await;
    assert!(err.contains("422"), "{err}");
    assert!(err.contains("VALIDATION"), "{err}");
}

const LOC_A: &str = "loc4CQWMJWLD4VBEBZ62XQLJTGK6YCJEEJDNAAAAAAA=";
const LOC_B: &str = "loc4HTAVTJKP4RBEBZCEMBI3NG26YD4II4PATIHPDYI=";

fn locations() -> Value {
    json!({
        "type": "search",
        "query": {"original": "pizza near Central Park"},
        "locations": {"type": "locations", "results": [
            {"type": "location_result", "id": LOC_A, "title": "Joe's Pizza"},
            {"type": "location_result", "id": LOC_B, "title": "Patzeria"}
        ]}
    })
}

fn local_search() -> [(&'static str, &'static str); 4] {
    [
        ("q", "pizza near Central Park"),
        ("search_lang", "en"),
        ("result_filter", "locations"),
        ("count", "5"),
    ]
}

/// Brave's documented place objects (`/local/pois`, `/local/descriptions`).
fn pois() -> Value {
    json!({"type": "local_pois", "results": [
        {
            "type": "location_result", "id": LOC_A, "title": "Joe's Pizza",
            "url": "https://yelp.com/biz/joes-pizza",
            "postal_address": {"type": "PostalAddress", "displayAddress": "1435 Broadway, New York, NY 10018",
                "streetAddress": "1435 Broadway", "addressLocality": "New York", "addressRegion": "NY", "postalCode": "10018", "country": "US"},
            "contact": {"telephone": "+1 646-559-4878"},
            "rating": {"ratingValue": 4.5, "bestRating": 5.0, "reviewCount": 2345},
            "opening_hours": {"days": [
                [{"abbr_name": "Mon", "full_name": "Monday", "opens": "10:00", "closes": "23:00"}],
                [{"abbr_name": "Tue", "full_name": "Tuesday", "opens": "10:00", "closes": "23:00"}]
            ]},
            "price_range": "$"
        },
        {"type": "location_result", "id": LOC_B, "title": "Patzeria",
         "postal_address": {"type": "PostalAddress", "displayAddress": "231 W 46th St, New York"}}
    ]})
}

fn descriptions() -> Value {
    json!({"type": "local_descriptions", "results": [
        {"type": "local_description", "id": LOC_A, "description": "A slice institution since 1975."},
        null
    ]})
}

const JOES: &str = "Name: Joe's Pizza\nAddress: 1435 Broadway, New York, NY, 10018\nPhone: +1 646-559-4878\nRating: 4.5 (2345 reviews)\nPrice Range: $\nHours: Mon 10:00-23:00, Tue 10:00-23:00\nDescription: A slice institution since 1975.\n";
const PATZERIA: &str = "Name: Patzeria\nAddress: 231 W 46th St, New York\nPhone: N/A\nRating: N/A (0 reviews)\nPrice Range: N/A\nHours: N/A\nDescription: No description available\n";

/// The places Brave finds for the query: their details and descriptions (ids repeated as
/// Brave takes them), one block per place, `---` between.
#[tokio::test]
async fn local_search_prints_each_place() {
    let s = setup().await;
    brave("/web/search", &local_search())
        .respond(&s.fake, 200, locations())
        .await;
    brave("/local/pois", &[("ids", LOC_A), ("ids", LOC_B)])
        .respond(&s.fake, 200, pois())
        .await;
    brave("/local/descriptions", &[("ids", LOC_A), ("ids", LOC_B)])
        .respond(&s.fake, 200, descriptions())
        .await;
    let v = s
        .client
        .call_ok(
            "brave_local_search",
            json!({"query": "pizza near Central Park"}),
        )
        .await;
    assert_eq!(v, json!(format!("{JOES}\n---\n{PATZERIA}")));
}

/// No place for the query: a web search of the same query and count answers.
#[tokio::test]
async fn local_search_falls_back_to_web_search() {
    let s = setup().await;
    brave("/web/search", &local_search())
        .respond(
            &s.fake,
            200,
            json!({"type": "search", "web": {"results": []}}),
        )
        .await;
    brave(
        "/web/search",
        &[("q", "pizza near Central Park"), ("count", "5")],
    )
    .respond(&s.fake, 200, web_body())
    .await;
    let v = s
        .client
        .call_ok(
            "brave_local_search",
            json!({"query": "pizza near Central Park"}),
        )
        .await;
    assert_eq!(
        v,
        json!(format!(
            "No local results found; web results:\n\n{TOKIO}\n\n{ASYNC_STD}"
        ))
    );
}

/// A key whose plan has no place data: the web results answer, saying why.
#[tokio::test]
async fn local_search_without_place_access_falls_back() {
    let s = setup().await;
    brave("/web/search", &local_search())
        .respond(&s.fake, 200, locations())
        .await;
    brave("/local/pois", &[("ids", LOC_A), ("ids", LOC_B)])
        .respond(
            &s.fake,
            403,
            brave_error(
                403,
                "SUBSCRIPTION_NOT_FOUND",
                "No subscription found for this resource",
            ),
        )
        .await;
    brave(
        "/web/search",
        &[("q", "pizza near Central Park"), ("count", "5")],
    )
    .respond(&s.fake, 200, web_body())
    .await;
    let v = s
        .client
        .call_ok(
            "brave_local_search",
            json!({"query": "pizza near Central Park"}),
        )
        .await;
    let text = v.as_str().unwrap();
    assert!(text.starts_with("Brave gave no place details ("), "{text}");
    assert!(text.contains("403"), "{text}");
    assert!(
        text.ends_with(&format!("web results:\n\n{TOKIO}\n\n{ASYNC_STD}")),
        "{text}"
    );
}

/// Descriptions are extra: when that endpoint fails, the places still answer.
#[tokio::test]
async fn local_search_without_descriptions() {
    let s = setup().await;
    brave(
        "/web/search",
        &[
            ("q", "pizza"),
            ("search_lang", "en"),
            ("result_filter", "locations"),
            ("count", "20"),
        ],
    )
    .respond(&s.fake, 200, locations())
    .await;
    brave("/local/pois", &[("ids", LOC_A), ("ids", LOC_B)])
        .respond(&s.fake, 200, pois())
        .await;
    brave("/local/descriptions", &[("ids", LOC_A), ("ids", LOC_B)])
        .respond(&s.fake, 404, brave_error(404, "NOT_FOUND", "Not found"))
        .await;
    let v = s
        .client
        .call_ok("brave_local_search", json!({"query": "pizza", "count": 99}))
        .await;
    let text = v.as_str().unwrap();
    assert!(text.starts_with("Name: Joe's Pizza\n"), "{text}");
    assert!(
        text.contains("Description: No description available\n\n---\nName: Patzeria"),
        "{text}"
    );
}

/// The reference server's and Klavis's field name for the key, `BRAVE_API_KEY`.
#[tokio::test]
async fn takes_the_key_as_brave_api_key() {
    let s = atlas_with(json!({ "BRAVE_API_KEY": KEY })).await;
    brave("/web/search", &[("q", "tokio"), ("count", "10")])
        .respond(&s.fake, 200, web_body())
        .await;
    let v = s
        .client
        .call_ok("brave_web_search", json!({"query": "tokio"}))
        .await;
    assert!(v.as_str().unwrap().starts_with("Title: Tokio"), "{v}");
    let err = s
        .client
        .call_protocol_err("brave_news_search", json!({"query": "tokio"}))
        .await;
    assert!(err.contains("unknown tool"), "{err}");
}
