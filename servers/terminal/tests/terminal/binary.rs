//! The binary: its help, Klavis's variables (`ALLOWED_DIR` as the workspace,
//! `ALLOW_SHELL_OPERATORS`), and `ALLOWED_COMMANDS=all`, which stops it at start-up unless
//! `--allow-all-commands` is given.

use serde_json::json;

const BIN: &str = env!("CARGO_BIN_EXE_terminal-mcp-server");

#[test]
fn help_names_the_rules_and_the_boundary() {
    let out = std::process::Command::new(BIN)
        .arg("--help")
        .env_clear()
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for s in [
        "--workspace",
        "ALLOWED_DIR",
        "ALLOWED_COMMANDS",
        "ALLOWED_FLAGS",
        "MAX_COMMAND_LENGTH",
        "COMMAND_TIMEOUT",
        "ALLOW_SHELL_OPERATORS",
        "--allow-all-commands",
        "only boundary",
    ] {
        assert!(help.contains(s), "{s}: {help}");
    }
}

#[test]
fn all_commands_without_the_flag_stop_the_binary() {
    let tmp = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(BIN)
        .env_clear()
        .env("ALLOWED_DIR", tmp.path())
        .env("ALLOWED_COMMANDS", "all")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--allow-all-commands"), "{err}");
}

#[tokio::test]
async fn klavis_variables_over_stdio() {
    let tmp = tempfile::tempdir().unwrap();
    std::fs::write(tmp.path().join("hello.txt"), "hello from the workspace\n").unwrap();
    let dir = tmp.path().to_str().unwrap();
    let client = mcp_testkit::spawn_stdio(
        BIN,
        &[],
        &[
            ("ALLOWED_DIR", dir),
            ("ALLOWED_COMMANDS", "ls,cat,find"),
            ("ALLOWED_FLAGS", ""),
            ("MAX_COMMAND_LENGTH", "1024"),
            ("COMMAND_TIMEOUT", "30"),
            ("ALLOW_SHELL_OPERATORS", "false"),
        ],
    )
    .await;
    let r = client
        .call("run_command", json!({"command": "cat hello.txt"}))
        .await
        .unwrap();
    let text = mcp_testkit::text_of(&r);
    assert!(text.starts_with("hello from the workspace"), "{text}");
    let err = client
        .call_err("run_command", json!({"command": "ls -l"}))
        .await;
    assert!(err.contains("ALLOWED_FLAGS: none"), "{err}");
    let err = client
        .call_err("run_command", json!({"command": "ls && ls"}))
        .await;
    assert!(err.contains("ALLOW_SHELL_OPERATORS is off"), "{err}");
    let r = client.call("show_security_rules", json!({})).await.unwrap();
    let text = mcp_testkit::text_of(&r);
    assert!(
        text.contains(&format!("Working Directory: {dir}")),
        "{text}"
    );
    assert!(text.contains("Allowed Commands: cat, find, ls\n"), "{text}");
    client.close().await;

    let client = mcp_testkit::spawn_stdio(
        BIN,
        &["--workspace", dir],
        &[("ALLOW_SHELL_OPERATORS", "true")],
    )
    .await;
    let r = client
        .call("run_command", json!({"command": "cat hello.txt | wc -l"}))
        .await
        .unwrap();
    assert!(mcp_testkit::text_of(&r).starts_with("1\n"));
    client.close().await;

    let client = mcp_testkit::spawn_stdio(
        BIN,
        &["--allow-all-commands"],
        &[("ALLOWED_DIR", dir), ("ALLOWED_COMMANDS", "all")],
    )
    .await;
    let r = client
        .call(
            "run_command",
            json!({"command": "sh -c 'echo anything goes'"}),
        )
        .await
        .unwrap();
    assert!(mcp_testkit::text_of(&r).starts_with("anything goes\n"));
    client.close().await;
}
