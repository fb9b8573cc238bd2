//! Running a test command and reading what it counted.

use std::process::Command;

use anyhow::Context;

/// lines (nextest's `N tests run: P passed` or libtest's `test result: ... P passed; F failed`),
/// also when it fails.
#[allow(
    clippy::string_slice,
    reason = "an index from `find`: a character boundary"
)]
pub fn run_summarised(
    mut cmd: Command,
    on_line: &mut dyn FnMut(&str),
) -> std::result::Result<(u64, u64), (anyhow::Error, (u64, u64))> {
    use std::io::BufRead as _;
    let shown = format!("{cmd:?}");
    let fail = |e: anyhow::Error| (e, (0, 0));
    // nextest reports on stderr: read both through one pipe.
    let (reader, writer) = std::io::pipe().map_err(|e| fail(e.into()))?;
    let writer2 = writer.try_clone().map_err(|e| fail(e.into()))?;
    let mut child = cmd
        .stdout(writer2)
        .stderr(writer)
        .spawn()
        .with_context(|| format!("cannot run {shown}"))
        .map_err(fail)?;
    // The command holds copies of the pipe's write end: drop it so that reading ends.
    drop(cmd);
    let (mut passed, mut failed) = (0u64, 0u64);
    // nextest's closing `FAIL [ 1.2s] (7/9) crate::binary test::name` lines.
    let mut failing: Vec<String> = Vec::new();
    let number_before = |line: &str, word: &str| -> Option<u64> {
        let i = line.find(word)?;
        line[..i]
            .split(|c: char| !c.is_ascii_digit())
            .rfind(|s| !s.is_empty())?
            .parse()
            .ok()
    };
    for line in std::io::BufReader::new(reader).lines() {
        let Ok(line) = line else { break };
        println!("{line}");
        on_line(&line);
        if let Some(rest) = line.trim_start().strip_prefix("FAIL [")
            && let Some((_, name)) = rest.split_once(") ")
            && !failing.iter().any(|f| f == name)
        {
            failing.push(name.to_owned());
        }
        if line.contains("tests run:") {
            passed = number_before(&line, " passed").unwrap_or(passed);
            failed = number_before(&line, " failed").unwrap_or(0);
        } else if line.starts_with("test result:") {
            passed += number_before(&line, " passed").unwrap_or(0);
            failed += number_before(&line, " failed").unwrap_or(0);
        }
    }
    let status = child.wait().map_err(|e| (e.into(), (passed, failed)))?;
    if !status.success() {
        let which = if failing.is_empty() {
            shown
        } else {
            failing.join(", ")
        };
        return Err((
            anyhow::anyhow!("{failed} test(s) failed: {which} ({status})"),
            (passed, failed),
        ));
    }
    Ok((passed, failed))
}
