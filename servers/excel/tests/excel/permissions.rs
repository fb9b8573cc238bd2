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
    let mut listed: Vec<String> = s
        .client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    listed.sort();
    let mut covered: Vec<String> = cases.iter().map(|c| c.0.to_owned()).collect();
    covered.sort();
    covered.dedup();
    assert_eq!(listed, covered, "every tool is in the table");
    for (name, args, permission) in cases {
        let err = s.client.call_err(name, args.clone()).await;
        assert!(
            err.contains("403 Forbidden (accessDenied)"),
            "{name}: {err}"
        );
        assert!(
            err.contains(&format!(
                "this call needs the delegated permission {permission}: consent to it"
            )),
            "{name}: {err}"
        );
        if args["workbook_url"]
            .as_str()
            .is_some_and(|u| u.starts_with("https://"))
        {
            assert!(err.contains("Resolving `workbook_url`"), "{err}");
        }
    }
}
