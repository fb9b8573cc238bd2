//! Read-only mode, allow/deny lists by flags and by per-request headers (narrowing only).

use mcp_shared::{McpServer, Settings};
use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{TestServer, auth_data, settings_for};
use serde_json::json;

use crate::acme::SPEC;

async fn listed(settings: Settings, headers: &[(&str, &str)]) -> Vec<String> {
    let server = TestServer::start(&SPEC, settings).await;
    let client = server.client_with(headers).await;
    let names = client
        .list_tools()
        .await
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    client.close().await;
    server.stop().await;
    names
}

fn base() -> Settings {
    settings_for("http://127.0.0.1:9")
}

#[tokio::test]
async fn flags_select_tools() {
    assert_eq!(
        listed(base(), &[]).await,
        [
            "acme_get_thing",
            "acme_create_thing",
            "acme_slow",
            "acme_delete_thing"
        ]
    );
    let ro = Settings {
        read_only: true,
        ..base()
    };
    assert_eq!(listed(ro, &[]).await, ["acme_get_thing", "acme_slow"]);
    let ts = Settings {
        toolsets: Some(vec!["admin".into()]),
        ..base()
    };
    assert_eq!(listed(ts, &[]).await, ["acme_delete_thing"]);
    let tl = Settings {
        tools: Some(vec!["acme_create_thing".into()]),
        ..base()
    };
    assert_eq!(listed(tl, &[]).await, ["acme_create_thing"]);
    let both = Settings {
        toolsets: Some(vec!["admin".into()]),
        tools: Some(vec!["acme_get_thing".into()]),
        ..base()
    };
    assert_eq!(
        listed(both, &[]).await,
        ["acme_get_thing", "acme_delete_thing"]
    );
    let ex = Settings {
        toolsets: Some(vec!["all".into()]),
        exclude_tools: vec!["acme_delete_thing".into(), "acme_slow".into()],
        ..base()
    };
    assert_eq!(
        listed(ex, &[]).await,
        [
            "acme_get_thing",
            "acme_create_thing",
            "acme_get_invoice",
            "acme_wait_job",
            "acme_fetch",
            "acme_upload"
        ]
    );
}

#[test]
fn unknown_names_fail_start_up_clearly() {
    let err = McpServer::new(
        &SPEC,
        Settings {
            toolsets: Some(vec!["nope".into()]),
            ..base()
        },
    )
    .err()
    .unwrap_or_default();
    assert!(
        err.contains("unknown toolset `nope`") && err.contains("things"),
        "{err}"
    );
    let err = McpServer::new(
        &SPEC,
        Settings {
            exclude_tools: vec!["acme_nope".into()],
            ..base()
        },
    )
    .err()
    .unwrap_or_default();
    assert!(err.contains("unknown tool `acme_nope`"), "{err}");
    let err = McpServer::new(
        &SPEC,
        Settings {
            api_base_url: Some("not a url".into()),
            ..base()
        },
    )
    .err()
    .unwrap_or_default();
    assert!(err.contains("ACME_API_BASE_URL"), "{err}");
}

#[tokio::test]
async fn hidden_tools_cannot_be_called() {
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &SPEC,
        Settings {
            read_only: true,
            ..settings_for(&fake.uri())
        },
    )
    .await;
    let client = server.client("t").await;
    let err = client
        .call_protocol_err("acme_create_thing", json!({"name": "x"}))
        .await;
    assert!(
        err.contains("not available") && err.contains("read-only"),
        "{err}"
    );
    let err = client
        .call_protocol_err("acme_nonexistent", json!({}))
        .await;
    assert!(err.contains("unknown tool `acme_nonexistent`"), "{err}");
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(0));
}

#[tokio::test]
async fn headers_narrow_per_request() {
    let auth = auth_data("t");
    let h =
        |k: &'static str, v: &'static str| vec![("x-auth-data", auth.clone()), (k, v.to_owned())];
    let as_refs = |v: &Vec<(&'static str, String)>| {
        v.iter().map(|(k, v)| (*k, v.clone())).collect::<Vec<_>>()
    };
    for (headers, want) in [
        (
            h("x-mcp-readonly", "true"),
            vec!["acme_get_thing", "acme_slow"],
        ),
        (h("x-mcp-toolsets", "admin"), vec!["acme_delete_thing"]),
        (
            h("x-mcp-tools", "acme_get_thing,acme_slow"),
            vec!["acme_get_thing", "acme_slow"],
        ),
        (
            h("x-mcp-exclude-tools", "acme_slow"),
            vec!["acme_get_thing", "acme_create_thing", "acme_delete_thing"],
        ),
        (
            h("x-mcp-readonly", "false"),
            vec![
                "acme_get_thing",
                "acme_create_thing",
                "acme_slow",
                "acme_delete_thing",
            ],
        ),
    ] {
        let pairs = as_refs(&headers);
        let refs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_eq!(listed(base(), &refs).await, want, "{headers:?}");
    }
    // Headers never widen what the process allows.
    let ro = Settings {
        read_only: true,
        ..base()
    };
    assert_eq!(
        listed(
            ro,
            &[("x-mcp-readonly", "false"), ("x-mcp-toolsets", "all")]
        )
        .await,
        ["acme_get_thing", "acme_slow"]
    );
    let things = Settings {
        toolsets: Some(vec!["things".into()]),
        ..base()
    };
    assert!(
        listed(things, &[("x-mcp-toolsets", "admin")])
            .await
            .is_empty()
    );
}

#[tokio::test]
async fn header_scoping_blocks_calls() {
    let fake = MockServer::start().await;
    let server = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let auth = auth_data("t");
    let client = server
        .client_with(&[("x-auth-data", &auth), ("x-mcp-readonly", "1")])
        .await;
    let err = client
        .call_protocol_err("acme_delete_thing", json!({"id": 1}))
        .await;
    assert!(err.contains("X-MCP-* headers"), "{err}");
    assert_eq!(fake.received_requests().await.map(|r| r.len()), Some(0));
}

#[tokio::test]
async fn official_naming_lists_one_naming_only() {
    let fake = MockServer::start().await;
    mcp_testkit::expect("GET", "/things/7")
        .bearer("t")
        .respond(&fake, 200, crate::acme::thing(7))
        .await;
    let settings = Settings {
        profile: mcp_shared::Profile::Official,
        ..settings_for(&fake.uri())
    };
    let server = TestServer::start(&SPEC, settings).await;
    let client = server.client("t").await;
    let names: Vec<String> = client
        .list_tools()
        .await
        .into_iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(names, ["get-thing", "slow-official"]);
    assert_eq!(client.call_ok("get-thing", json!({"id": 7})).await["id"], 7);
    let err = client
        .call_protocol_err("acme_get_thing", json!({"id": 7}))
        .await;
    assert!(err.contains("unknown tool"), "{err}");
    // Tool selection flags use the names of the chosen naming.
    let only = Settings {
        profile: mcp_shared::Profile::Official,
        tools: Some(vec!["get-thing".into()]),
        ..base()
    };
    assert!(McpServer::new(&SPEC, only).is_ok());
}

#[tokio::test]
async fn extra_apis_have_their_own_base_url_and_the_same_error_model() {
    let main = MockServer::start().await;
    let billing = MockServer::start().await;
    mcp_testkit::expect("GET", "/invoices/3")
        .bearer("t")
        .respond(&billing, 200, json!({"id": 3, "total": 12}))
        .await;
    let mut settings = settings_for(&main.uri()).with_api("billing", &billing.uri());
    settings.toolsets = Some(vec!["billing".into()]);
    let server = TestServer::start(&SPEC, settings).await;
    let client = server.client("t").await;
    assert_eq!(
        client.call_ok("acme_get_invoice", json!({"id": 3})).await["total"],
        12
    );
    let err = client.call_err("acme_get_invoice", json!({"id": 4})).await;
    assert!(err.starts_with("Acme Billing API error 404"), "{err}");
    assert_eq!(main.received_requests().await.map(|r| r.len()), Some(0));
}

/// A read tool learns whether its call runs in read-only mode: from the process's
/// `--read-only` or from one request's `X-MCP-Readonly`, which cannot turn it off.
#[tokio::test]
async fn tools_see_read_only_mode() {
    let fake = MockServer::start().await;
    mcp_testkit::expect("GET", "/things/1")
        .bearer("tok")
        .times(4)
        .respond(&fake, 200, json!({"id": 1}))
        .await;
    let read_only = |v: &serde_json::Value| v.get("read_only").cloned();
    let open = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let plain = open.client("tok").await;
    assert_eq!(
        read_only(&plain.call_ok("acme_get_thing", json!({"id": 1})).await),
        None
    );
    let via_header = open
        .client_with(&[
            ("x-auth-data", &auth_data("tok")),
            ("x-mcp-readonly", "true"),
        ])
        .await;
    assert_eq!(
        read_only(&via_header.call_ok("acme_get_thing", json!({"id": 1})).await),
        Some(json!(true))
    );
    let mut settings = settings_for(&fake.uri());
    settings.read_only = true;
    let locked = TestServer::start(&SPEC, settings).await;
    for header in ["false", "true"] {
        let client = locked
            .client_with(&[
                ("x-auth-data", &auth_data("tok")),
                ("x-mcp-readonly", header),
            ])
            .await;
        assert_eq!(
            read_only(&client.call_ok("acme_get_thing", json!({"id": 1})).await),
            Some(json!(true))
        );
    }
}

/// A server's own switch: off by default, on for the process, or on for one request by its
/// header (which cannot turn it off); an unknown switch fails start-up.
#[tokio::test]
async fn server_flags_per_process_and_per_request() {
    let fake = MockServer::start().await;
    mcp_testkit::expect("GET", "/things/1")
        .bearer("tok")
        .times(4)
        .respond(&fake, 200, json!({"id": 1}))
        .await;
    let cautious = |v: &serde_json::Value| v.get("cautious").cloned();
    let off = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let plain = off.client("tok").await;
    assert_eq!(
        cautious(&plain.call_ok("acme_get_thing", json!({"id": 1})).await),
        None
    );
    let via_header = off
        .client_with(&[
            ("x-auth-data", &auth_data("tok")),
            ("x-mcp-cautious", "true"),
        ])
        .await;
    assert_eq!(
        cautious(&via_header.call_ok("acme_get_thing", json!({"id": 1})).await),
        Some(json!(true))
    );
    let on = TestServer::start(
        &SPEC,
        Settings {
            flags: vec!["cautious".into()],
            ..settings_for(&fake.uri())
        },
    )
    .await;
    // A header cannot turn a process switch off.
    let client = on
        .client_with(&[
            ("x-auth-data", &auth_data("tok")),
            ("x-mcp-cautious", "false"),
        ])
        .await;
    assert_eq!(
        cautious(&client.call_ok("acme_get_thing", json!({"id": 1})).await),
        Some(json!(true))
    );
    assert_eq!(
        cautious(
            &on.client("tok")
                .await
                .call_ok("acme_get_thing", json!({"id": 1}))
                .await
        ),
        Some(json!(true))
    );
    let err = McpServer::new(
        &SPEC,
        Settings {
            flags: vec!["reckless".into()],
            ..base()
        },
    )
    .err()
    .unwrap_or_default();
    assert!(err.contains("unknown switch `reckless`"), "{err}");
}

/// A server's own valued option: absent unless given, seen by tools; an unknown option fails
/// start-up.
#[tokio::test]
async fn server_options_reach_tools() {
    let fake = MockServer::start().await;
    mcp_testkit::expect("GET", "/things/1")
        .bearer("tok")
        .times(2)
        .respond(&fake, 200, json!({"id": 1}))
        .await;
    let plain = TestServer::start(&SPEC, settings_for(&fake.uri())).await;
    let v = plain
        .client("tok")
        .await
        .call_ok("acme_get_thing", json!({"id": 1}))
        .await;
    assert_eq!(v.get("label"), None);
    let labelled = TestServer::start(
        &SPEC,
        settings_for(&fake.uri()).with_option("label", "blue"),
    )
    .await;
    let v = labelled
        .client("tok")
        .await
        .call_ok("acme_get_thing", json!({"id": 1}))
        .await;
    assert_eq!(v["label"], "blue");
    let err = McpServer::new(&SPEC, base().with_option("colour", "red"))
        .err()
        .unwrap_or_default();
    assert!(err.contains("unknown option `colour`"), "{err}");
}
