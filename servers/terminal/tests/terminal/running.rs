//! What runs: allowed commands with their output and return code, operators, pipelines and
//! redirections when allowed, the working directory, the cleared environment, the timeout
//! that kills a command's whole process group, the output cap, and the rules shown.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::{operators, refused, run, ws, ws_with};

#[tokio::test]
async fn an_allowed_command_runs_with_its_output_and_return_code() {
    let w = ws().await;
    w.put("a.txt", "alpha\nbeta\n");
    w.put("sub/b.txt", "b");
    let out = run(&w, "ls").await;
    assert!(out.contains("a.txt") && out.contains("sub"), "{out}");
    assert!(
        out.ends_with("Command completed with return code: 0"),
        "{out}"
    );
    let out = run(&w, "cat a.txt").await;
    assert!(out.starts_with("alpha\nbeta\n"), "{out}");
    let out = run(&w, "grep -n beta a.txt").await;
    assert!(out.starts_with("2:beta"), "{out}");
    // A failing command is a result with its return code and standard error, not an error.
    let out = run(&w, "ls missing-file").await;
    assert!(
        out.contains("stderr:\n") && out.contains("missing-file"),
        "{out}"
    );
    assert!(
        out.ends_with("Command completed with return code: 2"),
        "{out}"
    );
    let out = run(&w, "grep nothing a.txt").await;
    assert!(out.ends_with("return code: 1"), "{out}");
    // Quoted globs go to the program as they are.
    let out = run(&w, "find . -name '*.txt'").await;
    assert!(
        out.contains("./a.txt") && out.contains("./sub/b.txt"),
        "{out}"
    );
    // Single quotes keep `$`, `*` and `#` literal.
    let out = run(&w, "echo '$HOME *' \"a b\" c\\ d a#b").await;
    assert!(out.starts_with("$HOME * a b c d a#b\n"), "{out}");
    // An absolute path inside the workspace is accepted.
    let abs = w.at("a.txt");
    let out = run(&w, &format!("cat {}", abs.display())).await;
    assert!(out.starts_with("alpha"), "{out}");
    w.stop().await;
}

#[tokio::test]
async fn commands_run_in_the_workspace() {
    let w = ws().await;
    let out = run(&w, "pwd").await;
    let real = std::fs::canonicalize(w.root()).unwrap();
    assert!(out.starts_with(&format!("{}\n", real.display())), "{out}");
    w.stop().await;
}

#[tokio::test]
async fn operators_work_when_allowed() {
    let w = ws_with(operators).await;
    let out = run(&w, "echo one && echo two").await;
    assert!(out.starts_with("one\ntwo\n"), "{out}");
    let out = run(&w, "false && echo not-run || echo fallback").await;
    assert!(
        out.starts_with("fallback\n") && !out.contains("not-run"),
        "{out}"
    );
    let out = run(&w, "false; echo after").await;
    assert!(
        out.starts_with("after\n") && out.ends_with("return code: 0"),
        "{out}"
    );
    let out = run(&w, "echo last; false").await;
    assert!(out.ends_with("return code: 1"), "{out}");
    let out = run(&w, "true || echo skipped").await;
    assert!(!out.contains("skipped"), "{out}");
    w.stop().await;
}

#[tokio::test]
async fn pipelines_are_processes_connected_by_pipes() {
    let w = ws_with(operators).await;
    w.put("words.txt", "pear\napple\npear\nfig\napple\n");
    let out = run(&w, "cat words.txt | sort | uniq | wc -l").await;
    assert!(out.starts_with("3\n"), "{out}");
    let out = run(&w, "cat words.txt|sort|uniq -c|sort -rn|head -n 1").await;
    assert!(out.trim_start().starts_with("2 "), "{out}");
    // The return code is the last command's.
    let out = run(&w, "cat words.txt | grep nothing").await;
    assert!(out.ends_with("return code: 1"), "{out}");
    // `2>&1` sends standard error down the pipe.
    let out = run(&w, "ls missing-file 2>&1 | wc -l").await;
    assert!(out.starts_with("1\n") && !out.contains("stderr:"), "{out}");
    w.stop().await;
}

#[tokio::test]
async fn redirections_write_and_read_files_of_the_workspace() {
    let w = ws_with(operators).await;
    run(&w, "echo hello > out.txt").await;
    assert_eq!(std::fs::read_to_string(w.at("out.txt")).unwrap(), "hello\n");
    run(&w, "echo again >> out.txt").await;
    assert_eq!(
        std::fs::read_to_string(w.at("out.txt")).unwrap(),
        "hello\nagain\n"
    );
    run(&w, "echo replaced >out.txt").await;
    assert_eq!(
        std::fs::read_to_string(w.at("out.txt")).unwrap(),
        "replaced\n"
    );
    let out = run(&w, "wc -c < out.txt").await;
    assert!(out.starts_with("9\n"), "{out}");
    let out = run(&w, "ls missing-file 2> err.txt").await;
    assert!(!out.contains("stderr:"), "{out}");
    assert!(
        std::fs::read_to_string(w.at("err.txt"))
            .unwrap()
            .contains("missing-file")
    );
    std::fs::create_dir(w.at("sub")).unwrap();
    run(&w, "ls missing-file > sub/both.txt 2>&1").await;
    assert!(
        std::fs::read_to_string(w.at("sub/both.txt"))
            .unwrap()
            .contains("missing-file")
    );
    // A file made by an earlier command of the line can be read by a later one.
    let out = run(&w, "echo made > made.txt && cat < made.txt").await;
    assert!(out.starts_with("made\n"), "{out}");
    w.stop().await;
}

#[tokio::test]
async fn commands_get_a_cleared_environment() {
    let w = ws_with(|s| {
        *s = s.clone().with_option("allowed-commands", "env");
    })
    .await;
    let out = run(&w, "env").await;
    let vars: Vec<&str> = out
        .lines()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split('=').next().unwrap())
        .collect();
    let mut sorted = vars.clone();
    sorted.sort();
    assert_eq!(sorted, ["LANG", "PATH"], "{out}");
    assert!(!out.contains("CARGO"), "{out}");
    w.stop().await;
}

/// Whether the process `pid` is gone (or a zombie waiting for its reaper).
fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

#[tokio::test]
async fn the_timeout_kills_the_command_and_its_process_group() {
    let w = ws_with(|s| {
        *s = s
            .clone()
            .with_option("allowed-commands", "sh,sleep")
            .with_option("command-timeout", "1");
    })
    .await;
    let started = Instant::now();
    let err = refused(&w, "sleep 30").await;
    assert!(err.contains("did not finish within 1 s"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
    // A child of the command (same process group) is killed too.
    let err = refused(&w, "sh -c 'sleep 300 & echo $! > pid.txt; wait'").await;
    assert!(err.contains("COMMAND_TIMEOUT"), "{err}");
    let pid: u32 = std::fs::read_to_string(w.at("pid.txt"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(5);
    while !gone(pid) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(gone(pid), "the background sleep {pid} survived the timeout");
    w.stop().await;
}

#[tokio::test]
async fn output_is_capped_and_the_cap_named() {
    let w = ws_with(|s| {
        *s = s.clone().with_option("max-output-bytes", "100");
    })
    .await;
    w.put("big.txt", "x".repeat(1000));
    let out = run(&w, "cat big.txt").await;
    assert!(out.starts_with(&"x".repeat(100)), "{out}");
    assert!(!out.contains(&"x".repeat(101)), "{out}");
    assert!(
        out.contains("cut at the output cap of 100 bytes") && out.contains("900 more bytes"),
        "{out}"
    );
    w.stop().await;
}

#[tokio::test]
async fn show_security_rules_prints_the_rules_in_force() {
    let w = ws().await;
    let r = w
        .client
        .call("show_security_rules", json!({}))
        .await
        .unwrap();
    let text = mcp_testkit::text_of(&r);
    assert!(text.contains(&w.root().display().to_string()), "{text}");
    assert!(text.contains("Allowed Commands: basename, cat"), "{text}");
    assert!(text.contains("(the default list)"), "{text}");
    assert!(text.contains("find: -exec"), "{text}");
    assert!(
        text.contains("redirections (>, >>, <, 2>, 2>>, 2>&1): not allowed"),
        "{text}"
    );
    assert!(text.contains("Max Command Length: 1024"), "{text}");
    assert!(text.contains("Command Timeout: 30 seconds"), "{text}");
    w.stop().await;
    let w = ws_with(|s| {
        *s = s
            .clone()
            .with_option("allowed-commands", "ls,cat")
            .with_option("allowed-flags", "-l,-a")
            .with_option("command-timeout", "5")
            .with_option("max-command-length", "200");
        operators(s);
    })
    .await;
    let r = w
        .client
        .call("show_security_rules", json!({}))
        .await
        .unwrap();
    let text = mcp_testkit::text_of(&r);
    assert!(text.contains("Allowed Commands: cat, ls\n"), "{text}");
    assert!(text.contains("Allowed Flags: -a, -l\n"), "{text}");
    assert!(text.contains("2>&1): allowed"), "{text}");
    assert!(text.contains("Max Command Length: 200"), "{text}");
    assert!(text.contains("Command Timeout: 5 seconds"), "{text}");
    w.stop().await;
}
