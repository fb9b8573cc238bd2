//! The delegated permission each tool declares, named when Graph refuses its call with 403.

use crate::common::{graph_error, setup};
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::json;

const READ: &str = "Files.Read.All (or Files.ReadWrite.All)";
const WRITE: &str = "Files.ReadWrite.All";

#[tokio::test]
async fn every_tool_names_its_permission_when_graph_answers_403() {
    let s = setup().await;
    Mock::given(matchers::any())
        .respond_with(
            ResponseTemplate::new(403).set_body_json(graph_error("accessDenied", "Access denied")),
        )
        .mount(&s.fake)
        .await;
    // A workbook may be reached by a sharing URL in another user's drive: the `.All`
    // permissions cover every request of a tool.
    let cases = [
        (
            "microsoft_excel_create_workbook",
            json!({"title": "Plan"}),
            WRITE,
        ),
        (
            "microsoft_excel_list_worksheets",
            json!({"workbook_url": "W1"}),
            READ,
        ),
        (
            "microsoft_excel_create_worksheets",
            json!({"workbook_url": "W1", "sheet_names": ["Q1"]}),
            WRITE,
        ),
        (
            "microsoft_excel_get_worksheet",
            json!({"workbook_url": "W1", "range": "A1:B2"}),
            READ,
        ),
        (
            "microsoft_excel_write_to_cell",
            json!({"workbook_url": "W1", "column": "A", "row": 1, "value": "x"}),
            WRITE,
        ),
        (
            "microsoft_excel_list_tables",
            json!({"workbook_url": "W1"}),
            READ,
        ),
        (
            "microsoft_excel_get_table_rows",
            json!({"workbook_url": "W1", "table": "Table1"}),
            READ,
        ),
        (
            "microsoft_excel_add_table_rows",
            json!({"workbook_url": "W1", "table": "Table1", "values": [["x"]]}),
            WRITE,
        ),
        // The sharing URL's resolution is refused.
        (
            "microsoft_excel_list_tables",
            json!({"workbook_url": "https://contoso-my.sharepoint.com/:x:/g/personal/ada/EbW1"}),
            READ,
        ),
    ];
    mcp_testkit::assert_refusals_name_permissions(
        &s.client,
        &cases,
        "403 Forbidden (accessDenied)",
        |p| format!("this call needs the delegated permission {p}: consent to it"),
    )
    .await;
    // A refused sharing URL says which argument was being resolved.
    for (name, args, _) in &cases {
        if args["workbook_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("https://"))
        {
            let err = s.client.call_err(name, args.clone()).await;
            assert!(err.contains("Resolving `workbook_url`"), "{name}: {err}");
        }
    }
}
