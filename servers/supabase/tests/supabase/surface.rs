//! The tool surface: the catalog's 24 tools, the few beyond it, and their annotations.

use crate::common::setup;

#[tokio::test]
async fn catalog_tools_and_the_few_beyond() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "supabase");
    extra.sort();
    assert_eq!(
        extra,
        [
            "supabase_get_advisors",
            "supabase_get_edge_function",
            "supabase_list_edge_functions"
        ]
    );
    let hint = |name: &str| {
        let t = tools.iter().find(|t| t.name == name).unwrap();
        let a = t.annotations.clone().unwrap();
        (a.read_only_hint.unwrap(), a.destructive_hint.unwrap())
    };
    assert_eq!(hint("supabase_list_tables"), (true, false));
    assert_eq!(hint("supabase_execute_sql"), (false, true));
    assert_eq!(hint("supabase_apply_migration"), (false, true));
    assert_eq!(hint("supabase_delete_branch"), (false, true));
    assert_eq!(hint("supabase_create_project"), (false, false));
}
