//! The workspace jail on real temporary directories: every lexical rule, symbolic links out
//! (to a file, to a directory, on the way and at the end), hard links, pipes, absolute paths
//! inside and outside, caps, a rename race against reads and writes, and a server that
//! declares the workspace and reaches it from a tool's `Ctx`.

use std::os::unix::fs::{PermissionsExt as _, symlink};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mcp_shared::workspace::{self, Kind, Limits, Rule, Workspace};
use mcp_shared::{
    Auth, Base, Ctx, Effect, ServerSpec, Settings, ToolDef, ToolError, Toolset, tool,
};
use mcp_testkit::TestServer;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::json;

/// A workspace and a directory beside it (outside), both real and temporary.
struct Fixture {
    _tmp: tempfile::TempDir,
    ws: Workspace,
    root: PathBuf,
    outside: PathBuf,
}

fn fixture() -> Fixture {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("ws");
    let outside = tmp.path().join("outside");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(root.join("a.txt"), "alpha\n").unwrap();
    std::fs::write(root.join("sub/b.txt"), "bravo\n").unwrap();
    std::fs::write(outside.join("secret.txt"), "OUTSIDE SECRET\n").unwrap();
    let ws = Workspace::open(&root).unwrap();
    Fixture {
        _tmp: tmp,
        ws,
        root,
        outside,
    }
}

/// The refusal of `input` for `path`, which must name `rule`.
fn refused(ws: &Workspace, input: &str, rule: Rule) -> String {
    let err = ws
        .path("path", input)
        .and_then(|p| ws.read("path", &p))
        .expect_err(input)
        .message;
    assert!(
        err.contains(rule.name()) && err.contains("workspace rule"),
        "{input:?} should be refused by `{}`: {err}",
        rule.name()
    );
    err
}

fn read(ws: &Workspace, input: &str) -> Result<String, ToolError> {
    let p = ws.path("path", input)?;
    ws.read_text("path", &p)
}

fn write(ws: &Workspace, input: &str, data: &str) -> Result<(), ToolError> {
    let p = ws.path("path", input)?;
    ws.write("path", &p, data.as_bytes()).map(|_| ())
}

#[test]
fn relative_and_absolute_paths_inside_are_read() {
    let f = fixture();
    assert_eq!(read(&f.ws, "a.txt").unwrap(), "alpha\n");
    assert_eq!(read(&f.ws, "./sub/../sub/b.txt").unwrap(), "bravo\n");
    let abs = f.root.join("sub/b.txt");
    assert_eq!(read(&f.ws, abs.to_str().unwrap()).unwrap(), "bravo\n");
    // The root with its links resolved is accepted too (a temp dir may sit under a link).
    let real = std::fs::canonicalize(&f.root).unwrap().join("a.txt");
    assert_eq!(read(&f.ws, real.to_str().unwrap()).unwrap(), "alpha\n");
    assert_eq!(f.ws.root(), f.root.as_path());
}

#[test]
fn lexical_rules_refuse_before_anything_is_opened() {
    let f = fixture();
    let secret = f.outside.join("secret.txt");
    let outside = secret.to_str().unwrap();
    let err = read(&f.ws, "").unwrap_err().message;
    assert!(
        err.contains("is a directory"),
        "an empty path is the workspace: {err}"
    );
    refused(&f.ws, "a\0.txt", Rule::Nul);
    refused(&f.ws, "~/a.txt", Rule::Home);
    refused(&f.ws, &format!("file://{outside}"), Rule::Url);
    refused(&f.ws, "C:\\x", Rule::Windows);
    refused(&f.ws, "\\\\server\\share\\a.txt", Rule::Windows);
    refused(&f.ws, outside, Rule::Outside);
    refused(&f.ws, "/etc/passwd", Rule::Outside);
    refused(&f.ws, "../outside/secret.txt", Rule::DotDot);
    refused(&f.ws, "sub/../../outside/secret.txt", Rule::DotDot);
    let err = refused(&f.ws, "../../../../etc/passwd", Rule::DotDot);
    assert!(err.contains("`../../../../etc/passwd`"), "{err}");
    // The same rules hold for writes, and nothing is written.
    let err = write(&f.ws, "../escaped.txt", "x").unwrap_err().message;
    assert!(err.contains(Rule::DotDot.name()), "{err}");
    assert!(!f.root.parent().unwrap().join("escaped.txt").exists());
}

#[test]
fn a_symlink_to_a_file_outside_is_refused_for_every_operation() {
    let f = fixture();
    symlink(f.outside.join("secret.txt"), f.root.join("leak.txt")).unwrap();
    let err = refused(&f.ws, "leak.txt", Rule::Symlink);
    assert!(!err.contains("OUTSIDE SECRET"), "{err}");
    let p = f.ws.path("path", "leak.txt").unwrap();
    for err in [
        f.ws.metadata("path", &p).unwrap_err(),
        f.ws.read_head("path", &p, 1).unwrap_err(),
        f.ws.read_tail("path", &p, 1).unwrap_err(),
        f.ws.write("path", &p, b"overwritten").unwrap_err(),
        f.ws.host_path("path", &p).unwrap_err(),
    ] {
        assert!(
            err.message.contains(Rule::Symlink.name()),
            "{}",
            err.message
        );
    }
    assert_eq!(
        std::fs::read_to_string(f.outside.join("secret.txt")).unwrap(),
        "OUTSIDE SECRET\n"
    );
    // The link itself is an entry of its directory, shown as what it is.
    assert_eq!(f.ws.kind("path", &p).unwrap(), Some(Kind::Symlink));
    // A relative link that climbs out is refused the same way.
    symlink("../../outside/secret.txt", f.root.join("sub/rel-leak.txt")).unwrap();
    refused(&f.ws, "sub/rel-leak.txt", Rule::Symlink);
}

#[test]
fn a_symlink_to_a_directory_outside_is_refused_on_the_way() {
    let f = fixture();
    symlink(&f.outside, f.root.join("door")).unwrap();
    refused(&f.ws, "door/secret.txt", Rule::Symlink);
    let door = f.ws.path("path", "door").unwrap();
    let err = f.ws.list("path", &door).unwrap_err().message;
    assert!(err.contains(Rule::Symlink.name()), "{err}");
    let err = f.ws.walk("path", &door, |_| true).unwrap_err().message;
    assert!(err.contains(Rule::Symlink.name()), "{err}");
    let err = write(&f.ws, "door/planted.txt", "x").unwrap_err().message;
    assert!(err.contains(Rule::Symlink.name()), "{err}");
    let deep = f.ws.path("path", "door/new/dir").unwrap();
    let err = f.ws.create_dir_all("path", &deep).unwrap_err().message;
    assert!(err.contains(Rule::Symlink.name()), "{err}");
    let from = f.ws.path("source", "a.txt").unwrap();
    let to = f.ws.path("destination", "door/a.txt").unwrap();
    let err =
        f.ws.rename(("source", &from), ("destination", &to))
            .unwrap_err()
            .message;
    assert!(err.contains(Rule::Symlink.name()), "{err}");
    let names: Vec<_> = std::fs::read_dir(&f.outside)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec!["secret.txt"], "nothing was made outside");
    assert!(f.root.join("a.txt").exists(), "nothing was moved");
    // A walk of the workspace lists the link, and does not follow it.
    let root = f.ws.path("path", ".").unwrap();
    let w = f.ws.walk("path", &root, |_| true).unwrap();
    let door = w
        .entries
        .iter()
        .find(|e| e.rel == Path::new("door"))
        .unwrap();
    assert_eq!(door.kind, Kind::Symlink);
    assert!(
        !w.entries
            .iter()
            .any(|e| e.rel.parent() == Some(Path::new("door")))
    );
}

#[test]
fn symlinks_that_stay_inside_are_followed() {
    let f = fixture();
    symlink("sub/b.txt", f.root.join("b-link")).unwrap();
    symlink("../a.txt", f.root.join("sub/a-link")).unwrap();
    symlink("sub", f.root.join("sub-link")).unwrap();
    assert_eq!(read(&f.ws, "b-link").unwrap(), "bravo\n");
    assert_eq!(read(&f.ws, "sub/a-link").unwrap(), "alpha\n");
    assert_eq!(read(&f.ws, "sub-link/b.txt").unwrap(), "bravo\n");
    // A write through a link inside writes its target; the link stays a link.
    write(&f.ws, "b-link", "bravo 2\n").unwrap();
    assert_eq!(
        std::fs::read_to_string(f.root.join("sub/b.txt")).unwrap(),
        "bravo 2\n"
    );
    assert!(
        std::fs::symlink_metadata(f.root.join("b-link"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let p = f.ws.path("path", "sub-link/b.txt").unwrap();
    let host = f.ws.host_path("path", &p).unwrap();
    assert_eq!(
        host,
        std::fs::canonicalize(f.root.join("sub/b.txt")).unwrap()
    );
    let new = f.ws.path("path", "sub/not-yet.txt").unwrap();
    assert!(
        f.ws.host_path("path", &new)
            .unwrap()
            .ends_with("sub/not-yet.txt")
    );
}

#[test]
fn hard_linked_files_are_not_written_but_can_be_read() {
    let f = fixture();
    std::fs::hard_link(f.outside.join("secret.txt"), f.root.join("hard.txt")).unwrap();
    let err = write(&f.ws, "hard.txt", "changed").unwrap_err().message;
    assert!(err.contains(Rule::HardLink.name()), "{err}");
    assert_eq!(
        std::fs::read_to_string(f.outside.join("secret.txt")).unwrap(),
        "OUTSIDE SECRET\n"
    );
    // Reading is allowed: whoever made the link could read both names already.
    assert_eq!(read(&f.ws, "hard.txt").unwrap(), "OUTSIDE SECRET\n");
}

#[test]
fn pipes_are_refused_without_blocking() {
    let f = fixture();
    let status = std::process::Command::new("mkfifo")
        .arg(f.root.join("pipe"))
        .status()
        .unwrap();
    assert!(status.success());
    let started = Instant::now();
    refused(&f.ws, "pipe", Rule::Special);
    let err = write(&f.ws, "pipe", "x").unwrap_err().message;
    assert!(err.contains(Rule::Special.name()), "{err}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "opening a pipe blocked"
    );
}

#[test]
fn writes_replace_atomically_and_keep_permissions() {
    let f = fixture();
    let p = f.ws.path("path", "a.txt").unwrap();
    std::fs::set_permissions(f.root.join("a.txt"), std::fs::Permissions::from_mode(0o600)).unwrap();
    let w = f.ws.write("path", &p, b"new alpha").unwrap();
    assert!(!w.created);
    assert_eq!(w.bytes, 9);
    assert_eq!(
        std::fs::read_to_string(f.root.join("a.txt")).unwrap(),
        "new alpha"
    );
    let mode = std::fs::metadata(f.root.join("a.txt"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let n = f.ws.path("path", "sub/new.txt").unwrap();
    assert!(f.ws.write("path", &n, b"x").unwrap().created);
    // No temporary file is left behind.
    let names: Vec<String> = std::fs::read_dir(&f.root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(!names.iter().any(|n| n.contains("mcp-write")), "{names:?}");
    // A missing parent, a directory, and the workspace itself are refused clearly.
    let err = write(&f.ws, "nowhere/x.txt", "x").unwrap_err().message;
    assert!(err.contains("does not exist"), "{err}");
    let err = write(&f.ws, "sub", "x").unwrap_err().message;
    assert!(err.contains("is a directory"), "{err}");
    let err = write(&f.ws, ".", "x").unwrap_err().message;
    assert!(err.contains(Rule::Root.name()), "{err}");
}

#[test]
fn renames_stay_inside_and_never_overwrite() {
    let f = fixture();
    let path = |s: &str| f.ws.path("path", s).unwrap();
    f.ws.rename(
        ("source", &path("a.txt")),
        ("destination", &path("sub/a.txt")),
    )
    .unwrap();
    assert!(f.root.join("sub/a.txt").exists() && !f.root.join("a.txt").exists());
    let err =
        f.ws.rename(
            ("source", &path("sub/a.txt")),
            ("destination", &path("sub/b.txt")),
        )
        .unwrap_err()
        .message;
    assert!(err.contains("already exists"), "{err}");
    let err =
        f.ws.rename(
            ("source", &path("sub")),
            ("destination", &path("sub/inner")),
        )
        .unwrap_err()
        .message;
    assert!(err.contains("into itself"), "{err}");
    let err =
        f.ws.rename(("source", &path(".")), ("destination", &path("moved")))
            .unwrap_err()
            .message;
    assert!(err.contains(Rule::Root.name()), "{err}");
    let err =
        f.ws.rename(
            ("source", &path("sub/b.txt")),
            ("destination", &path("no/dir/b.txt")),
        )
        .unwrap_err()
        .message;
    assert!(err.contains("does not exist"), "{err}");
    f.ws.remove_file("path", &path("sub/b.txt")).unwrap();
    assert!(!f.root.join("sub/b.txt").exists());
}

#[test]
fn reads_and_listings_are_capped_and_say_so() {
    let f = fixture();
    let ws = f.ws.clone().with_limits(Limits {
        max_read_bytes: 10,
        max_entries: 3,
        max_walk_entries: 5,
        max_depth: 2,
    });
    std::fs::write(f.root.join("big.txt"), "0123456789abcdef\nline2\nline3\n").unwrap();
    let p = ws.path("path", "big.txt").unwrap();
    let err = ws.read("path", &p).unwrap_err().message;
    assert!(err.contains("read cap of 10 bytes"), "{err}");
    let err = ws.read_head("path", &p, 1).unwrap_err().message;
    assert!(
        err.contains("the first 1 lines") && err.contains("read cap"),
        "{err}"
    );
    assert_eq!(ws.read_tail("path", &p, 1).unwrap(), "line3");
    let err = ws.read_tail("path", &p, 2).unwrap_err().message;
    assert!(err.contains("read cap"), "{err}");
    for i in 0..5 {
        std::fs::write(f.root.join(format!("sub/f{i}.txt")), "x").unwrap();
    }
    let l = ws.list("path", &ws.path("path", "sub").unwrap()).unwrap();
    assert_eq!((l.entries.len(), l.omitted, l.cap), (3, 3, 3));
    let w = ws
        .walk("path", &ws.path("path", ".").unwrap(), |_| true)
        .unwrap();
    assert_eq!(w.stopped_at_entries, Some(5));
    std::fs::create_dir_all(f.root.join("d1/d2/d3")).unwrap();
    let deep = f.ws.clone().with_limits(Limits {
        max_depth: 2,
        ..Limits::default()
    });
    let w = deep
        .walk("path", &deep.path("path", "d1").unwrap(), |_| true)
        .unwrap();
    assert_eq!(w.stopped_at_depth, Some(2));
    assert!(w.entries.iter().any(|e| e.rel == Path::new("d2/d3")));
    assert!(!w.entries.iter().any(|e| e.depth > 2));
}

#[test]
fn head_and_tail_read_lines() {
    let f = fixture();
    std::fs::write(f.root.join("lines.txt"), "one\r\ntwo\nthree\nfour\n").unwrap();
    let p = f.ws.path("path", "lines.txt").unwrap();
    assert_eq!(f.ws.read_head("path", &p, 2).unwrap(), "one\ntwo");
    assert_eq!(
        f.ws.read_head("path", &p, 99).unwrap(),
        "one\ntwo\nthree\nfour"
    );
    assert_eq!(f.ws.read_tail("path", &p, 2).unwrap(), "three\nfour");
    assert_eq!(
        f.ws.read_tail("path", &p, 99).unwrap(),
        "one\ntwo\nthree\nfour"
    );
    // A tail of a large file reads backwards from the end.
    let mut big = "x".repeat(200_000);
    big.push_str("\nlast line\n");
    std::fs::write(f.root.join("big.txt"), &big).unwrap();
    let p = f.ws.path("path", "big.txt").unwrap();
    assert_eq!(f.ws.read_tail("path", &p, 1).unwrap(), "last line");
}

#[test]
fn the_workspace_must_be_an_existing_directory() {
    let tmp = tempfile::tempdir().unwrap();
    let err = Workspace::open(tmp.path().join("missing")).unwrap_err();
    assert!(err.contains("MCP_WORKSPACE"), "{err}");
    std::fs::write(tmp.path().join("file"), "x").unwrap();
    let err = Workspace::open(tmp.path().join("file")).unwrap_err();
    assert!(err.contains("not a directory"), "{err}");
    let s = Settings::default().with_option("workspace", tmp.path().to_str().unwrap());
    let ws = Workspace::from_settings(&s).unwrap();
    assert_eq!(ws.root(), tmp.path());
    let cwd = Workspace::from_settings(&Settings::default()).unwrap();
    assert_eq!(cwd.root(), std::env::current_dir().unwrap());
}

/// While one thread swaps `sub` between a real directory and a link to a directory outside
/// (by renames), others read `sub/f.txt` and write `sub/planted.txt` through the jail: no
/// read ever returns the outside file's content and nothing is ever written outside.
#[test]
fn a_concurrent_rename_race_never_leads_out() {
    let f = fixture();
    let root = f.root.clone();
    std::fs::create_dir(root.join("real")).unwrap();
    std::fs::write(root.join("real/f.txt"), "inside").unwrap();
    std::fs::write(f.outside.join("f.txt"), "OUTSIDE").unwrap();
    symlink(&f.outside, root.join("evil")).unwrap();
    std::fs::remove_dir_all(root.join("sub")).unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let swapper = {
        let stop = stop.clone();
        let root = root.clone();
        std::thread::spawn(move || {
            let mut swaps = 0u64;
            while !stop.load(Ordering::Relaxed) {
                for name in ["real", "evil"] {
                    if std::fs::rename(root.join(name), root.join("sub")).is_ok() {
                        let _ = std::fs::rename(root.join("sub"), root.join(name));
                        swaps += 1;
                    }
                }
            }
            swaps
        })
    };
    let readers: Vec<_> = (0..2)
        .map(|_| {
            let ws = f.ws.clone();
            std::thread::spawn(move || {
                let (mut inside, mut at_the_link) = (0, 0);
                for _ in 0..3000 {
                    match read(&ws, "sub/f.txt") {
                        Ok(text) => {
                            assert_ne!(text, "OUTSIDE", "a read led out of the workspace");
                            inside += 1;
                        }
                        Err(e) if e.message.contains(Rule::Symlink.name()) => at_the_link += 1,
                        Err(_) => {}
                    }
                    let _ = write(&ws, "sub/planted.txt", "planted");
                }
                (inside, at_the_link)
            })
        })
        .collect();
    let results: Vec<(u32, u32)> = readers.into_iter().map(|r| r.join().unwrap()).collect();
    stop.store(true, Ordering::Relaxed);
    let swaps = swapper.join().unwrap();
    assert!(swaps > 0, "the race did not run");
    assert!(
        !f.outside.join("planted.txt").exists(),
        "a write led out of the workspace"
    );
    // Both sides of the race were met: reads inside, and reads refused at the link.
    let inside: u32 = results.iter().map(|r| r.0).sum();
    let at_the_link: u32 = results.iter().map(|r| r.1).sum();
    assert!(
        inside > 0 && at_the_link > 0,
        "{inside} inside, {at_the_link} at the link"
    );
}

/// Read a file of the workspace (a tool of a test server that declares the workspace).
#[derive(Deserialize, JsonSchema)]
struct Cat {
    path: String,
}

async fn cat(ctx: Ctx, a: Cat) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            ws.read_text("path", &p)
        })
        .await
}

fn cat_tools() -> Vec<ToolDef> {
    vec![tool("local_cat", "Cat", Effect::Read, cat).toolset("files")]
}

static LOCAL: ServerSpec = ServerSpec {
    service: "local",
    display_name: "Local",
    binary: "local-mcp-server",
    description: "A local test server.",
    base: Base::None,
    auth: Auth::None,
    state: Some(workspace::make_state),
    options: &[workspace::OPTION],
    tools: cat_tools,
    toolsets: &[Toolset {
        name: "files",
        description: "Files of the workspace.",
        default: true,
    }],
    ..ServerSpec::DEFAULT
};

#[tokio::test]
async fn a_server_declares_the_workspace_and_its_tools_reach_it_through_ctx() {
    let f = fixture();
    let settings = Settings::default().with_option("workspace", f.root.to_str().unwrap());
    let server = TestServer::start(&LOCAL, settings).await;
    let client = server.client_with(&[]).await;
    let v = client
        .call_ok("local_cat", json!({"path": "sub/b.txt"}))
        .await;
    assert_eq!(v, json!("bravo\n"));
    let err = client
        .call_err("local_cat", json!({"path": "../outside/secret.txt"}))
        .await;
    assert!(err.contains(Rule::DotDot.name()), "{err}");
    client.close().await;
    server.stop().await;
    // A workspace that does not exist stops the server at start-up, saying so.
    let bad = Settings::default().with_option("workspace", "/nonexistent/ws");
    let err = mcp_shared::McpServer::new(&LOCAL, bad).err().unwrap();
    assert!(
        err.contains("/nonexistent/ws") && err.contains("MCP_WORKSPACE"),
        "{err}"
    );
}
