//! The tool surface: every catalog tool, and the two beyond it.

use crate::common::setup;

#[tokio::test]
async fn catalog_tools_and_extras() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "openrouter");
    assert_eq!(
        extra,
        vec!["openrouter_get_model", "openrouter_get_generation"]
    );
    for t in &tools {
        let a = t.annotations.as_ref().unwrap();
        assert_eq!(a.read_only_hint, Some(true), "{}", t.name);
    }
}
