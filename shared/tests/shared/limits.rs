//! Size bounds of string arguments: listed in the input schema as `maxLength`, enforced
//! before the arguments are decoded (the vendor never sees an oversized value).

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, settings_for};
use serde_json::json;

use crate::acme::SPEC;

#[tokio::test]
async fn oversized_string_arguments_are_refused_naming_the_argument_and_limit() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let client = server.client("tok").await;
    let tools = client.list_tools().await;
    let create = tools
        .iter()
        .find(|t| t.name == "acme_create_thing")
        .expect("acme_create_thing");
    // Names are short; other text has the free-text bound.
    assert_eq!(create.input_schema["properties"]["name"]["maxLength"], 1024);
    assert_eq!(
        create.input_schema["properties"]["colour"]["maxLength"],
        65536
    );
    let text = client
        .call_err(
            "acme_create_thing",
            json!({"name": "x".repeat(2 * 1024 * 1024)}),
        )
        .await;
    assert!(
        text.contains("argument `name` is too long")
            && text.contains("2097152 characters")
            && text.contains("the limit is 1024"),
        "{text}"
    );
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(0));
    client.close().await;
    server.stop().await;
}

/// The check every contract test makes on `structuredContent` (`mcp-testkit`): a result that
/// breaks its tool's `outputSchema` (a negative count in a `minimum: 0` field, a required
/// field missing) is reported, naming where.
#[test]
fn structured_content_is_checked_against_the_output_schema() {
    let schema = json!({
        "type": "object",
        "properties": {
            "spreadsheetId": {"type": "string"},
            "updatedCells": {"type": "integer", "minimum": 0}
        },
        "required": ["spreadsheetId"]
    });
    let ok = json!({"spreadsheetId": "s1", "updatedCells": 3});
    assert!(mcp_testkit::structured_content_errors(&schema, &ok).is_empty());
    let errors = mcp_testkit::structured_content_errors(&schema, &json!({"updatedCells": -1}));
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(
        errors.iter().any(|e| e.contains("spreadsheetId")),
        "{errors:?}"
    );
    assert!(
        errors.iter().any(|e| e.contains("/updatedCells")),
        "{errors:?}"
    );
}
