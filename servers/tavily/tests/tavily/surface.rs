//! The tool surface: every tool of the catalog's `tavily` entry with its parameters
//! (snake_case and camelCase), read-only annotations, and nothing beyond the catalog.

use crate::common::setup;

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "tavily");
    assert!(extra.is_empty(), "{extra:?}");
    for t in &tools {
        let a = t.annotations.as_ref().unwrap();
        assert_eq!(a.read_only_hint, Some(true), "{}", t.name);
    }
}
