//! The tool surface: the catalog's 9 tools, the two beyond it, and their annotations.

use crate::common::setup;

#[tokio::test]
async fn catalog_tools_and_the_few_beyond() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "mixpanel");
    extra.sort();
    assert_eq!(
        extra,
        ["mixpanel_export_events", "mixpanel_list_saved_funnels"]
    );
    for t in &tools {
        let ro = t.annotations.clone().unwrap().read_only_hint.unwrap();
        assert_eq!(ro, t.name != "mixpanel_send_events", "{}", t.name);
    }
    let funnels = tools
        .iter()
        .find(|t| t.name == "mixpanel_run_funnels_query")
        .unwrap();
    assert_eq!(
        funnels.input_schema["properties"]["project_id"]["type"],
        serde_json::json!(["string", "integer"])
    );
}
