//! Profiles (`--profile`): one declaration per tool lists it under a benchmark's or the
//! vendor's own names and parameter names; a profile's own tools appear only there; the
//! handler sees our parameter names and the profile it runs under.

use mcp_shared::{
    Ctx, Effect, McpServer, Profile, ServerSpec, Settings, ToolDef, ToolError, Toolset, tool,
};
use mcp_testkit::TestServer;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Search the things.
#[derive(Deserialize, JsonSchema)]
struct Search {
    /// What to look for.
    query: String,
    /// How many.
    limit: Option<u32>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    Ok(json!({"query": a.query, "limit": a.limit, "profile": ctx.profile().name()}))
}

/// Atlas's own tool.
#[derive(Deserialize, JsonSchema)]
struct Only {}

async fn only(_ctx: Ctx, _a: Only) -> Result<Value, ToolError> {
    Ok(json!({"only": true}))
}

fn tools() -> Vec<ToolDef> {
    vec![
        tool("probe_search", "Search", Effect::Read, search)
            .toolset("probe")
            .profile(Profile::Atlas, "search_things")
            .profile_param(Profile::Atlas, "query", "q")
            .official_name("search"),
        tool("atlas_only", "Only", Effect::Read, only)
            .toolset("probe")
            .only_in(&[Profile::Atlas]),
    ]
}

static SPEC: ServerSpec = ServerSpec {
    service: "probe",
    display_name: "Probe",
    binary: "probe-mcp-server",
    version: "0",
    toolsets: &[Toolset {
        name: "probe",
        description: "The probe.",
        default: true,
    }],
    tools,
    auth: mcp_shared::Auth::None,
    ..ServerSpec::DEFAULT
};

fn under(profile: Profile) -> Settings {
    Settings {
        profile,
        ..mcp_testkit::settings_for("http://127.0.0.1:9")
    }
}

#[tokio::test]
async fn each_profile_lists_its_names_and_parameters() {
    let names = |p: Profile| -> Vec<String> {
        McpServer::new(&SPEC, under(p))
            .map(|s| s.tool_defs().map(|d| d.name().to_owned()).collect())
            .unwrap_or_default()
    };
    assert_eq!(names(Profile::Default), ["probe_search"]);
    assert_eq!(names(Profile::Atlas), ["search_things", "atlas_only"]);
    assert_eq!(names(Profile::Official), ["search"]);
    let server = TestServer::start(&SPEC, under(Profile::Atlas)).await;
    let client = server.client_with(&[]).await;
    let listed = client.list_tools().await;
    let schema = &listed
        .iter()
        .find(|t| t.name == "search_things")
        .map(|t| Value::Object((*t.input_schema).clone()))
        .unwrap_or_default();
    assert!(schema["properties"].get("q").is_some(), "{schema}");
    assert!(schema["properties"].get("query").is_none(), "{schema}");
    assert_eq!(schema["required"], json!(["q"]), "{schema}");
    // A call with their parameter name reaches the tool as ours, and it sees the profile.
    let v = client
        .call_ok("search_things", json!({"q": "bolts", "limit": 2}))
        .await;
    assert_eq!(v, json!({"query": "bolts", "limit": 2, "profile": "atlas"}));
    // A wrong value is refused naming the parameter as this profile calls it.
    let err = client.call_err("search_things", json!({"q": 5})).await;
    assert!(err.contains("`q`") && !err.contains("`query`"), "{err}");
    // Our name is not one of this profile's tools.
    let err = client
        .call("probe_search", json!({"query": "x"}))
        .await
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(err.contains("unknown tool `probe_search`"), "{err}");
    server.stop().await;
    // The default profile takes our names.
    let server = TestServer::start(&SPEC, under(Profile::Default)).await;
    let client = server.client_with(&[]).await;
    let v = client
        .call_ok("probe_search", json!({"query": "nuts"}))
        .await;
    assert_eq!(v["profile"], "default");
    server.stop().await;
}

#[test]
fn a_profile_the_server_lacks_is_refused_at_start_naming_those_it_has() {
    let err = McpServer::new(&SPEC, under(Profile::Toolathlon))
        .err()
        .unwrap_or_default();
    assert!(err.contains("no `toolathlon` profile"), "{err}");
    assert!(err.contains("default, atlas, official"), "{err}");
    assert_eq!(
        mcp_shared::docs::profiles(&SPEC),
        [
            (Profile::Default, 1),
            (Profile::Atlas, 2),
            (Profile::Official, 1)
        ]
    );
    let md = mcp_shared::docs::profiles_markdown(&SPEC).unwrap_or_default();
    assert!(
        md.contains(
            "| `atlas` | `probe_atlas` | `probe-mcp-server --profile atlas --toolsets all` | 2 |"
        ),
        "{md}"
    );
    assert!(
        md.contains("`--profile atlas`: `search_things`, `atlas_only`."),
        "{md}"
    );
    assert_eq!(Profile::parse(" Atlas "), Some(Profile::Atlas));
    assert_eq!(Profile::parse("nope"), None);
}
