//! The root-page limit (`NOTION_ROOT_PAGE_ID` / `NOTION_ROOT_PAGE_URL`, Toolathlon's): on a
//! small page tree, what a call names is allowed only under a root (found by walking parents,
//! remembered), everything else is refused before the tool's own request, search leaves out
//! what lies outside, cycles and over-deep chains stop, and bad settings stop the server.

use mcp_shared::{McpServer, Profile};
use mcp_testkit::wiremock::matchers::{method, path_regex};
use mcp_testkit::wiremock::{Mock, Request, Respond, ResponseTemplate};
use mcp_testkit::{Setup, assert_no_requests};
use serde_json::{Value, json};

use crate::common::*;

// The tree: ROOT ⊃ CHILD ⊃ {BLOCK_IN, DB ⊃ ROW}; OUTER (in the workspace) ⊃ STRAY.
const ROOT: &str = "11111111-1111-4111-8111-111111111111";
const CHILD: &str = "22222222-2222-4222-8222-222222222222";
const BLOCK_IN: &str = "33333333-3333-4333-8333-333333333333";
const DB: &str = "44444444-4444-4444-8444-444444444444";
const ROW: &str = "55555555-5555-4555-8555-555555555555";
const OUTER: &str = "66666666-6666-4666-8666-666666666666";
const STRAY: &str = "77777777-7777-4777-8777-777777777777";

fn with_parent(mut v: Value, parent: Value) -> Value {
    v["parent"] = parent;
    v
}

fn under_page(id: &str) -> Value {
    json!({"type": "page_id", "page_id": id})
}

fn page(id: &str, parent: Value) -> Value {
    with_parent(page_json(id, "P"), parent)
}

/// Toolathlon's profile limited to `ROOT` (given with `option`).
async fn jailed(option: (&str, &str)) -> Setup {
    let (name, value) = (option.0.to_owned(), option.1.to_owned());
    Setup::start_with(
        &notion_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
        move |s| {
            s.profile = Profile::Toolathlon;
            s.options.push((name, value));
        },
    )
    .await
}

async fn jailed_to_root() -> Setup {
    jailed(("root-page-id", &ROOT.replace('-', ""))).await
}

#[tokio::test]
async fn a_block_under_the_root_is_allowed_and_its_ancestry_remembered() {
    let s = jailed_to_root().await;
    let block = with_parent(
        block_json(BLOCK_IN, "paragraph", json!({"rich_text": []}), false),
        under_page(CHILD),
    );
    // Once for the walk, twice for the two calls.
    notion_2022("GET", format!("/v1/blocks/{BLOCK_IN}"))
        .times(3)
        .respond(&s.fake, 200, block.clone())
        .await;
    notion_2022("GET", format!("/v1/pages/{CHILD}"))
        .respond(&s.fake, 200, page(CHILD, under_page(ROOT)))
        .await;
    for _ in 0..2 {
        let v = s
            .client
            .call_ok("API-retrieve-a-block", json!({"block_id": BLOCK_IN}))
            .await;
        assert_eq!(v, block);
    }
}

#[tokio::test]
async fn a_page_outside_the_root_is_refused_before_its_request() {
    let s = jailed_to_root().await;
    notion_2022("GET", format!("/v1/pages/{STRAY}"))
        .respond(&s.fake, 200, page(STRAY, under_page(OUTER)))
        .await;
    notion_2022("GET", format!("/v1/pages/{OUTER}"))
        .respond(
            &s.fake,
            200,
            page(OUTER, json!({"type": "workspace", "workspace": true})),
        )
        .await;
    let err = s
        .client
        .call_err(
            "API-patch-page",
            json!({"page_id": STRAY, "properties": {"title": {"title": [text("x")]}}}),
        )
        .await;
    assert!(
        err.contains("access denied") && err.contains(STRAY) && err.contains("NOTION_ROOT_PAGE_ID"),
        "{err}"
    );
}

#[tokio::test]
async fn new_pages_go_under_the_root_only() {
    let s = jailed_to_root().await;
    let err = s
        .client
        .call_err(
            "API-post-page",
            json!({"parent": {"workspace": true}, "properties": {"title": {"title": [text("x")]}}}),
        )
        .await;
    assert!(err.contains("access denied: the workspace"), "{err}");
    assert_no_requests(&s.fake).await;
    // The root itself needs no walk.
    notion_2022("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "page_id", "page_id": ROOT},
            "properties": {"title": {"title": [text("New")]}}
        }))
        .respond(&s.fake, 200, page(PAGE_ID, under_page(ROOT)))
        .await;
    s.client
        .call_ok(
            "API-post-page",
            json!({"parent": {"page_id": ROOT}, "properties": {"title": {"title": [text("New")]}}}),
        )
        .await;
}

#[tokio::test]
async fn a_database_under_the_root_is_queried() {
    let s = jailed_to_root().await;
    let mut db = database_2022_json();
    db["id"] = json!(DB);
    notion_2022("GET", format!("/v1/databases/{DB}"))
        .respond(&s.fake, 200, with_parent(db, under_page(CHILD)))
        .await;
    notion_2022("GET", format!("/v1/pages/{CHILD}"))
        .respond(&s.fake, 200, page(CHILD, under_page(ROOT)))
        .await;
    notion_2022("POST", format!("/v1/databases/{DB}/query"))
        .json_body(json!({}))
        .respond(&s.fake, 200, list_json(vec![], None, "page"))
        .await;
    s.client
        .call_ok("API-post-database-query", json!({"database_id": DB}))
        .await;
}

/// Search results outside the root are left out; a row is traced through its database.
#[tokio::test]
async fn search_leaves_out_what_is_outside() {
    let s = jailed_to_root().await;
    let row = with_parent(
        row_2022_json(ROW, "Row"),
        json!({"type": "database_id", "database_id": DB}),
    );
    let found = vec![
        page(ROOT, json!({"type": "workspace", "workspace": true})),
        page(CHILD, under_page(ROOT)),
        page(OUTER, json!({"type": "workspace", "workspace": true})),
        row.clone(),
        page(STRAY, under_page(OUTER)),
    ];
    notion_2022("POST", "/v1/search")
        .json_body(json!({"query": "P"}))
        .respond(&s.fake, 200, list_json(found, None, "page_or_database"))
        .await;
    let mut db = database_2022_json();
    db["id"] = json!(DB);
    notion_2022("GET", format!("/v1/databases/{DB}"))
        .respond(&s.fake, 200, with_parent(db, under_page(CHILD)))
        .await;
    notion_2022("GET", format!("/v1/pages/{OUTER}"))
        .respond(
            &s.fake,
            200,
            page(OUTER, json!({"type": "workspace", "workspace": true})),
        )
        .await;
    let v = s
        .client
        .call_ok("API-post-search", json!({"query": "P"}))
        .await;
    let ids: Vec<&str> = v["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, [ROOT, CHILD, ROW]);
}

/// A cycle in what Notion answers ends the walk: refused, each page read once.
#[tokio::test]
async fn a_cycle_is_refused() {
    let s = jailed_to_root().await;
    notion_2022("GET", format!("/v1/pages/{OUTER}"))
        .respond(&s.fake, 200, page(OUTER, under_page(STRAY)))
        .await;
    notion_2022("GET", format!("/v1/pages/{STRAY}"))
        .respond(&s.fake, 200, page(STRAY, under_page(OUTER)))
        .await;
    let err = s
        .client
        .call_err("API-retrieve-a-page", json!({"page_id": OUTER}))
        .await;
    assert!(err.contains("access denied"), "{err}");
}

/// Each page of an endless chain names the next as its parent.
struct Chain;

impl Respond for Chain {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let id = request.url.path().rsplit('/').next().unwrap_or_default();
        let n = u128::from_str_radix(id, 16).unwrap_or_default();
        let body = page(id, under_page(&format!("{:032x}", n + 1)));
        ResponseTemplate::new(200).set_body_json(body)
    }
}

#[tokio::test]
async fn the_walk_stops_after_32_parents() {
    let s = jailed_to_root().await;
    Mock::given(method("GET"))
        .and(path_regex("^/v1/pages/[0-9a-f]{32}$"))
        .respond_with(Chain)
        .expect(32)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "API-retrieve-a-page",
            json!({"page_id": format!("{:032x}", 1)}),
        )
        .await;
    assert!(err.contains("access denied"), "{err}");
}

#[tokio::test]
async fn the_root_may_be_given_by_url() {
    let url = format!("https://www.notion.so/acme/Root-{}", ROOT.replace('-', ""));
    let s = jailed(("root-page-url", &url)).await;
    notion_2022("GET", format!("/v1/pages/{CHILD}"))
        .times(2)
        .respond(&s.fake, 200, page(CHILD, under_page(ROOT)))
        .await;
    s.client
        .call_ok("API-retrieve-a-page", json!({"page_id": CHILD}))
        .await;
}

#[test]
fn bad_roots_and_our_own_names_stop_the_server() {
    let start = |profile: Profile, name: &str, value: &str| {
        let settings = mcp_shared::Settings {
            profile,
            ..mcp_testkit::settings_for("http://127.0.0.1:9")
        }
        .with_option(name, value);
        McpServer::new(&notion_mcp_server::SPEC, settings)
            .err()
            .unwrap_or_default()
    };
    let err = start(Profile::Toolathlon, "root-page-id", "abc, ");
    assert!(
        err.contains("NOTION_ROOT_PAGE_ID") && err.contains("`abc` is not a Notion page id"),
        "{err}"
    );
    let err = start(
        Profile::Toolathlon,
        "root-page-url",
        "https://www.notion.so/nothing-here",
    );
    assert!(err.contains("NOTION_ROOT_PAGE_URL"), "{err}");
    let err = start(Profile::Default, "root-page-id", ROOT);
    assert!(err.contains("--profile toolathlon"), "{err}");
    assert_eq!(start(Profile::Toolathlon, "root-page-id", ROOT), "");
}
