//! The permissions tools declare (`ToolDef::scopes`): the declarations themselves, and a
//! vendor's 403 to each tool naming its tool's permission.

use mcp_shared::ServerSpec;
use serde_json::Value;

use crate::Client;

/// Every tool of `spec`, in the spec's order, declares exactly the permission `expected`
/// gives it.
pub fn assert_declared_scopes(spec: &ServerSpec, expected: &[(&str, &str)]) {
    let declared: Vec<(String, Option<&str>)> = (spec.tools)()
        .iter()
        .map(|t| (t.name().to_owned(), t.required_scopes()))
        .collect();
    let expected: Vec<(String, Option<&str>)> = expected
        .iter()
        .map(|(n, s)| ((*n).to_owned(), Some(*s)))
        .collect();
    assert_eq!(declared, expected);
}

/// With a fake vendor that answers 403 to everything: each case `(tool, arguments,
/// permission)` fails with an error that contains `status` (the vendor's status and code as
/// the error shows them) and `names(permission)`; the cases cover every listed tool.
pub async fn assert_refusals_name_permissions(
    client: &Client,
    cases: &[(&str, Value, &str)],
    status: &str,
    names: impl Fn(&str) -> String,
) {
    let mut listed: Vec<String> = client
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
        let err = client.call_err(name, args.clone()).await;
        assert!(err.contains(status), "{name}: {err}");
        assert!(err.contains(&names(permission)), "{name}: {err}");
    }
}
