//! The binary's command line as a user types it: every boolean switch starts the server with
//! every documented spelling, true spellings turn a switch on and false ones off, `--help`
//! says how to pass credentials, and a start-up error is printed once.

use mcp_testkit::wiremock::MockServer;
use mcp_testkit::{HttpProcess, connect_http, expect};
use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_github-mcp-server");
const ON: &[&str] = &["1", "true", "yes", "on", "TRUE", "Yes", "ON"];
const OFF: &[&str] = &["0", "false", "no", "off", "FALSE", "No"];
/// Every boolean switch README and `--help` document, the shared ones and GitHub's own.
const SWITCHES: &[&str] = &[
    "MCP_REQUIRE_AUTH_HEADER",
    "MCP_STATELESS",
    "MCP_READ_ONLY",
    "MCP_JSON_RESPONSE",
    "MCP_DYNAMIC_TOOLSETS",
    "MCP_DIRECT",
    "GITHUB_DYNAMIC_TOOLSETS",
    "GITHUB_LOCKDOWN_MODE",
];

fn log_dir() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gh-switches-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    std::process::Command::new(BIN)
        .args(args)
        .env_clear()
        .envs(env.iter().copied())
        .output()
        .unwrap()
}

#[tokio::test]
async fn every_switch_starts_the_server_with_every_documented_spelling() {
    let dir = log_dir();
    for var in SWITCHES {
        for value in ON.iter().chain(OFF) {
            let log = dir.join(format!("{var}-{value}.log"));
            // Panics (with the server's output) unless /healthz answers.
            let server = HttpProcess::spawn(BIN, &[], &[(var, value)], &log).await;
            drop(server);
        }
    }
}

#[test]
fn a_value_that_is_no_switch_stops_the_server_and_names_the_spellings() {
    for (var, flag) in [
        ("MCP_REQUIRE_AUTH_HEADER", "--require-auth-header"),
        ("MCP_READ_ONLY", "--read-only"),
        ("GITHUB_LOCKDOWN_MODE", "--lockdown"),
    ] {
        let out = run(&["tools"], &[(var, "maybe")]);
        assert_eq!(out.status.code(), Some(2), "{var}=maybe");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!("'maybe' for {flag} / {var}"))
                && err.contains("1/0, true/false, yes/no, on/off"),
            "{err}"
        );
    }
    let out = run(&[], &[("MCP_DIRECT", "maybe")]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("MCP_DIRECT=maybe is not a switch"));
}

fn tool_count(env: &[(&str, &str)]) -> usize {
    let out = run(&["tools", "--json"], env);
    assert!(out.status.success(), "{env:?}");
    serde_json::from_slice::<Vec<Value>>(&out.stdout)
        .unwrap()
        .len()
}

#[test]
fn true_spellings_turn_a_switch_on_and_false_ones_off() {
    let all = tool_count(&[]);
    let read_only = {
        let out = run(&["--read-only", "tools", "--json"], &[]);
        serde_json::from_slice::<Vec<Value>>(&out.stdout)
            .unwrap()
            .len()
    };
    assert!(read_only < all);
    for v in ON {
        assert_eq!(
            tool_count(&[("MCP_READ_ONLY", v)]),
            read_only,
            "MCP_READ_ONLY={v}"
        );
        assert_eq!(
            tool_count(&[("MCP_DYNAMIC_TOOLSETS", v)]),
            3,
            "MCP_DYNAMIC_TOOLSETS={v}"
        );
    }
    for v in OFF.iter().chain(&[""]) {
        assert_eq!(
            tool_count(&[("MCP_READ_ONLY", v)]),
            all,
            "MCP_READ_ONLY={v}"
        );
        assert_eq!(
            tool_count(&[("MCP_DYNAMIC_TOOLSETS", v)]),
            all,
            "MCP_DYNAMIC_TOOLSETS={v}"
        );
    }
}

/// The multi-tenant switch as README writes it: with `MCP_REQUIRE_AUTH_HEADER=1` a caller
/// without a header does not act with `AUTH_DATA`; with `=0` it does.
#[tokio::test]
async fn require_auth_header_as_documented() {
    let fake = MockServer::start().await;
    expect("GET", "/user")
        .bearer("env-token")
        .respond(&fake, 200, json!({"login": "octocat", "id": 1}))
        .await;
    let uri = fake.uri();
    let dir = log_dir();
    for (value, falls_back) in [("1", false), ("yes", false), ("0", true)] {
        let log = dir.join(format!("require-{value}.log"));
        let env = [
            ("GITHUB_API_BASE_URL", uri.as_str()),
            ("AUTH_DATA", "env-token"),
            ("MCP_REQUIRE_AUTH_HEADER", value),
        ];
        let server = HttpProcess::spawn(BIN, &[], &env, &log).await;
        let client = connect_http(&server.url, &[]).await;
        if falls_back {
            let v = client.call_ok("github_get_me", json!({})).await;
            assert_eq!(v["login"], "octocat");
        } else {
            let err = client.call_err("github_get_me", json!({})).await;
            assert!(err.to_lowercase().contains("header"), "{value}: {err}");
        }
        client.close().await;
    }
}

#[test]
fn help_says_how_to_pass_credentials() {
    for flag in ["--help", "-h"] {
        let out = run(&[flag], &[]);
        assert!(out.status.success());
        let help = String::from_utf8_lossy(&out.stdout);
        for want in [
            "Credentials",
            "x-auth-data",
            "Authorization",
            "AUTH_DATA",
            "GITHUB_PERSONAL_ACCESS_TOKEN",
            "GITHUB_API_BASE_URL",
            "https://api.github.com",
            "[env: PORT",
            "1/0, true/false, yes/no, on/off",
            "MCP_SESSION_PARK_SECS",
            "MCP_SESSION_IDLE_SECS",
        ] {
            assert!(help.contains(want), "{flag} lacks {want}:\n{help}");
        }
    }
}

#[test]
fn a_start_up_error_is_printed_once() {
    let out = run(&["--toolsets", "nope"], &[]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.matches("unknown toolset `nope`").count(), 1, "{err}");
}

#[test]
fn tools_says_it_lists_the_default_toolsets_and_how_to_list_all() {
    let out = run(&["tools", "--markdown"], &[]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("tools --toolsets all"));
    let committed: Vec<Value> = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tools.json")).unwrap(),
    )
    .unwrap();
    let all = run(&["--toolsets", "all", "tools", "--json"], &[]);
    assert!(all.stderr.is_empty());
    let listed: Vec<Value> = serde_json::from_slice(&all.stdout).unwrap();
    assert_eq!(
        listed.len(),
        committed.len(),
        "tools.json lists every toolset"
    );
}

/// `GITHUB_DYNAMIC_TOOLSETS=1` (GitHub's variable) and `--tool-names official`: the session
/// starts with the three dynamic tools and grows when a toolset is enabled.
#[tokio::test]
async fn githubs_dynamic_toolsets_variable_over_stdio() {
    let client = mcp_testkit::spawn_stdio(
        BIN,
        &["--tool-names", "official"],
        &[("GITHUB_DYNAMIC_TOOLSETS", "1")],
    )
    .await;
    let names = |tools: Vec<mcp_shared::reexports::rmcp::model::Tool>| -> Vec<String> {
        tools.into_iter().map(|t| t.name.to_string()).collect()
    };
    assert_eq!(
        names(client.list_tools().await),
        [
            "list_available_toolsets",
            "get_toolset_tools",
            "enable_toolset"
        ]
    );
    let v = client
        .call_ok("enable_toolset", json!({"toolset": "labels"}))
        .await;
    assert_eq!(v["tools"], json!(["list_label", "label_write"]));
    assert_eq!(client.wait_tool_list_changed(1).await, 1);
    let mut now = names(client.list_tools().await);
    now.sort();
    assert_eq!(
        now,
        [
            "enable_toolset",
            "get_toolset_tools",
            "label_write",
            "list_available_toolsets",
            "list_label"
        ]
    );
    client.close().await;
}
