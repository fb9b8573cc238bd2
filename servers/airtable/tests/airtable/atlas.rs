//! `--profile atlas` (Klavis's `airtable_atlas`, `@felores/airtable-mcp-server` 0.3.0 read-only):
//! its five tools and no other, each tool's exact request, and the JSON arrays it answers with.

use crate::{BASE, TABLE, TOKEN, airtable_error, req};
use mcp_shared::{McpServer, Profile, Settings};
use mcp_testkit::{Setup, assert_no_requests, expect, text_of};
use serde_json::{Value, json};

async fn setup() -> Setup {
    atlas_with(json!({ "access_token": TOKEN })).await
}

async fn atlas_with(credentials: Value) -> Setup {
    Setup::start_with(&airtable_mcp_server::SPEC, credentials, |s| {
        s.profile = Profile::Atlas;
    })
    .await
}

fn rec(id: &str, name: &str) -> Value {
    json!({"id": id, "createdTime": "2022-09-12T21:03:48.000Z", "fields": {"Name": name}})
}

const ATLAS_TOOLS: [&str; 5] = [
    "list_bases",
    "list_tables",
    "get_record",
    "list_records",
    "search_records",
];

/// Exactly the variant's five tools, all read-only, with or without `--toolsets all`; the
/// write tools Klavis's copy commented out are not there.
#[test]
fn lists_the_five_read_only_tools() {
    for toolsets in [None, Some(vec!["all".to_owned()])] {
        let settings = Settings {
            profile: Profile::Atlas,
            toolsets,
            ..Settings::default()
        };
        let server = McpServer::new(&airtable_mcp_server::SPEC, settings).unwrap();
        let names: Vec<&str> = server.tools().iter().map(|t| t.name.as_ref()).collect();
        assert_eq!(names, ATLAS_TOOLS);
        for t in server.tools() {
            let hints = t.annotations.clone().unwrap_or_default();
            assert_eq!(hints.read_only_hint, Some(true), "{}", t.name);
        }
    }
}

#[tokio::test]
async fn list_bases_is_the_bases_array() {
    let s = setup().await;
    req("GET", "/meta/bases")
        .respond(
            &s.fake,
            200,
            json!({"bases": [
                {"id": BASE, "name": "Apartment Hunting", "permissionLevel": "create"},
                {"id": "appSW9R5uCNmRmfl6", "name": "Project Tracker", "permissionLevel": "edit"}
            ]}),
        )
        .await;
    let v = s.client.call_ok("list_bases", json!({})).await;
    assert_eq!(
        v,
        json!([
            {"id": BASE, "name": "Apartment Hunting", "permissionLevel": "create"},
            {"id": "appSW9R5uCNmRmfl6", "name": "Project Tracker", "permissionLevel": "edit"}
        ])
    );
}

/// A token that reaches more than one page of bases: the array, then where the next page is.
#[tokio::test]
async fn list_bases_says_where_the_next_page_is() {
    let s = setup().await;
    req("GET", "/meta/bases")
        .respond(
            &s.fake,
            200,
            json!({"bases": [{"id": BASE, "name": "A", "permissionLevel": "read"}], "offset": "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6"}),
        )
        .await;
    let r = s.client.call("list_bases", json!({})).await.unwrap();
    assert_ne!(r.is_error, Some(true));
    let blocks: Vec<String> = r
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect();
    assert_eq!(blocks.len(), 2, "{blocks:?}");
    let bases: Value = serde_json::from_str(&blocks[0]).unwrap();
    assert_eq!(bases[0]["id"], BASE);
    assert!(
        blocks[1].contains("offset \"itr23sEjsdfEr3282/appSW9R5uCNmRmfl6\""),
        "{}",
        blocks[1]
    );
    // The offset it names is taken.
    req("GET", "/meta/bases")
        .query("offset", "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6")
        .respond(&s.fake, 200, json!({"bases": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "list_bases",
            json!({"offset": "itr23sEjsdfEr3282/appSW9R5uCNmRmfl6"}),
        )
        .await;
    assert_eq!(v, json!([]));
}

/// Airtable's tables as they come, field options included (the profile has no schema tool).
#[tokio::test]
async fn list_tables_is_airtables_tables_array() {
    let s = setup().await;
    let tables = json!([{
        "id": TABLE, "name": "Apartments", "primaryFieldId": "fld1VnoyuotSTyxW1",
        "fields": [
            {"id": "fld1VnoyuotSTyxW1", "name": "Name", "type": "singleLineText"},
            {"id": "fldoaIqdn5szURHpw", "name": "Status", "type": "singleSelect",
             "options": {"choices": [{"id": "selA", "name": "Todo", "color": "redLight2"}]}}
        ],
        "views": [{"id": "viwQpsuEDqHFqegkp", "name": "Grid view", "type": "grid"}]
    }]);
    req("GET", &format!("/meta/bases/{BASE}/tables"))
        .respond(&s.fake, 200, json!({ "tables": tables }))
        .await;
    let v = s
        .client
        .call_ok("list_tables", json!({"base_id": BASE}))
        .await;
    assert_eq!(v, tables);
}

#[tokio::test]
async fn get_record_takes_table_name() {
    let s = setup().await;
    req(
        "GET",
        &format!("/{BASE}/Apartments%20List/rec560UJdUtocSouk"),
    )
    .respond(&s.fake, 200, rec("rec560UJdUtocSouk", "Union Square"))
    .await;
    let v = s
        .client
        .call_ok(
            "get_record",
            json!({"base_id": BASE, "table_name": "Apartments List", "record_id": "rec560UJdUtocSouk"}),
        )
        .await;
    assert_eq!(v, rec("rec560UJdUtocSouk", "Union Square"));
}

/// `max_records` as `maxRecords`, and every page up to it (that server returned the first
/// page only).
#[tokio::test]
async fn list_records_reads_every_page_up_to_max_records() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/Apartments"))
        .query("maxRecords", "150")
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("recA", "a")], "offset": "itrA/recA"}),
        )
        .await;
    req("GET", &format!("/{BASE}/Apartments"))
        .queries(&[("maxRecords", "150"), ("offset", "itrA/recA")])
        .respond(&s.fake, 200, json!({"records": [rec("recB", "b")]}))
        .await;
    let v = s
        .client
        .call_ok(
            "list_records",
            json!({"base_id": BASE, "table_name": "Apartments", "max_records": 150}),
        )
        .await;
    assert_eq!(v, json!([rec("recA", "a"), rec("recB", "b")]));
}

#[tokio::test]
async fn list_records_without_max_sends_no_query() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/{TABLE}"))
        .respond(&s.fake, 200, json!({"records": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "list_records",
            json!({"base_id": BASE, "table_name": TABLE}),
        )
        .await;
    assert_eq!(v, json!([]));
    let err = s
        .client
        .call_err(
            "list_records",
            json!({"base_id": BASE, "table_name": TABLE, "max_records": 0}),
        )
        .await;
    assert!(err.contains("max_records"), "{err}");
}

/// A table longer than the page cap: the records read, then a note that the list stops there.
#[tokio::test]
async fn list_records_stops_at_the_page_cap_and_says_so() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/{TABLE}"))
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("recA", "a")], "offset": "itrFirst/recA"}),
        )
        .await;
    for i in 0..9 {
        let at = if i == 0 {
            "itrFirst/recA".to_owned()
        } else {
            format!("itr{i}/recA")
        };
        req("GET", &format!("/{BASE}/{TABLE}"))
            .query("offset", &at)
            .respond(
                &s.fake,
                200,
                json!({"records": [rec("recA", "a")], "offset": format!("itr{}/recA", i + 1)}),
            )
            .await;
    }
    let r = s
        .client
        .call(
            "list_records",
            json!({"base_id": BASE, "table_name": TABLE}),
        )
        .await
        .unwrap();
    assert_ne!(r.is_error, Some(true), "{}", text_of(&r));
    let first = r.content[0].as_text().map(|t| t.text.clone()).unwrap();
    let records: Vec<Value> = serde_json::from_str(&first).unwrap();
    assert_eq!(records.len(), 10);
    let note = text_of(&r);
    assert!(note.contains("stopped after 10 pages"), "{note}");
    assert!(note.contains("incomplete"), "{note}");
}

/// The formula is `{field} = "value"` with the value escaped: quotes and backslashes cannot
/// end the string and add formula code (Klavis's copy interpolates them as they are).
#[tokio::test]
async fn search_records_escapes_the_value() {
    let s = setup().await;
    let hostile = "x\" & TRUE() & \"\\ \nend";
    req("GET", &format!("/{BASE}/Apartments"))
        .query(
            "filterByFormula",
            "{Name} = \"x\\\" & TRUE() & \\\"\\\\ \\nend\"",
        )
        .respond(&s.fake, 200, json!({"records": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "search_records",
            json!({"base_id": BASE, "table_name": "Apartments", "field_name": "Name", "value": hostile}),
        )
        .await;
    assert_eq!(v, json!([]));
}

#[tokio::test]
async fn search_records_finds_exact_matches() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/Apartments"))
        .query("filterByFormula", "{Neighborhood Name} = \"Union Square\"")
        .respond(
            &s.fake,
            200,
            json!({"records": [rec("recA", "Union Square")]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "search_records",
            json!({"base_id": BASE, "table_name": "Apartments", "field_name": "Neighborhood Name", "value": "Union Square"}),
        )
        .await;
    assert_eq!(v, json!([rec("recA", "Union Square")]));
}

/// A field name that would end the `{...}` reference is refused before any request.
#[tokio::test]
async fn search_records_refuses_a_field_name_that_breaks_the_formula() {
    let s = setup().await;
    for field in ["Name} = 1, TRUE(), {Name", "Back\\slash", "  "] {
        let err = s
            .client
            .call_err(
                "search_records",
                json!({"base_id": BASE, "table_name": "Apartments", "field_name": field, "value": "x"}),
            )
            .await;
        assert!(err.contains("field_name"), "{err}");
    }
    assert_no_requests(&s.fake).await;
}

/// A long value goes in the body of `POST .../listRecords` (URLs stop at 16,000 characters).
#[tokio::test]
async fn search_records_with_a_long_value_posts_the_formula() {
    let s = setup().await;
    let long = "a".repeat(5000);
    expect("POST", format!("/{BASE}/Apartments/listRecords"))
        .bearer(TOKEN)
        .json_body(json!({"filterByFormula": format!("{{Notes}} = \"{long}\"")}))
        .respond(&s.fake, 200, json!({"records": [rec("recA", "a")]}))
        .await;
    let v = s
        .client
        .call_ok(
            "search_records",
            json!({"base_id": BASE, "table_name": "Apartments", "field_name": "Notes", "value": long}),
        )
        .await;
    assert_eq!(v, json!([rec("recA", "a")]));
}

#[tokio::test]
async fn vendor_errors_are_tool_errors() {
    let s = setup().await;
    req("GET", &format!("/{BASE}/Nope"))
        .query("filterByFormula", "{Name} = \"x\"")
        .respond(
            &s.fake,
            404,
            airtable_error(
                "TABLE_NOT_FOUND",
                "Could not find table Nope in application",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "search_records",
            json!({"base_id": BASE, "table_name": "Nope", "field_name": "Name", "value": "x"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("TABLE_NOT_FOUND"), "{err}");
}

/// Klavis's copy also takes the token as `api_key` (or `token`) in `x-auth-data`.
#[tokio::test]
async fn takes_the_token_as_api_key() {
    let s = atlas_with(json!({ "api_key": TOKEN })).await;
    req("GET", "/meta/bases")
        .respond(&s.fake, 200, json!({"bases": []}))
        .await;
    assert_eq!(s.client.call_ok("list_bases", json!({})).await, json!([]));
    // Our names are not this profile's tools.
    let err = s
        .client
        .call_protocol_err("airtable_create_records", json!({}))
        .await;
    assert!(err.contains("unknown tool"), "{err}");
}
