//! The binary with its workspace: `--workspace DIR` and `MCP_WORKSPACE` over stdio and HTTP,
//! `--help`, and a workspace that does not exist, which stops it at start-up.

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_filesystem-mcp-server");

fn text(v: Value) -> String {
    match v {
        Value::String(s) => s,
        other => other.to_string(),
    }
}

#[test]
fn help_names_the_workspace_option() {
    let out = std::process::Command::new(BIN)
        .arg("--help")
        .env_clear()
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    assert!(
        help.contains("--workspace") && help.contains("MCP_WORKSPACE"),
        "{help}"
    );
}

#[tokio::test]
async fn stdio_with_the_workspace_flag_and_variable() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("hello.txt"), "hello from the workspace").unwrap();
    let dir = tmp.path().to_str().unwrap();
    let by_flag = mcp_testkit::spawn_stdio(BIN, &["--workspace", dir], &[]).await;
    let by_env = mcp_testkit::spawn_stdio(BIN, &[], &[("MCP_WORKSPACE", dir)]).await;
    for client in [by_flag, by_env] {
        let listed = client
            .call_ok("filesystem_list_allowed_directories", json!({}))
            .await;
        assert_eq!(text(listed), format!("Allowed directories:\n{dir}"));
        let read = client
            .call_ok("filesystem_read_text_file", json!({"path": "hello.txt"}))
            .await;
        assert_eq!(text(read), "hello from the workspace");
        let err = client
            .call_err("filesystem_read_text_file", json!({"path": "../x"}))
            .await;
        assert!(err.contains("workspace rule"), "{err}");
        client.close().await;
    }
}

#[tokio::test]
async fn http_with_a_relative_workspace() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::create_dir(tmp.path().join("data")).unwrap();
    let log = tmp.path().join("server.log");
    let mut cmd_env = vec![];
    let cwd = std::env::current_dir().unwrap();
    let data = tmp.path().join("data");
    // A path relative to the server's working directory is taken from there.
    let rel = pathdiff(&data, &cwd);
    cmd_env.push(("MCP_WORKSPACE", rel.as_str()));
    let proc = mcp_testkit::HttpProcess::spawn(BIN, &[], &cmd_env, &log).await;
    let client = mcp_testkit::connect_http(&proc.url, &[]).await;
    client
        .call_ok(
            "filesystem_write_file",
            json!({"path": "out.txt", "content": "written over HTTP"}),
        )
        .await;
    assert_eq!(
        std::fs::read_to_string(data.join("out.txt")).unwrap(),
        "written over HTTP"
    );
    client.close().await;
    assert!(proc.terminate().await.success());
}

/// `to` relative to `from` (both absolute), with `..` as needed.
fn pathdiff(to: &std::path::Path, from: &std::path::Path) -> String {
    let to: Vec<_> = to.components().collect();
    let from: Vec<_> = from.components().collect();
    let common = to.iter().zip(&from).take_while(|(a, b)| a == b).count();
    let mut parts: Vec<String> = vec!["..".to_owned(); from.len() - common];
    parts.extend(
        to[common..]
            .iter()
            .map(|c| c.as_os_str().to_string_lossy().into_owned()),
    );
    parts.join("/")
}

#[test]
fn a_missing_workspace_stops_the_server() {
    let out = std::process::Command::new(BIN)
        .args(["--workspace", "/nonexistent/workspace"])
        .env_clear()
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("/nonexistent/workspace") && stderr.contains("MCP_WORKSPACE"),
        "{stderr}"
    );
}
