//! Dynamic toolsets: sessions start with the three dynamic tools, enable toolsets at run time,
//! are told with `tools/list_changed`, and never see another session's toolsets.

use mcp_shared::Settings;
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{Client, TestServer, expect, settings_for};
use serde_json::{Value, json};

use crate::acme::SPEC;

const META: [&str; 3] = [
    "acme_list_available_toolsets",
    "acme_get_toolset_tools",
    "acme_enable_toolset",
];

async fn names(c: &Client) -> Vec<String> {
    c.list_tools()
        .await
        .into_iter()
        .map(|t| t.name.to_string())
        .collect()
}

fn dynamic(fake: &MockServer) -> Settings {
    Settings {
        dynamic_toolsets: true,
        ..settings_for(&fake.uri())
    }
}

fn toolset<'a>(list: &'a Value, name: &str) -> &'a Value {
    list["toolsets"]
        .as_array()
        .and_then(|a| a.iter().find(|t| t["name"] == name))
        .unwrap_or_else(|| panic!("toolset {name} in {list}"))
}

#[tokio::test]
async fn sessions_start_small_and_enable_toolsets_on_their_own() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, dynamic(&fake)).await;
    let a = server.client("tok-a").await;
    let b = server.client("tok-b").await;
    assert!(
        a.inner
            .peer_info()
            .and_then(|i| i.capabilities.tools.as_ref().and_then(|t| t.list_changed))
            .unwrap_or(false),
        "the server must announce tools.listChanged"
    );
    assert_eq!(names(&a).await, META);

    let sets = a.call_ok("acme_list_available_toolsets", json!({})).await;
    let things = toolset(&sets, "things");
    assert_eq!(things["currently_enabled"], false);
    assert_eq!(things["can_enable"], true);
    assert_eq!(things["tools"], 3);

    let tools = a
        .call_ok("acme_get_toolset_tools", json!({"toolset": "admin"}))
        .await;
    assert_eq!(tools["tools"][0]["name"], "acme_delete_thing");
    assert_eq!(tools["currently_enabled"], false);

    // A tool of a toolset the session has not enabled: a clear protocol error.
    let err = a
        .call_protocol_err("acme_get_thing", json!({"id": 1}))
        .await;
    assert!(
        err.contains("acme_enable_toolset") && err.contains("\"things\""),
        "{err}"
    );

    let enabled = a
        .call_ok("acme_enable_toolset", json!({"toolset": "things"}))
        .await;
    assert_eq!(enabled["already_enabled"], false);
    assert_eq!(
        enabled["tools"],
        json!(["acme_get_thing", "acme_create_thing", "acme_slow"])
    );
    assert_eq!(a.wait_tool_list_changed(1).await, 1);
    let listed = names(&a).await;
    assert!(listed.contains(&"acme_get_thing".to_owned()), "{listed:?}");
    assert!(
        !listed.contains(&"acme_delete_thing".to_owned()),
        "{listed:?}"
    );
    expect("GET", "/things/1")
        .bearer("tok-a")
        .respond(&fake, 200, json!({"id": 1}))
        .await;
    assert_eq!(a.call_ok("acme_get_thing", json!({"id": 1})).await["id"], 1);

    // Enabling it again changes nothing and is said so.
    let again = a
        .call_ok("acme_enable_toolset", json!({"toolset": "things"}))
        .await;
    assert_eq!(again["already_enabled"], true);
    let sets = a.call_ok("acme_list_available_toolsets", json!({})).await;
    assert_eq!(toolset(&sets, "things")["currently_enabled"], true);

    // Another session (another tenant) still has only the dynamic tools.
    assert_eq!(names(&b).await, META);
    assert_eq!(b.tool_list_changed(), 0);
    let err = b
        .call_protocol_err("acme_get_thing", json!({"id": 1}))
        .await;
    assert!(err.contains("has not enabled"), "{err}");
    // A new session of the same server too.
    assert_eq!(names(&server.client("tok-a").await).await, META);
}

#[tokio::test]
async fn initial_toolsets_read_only_and_bad_names() {
    let fake = MockServer::start().await;
    let settings = Settings {
        toolsets: Some(vec!["things".into(), "admin".into()]),
        read_only: true,
        ..dynamic(&fake)
    };
    let server = TestServer::start(&SPEC, settings).await;
    let c = server.client("tok").await;
    // `--toolsets` is what sessions start with; read-only mode still applies.
    assert_eq!(
        names(&c).await,
        [
            "acme_get_thing",
            "acme_slow",
            "acme_list_available_toolsets",
            "acme_get_toolset_tools",
            "acme_enable_toolset"
        ]
    );
    let sets = c.call_ok("acme_list_available_toolsets", json!({})).await;
    assert_eq!(toolset(&sets, "admin")["can_enable"], false);
    assert_eq!(toolset(&sets, "billing")["can_enable"], true);
    let err = c
        .call_err("acme_enable_toolset", json!({"toolset": "admin"}))
        .await;
    assert!(err.contains("no tool this server allows"), "{err}");
    let err = c
        .call_err("acme_enable_toolset", json!({"toolset": "nope"}))
        .await;
    assert!(
        err.contains("unknown toolset `nope`") && err.contains("billing"),
        "{err}"
    );
    assert_eq!(c.tool_list_changed(), 0);
}

#[tokio::test]
async fn stateless_requests_cannot_enable_toolsets() {
    let fake = MockServer::start().await;
    let settings = Settings {
        stateless: true,
        ..dynamic(&fake)
    };
    let server = TestServer::start(&SPEC, settings).await;
    let c = server.client("tok").await;
    assert_eq!(names(&c).await, META);
    let err = c
        .call_err("acme_enable_toolset", json!({"toolset": "things"}))
        .await;
    assert!(
        err.contains("need an MCP session") && err.contains("X-MCP-Toolsets"),
        "{err}"
    );
}

#[tokio::test]
async fn official_names_and_off_by_default() {
    let fake = MockServer::start().await;
    let official = TestServer::start(
        &SPEC,
        Settings {
            profile: mcp_shared::Profile::Official,
            ..dynamic(&fake)
        },
    )
    .await;
    let c = official.client("tok").await;
    assert_eq!(
        names(&c).await,
        [
            "list_available_toolsets",
            "get_toolset_tools",
            "enable_toolset"
        ]
    );
    let enabled = c
        .call_ok("enable_toolset", json!({"toolset": "things"}))
        .await;
    assert_eq!(enabled["tools"], json!(["get-thing", "slow-official"]));
    expect("GET", "/things/5")
        .bearer("tok")
        .respond(&fake, 200, json!({"id": 5}))
        .await;
    assert_eq!(c.call_ok("get-thing", json!({"id": 5})).await["id"], 5);

    // Without --dynamic-toolsets there are no dynamic tools.
    let plain = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let listed = names(&plain.client("tok").await).await;
    assert!(!listed.iter().any(|n| n.contains("toolset")), "{listed:?}");
}
