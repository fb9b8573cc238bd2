//! Test setup and Notion-shaped fixtures (after the examples of Notion's API reference).

use mcp_shared::Profile;
pub use mcp_testkit::Setup;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "ntn_4ae1b2c3d4e5f6_test_secret";
pub const VERSION: &str = "2025-09-03";
pub const PAGE_ID: &str = "59833787-2cf9-4fdf-8782-e53db20768a5";
pub const PARENT_ID: &str = "b55c9c91-384d-452b-81db-d1ef79372b75";
pub const DB_ID: &str = "248104cd-477e-80fd-b757-e945d38000bd";
pub const DS_ID: &str = "248104cd-477e-80af-bc30-000bd28de8f9";
pub const BLOCK_ID: &str = "c02fc1d3-db8b-45c5-a222-27595b15aea7";
pub const USER_ID: &str = "6794760a-1f15-45cd-9c65-0dfe42f5135a";

/// A fake Notion, a server pointed at it with this naming, and a client sending `TOKEN`.
pub async fn setup_with(names: Profile) -> Setup {
    Setup::start_with(
        &notion_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
        |s| s.profile = names,
    )
    .await
}

pub async fn setup() -> Setup {
    setup_with(Profile::Default).await
}

/// Our naming switched to Notion's official server's (`--tool-names official`).
pub async fn setup_official() -> Setup {
    setup_with(Profile::Official).await
}

/// An expected Notion request: bearer token and `Notion-Version`.
pub fn notion(method: &'static str, path: impl Into<String>) -> Expect {
    expect(method, path.into())
        .bearer(TOKEN)
        .header("notion-version", VERSION)
}

/// The Notion-Version of the benchmarks' copies of Notion's server 1.8-1.9.
pub const LEGACY_VERSION: &str = "2022-06-28";

/// An expected Notion request of those copies: bearer token and `Notion-Version: 2022-06-28`.
pub fn notion_2022(method: &'static str, path: impl Into<String>) -> Expect {
    expect(method, path.into())
        .bearer(TOKEN)
        .header("notion-version", LEGACY_VERSION)
}

/// The database `DB_ID` as Notion-Version 2022-06-28 returns it: its schema in `properties`.
pub fn database_2022_json() -> Value {
    let mut db = database_json(&[]);
    if let Some(o) = db.as_object_mut() {
        o.remove("data_sources");
    }
    db["properties"] = data_source_json()["properties"].clone();
    db
}

/// A row of the database `DB_ID` as Notion-Version 2022-06-28 returns it.
pub fn row_2022_json(id: &str, title: &str) -> Value {
    let mut row = row_json(id, title);
    row["parent"] = json!({"type": "database_id", "database_id": DB_ID});
    row
}

/// A rich text object as Notion returns it.
pub fn rt(text: &str) -> Value {
    json!({
        "type": "text",
        "text": {"content": text, "link": null},
        "annotations": {"bold": false, "italic": false, "strikethrough": false, "underline": false, "code": false, "color": "default"},
        "plain_text": text,
        "href": null
    })
}

fn user_ref(id: &str) -> Value {
    json!({"object": "user", "id": id})
}

/// A page whose parent is a page (its only property is `title`).
pub fn page_json(id: &str, title: &str) -> Value {
    json!({
        "object": "page",
        "id": id,
        "created_time": "2022-03-01T19:05:00.000Z",
        "last_edited_time": "2022-07-06T20:25:00.000Z",
        "created_by": user_ref("ee5f0f84-409a-440f-983a-a5315961c6e4"),
        "last_edited_by": user_ref("0c3e9826-b8f7-4f73-927d-2caaf86f1103"),
        "cover": null,
        "icon": {"type": "emoji", "emoji": "🐞"},
        "parent": {"type": "page_id", "page_id": PARENT_ID},
        "archived": false,
        "in_trash": false,
        "properties": {
            "title": {"id": "title", "type": "title", "title": [rt(title)]}
        },
        "url": format!("https://www.notion.so/{}-{}", title.replace(' ', "-"), id.replace('-', "")),
        "public_url": null
    })
}

/// A row of the data source `DS_ID`, with a value for each common property type.
pub fn row_json(id: &str, title: &str) -> Value {
    json!({
        "object": "page",
        "id": id,
        "created_time": "2022-03-01T19:05:00.000Z",
        "last_edited_time": "2022-07-06T20:25:00.000Z",
        "created_by": user_ref("ee5f0f84-409a-440f-983a-a5315961c6e4"),
        "last_edited_by": user_ref("0c3e9826-b8f7-4f73-927d-2caaf86f1103"),
        "cover": null,
        "icon": null,
        "parent": {"type": "data_source_id", "data_source_id": DS_ID, "database_id": DB_ID},
        "archived": false,
        "in_trash": false,
        "properties": {
            "Name": {"id": "title", "type": "title", "title": [rt(title)]},
            "Status": {"id": "Ml%5Cb", "type": "status", "status": {"id": "539f2705", "name": "Done", "color": "green"}},
            "Tags": {"id": "flsb", "type": "multi_select", "multi_select": [
                {"id": "5e4d", "name": "api", "color": "blue"},
                {"id": "6f1a", "name": "docs", "color": "red"}
            ]},
            "Due": {"id": "M%3BBw", "type": "date", "date": {"start": "2025-01-31", "end": null, "time_zone": null}},
            "Done": {"id": "ZI%40W", "type": "checkbox", "checkbox": true},
            "Estimate": {"id": "%7Cw%5Eb", "type": "number", "number": 3},
            "Owner": {"id": "FlgQ", "type": "people", "people": [
                {"object": "user", "id": USER_ID, "name": "Ada Lovelace", "type": "person"}
            ]},
            "Related": {"id": "WOd%3B", "type": "relation", "relation": [{"id": PAGE_ID}], "has_more": false},
            "Notes": {"id": "NZZ%3B", "type": "rich_text", "rich_text": [rt("Ship it")]},
            "Link": {"id": "BZKU", "type": "url", "url": "https://example.com"},
            "Key": {"id": "uid", "type": "unique_id", "unique_id": {"prefix": "TSK", "number": 42}}
        },
        "url": format!("https://www.notion.so/{}", id.replace('-', "")),
        "public_url": null
    })
}

/// The data source `DS_ID` and its schema.
pub fn data_source_json() -> Value {
    json!({
        "object": "data_source",
        "id": DS_ID,
        "created_time": "2025-08-07T10:11:07.504Z",
        "last_edited_time": "2025-08-10T15:53:11.386Z",
        "properties": {
            "Name": {"id": "title", "name": "Name", "type": "title", "title": {}},
            "Status": {"id": "Ml%5Cb", "name": "Status", "type": "status", "status": {
                "options": [
                    {"id": "034ece9a", "name": "Not started", "color": "default"},
                    {"id": "539f2705", "name": "Done", "color": "green"}
                ],
                "groups": []
            }},
            "Tags": {"id": "flsb", "name": "Tags", "type": "multi_select", "multi_select": {
                "options": [{"id": "5e4d", "name": "api", "color": "blue"}, {"id": "6f1a", "name": "docs", "color": "red"}]
            }},
            "Due": {"id": "M%3BBw", "name": "Due", "type": "date", "date": {}},
            "Done": {"id": "ZI%40W", "name": "Done", "type": "checkbox", "checkbox": {}},
            "Estimate": {"id": "%7Cw%5Eb", "name": "Estimate", "type": "number", "number": {"format": "number"}},
            "Owner": {"id": "FlgQ", "name": "Owner", "type": "people", "people": {}},
            "Related": {"id": "WOd%3B", "name": "Related", "type": "relation", "relation": {
                "database_id": DB_ID, "data_source_id": DS_ID, "type": "single_property", "single_property": {}
            }},
            "Notes": {"id": "NZZ%3B", "name": "Notes", "type": "rich_text", "rich_text": {}},
            "Link": {"id": "BZKU", "name": "Link", "type": "url", "url": {}}
        },
        "parent": {"type": "database_id", "database_id": DB_ID},
        "database_parent": {"type": "page_id", "page_id": PARENT_ID},
        "archived": false,
        "in_trash": false,
        "is_inline": false,
        "icon": null,
        "cover": null,
        "title": [rt("Tasks")],
        "description": [],
        "url": format!("https://www.notion.so/{}", DB_ID.replace('-', "")),
        "public_url": null
    })
}

/// The database `DB_ID` with these data sources (id, name).
pub fn database_json(sources: &[(&str, &str)]) -> Value {
    json!({
        "object": "database",
        "id": DB_ID,
        "title": [rt("Tasks")],
        "description": [],
        "parent": {"type": "page_id", "page_id": PARENT_ID},
        "is_inline": false,
        "in_trash": false,
        "is_locked": false,
        "created_time": "2025-08-07T10:11:07.504Z",
        "last_edited_time": "2025-08-10T15:53:11.386Z",
        "data_sources": sources.iter().map(|(id, name)| json!({"id": id, "name": name})).collect::<Vec<_>>(),
        "icon": {"type": "emoji", "emoji": "✅"},
        "cover": null,
        "url": format!("https://www.notion.so/{}", DB_ID.replace('-', "")),
        "public_url": null
    })
}

/// A block as Notion returns it.
pub fn block_json(id: &str, ty: &str, inner: Value, has_children: bool) -> Value {
    let mut b = json!({
        "object": "block",
        "id": id,
        "parent": {"type": "page_id", "page_id": PAGE_ID},
        "created_time": "2022-03-01T19:05:00.000Z",
        "last_edited_time": "2022-03-01T19:05:00.000Z",
        "created_by": user_ref("ee5f0f84-409a-440f-983a-a5315961c6e4"),
        "last_edited_by": user_ref("ee5f0f84-409a-440f-983a-a5315961c6e4"),
        "has_children": has_children,
        "archived": false,
        "in_trash": false,
        "type": ty
    });
    b[ty] = inner;
    b
}

/// A paginated list as Notion returns it.
pub fn list_json(results: Vec<Value>, next_cursor: Option<&str>, ty: &str) -> Value {
    let mut v = json!({
        "object": "list",
        "results": results,
        "next_cursor": next_cursor,
        "has_more": next_cursor.is_some(),
        "type": ty,
    });
    v[ty] = json!({});
    v
}

pub fn person_json(id: &str, name: &str, email: &str) -> Value {
    json!({
        "object": "user",
        "id": id,
        "type": "person",
        "person": {"email": email},
        "name": name,
        "avatar_url": "https://secure.notion-static.com/e6a352a8.jpg"
    })
}

pub fn bot_json() -> Value {
    json!({
        "object": "user",
        "id": "16d84278-ab0e-484c-9bdd-b35da3bd8905",
        "name": "pied piper",
        "avatar_url": null,
        "type": "bot",
        "bot": {
            "owner": {"type": "workspace", "workspace": true},
            "workspace_name": "Acme",
            "workspace_id": "4ac3b2e0-59f5-4a5c-8e6e-6d4d1f3c0a11"
        }
    })
}

pub fn comment_json(id: &str, text: &str) -> Value {
    json!({
        "object": "comment",
        "id": id,
        "parent": {"type": "page_id", "page_id": PAGE_ID},
        "discussion_id": "f1407351-36f5-4c49-a13c-49f8ba11776d",
        "created_time": "2022-07-15T16:52:00.000Z",
        "last_edited_time": "2022-07-15T19:16:00.000Z",
        "created_by": user_ref("9b15170a-9941-4297-8ee6-83fa7649a87a"),
        "rich_text": [rt(text)],
        "display_name": {"type": "integration", "resolved_name": "pied piper"}
    })
}

/// Notion's error body.
pub fn error_json(status: u16, code: &str, message: &str) -> Value {
    json!({
        "object": "error",
        "status": status,
        "code": code,
        "message": message,
        "request_id": "c5d6e7f8-0000-4000-8000-000000000001"
    })
}

/// The `object_not_found` error Notion returns for a page the integration cannot see.
pub fn not_found(kind: &str, id: &str) -> Value {
    error_json(
        404,
        "object_not_found",
        &format!(
            "Could not find {kind} with ID: {id}. Make sure the relevant pages and databases are shared with your integration."
        ),
    )
}

/// A request body as JSON text for a plain text rich text request object.
pub fn text(content: &str) -> Value {
    json!({"type": "text", "text": {"content": content}})
}

/// The JSON bodies of the requests the fake received for `method path`, in order.
pub async fn bodies(fake: &MockServer, method: &str, path: &str) -> Vec<Value> {
    mcp_testkit::request_bodies(fake, method, path).await
}
