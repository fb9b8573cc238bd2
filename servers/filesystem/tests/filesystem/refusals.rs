//! Every way out, tried with every tool that takes a path: `..`, absolute paths outside,
//! symbolic links to a file and to a directory outside, NUL, `~`, `file://`, Windows paths;
//! hard links and pipes; read-only mode. Each refusal names its rule and nothing outside
//! the workspace is read, written, created or moved.

use std::os::unix::fs::symlink;

use mcp_shared::workspace::Rule;
use serde_json::{Value, json};

use crate::{Ws, exists, names, ws, ws_with};

/// The arguments of `tool` with the path under test in its path argument.
fn args(tool: &str, path: &str) -> Value {
    match tool {
        "filesystem_write_file" => json!({"path": path, "content": "pwned"}),
        "filesystem_edit_file" => {
            json!({"path": path, "edits": [{"oldText": "OUTSIDE", "newText": "pwned"}]})
        }
        "filesystem_search_files" => json!({"path": path, "pattern": "**"}),
        "filesystem_move_file" => json!({"source": path, "destination": "moved"}),
        "move_to" => json!({"source": "inside.txt", "destination": path}),
        _ => json!({"path": path}),
    }
}

const PATH_TOOLS: [&str; 13] = [
    "filesystem_read_file",
    "filesystem_read_text_file",
    "filesystem_read_media_file",
    "filesystem_write_file",
    "filesystem_edit_file",
    "filesystem_create_directory",
    "filesystem_list_directory",
    "filesystem_list_directory_with_sizes",
    "filesystem_directory_tree",
    "filesystem_search_files",
    "filesystem_get_file_info",
    "filesystem_move_file",
    "move_to",
];

/// Nothing outside the workspace changed: the secret is intact and alone.
fn outside_untouched(w: &Ws) {
    assert_eq!(
        std::fs::read_to_string(w.outside().join("secret.txt")).unwrap(),
        "OUTSIDE SECRET\n"
    );
    let names: Vec<_> = std::fs::read_dir(w.outside())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, ["secret.txt"], "something was made outside");
    assert!(!exists(&w.root().parent().unwrap().join("moved")));
}

async fn call_refused(w: &Ws, tool: &str, path: &str, rule: Rule) {
    let name = if tool == "move_to" {
        "filesystem_move_file"
    } else {
        tool
    };
    let err = w.err(name, args(tool, path)).await;
    assert!(
        err.contains(rule.name()) && err.contains("workspace rule"),
        "{tool}({path:?}) should be refused by `{}`: {err}",
        rule.name()
    );
    assert!(!err.contains("OUTSIDE SECRET"), "{tool}: {err}");
}

#[tokio::test]
async fn lexical_ways_out_are_refused_by_every_tool() {
    let w = ws().await;
    w.put("inside.txt", "inside");
    let secret = w.outside().join("secret.txt");
    let secret = secret.to_str().unwrap();
    let cases = [
        ("../outside/secret.txt", Rule::DotDot),
        ("sub/../../outside/secret.txt", Rule::DotDot),
        (secret, Rule::Outside),
        ("/etc/passwd", Rule::Outside),
        ("a\0b", Rule::Nul),
        ("~/secret.txt", Rule::Home),
        (&format!("file://{secret}"), Rule::Url),
        ("C:\\x", Rule::Windows),
        ("\\\\server\\share\\x", Rule::Windows),
    ];
    for tool in PATH_TOOLS {
        for (path, rule) in &cases {
            call_refused(&w, tool, path, *rule).await;
        }
    }
    // Several files at once: each refusal is reported in its place.
    let paths: Vec<&str> = cases.iter().map(|(p, _)| *p).collect();
    let text = w
        .ok("filesystem_read_multiple_files", json!({"paths": paths}))
        .await;
    for (_, rule) in &cases {
        assert!(text.contains(rule.name()), "{}: {text}", rule.name());
    }
    assert!(!text.contains("OUTSIDE SECRET"));
    outside_untouched(&w);
    assert_eq!(w.read("inside.txt"), "inside", "nothing was moved");
    w.stop().await;
}

#[tokio::test]
async fn symbolic_links_out_are_refused_by_every_tool() {
    let w = ws().await;
    w.put("inside.txt", "inside");
    symlink(w.outside().join("secret.txt"), w.at("leak.txt")).unwrap();
    symlink(w.outside(), w.at("door")).unwrap();
    symlink("../outside", w.at("rel-door")).unwrap();
    for tool in PATH_TOOLS {
        for path in ["door/secret.txt", "rel-door/secret.txt", "door/new/deeper"] {
            call_refused(&w, tool, path, Rule::Symlink).await;
        }
        // The link itself may be moved (it stays a link inside); everything else refuses it.
        if !matches!(tool, "filesystem_move_file" | "move_to") {
            call_refused(&w, tool, "leak.txt", Rule::Symlink).await;
            call_refused(&w, tool, "door", Rule::Symlink).await;
        }
    }
    // Moving the link itself keeps it inside, and still refused.
    w.ok(
        "filesystem_move_file",
        json!({"source": "leak.txt", "destination": "leak-moved.txt"}),
    )
    .await;
    call_refused(
        &w,
        "filesystem_read_text_file",
        "leak-moved.txt",
        Rule::Symlink,
    )
    .await;
    // Listings and walks show the links and never follow them.
    let text = w
        .ok("filesystem_list_directory", json!({"path": "."}))
        .await;
    assert!(text.contains("[FILE] door"), "{text}");
    let text = w
        .ok(
            "filesystem_search_files",
            json!({"path": ".", "pattern": "**/secret*"}),
        )
        .await;
    assert_eq!(text, "No matches found");
    let text = w
        .ok("filesystem_directory_tree", json!({"path": "."}))
        .await;
    assert!(!text.contains("secret"), "{text}");
    let text = w
        .ok(
            "filesystem_read_multiple_files",
            json!({"paths": ["leak-moved.txt", "door/secret.txt"]}),
        )
        .await;
    assert!(!text.contains("OUTSIDE SECRET"), "{text}");
    outside_untouched(&w);
    w.stop().await;
}

#[tokio::test]
async fn hard_links_are_not_written_and_pipes_not_opened() {
    let w = ws().await;
    std::fs::hard_link(w.outside().join("secret.txt"), w.at("hard.txt")).unwrap();
    call_refused(&w, "filesystem_write_file", "hard.txt", Rule::HardLink).await;
    call_refused(&w, "filesystem_edit_file", "hard.txt", Rule::HardLink).await;
    outside_untouched(&w);
    let status = std::process::Command::new("mkfifo")
        .arg(w.at("pipe"))
        .status()
        .unwrap();
    assert!(status.success());
    for tool in [
        "filesystem_read_text_file",
        "filesystem_read_media_file",
        "filesystem_write_file",
        "filesystem_edit_file",
    ] {
        call_refused(&w, tool, "pipe", Rule::Special).await;
    }
    w.stop().await;
}

#[tokio::test]
async fn moving_or_replacing_the_workspace_itself_is_refused() {
    let w = ws().await;
    w.put("inside.txt", "inside");
    for path in [".", w.root().to_str().unwrap()] {
        call_refused(&w, "filesystem_move_file", path, Rule::Root).await;
        call_refused(&w, "move_to", path, Rule::Root).await;
        call_refused(&w, "filesystem_write_file", path, Rule::Root).await;
    }
    assert!(w.root().is_dir());
    w.stop().await;
}

#[tokio::test]
async fn read_only_mode_lists_and_allows_only_the_reading_tools() {
    let w = ws_with(|s| s.read_only = true).await;
    w.put("a.txt", "alpha");
    let listed: Vec<String> = w
        .client
        .list_tools()
        .await
        .iter()
        .map(|t| t.name.to_string())
        .collect();
    assert_eq!(
        listed,
        [
            "filesystem_read_file",
            "filesystem_read_text_file",
            "filesystem_read_media_file",
            "filesystem_read_multiple_files",
            "filesystem_get_file_info",
            "filesystem_list_allowed_directories",
            "filesystem_list_directory",
            "filesystem_list_directory_with_sizes",
            "filesystem_directory_tree",
            "filesystem_search_files",
        ]
    );
    for (tool, args) in [
        (
            "filesystem_write_file",
            json!({"path": "a.txt", "content": "x"}),
        ),
        (
            "filesystem_edit_file",
            json!({"path": "a.txt", "edits": [{"oldText": "alpha", "newText": "x"}]}),
        ),
        ("filesystem_create_directory", json!({"path": "d"})),
        (
            "filesystem_move_file",
            json!({"source": "a.txt", "destination": "b.txt"}),
        ),
    ] {
        let r = w.client.call(tool, args).await;
        let refused = match r {
            Ok(r) => r.is_error == Some(true),
            Err(_) => true,
        };
        assert!(refused, "{tool} ran in read-only mode");
    }
    assert_eq!(w.read("a.txt"), "alpha");
    assert!(!exists(&w.at("d")) && !exists(&w.at("b.txt")));
    assert_eq!(
        w.ok("filesystem_read_text_file", json!({"path": "a.txt"}))
            .await,
        "alpha"
    );
    w.stop().await;
    // All 14 without it.
    let server = mcp_shared::McpServer::new(
        &filesystem_mcp_server::SPEC,
        mcp_shared::Settings::default(),
    )
    .unwrap();
    assert_eq!(names(&server).len(), 14);
}
