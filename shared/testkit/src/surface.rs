//! Checks of a server's listed surface beyond the standard suite's: its tools beyond the
//! catalog, its annotations tool by tool, the catalog's enums and defaults in its schemas.

use serde_json::Value;

/// The names of the tools a server lists with these settings (against an unused fake), sorted.
pub async fn listed_tools(
    spec: &'static mcp_shared::ServerSpec,
    adjust: impl FnOnce(&mut mcp_shared::Settings),
) -> Vec<String> {
    let fake = wiremock::MockServer::start().await;
    let mut settings = crate::settings_for(&fake.uri());
    adjust(&mut settings);
    let server = crate::TestServer::start(spec, settings).await;
    let client = server.client("unused").await;
    let mut names: Vec<String> = client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    client.close().await;
    server.stop().await;
    names.sort();
    names
}

/// The schema of `tool`'s parameter `param` (`null` when there is none).
pub fn param_schema(tools: &[rmcp::model::Tool], tool: &str, param: &str) -> Value {
    let t = tools
        .iter()
        .find(|t| t.name == tool)
        .unwrap_or_else(|| panic!("{tool} is not listed"));
    Value::Object((*t.input_schema).clone())["properties"][param].clone()
}

/// The listed tools beyond the catalog's entry for `service` are exactly `want`.
pub fn assert_beyond_catalog(tools: &[rmcp::model::Tool], service: &str, want: &[&str]) {
    let mut extra = crate::tools_beyond_catalog(tools, service);
    extra.sort();
    let mut want: Vec<String> = want.iter().map(|s| (*s).to_owned()).collect();
    want.sort();
    assert_eq!(extra, want, "the tools beyond the catalog");
}

/// Each tool's annotations say what it does: read-only exactly where `read` says, destructive
/// exactly for `destructive`, idempotent for the reads and `idempotent_writes`, open-world for
/// all (every tool calls its vendor).
pub fn assert_annotations(
    tools: &[rmcp::model::Tool],
    read: impl Fn(&str) -> bool,
    destructive: &[&str],
    idempotent_writes: &[&str],
) {
    for tool in tools {
        let name = tool.name.as_ref();
        let a = tool
            .annotations
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no annotations"));
        let reads = read(name);
        assert_eq!(a.read_only_hint, Some(reads), "{name}: readOnlyHint");
        assert_eq!(
            a.destructive_hint,
            Some(destructive.contains(&name)),
            "{name}: destructiveHint"
        );
        assert_eq!(
            a.idempotent_hint,
            Some(reads || idempotent_writes.contains(&name)),
            "{name}: idempotentHint"
        );
        assert_eq!(a.open_world_hint, Some(true), "{name}: openWorldHint");
    }
}

/// The catalog's enums (of values and of array items), defaults and string item types for
/// `service`'s tools are what the listed schemas declare, but for the `(tool, param)` pairs in
/// `no_default` (a default the server cannot declare, documented in its description). Returns
/// how many enums and defaults were compared.
pub fn assert_catalog_enums_and_defaults(
    tools: &[rmcp::model::Tool],
    service: &str,
    no_default: &[(&str, &str)],
) -> usize {
    let entry = crate::catalog_entry(service);
    let mut checked = 0;
    for ct in entry["tools"].as_array().into_iter().flatten() {
        let name = ct["name"].as_str().unwrap_or_default();
        for p in ct["params"].as_array().into_iter().flatten() {
            let param = p["name"].as_str().unwrap_or_default();
            let prop = param_schema(tools, name, param);
            if let Some(e) = p.get("enum") {
                assert_eq!(&prop["enum"], e, "{name}.{param}: enum");
                checked += 1;
            }
            if let Some(e) = p.get("items_enum") {
                assert_eq!(&prop["items"]["enum"], e, "{name}.{param}: items enum");
                checked += 1;
            }
            if let Some(d) = p.get("default") {
                if no_default.contains(&(name, param)) {
                    assert!(prop.get("default").is_none(), "{name}.{param}: default");
                } else {
                    assert_eq!(&prop["default"], d, "{name}.{param}: default");
                    checked += 1;
                }
            }
            if p["items"] == "string" {
                assert_eq!(prop["items"]["type"], "string", "{name}.{param}: items");
            }
        }
    }
    checked
}
