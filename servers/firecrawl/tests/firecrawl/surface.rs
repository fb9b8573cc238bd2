//! The tool surface: the catalog's `firecrawl` tools, all read-only, and the two status
//! tools the catalog lacks (extract and llms.txt jobs that outlive the wait).

use crate::common::setup;

#[tokio::test]
async fn catalog_tools_and_the_status_tools_beyond_it() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "firecrawl");
    assert_eq!(
        extra,
        vec![
            "firecrawl_check_extract_status",
            "firecrawl_check_llmstxt_status"
        ]
    );
    for t in &tools {
        let a = t.annotations.as_ref().unwrap();
        assert_eq!(a.read_only_hint, Some(true), "{}", t.name);
    }
}
