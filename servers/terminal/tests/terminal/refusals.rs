//! What is refused, before anything runs: commands not allowed, commands given by path,
//! programs that run programs, always-refused flags, flags outside ALLOWED_FLAGS, operators
//! and redirections when off, shell constructs, every way out of the workspace by an
//! argument or a redirection, over-long lines, and ALLOWED_COMMANDS=all without its flag.

use std::os::unix::fs::symlink;

use mcp_shared::workspace::Rule;
use mcp_shared::{McpServer, Settings};

use crate::{Ws, operators, refused, run, ws, ws_with};

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
}

#[tokio::test]
async fn commands_not_allowed_are_refused() {
    let w = ws().await;
    w.put("keep.txt", "keep");
    let err = refused(&w, "rm keep.txt").await;
    assert!(err.contains("`rm` is not an allowed command"), "{err}");
    assert!(w.at("keep.txt").exists());
    let err = refused(&w, "touch new.txt").await;
    assert!(err.contains("not an allowed command"), "{err}");
    assert!(!w.at("new.txt").exists());
    // By path: refused, even for an allowed name.
    for cmd in ["/bin/ls", "./ls", "../bin/ls", "bin/ls"] {
        let err = refused(&w, cmd).await;
        assert!(err.contains("given by name"), "{cmd}: {err}");
    }
    // A program in the workspace is never run, even under an allowed name.
    w.put("cat", "#!/bin/sh\necho pwned\n");
    let out = run(&w, "cat cat").await;
    assert!(out.starts_with("#!/bin/sh"), "{out}");
    w.stop().await;
}

#[tokio::test]
async fn programs_that_run_programs_are_refused_unless_named() {
    let w = ws().await;
    for cmd in [
        "sh -c id",
        "bash -c id",
        "dash",
        "env",
        "env ls",
        "xargs ls",
        "nohup ls",
        "timeout 5 ls",
        "sudo ls",
        "su",
        "python3 -c 'print(1)'",
        "python3.11",
        "perl -e 1",
        "ruby -e 1",
        "node -e 1",
        "awk 'BEGIN{system(\"id\")}'",
        "sed -n 1p x",
    ] {
        let err = refused(&w, cmd).await;
        assert!(err.contains("runs other programs or code"), "{cmd}: {err}");
    }
    w.stop().await;
    // An operator's explicit list may name one; the others stay refused.
    let w = ws_with(|s| *s = s.clone().with_option("allowed-commands", "ls,env")).await;
    let out = run(&w, "env").await;
    assert!(out.contains("PATH="), "{out}");
    let err = refused(&w, "sh -c id").await;
    assert!(err.contains("runs other programs or code"), "{err}");
    let err = refused(&w, "cat x").await;
    assert!(err.contains("`cat` is not an allowed command"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn dangerous_flags_are_refused() {
    let w = ws().await;
    w.put("keep.txt", "keep");
    for cmd in [
        "find . -exec cat {} ;",
        "find . -execdir id ;",
        "find . -ok id ;",
        "find . -delete",
        "find . -fprint out.txt",
        "find -L .",
        "grep -R x .",
        "grep -rR x .",
        "grep --dereference-recursive x .",
        "ls -lL",
        "du -L .",
        "sort --compress-program=gzip keep.txt",
        "wc --files0-from=keep.txt",
    ] {
        let err = refused(&w, cmd).await;
        assert!(
            err.contains("is refused") || err.contains("`command`"),
            "{cmd}: {err}"
        );
    }
    let err = refused(&w, "find . -delete").await;
    assert!(err.contains("`find -delete` is refused"), "{err}");
    assert!(w.at("keep.txt").exists());
    assert!(!w.at("out.txt").exists());
    w.stop().await;
}

#[tokio::test]
async fn allowed_flags_limit_the_flags() {
    let w = ws_with(|s| *s = s.clone().with_option("allowed-flags", "-l,-a")).await;
    run(&w, "ls -l").await;
    run(&w, "ls -la").await;
    let err = refused(&w, "ls -R").await;
    assert!(err.contains("the flag `-R` is not allowed"), "{err}");
    let err = refused(&w, "ls -lR").await;
    assert!(err.contains("not allowed"), "{err}");
    w.stop().await;
    // Empty: no flags at all (MCP-Atlas's `ALLOWED_FLAGS=""`).
    let w = ws_with(|s| *s = s.clone().with_option("allowed-flags", "")).await;
    run(&w, "ls").await;
    let err = refused(&w, "ls -l").await;
    assert!(err.contains("ALLOWED_FLAGS: none"), "{err}");
    w.stop().await;
    // Named exactly, an always-refused flag is the operator's choice.
    let w = ws_with(|s| *s = s.clone().with_option("allowed-flags", "-L")).await;
    run(&w, "ls -L").await;
    w.stop().await;
}

#[tokio::test]
async fn operators_and_redirections_are_refused_when_off() {
    let w = ws().await;
    for cmd in [
        "ls && pwd",
        "ls || pwd",
        "ls; pwd",
        "ls | wc -l",
        "ls>out.txt",
        "ls > out.txt",
        "echo x >> out.txt",
        "cat < out.txt",
        "ls 2> out.txt",
        "ls 2>&1",
    ] {
        let err = refused(&w, cmd).await;
        assert!(err.contains("ALLOW_SHELL_OPERATORS is off"), "{cmd}: {err}");
    }
    assert!(!w.at("out.txt").exists());
    w.stop().await;
}

#[tokio::test]
async fn shell_constructs_are_refused_on_and_off() {
    for on in [false, true] {
        let w = ws_with(|s| {
            if on {
                operators(s);
            }
        })
        .await;
        for cmd in [
            "echo $HOME",
            "echo ${HOME}",
            "echo \"$HOME\"",
            "echo $(id)",
            "echo \"$(id)\"",
            "echo `id`",
            "ls *.txt",
            "ls ?",
            "ls [ab]",
            "ls &",
            "(ls)",
            "echo {a,b}",
            "cat <<EOF",
            "cat <(ls)",
            "ls >&2",
            "ls # comment",
            "ls\nid",
            "ls\rid",
            "echo 'open",
            "echo \"open",
            "ls |",
            "| ls",
            "ls &&",
            "ls >",
            "",
            "   ",
        ] {
            let err = refused(&w, cmd).await;
            assert!(err.contains("`command`"), "{cmd:?}: {err}");
        }
        w.stop().await;
    }
}

#[tokio::test]
async fn arguments_that_lead_out_are_refused() {
    let w = ws_with(operators).await;
    w.put("a.txt", "inside\n");
    symlink(w.outside().join("secret.txt"), w.at("link")).unwrap();
    symlink(w.outside(), w.at("linkdir")).unwrap();
    std::fs::create_dir(w.at("sub")).unwrap();
    let secret = w.outside().join("secret.txt");
    let secret = secret.to_str().unwrap().to_owned();
    let cases = [
        ("cat ../outside/secret.txt".to_owned(), "workspace rule"),
        (format!("cat {secret}"), Rule::Outside.name()),
        ("cat link".to_owned(), Rule::Symlink.name()),
        ("cat linkdir/secret.txt".to_owned(), Rule::Symlink.name()),
        ("ls linkdir".to_owned(), Rule::Symlink.name()),
        ("grep -r SECRET linkdir/".to_owned(), Rule::Symlink.name()),
        ("ls ~".to_owned(), Rule::Home.name()),
        ("cat ~/x".to_owned(), Rule::Home.name()),
        ("cat sub/../a.txt".to_owned(), Rule::DotDot.name()),
        ("ls ..".to_owned(), Rule::DotDot.name()),
        ("cat file:///etc/passwd".to_owned(), "workspace rule"),
        ("cat /etc/passwd".to_owned(), Rule::Outside.name()),
        ("grep -f/etc/passwd a.txt".to_owned(), "carries a path"),
        (
            "grep --file=/etc/passwd a.txt".to_owned(),
            Rule::Outside.name(),
        ),
        ("du --max-depth=1 /".to_owned(), Rule::Outside.name()),
        ("find / -name secret.txt".to_owned(), Rule::Outside.name()),
        ("cat x=/etc/passwd".to_owned(), Rule::Outside.name()),
        (
            "cat a.txt > ../outside/new.txt".to_owned(),
            Rule::DotDot.name(),
        ),
        (
            format!("echo x > {}/new.txt", w.outside().display()),
            Rule::Outside.name(),
        ),
        ("echo x > link".to_owned(), Rule::Symlink.name()),
        ("echo x >> linkdir/new.txt".to_owned(), Rule::Symlink.name()),
        ("cat < link".to_owned(), Rule::Symlink.name()),
        ("ls 2> linkdir/err.txt".to_owned(), Rule::Symlink.name()),
        ("echo x > .".to_owned(), Rule::Root.name()),
    ];
    for (cmd, rule) in &cases {
        let err = refused(&w, cmd).await;
        assert!(err.contains(rule), "{cmd}: should name `{rule}`: {err}");
        assert!(!err.contains("OUTSIDE SECRET"), "{cmd}: {err}");
    }
    outside_untouched(&w);
    // A relative link that stays inside is fine (the jail refuses absolute link targets).
    symlink("a.txt", w.at("inner")).unwrap();
    let out = run(&w, "cat inner").await;
    assert!(out.starts_with("inside"), "{out}");
    // Hard links are not written through.
    std::fs::hard_link(w.at("a.txt"), w.at("hard")).unwrap();
    let err = refused(&w, "echo x > hard").await;
    assert!(err.contains(Rule::HardLink.name()), "{err}");
    assert_eq!(std::fs::read_to_string(w.at("a.txt")).unwrap(), "inside\n");
    w.stop().await;
}

#[tokio::test]
async fn over_long_lines_are_refused() {
    let w = ws_with(|s| *s = s.clone().with_option("max-command-length", "10")).await;
    run(&w, "echo 12345").await;
    let err = refused(&w, "echo 123456").await;
    assert!(
        err.contains("the limit is 10 (MAX_COMMAND_LENGTH)"),
        "{err}"
    );
    w.stop().await;
}

#[tokio::test]
async fn all_commands_need_the_start_flag() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().to_str().unwrap();
    let settings = Settings::default()
        .with_option("workspace", dir)
        .with_option("allowed-commands", "all");
    let err = McpServer::new(&terminal_mcp_server::SPEC, settings.clone())
        .err()
        .expect("ALLOWED_COMMANDS=all without --allow-all-commands must not start");
    assert!(
        err.contains("--allow-all-commands") && err.contains("only boundary"),
        "{err}"
    );
    let w = ws_with(|s| {
        *s = s.clone().with_option("allowed-commands", "all");
        s.flags.push("allow-all-commands".to_owned());
    })
    .await;
    let out = run(&w, "sh -c 'echo from a shell'").await;
    assert!(out.starts_with("from a shell\n"), "{out}");
    // The jail and the parser still apply.
    let err = refused(&w, "cat ../outside/secret.txt").await;
    assert!(err.contains("workspace rule"), "{err}");
    let err = refused(&w, "/bin/sh").await;
    assert!(err.contains("given by name"), "{err}");
    w.stop().await;
}
