//! Tenants, read-only mode, unreachable servers.

use bson::doc;
use mcp_shared::Settings;
use mcp_testkit::TestServer;
use serde_json::json;

use crate::wire::{Fake, cursor_reply};

#[tokio::test]
async fn two_tenants_never_share_a_client() {
    // Same server, two connection strings: each tenant's commands come on connections whose
    // handshake carries that tenant's appName, i.e. through its own driver client.
    let fake = Fake::start().await;
    let a = format!("{}&appName=tenant-a", fake.uri());
    let b = format!("{}&appName=tenant-b", fake.uri());
    fake.expect(
        doc! { "count": "c", "$db": "a" },
        doc! { "n": 1, "ok": 1.0 },
    )
    .expect(
        doc! { "count": "c", "$db": "b" },
        doc! { "n": 2, "ok": 1.0 },
    )
    .expect(
        doc! { "count": "c", "$db": "a" },
        doc! { "n": 3, "ok": 1.0 },
    );
    let server = crate::server().await;
    let ca = crate::client_for(&server, &a).await;
    let cb = crate::client_for(&server, &b).await;
    assert_eq!(
        ca.call_ok("count", json!({"database": "a", "collection": "c"}))
            .await["count"],
        1
    );
    assert_eq!(
        cb.call_ok("count", json!({"database": "b", "collection": "c"}))
            .await["count"],
        2
    );
    assert_eq!(
        ca.call_ok("count", json!({"database": "a", "collection": "c"}))
            .await["count"],
        3
    );
    fake.assert_done();
    let seen = fake.seen();
    let apps: Vec<(&str, &str)> = seen
        .iter()
        .map(|(app, cmd)| (app.as_str(), cmd.get_str("$db").unwrap()))
        .collect();
    assert_eq!(
        apps,
        vec![("tenant-a", "a"), ("tenant-b", "b"), ("tenant-a", "a")]
    );
    let hs = fake.handshakes();
    assert!(
        hs.iter().any(|h| h == "tenant-a") && hs.iter().any(|h| h == "tenant-b"),
        "{hs:?}"
    );
}

#[tokio::test]
async fn two_tenants_on_two_servers_reach_their_own() {
    let one = Fake::start().await;
    let two = Fake::start().await;
    one.expect(doc! { "dropDatabase": 1, "$db": "x" }, doc! { "ok": 1.0 });
    two.expect(doc! { "dropDatabase": 1, "$db": "y" }, doc! { "ok": 1.0 });
    let server = crate::server().await;
    let c1 = crate::client_for(&server, &one.uri()).await;
    let c2 = crate::client_for(&server, &two.uri()).await;
    let (r1, r2) = tokio::join!(
        c1.call_ok("drop-database", json!({"database": "x"})),
        c2.call_ok("drop-database", json!({"database": "y"})),
    );
    assert_eq!(
        (r1["dropped"].as_str(), r2["dropped"].as_str()),
        (Some("x"), Some("y"))
    );
    one.assert_done();
    two.assert_done();
}

async fn read_only_server() -> TestServer {
    TestServer::start(
        &mongodb_mcp_server::SPEC,
        Settings {
            read_only: true,
            ..crate::settings()
        },
    )
    .await
}

#[tokio::test]
async fn read_only_mode_hides_and_refuses_every_write() {
    let fake = Fake::start().await;
    let server = read_only_server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    let names: Vec<String> = client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    for write in [
        "insert-many",
        "update-many",
        "delete-many",
        "create-index",
        "create-collection",
        "rename-collection",
        "drop-collection",
        "drop-database",
        "atlas-create-project",
        "atlas-create-free-cluster",
        "atlas-create-access-list",
        "atlas-create-db-user",
    ] {
        assert!(
            !names.iter().any(|n| n == write),
            "{write} is listed in read-only mode"
        );
    }
    assert!(names.iter().any(|n| n == "find") && names.iter().any(|n| n == "aggregate"));
    for (tool, args) in [
        (
            "insert-many",
            json!({"database": "d", "collection": "c", "documents": [{"a": 1}]}),
        ),
        ("drop-database", json!({"database": "d"})),
        (
            "drop-collection",
            json!({"database": "d", "collection": "c"}),
        ),
    ] {
        let r = client.call(tool, args).await;
        let text = match r {
            Ok(r) => {
                assert_eq!(r.is_error, Some(true));
                mcp_testkit::text_of(&r)
            }
            Err(e) => e.to_string(),
        };
        assert!(
            text.to_lowercase().contains("read-only") || text.contains("not"),
            "{tool}: {text}"
        );
    }
    // Nothing reached the server.
    assert!(fake.seen().is_empty(), "{:?}", fake.seen());
}

#[tokio::test]
async fn read_only_mode_refuses_aggregate_stages_that_write() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "c", "pipeline": [ { "$match": {} } ], "cursor": { "batchSize": 100i64 }, "$db": "d" },
        cursor_reply("d.c", vec![]),
    );
    let server = read_only_server().await;
    let client = crate::client_for(&server, &fake.uri()).await;
    for stage in [json!({"$out": "copy"}), json!({"$merge": {"into": "copy"}})] {
        let err = client
            .call_err(
                "aggregate",
                json!({"database": "d", "collection": "c", "pipeline": [{"$match": {}}, stage]}),
            )
            .await;
        assert!(err.contains("read-only mode"), "{err}");
        let err = client
            .call_err("explain", json!({"database": "d", "collection": "c", "method": [{"name": "aggregate", "arguments": {"pipeline": [stage]}}]}))
            .await;
        assert!(err.contains("read-only mode"), "{err}");
    }
    // A pipeline that only reads still runs.
    let v = client
        .call_ok(
            "aggregate",
            json!({"database": "d", "collection": "c", "pipeline": [{"$match": {}}]}),
        )
        .await;
    assert_eq!(v["count"], 0);
    fake.assert_done();
}

#[tokio::test]
async fn aggregate_with_out_runs_outside_read_only_mode() {
    let fake = Fake::start().await;
    fake.expect(
        doc! { "aggregate": "c", "pipeline": [ { "$out": "copy" } ], "cursor": { "batchSize": 100i64 }, "$db": "d" },
        cursor_reply("d.c", vec![]),
    );
    let v = crate::call_ok(
        &fake,
        "aggregate",
        json!({"database": "d", "collection": "c", "pipeline": [{"$out": "copy"}]}),
    )
    .await;
    assert_eq!(v["count"], 0);
}

#[tokio::test]
async fn read_only_header_refuses_writing_stages_for_that_request() {
    let fake = Fake::start().await;
    let server = crate::server().await;
    let auth = crate::tenant(&fake.uri());
    let client = server
        .client_with(&[("x-auth-data", &auth), ("x-mcp-readonly", "true")])
        .await;
    let err = client
        .call_err(
            "aggregate",
            json!({"database": "d", "collection": "c", "pipeline": [{"$out": "copy"}]}),
        )
        .await;
    assert!(err.contains("read-only mode"), "{err}");
    assert!(fake.seen().is_empty());
}

#[tokio::test]
async fn unreachable_server_is_a_fast_clear_error_without_the_password() {
    let nobody = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = nobody.local_addr().unwrap().to_string();
    drop(nobody);
    let server = TestServer::start(
        &mongodb_mcp_server::SPEC,
        Settings::default().with_option("server-selection-timeout-ms", "500"),
    )
    .await;
    let uri = format!("mongodb://ada:pw-secret-99@{address}/app?directConnection=true");
    let client = crate::client_for(&server, &uri).await;
    let started = std::time::Instant::now();
    let err = client.call_err("list-databases", json!({})).await;
    assert!(
        started.elapsed() < std::time::Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(
        err.contains("Cannot reach a MongoDB server") && err.contains(&address),
        "{err}"
    );
    assert!(!err.contains("pw-secret-99"), "{err}");
}

#[tokio::test]
async fn a_bad_connection_string_or_none_is_a_clear_error() {
    let server = crate::server().await;
    let client = crate::client_for(&server, "http://nope").await;
    let err = client.call_err("list-databases", json!({})).await;
    assert!(err.contains("connection string was refused"), "{err}");
    let client = server.client_with(&[]).await;
    let err = client.call_err("list-databases", json!({})).await;
    assert!(
        err.contains("connection_string") && err.contains("x-auth-data"),
        "{err}"
    );
}

#[test]
fn the_binary_lists_atlas_only_with_atlas_credentials() {
    use mongodb_mcp_server::{SPEC, SPEC_WITHOUT_ATLAS, spec_for};
    let none = |_: &str| None::<String>;
    assert!(std::ptr::eq(spec_for(none), &SPEC_WITHOUT_ATLAS));
    let env = |k: &str| match k {
        "MDB_MCP_API_CLIENT_ID" => Some("mdb_sa_id".to_owned()),
        "MDB_MCP_API_CLIENT_SECRET" => Some("s".to_owned()),
        _ => None,
    };
    assert!(std::ptr::eq(spec_for(env), &SPEC));
    let auth = |k: &str| {
        (k == "AUTH_DATA").then(|| r#"{"api_client_id":"i","api_client_secret":"s"}"#.to_owned())
    };
    assert!(std::ptr::eq(spec_for(auth), &SPEC));
    let listed = |spec: &'static mcp_shared::ServerSpec| {
        mcp_shared::McpServer::new(spec, Settings::default())
            .unwrap()
            .tools()
            .iter()
            .filter(|t| t.name.starts_with("atlas-"))
            .count()
    };
    assert_eq!(listed(&SPEC), 12);
    assert_eq!(listed(&SPEC_WITHOUT_ATLAS), 0);
    let opted_in = mcp_shared::McpServer::new(
        &SPEC_WITHOUT_ATLAS,
        Settings {
            toolsets: Some(vec!["database".into(), "atlas".into()]),
            ..Settings::default()
        },
    )
    .unwrap();
    assert_eq!(
        opted_in
            .tools()
            .iter()
            .filter(|t| t.name.starts_with("atlas-"))
            .count(),
        12
    );
}
