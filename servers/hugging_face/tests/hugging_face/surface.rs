//! The tool surface: every catalog tool (the standard suite checks their parameters), none
//! beyond it, and read-only mode hiding exactly the tools that write.

use serde_json::json;

use crate::common::setup;

#[tokio::test]
async fn catalog_tools_only_and_annotations() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let extra = mcp_testkit::tools_beyond_catalog(&tools, "hugging_face");
    assert!(extra.is_empty(), "{extra:?}");
    let writes: Vec<&str> = tools
        .iter()
        .filter(|t| t.annotations.as_ref().and_then(|a| a.read_only_hint) != Some(true))
        .map(|t| t.name.as_ref())
        .collect();
    assert_eq!(writes, ["duplicate_space", "hf_jobs"]);
    let whoami = tools.iter().find(|t| t.name == "hf_whoami").unwrap();
    assert!(whoami.output_schema.is_some());
    let _ = json!({});
}
