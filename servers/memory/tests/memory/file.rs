//! The memory file: a file seeded as the reference writes it, `MEMORY_FILE_PATH` (relative,
//! absolute inside, outside the workspace, through a symbolic link out), a damaged line,
//! atomic replacement, concurrent calls that lose nothing, read-only mode, and the binary
//! with `MCP_WORKSPACE` and `MEMORY_FILE_PATH`.

use std::os::unix::fs::MetadataExt as _;

use mcp_shared::{McpServer, Settings};
use serde_json::{Value, json};

use crate::{names, ok_on, ws, ws_with};

const BIN: &str = env!("CARGO_BIN_EXE_memory-mcp-server");

/// A file as the reference server writes it: no final newline; and lines it would skip.
const SEEDED: &str = concat!(
    r#"{"type":"entity","name":"Paris","entityType":"city","observations":["Capital of France"]}"#,
    "\n",
    r#"{"type":"entity","name":"France","entityType":"country","observations":[]}"#,
    "\n\n",
    r#"{"type":"comment","text":"not a node"}"#,
    "\n",
    r#"{"type":"relation","from":"Paris","to":"France","relationType":"is_capital_of"}"#,
    "\n"
);

#[tokio::test]
async fn a_seeded_file_at_an_absolute_path_inside_is_read_and_kept() {
    let tmp_root = std::cell::RefCell::new(None);
    let w = ws_with(
        |root| {
            std::fs::create_dir_all(root.join("repos/memory_mcp_server")).unwrap();
            std::fs::write(
                root.join("repos/memory_mcp_server/memories-for-mcp.json"),
                SEEDED,
            )
            .unwrap();
            *tmp_root.borrow_mut() = Some(root.to_path_buf());
        },
        |s| {
            let root = tmp_root.borrow().clone().unwrap();
            let file = root.join("repos/memory_mcp_server/memories-for-mcp.json");
            *s = s
                .clone()
                .with_option("memory-file-path", file.to_str().unwrap());
        },
    )
    .await;
    let g = w.json("read_graph", json!({})).await;
    assert_eq!(
        g,
        json!({
            "entities": [
                {"name": "Paris", "entityType": "city", "observations": ["Capital of France"]},
                {"name": "France", "entityType": "country", "observations": []}
            ],
            "relations": [{"from": "Paris", "to": "France", "relationType": "is_capital_of"}]
        })
    );
    w.ok(
        "add_observations",
        json!({"observations": [{"entityName": "France", "contents": ["In Europe"]}]}),
    )
    .await;
    assert_eq!(
        w.read("repos/memory_mcp_server/memories-for-mcp.json"),
        concat!(
            r#"{"type":"entity","name":"Paris","entityType":"city","observations":["Capital of France"]}"#,
            "\n",
            r#"{"type":"entity","name":"France","entityType":"country","observations":["In Europe"]}"#,
            "\n",
            r#"{"type":"relation","from":"Paris","to":"France","relationType":"is_capital_of"}"#
        )
    );
    assert!(!w.at("memory.jsonl").exists());
    w.stop().await;
}

#[tokio::test]
async fn a_relative_path_is_in_the_workspace_and_its_directory_is_made() {
    let w = ws_with(
        |_| {},
        |s| {
            *s = s
                .clone()
                .with_option("memory-file-path", "state/graph/memory.jsonl")
        },
    )
    .await;
    w.ok(
        "create_entities",
        json!({"entities": [{"name": "A", "entityType": "t"}]}),
    )
    .await;
    assert_eq!(
        w.read("state/graph/memory.jsonl"),
        r#"{"type":"entity","name":"A","entityType":"t","observations":[]}"#
    );
    w.stop().await;
}

#[test]
fn a_file_outside_the_workspace_stops_the_start() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("ws");
    std::fs::create_dir(&root).unwrap();
    for bad in [
        "../memory.jsonl",
        "/tmp/memory.jsonl",
        "~/memory.jsonl",
        "file:///tmp/memory.jsonl",
        ".",
    ] {
        let settings = Settings::default()
            .with_option("workspace", root.to_str().unwrap())
            .with_option("memory-file-path", bad);
        let Err(err) = McpServer::new(&memory_mcp_server::SPEC, settings) else {
            panic!("{bad} was accepted");
        };
        assert!(err.contains("MEMORY_FILE_PATH"), "{bad}: {err}");
    }
    assert!(!tmp.path().join("memory.jsonl").exists());
}

#[tokio::test]
async fn a_symbolic_link_out_is_refused_and_the_outside_file_untouched() {
    let w = ws().await;
    let secret = w.outside().join("memory.jsonl");
    std::fs::write(&secret, SEEDED).unwrap();
    std::os::unix::fs::symlink(&secret, w.at("memory.jsonl")).unwrap();
    let err = w.err("read_graph", json!({})).await;
    assert!(err.contains("workspace rule"), "{err}");
    let err = w
        .err(
            "create_entities",
            json!({"entities": [{"name": "X", "entityType": "t"}]}),
        )
        .await;
    assert!(err.contains("workspace rule"), "{err}");
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), SEEDED);
    w.stop().await;
}

#[tokio::test]
async fn a_damaged_line_fails_the_call_and_is_never_written_over() {
    let w = ws().await;
    let damaged = format!("{SEEDED}{{\"type\":\"entity\",\"name\":\n");
    std::fs::write(w.at("memory.jsonl"), &damaged).unwrap();
    let err = w.err("read_graph", json!({})).await;
    assert!(err.contains("line 6"), "{err}");
    let err = w
        .err(
            "create_entities",
            json!({"entities": [{"name": "X", "entityType": "t"}]}),
        )
        .await;
    assert!(
        err.contains("line 6") && err.contains("nothing was changed"),
        "{err}"
    );
    assert_eq!(w.read("memory.jsonl"), damaged);
    std::fs::write(w.at("memory.jsonl"), r#"{"type":"relation","from":"a"}"#).unwrap();
    let err = w.err("search_nodes", json!({"query": "a"})).await;
    assert!(err.contains("line 1") && err.contains("to"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn writes_replace_the_file_and_refuse_hard_links() {
    let w = ws().await;
    std::fs::write(w.at("memory.jsonl"), SEEDED).unwrap();
    let before = std::fs::metadata(w.at("memory.jsonl")).unwrap().ino();
    w.ok("delete_entities", json!({"entityNames": ["Paris"]}))
        .await;
    let after = std::fs::metadata(w.at("memory.jsonl")).unwrap().ino();
    assert_ne!(before, after, "a new file was renamed into place");
    assert_eq!(
        w.read("memory.jsonl"),
        r#"{"type":"entity","name":"France","entityType":"country","observations":[]}"#
    );
    let leftovers: Vec<_> = std::fs::read_dir(w.root())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(leftovers, ["memory.jsonl"], "no temporary file left");

    let other = w.outside().join("linked.jsonl");
    std::fs::hard_link(w.at("memory.jsonl"), &other).unwrap();
    let err = w
        .err("delete_entities", json!({"entityNames": ["France"]}))
        .await;
    assert!(err.contains("workspace rule"), "{err}");
    assert!(std::fs::read_to_string(&other).unwrap().contains("France"));
    w.stop().await;
}

#[tokio::test]
async fn concurrent_calls_from_several_clients_lose_nothing() {
    let w = ws().await;
    w.ok(
        "create_entities",
        json!({"entities": [{"name": "Hub", "entityType": "node"}]}),
    )
    .await;
    let mut clients = vec![];
    for _ in 0..4 {
        clients.push(w.server.client_with(&[]).await);
    }
    let mut calls = vec![];
    for (c, client) in clients.iter().enumerate() {
        for i in 0..8 {
            calls.push(async move {
                let name = format!("E{c}-{i}");
                ok_on(
                    client,
                    "create_entities",
                    json!({"entities": [{"name": name, "entityType": "node"}]}),
                )
                .await;
                ok_on(
                    client,
                    "add_observations",
                    json!({"observations": [{"entityName": "Hub", "contents": [name.clone()]}]}),
                )
                .await;
                ok_on(
                    client,
                    "create_relations",
                    json!({"relations": [{"from": "Hub", "to": name, "relationType": "links"}]}),
                )
                .await;
            });
        }
    }
    futures_join_all(calls).await;
    let g: Value = w.json("read_graph", json!({})).await;
    assert_eq!(g["entities"].as_array().unwrap().len(), 33);
    assert_eq!(g["relations"].as_array().unwrap().len(), 32);
    assert_eq!(
        g["entities"][0]["observations"].as_array().unwrap().len(),
        32,
        "every concurrent observation was kept"
    );
    let text = w.read("memory.jsonl");
    assert_eq!(text.lines().count(), 65);
    for c in clients {
        c.close().await;
    }
    w.stop().await;
}

/// Run every future at once on this task (no extra crate).
async fn futures_join_all<F: std::future::Future<Output = ()>>(fs: Vec<F>) {
    let mut set = Vec::new();
    for f in fs {
        set.push(Box::pin(f));
    }
    std::future::poll_fn(|cx| {
        set.retain_mut(|f| f.as_mut().poll(cx).is_pending());
        if set.is_empty() {
            std::task::Poll::Ready(())
        } else {
            std::task::Poll::Pending
        }
    })
    .await;
}

#[tokio::test]
async fn read_only_lists_and_allows_only_the_reading_tools() {
    let w = ws_with(|_| {}, |s| s.read_only = true).await;
    let listed: Vec<String> = w
        .client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(listed, ["read_graph", "search_nodes", "open_nodes"]);
    assert_eq!(names(&w.server.server).len(), 3);
    let r = w
        .client
        .call(
            "create_entities",
            json!({"entities": [{"name": "X", "entityType": "t"}]}),
        )
        .await;
    let err = r
        .expect_err("a writing tool is refused in read-only mode")
        .to_string();
    assert!(err.contains("read-only"), "{err}");
    assert!(!w.at("memory.jsonl").exists());
    w.stop().await;
}

#[test]
fn help_names_the_memory_file_option() {
    let out = std::process::Command::new(BIN)
        .arg("--help")
        .env_clear()
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("--memory-file-path") && help.contains("MEMORY_FILE_PATH"),
        "{help}"
    );
}

#[tokio::test]
async fn the_binary_over_stdio_with_its_variables() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("seed.jsonl"), SEEDED).unwrap();
    let dir = tmp.path().to_str().unwrap();
    let client = mcp_testkit::spawn_stdio(
        BIN,
        &[],
        &[("MCP_WORKSPACE", dir), ("MEMORY_FILE_PATH", "seed.jsonl")],
    )
    .await;
    let found = client
        .call_ok("search_nodes", json!({"query": "capital"}))
        .await;
    let found = match found {
        Value::String(s) => serde_json::from_str::<Value>(&s).unwrap(),
        other => other,
    };
    assert_eq!(found["entities"][0]["name"], "Paris");
    client.close().await;

    let out = std::process::Command::new(BIN)
        .env_clear()
        .env("MCP_WORKSPACE", dir)
        .env("MEMORY_FILE_PATH", "../escape.jsonl")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("MEMORY_FILE_PATH"), "{stderr}");
}
