//! What a server lists and documents: valid tools, `tools`, fresh `tools.json` and README.

use mcp_shared::{McpServer, ServerSpec, Settings};
use rmcp::model::Tool;
use serde_json::Value;

/// The `tools` subcommand: the Markdown table has a row per tool of `--json`, read-only mode
/// lists only read-only tools, and an unknown toolset stops the binary with a clear message.
pub fn check_tools_subcommand(spec: &'static ServerSpec, bin: &str) {
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .output()
            .expect("run tools")
    };
    let json = run(&["tools", "--json"]);
    assert!(json.status.success());
    let all: Vec<Value> = serde_json::from_slice(&json.stdout).expect("tools --json is JSON");
    assert!(!all.is_empty());
    let md = run(&["tools", "--markdown"]);
    let rows = String::from_utf8_lossy(&md.stdout)
        .lines()
        .filter(|l| l.starts_with("| `"))
        .count();
    assert_eq!(rows, all.len(), "one Markdown row per tool");
    let ro: Vec<Value> =
        serde_json::from_slice(&run(&["--read-only", "tools", "--json"]).stdout).expect("JSON");
    // Read-only mode lists exactly the tools that only read (all of them for a server that
    // only reads, such as an open-data server or a new scaffold), and those that run
    // read-only by themselves then (`read_only_by_itself`: a database's `execute_sql`).
    let guarded: Vec<String> = (spec.tools)()
        .iter()
        .filter(|t| t.is_read_only() && t.effect() != mcp_shared::Effect::Read)
        .map(|t| t.name().to_owned())
        .collect();
    let expected: Vec<&Value> = all
        .iter()
        .filter(|t| {
            t["annotations"]["readOnlyHint"] == true
                || t["name"]
                    .as_str()
                    .is_some_and(|n| guarded.iter().any(|g| g == n))
        })
        .map(|t| &t["name"])
        .collect();
    let listed: Vec<&Value> = ro.iter().map(|t| &t["name"]).collect();
    assert_eq!(listed, expected, "--read-only lists the read-only tools");
    let bad = run(&["--toolsets", "nope", "tools"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("unknown toolset `nope`"));
}

/// Check every tool: a valid name, an object input schema that is a valid JSON Schema,
/// a description, a title and complete annotations.
pub fn assert_valid_tools(tools: &[Tool]) {
    assert!(!tools.is_empty(), "no tools listed");
    for t in tools {
        let name = t.name.as_ref();
        assert!(
            !name.is_empty()
                && name.len() <= 64
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'),
            "bad tool name {name}"
        );
        let schema = Value::Object((*t.input_schema).clone());
        assert_eq!(
            schema["type"], "object",
            "{name}: input schema must be an object"
        );
        assert!(
            jsonschema::meta::is_valid(&schema),
            "{name}: input schema is not a valid JSON Schema: {schema}"
        );
        jsonschema::validator_for(&schema)
            .unwrap_or_else(|e| panic!("{name}: schema does not compile: {e}"));
        if let Some(out) = &t.output_schema {
            let out = Value::Object((**out).clone());
            assert!(
                jsonschema::meta::is_valid(&out),
                "{name}: output schema invalid"
            );
        }
        assert!(
            t.description.as_deref().is_some_and(|d| d.len() > 10),
            "{name}: no description"
        );
        let a = t
            .annotations
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no annotations"));
        assert!(a.title.is_some(), "{name}: no title annotation");
        assert!(
            a.read_only_hint.is_some()
                && a.destructive_hint.is_some()
                && a.idempotent_hint.is_some()
                && a.open_world_hint.is_some(),
            "{name}: incomplete annotations"
        );
    }
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), tools.len(), "duplicate tool names");
}

/// The generated docs of a server are committed: `tools.json` (the `tools/list` snapshot of
/// every toolset) and
/// the tool table in its README between `<!-- tools:start -->` and `<!-- tools:end -->`.
/// Fails when either is stale; with `MCP_UPDATE_DOCS=1` (what `cargo xtask docs` sets) it
/// rewrites them instead. `crate_dir` is the server's `CARGO_MANIFEST_DIR`.
pub fn assert_docs_fresh(spec: &'static ServerSpec, crate_dir: &str) {
    // The snapshot and the table cover every toolset, on by default or not.
    let all = Settings {
        toolsets: Some(vec!["all".to_owned()]),
        ..Settings::default()
    };
    let server = McpServer::new(spec, all).expect("default settings");
    let dir = std::path::Path::new(crate_dir);
    let json_path = dir.join("tools.json");
    let want_json = mcp_shared::docs::tools_json(&server);
    let readme_path = dir.join("README.md");
    let readme = std::fs::read_to_string(&readme_path).unwrap_or_default();
    let table = mcp_shared::docs::tools_markdown(&server);
    let want_readme = replace_between(
        &readme,
        "<!-- tools:start -->",
        "<!-- tools:end -->",
        &table,
    )
    .unwrap_or_else(|| {
        panic!(
            "{} has no <!-- tools:start --> / <!-- tools:end --> markers",
            readme_path.display()
        )
    });
    // A server with profiles lists them in its README, between their own markers (added at
    // the end by `cargo xtask docs` when missing).
    let want_readme = match mcp_shared::docs::profiles_markdown(spec) {
        None => want_readme,
        Some(section) => replace_between(
            &want_readme,
            "<!-- profiles:start -->",
            "<!-- profiles:end -->",
            &section,
        )
        .unwrap_or_else(|| {
            format!(
                "{}\n\n## Profiles\n\n<!-- profiles:start -->\n{section}<!-- profiles:end -->\n",
                want_readme.trim_end()
            )
        }),
    };
    let update = std::env::var("MCP_UPDATE_DOCS").is_ok_and(|v| v == "1");
    let have_json = std::fs::read_to_string(&json_path).unwrap_or_default();
    if update {
        if have_json != want_json {
            std::fs::write(&json_path, &want_json).expect("write tools.json");
        }
        if readme != want_readme {
            std::fs::write(&readme_path, &want_readme).expect("write README.md");
        }
        return;
    }
    assert!(
        have_json == want_json,
        "{} is stale: run `cargo xtask docs` and commit the result",
        json_path.display()
    );
    assert!(
        readme == want_readme,
        "the tool table or the profiles in {} are stale: run `cargo xtask docs` and commit the result",
        readme_path.display()
    );
}

/// Replace the text between two marker lines (keeping the markers).
pub fn replace_between(text: &str, start: &str, end: &str, body: &str) -> Option<String> {
    let (head, rest) = text.split_once(start)?;
    let (_, tail) = rest.split_once(end)?;
    Some(format!("{head}{start}\n{body}{end}{tail}"))
}
