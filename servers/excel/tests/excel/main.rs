//! Excel server tests: each tool against a fake Microsoft Graph that asserts the exact
//! request (workbook paths, the session header, bodies as Graph's documentation and OpenAPI
//! description spell them), through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod permissions;
mod ranges;
mod tables;
mod workbooks;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(excel_mcp_server::SPEC, "excel-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "excel");
    extra.sort();
    assert_eq!(
        extra,
        [
            "microsoft_excel_add_table_rows",
            "microsoft_excel_get_table_rows",
            "microsoft_excel_list_tables"
        ]
    );
}
