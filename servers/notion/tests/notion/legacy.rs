//! `--profile atlas|mcpmark|toolathlon`: the 19 tools of Notion's server 1.8-1.9 as those
//! benchmarks mount it. Every tool sends its Notion-Version 2022-06-28 request (databases, not
//! data sources) and returns Notion's JSON as it came; object arguments may come JSON-encoded;
//! `atlas` refuses every write before anything reaches Notion.

use mcp_shared::Profile;
use mcp_testkit::assert_no_requests;
use mcp_testkit::wiremock::matchers::any;
use mcp_testkit::wiremock::{Mock, ResponseTemplate};
use serde_json::{Value, json};

use crate::common::*;

/// One call and the request it must send.
struct Case {
    tool: &'static str,
    args: Value,
    method: &'static str,
    path: String,
    query: Vec<(&'static str, String)>,
    body: Option<Value>,
    answer: Value,
}

fn case(tool: &'static str, args: Value, method: &'static str, path: impl Into<String>) -> Case {
    Case {
        tool,
        args,
        method,
        path: path.into(),
        query: Vec::new(),
        body: None,
        answer: json!({}),
    }
}

impl Case {
    fn query(mut self, k: &'static str, v: impl ToString) -> Self {
        self.query.push((k, v.to_string()));
        self
    }

    fn body(mut self, b: Value) -> Self {
        self.body = Some(b);
        self
    }

    fn answer(mut self, a: Value) -> Self {
        self.answer = a;
        self
    }

    async fn mount(&self, s: &Setup) {
        let mut e = notion_2022(self.method, self.path.clone());
        for (k, v) in &self.query {
            e = e.query(k, v);
        }
        if let Some(b) = &self.body {
            e = e.json_body(b.clone());
        }
        e.respond(&s.fake, 200, self.answer.clone()).await;
    }
}

fn paragraph(t: &str) -> Value {
    json!({"type": "paragraph", "paragraph": {"rich_text": [text(t)]}})
}

/// A call of each of the 19 tools, with the exact request Notion's 1.8-1.9 server sends for it.
fn cases() -> Vec<Case> {
    let block = |id: &str| block_json(id, "paragraph", json!({"rich_text": [rt("Hi")]}), false);
    vec![
        case("API-get-user", json!({"user_id": USER_ID}), "GET", format!("/v1/users/{USER_ID}"))
            .answer(person_json(USER_ID, "Ada Lovelace", "ada@example.com")),
        case("API-get-users", json!({"page_size": 2, "start_cursor": "c1"}), "GET", "/v1/users")
            .query("page_size", 2)
            .query("start_cursor", "c1")
            .answer(list_json(vec![person_json(USER_ID, "Ada", "a@x.io")], Some("c2"), "user")),
        case("API-get-self", json!({}), "GET", "/v1/users/me").answer(bot_json()),
        case(
            "API-post-database-query",
            json!({
                "database_id": DB_ID,
                "filter": {"property": "Status", "status": {"equals": "Done"}},
                "sorts": [{"property": "Due", "direction": "ascending"}],
                "page_size": 10,
                "filter_properties": ["title", "Ml%5Cb"]
            }),
            "POST",
            format!("/v1/databases/{DB_ID}/query"),
        )
        .query("filter_properties", "title")
        .query("filter_properties", "Ml\\b")
        .body(json!({
            "filter": {"property": "Status", "status": {"equals": "Done"}},
            "sorts": [{"property": "Due", "direction": "ascending"}],
            "page_size": 10
        }))
        .answer(list_json(vec![row_2022_json(PAGE_ID, "Fix login")], None, "page")),
        // A database filter stays `database` under 2022-06-28 (no data sources).
        case(
            "API-post-search",
            json!({"query": "Tasks", "filter": {"property": "object", "value": "database"}}),
            "POST",
            "/v1/search",
        )
        .body(json!({"query": "Tasks", "filter": {"property": "object", "value": "database"}}))
        .answer(list_json(vec![database_2022_json()], None, "page_or_database")),
        case(
            "API-get-block-children",
            json!({"block_id": PAGE_ID, "page_size": 50}),
            "GET",
            format!("/v1/blocks/{PAGE_ID}/children"),
        )
        .query("page_size", 50)
        .answer(list_json(vec![block(BLOCK_ID)], None, "block")),
        case(
            "API-patch-block-children",
            json!({"block_id": PAGE_ID, "children": [paragraph("Next")], "after": BLOCK_ID}),
            "PATCH",
            format!("/v1/blocks/{PAGE_ID}/children"),
        )
        .body(json!({"children": [paragraph("Next")], "after": BLOCK_ID}))
        .answer(list_json(vec![block("d1b1c9a4-5f36-4b1e-9a0e-3f5d6c7b8a90")], None, "block")),
        case("API-retrieve-a-block", json!({"block_id": BLOCK_ID}), "GET", format!("/v1/blocks/{BLOCK_ID}"))
            .answer(block(BLOCK_ID)),
        case(
            "API-update-a-block",
            json!({"block_id": BLOCK_ID, "type": {"to_do": {"checked": true}}}),
            "PATCH",
            format!("/v1/blocks/{BLOCK_ID}"),
        )
        .body(json!({"to_do": {"checked": true}}))
        .answer(block_json(BLOCK_ID, "to_do", json!({"rich_text": [], "checked": true}), false)),
        case("API-delete-a-block", json!({"block_id": BLOCK_ID}), "DELETE", format!("/v1/blocks/{BLOCK_ID}"))
            .answer(block(BLOCK_ID)),
        case(
            "API-retrieve-a-page",
            json!({"page_id": PAGE_ID, "filter_properties": "title"}),
            "GET",
            format!("/v1/pages/{PAGE_ID}"),
        )
        .query("filter_properties", "title")
        .answer(row_2022_json(PAGE_ID, "Fix login")),
        case(
            "API-patch-page",
            json!({"page_id": PAGE_ID, "properties": {"Done": {"checkbox": true}}, "archived": false}),
            "PATCH",
            format!("/v1/pages/{PAGE_ID}"),
        )
        .body(json!({"properties": {"Done": {"checkbox": true}}, "archived": false}))
        .answer(row_2022_json(PAGE_ID, "Fix login")),
        case(
            "API-post-page",
            json!({
                "parent": {"page_id": PARENT_ID},
                "properties": {"title": {"title": [text("Notes")]}},
                "children": [paragraph("Body")],
                "icon": "{\"emoji\": \"📝\"}"
            }),
            "POST",
            "/v1/pages",
        )
        .body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "properties": {"title": {"title": [text("Notes")]}},
            "icon": {"emoji": "📝"},
            "children": [paragraph("Body")]
        }))
        .answer(page_json(PAGE_ID, "Notes")),
        case(
            "API-create-a-database",
            json!({
                "parent": {"page_id": PARENT_ID},
                "title": [text("Tasks")],
                "properties": {"Name": {"title": {}}, "Due": "date"}
            }),
            "POST",
            "/v1/databases",
        )
        .body(json!({
            "parent": {"type": "page_id", "page_id": PARENT_ID},
            "title": [text("Tasks")],
            "properties": {"Name": {"title": {}}, "Due": {"date": {}}}
        }))
        .answer(database_2022_json()),
        case(
            "API-update-a-database",
            json!({
                "database_id": DB_ID,
                "title": [text("Renamed")],
                "description": [text("All tasks")],
                "properties": {"Notes": null, "Priority": {"select": {"options": [{"name": "High"}]}}}
            }),
            "PATCH",
            format!("/v1/databases/{DB_ID}"),
        )
        .body(json!({
            "title": [text("Renamed")],
            "description": [text("All tasks")],
            "properties": {"Notes": null, "Priority": {"select": {"options": [{"name": "High"}]}}}
        }))
        .answer(database_2022_json()),
        case("API-retrieve-a-database", json!({"database_id": DB_ID}), "GET", format!("/v1/databases/{DB_ID}"))
            .answer(database_2022_json()),
        case(
            "API-retrieve-a-page-property",
            json!({"page_id": PAGE_ID, "property_id": "Ml%5Cb", "page_size": 5, "start_cursor": "p1"}),
            "GET",
            format!("/v1/pages/{PAGE_ID}/properties/Ml%5Cb"),
        )
        .query("page_size", 5)
        .query("start_cursor", "p1")
        .answer(json!({"object": "property_item", "id": "Ml%5Cb", "type": "status", "status": {"name": "Done"}})),
        case("API-retrieve-a-comment", json!({"block_id": PAGE_ID}), "GET", "/v1/comments")
            .query("block_id", PAGE_ID)
            .answer(list_json(vec![comment_json("c1", "Looks good")], None, "comment")),
        case(
            "API-create-a-comment",
            json!({"parent": {"page_id": PAGE_ID}, "rich_text": [{"text": {"content": "Hello"}}]}),
            "POST",
            "/v1/comments",
        )
        .body(json!({
            "parent": {"type": "page_id", "page_id": PAGE_ID},
            "rich_text": [{"text": {"content": "Hello"}}]
        }))
        .answer(comment_json("c2", "Hello")),
    ]
}

#[tokio::test]
async fn every_tool_sends_its_2022_request_and_returns_notions_json() {
    for profile in [Profile::Mcpmark, Profile::Toolathlon] {
        every_tool_in(profile).await;
    }
}

async fn every_tool_in(profile: Profile) {
    let s = setup_with(profile).await;
    let cases = cases();
    assert_eq!(cases.len(), 19);
    for c in &cases {
        c.mount(&s).await;
    }
    for c in cases {
        let r = s.client.call(c.tool, c.args).await.unwrap();
        assert_ne!(
            r.is_error,
            Some(true),
            "{}: {}",
            c.tool,
            mcp_testkit::text_of(&r)
        );
        // The result is Notion's body as compact JSON text, as that server prints it.
        assert!(r.structured_content.is_none(), "{}", c.tool);
        let text = mcp_testkit::text_of(&r);
        assert_eq!(
            text,
            serde_json::to_string(&c.answer).unwrap(),
            "{}",
            c.tool
        );
    }
}

#[tokio::test]
async fn every_tool_reports_notions_error() {
    for profile in [Profile::Mcpmark, Profile::Toolathlon] {
        let s = setup_with(profile).await;
        Mock::given(any())
            .respond_with(ResponseTemplate::new(400).set_body_json(error_json(
                400,
                "validation_error",
                "body failed validation: body.parent should be defined.",
            )))
            .mount(&s.fake)
            .await;
        for c in cases() {
            let err = s.client.call_err(c.tool, c.args).await;
            assert!(
                err.contains("400") && err.contains("(validation_error)"),
                "{}: {err}",
                c.tool
            );
        }
    }
}

/// Under a database, the page's simple property values are converted with the schema the
/// database itself holds (2022-06-28), and the parent stays the database.
#[tokio::test]
async fn post_page_in_a_database_reads_the_databases_schema() {
    let s = setup_with(Profile::Toolathlon).await;
    notion_2022("GET", format!("/v1/databases/{DB_ID}"))
        .respond(&s.fake, 200, database_2022_json())
        .await;
    notion_2022("POST", "/v1/pages")
        .json_body(json!({
            "parent": {"type": "database_id", "database_id": DB_ID},
            "properties": {
                "Name": {"title": [text("Fix login")]},
                "Status": {"status": {"name": "Done"}},
                "Due": {"date": {"start": "2025-01-31"}}
            }
        }))
        .respond(&s.fake, 200, row_2022_json(PAGE_ID, "Fix login"))
        .await;
    let v = s
        .client
        .call_ok(
            "API-post-page",
            json!({
                "parent": {"database_id": DB_ID},
                "properties": {"Name": "Fix login", "Status": "Done", "Due": "2025-01-31"}
            }),
        )
        .await;
    assert_eq!(v, row_2022_json(PAGE_ID, "Fix login"));
}

/// More than Notion's 100 blocks a request: two requests, one list of the new blocks.
#[tokio::test]
async fn patch_block_children_beyond_notions_limit_returns_one_list() {
    let s = setup_with(Profile::Mcpmark).await;
    let children: Vec<Value> = (0..150).map(|i| paragraph(&format!("p{i}"))).collect();
    let made = |from: usize, n: usize| {
        let blocks = (from..from + n)
            .map(|i| {
                block_json(
                    &format!("b{i}"),
                    "paragraph",
                    json!({"rich_text": []}),
                    false,
                )
            })
            .collect();
        list_json(blocks, None, "block")
    };
    notion_2022("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .json_body(json!({"children": children[..100]}))
        .respond(&s.fake, 200, made(0, 100))
        .await;
    notion_2022("PATCH", format!("/v1/blocks/{PAGE_ID}/children"))
        .json_body(json!({"children": children[100..]}))
        .respond(&s.fake, 200, made(100, 50))
        .await;
    let v = s
        .client
        .call_ok(
            "API-patch-block-children",
            json!({"block_id": PAGE_ID, "children": children}),
        )
        .await;
    assert_eq!(v["object"], "list");
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 150);
    assert_eq!(results[149]["id"], "b149");
    assert_eq!(v["has_more"], false);
}

/// Object and array arguments sent as JSON text (some MCP clients double-encode them) are
/// decoded, as Notion's server 1.8 does; text that is not JSON is refused naming the argument.
#[tokio::test]
async fn json_encoded_arguments_are_decoded() {
    let s = setup_with(Profile::Mcpmark).await;
    notion_2022("POST", format!("/v1/databases/{DB_ID}/query"))
        .json_body(json!({
            "filter": {"property": "Done", "checkbox": {"equals": true}},
            "sorts": [{"timestamp": "created_time", "direction": "descending"}]
        }))
        .respond(&s.fake, 200, list_json(vec![], None, "page"))
        .await;
    let v = s
        .client
        .call_ok(
            "API-post-database-query",
            json!({
                "database_id": DB_ID,
                "filter": "{\"property\": \"Done\", \"checkbox\": {\"equals\": true}}",
                "sorts": " [{\"timestamp\": \"created_time\", \"direction\": \"descending\"}]"
            }),
        )
        .await;
    assert_eq!(v["results"], json!([]));
    let err = s
        .client
        .call_err(
            "API-post-database-query",
            json!({"database_id": DB_ID, "filter": "{not json"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") && err.contains("filter"),
        "{err}"
    );
}

/// `--profile atlas` lists the 19 tools but only reads, as Klavis's notion_atlas: every write
/// is refused before any request; reads send their 2022-06-28 request.
#[tokio::test]
async fn atlas_refuses_every_write_and_reads() {
    let s = setup_with(Profile::Atlas).await;
    let tools = s.client.list_tools().await;
    assert_eq!(tools.len(), 19);
    let mut refused = Vec::new();
    for c in cases() {
        let tool = tools.iter().find(|t| t.name == c.tool).unwrap();
        let reads = tool
            .annotations
            .as_ref()
            .and_then(|a| a.read_only_hint)
            .unwrap_or(false);
        if reads {
            continue;
        }
        let err = s.client.call_err(c.tool, c.args).await;
        assert!(
            err.contains("only reads") && err.contains("nothing was sent to Notion"),
            "{}: {err}",
            c.tool
        );
        refused.push(c.tool);
    }
    refused.sort();
    assert_eq!(
        refused,
        [
            "API-create-a-comment",
            "API-create-a-database",
            "API-delete-a-block",
            "API-patch-block-children",
            "API-patch-page",
            "API-post-page",
            "API-update-a-block",
            "API-update-a-database",
        ]
    );
    assert_no_requests(&s.fake).await;
    let reads: Vec<Case> = cases()
        .into_iter()
        .filter(|c| !refused.contains(&c.tool))
        .collect();
    assert_eq!(reads.len(), 11);
    for c in &reads {
        c.mount(&s).await;
    }
    for c in reads {
        let v = s.client.call_ok(c.tool, c.args).await;
        assert_eq!(v, c.answer, "{}", c.tool);
    }
}
