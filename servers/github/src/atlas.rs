//! The MCP-Atlas profile (`--profile atlas`, Klavis's `github_atlas`): the Smithery GitHub
//! server answers most reads with Markdown, which the benchmark's model reads. These render
//! our results that way; the tools stay ours. Issues are rendered in [`issues`], pull
//! requests in [`pulls`], repositories, commits and files in [`repos`], search in [`search`].

use mcp_shared::{Ctx, Output, Profile};
use serde_json::Value;

mod issues;
mod pulls;
mod repos;
mod search;

pub use issues::{issue_comments, issue_list, issue_search};
pub use pulls::{
    pull_comments, pull_files, pull_list, pull_status, review_comment, review_comments,
};
pub use repos::{
    Readme, branch_list, commit, commit_list, contents, file_written, repository, tag_list,
};
pub use search::{code_search, repo_search, user_search};

/// Under `--profile atlas`, the result as the Smithery server shapes it (`render`'s Markdown);
/// under every other profile our JSON.
pub fn shaped(ctx: &Ctx, v: Value, render: impl FnOnce(&Value) -> String) -> Output {
    if ctx.profile() == Profile::Atlas {
        Output::Text(render(&v))
    } else {
        Output::Json(v)
    }
}

/// Whether the server runs under `--profile atlas`.
pub fn on(ctx: &Ctx) -> bool {
    ctx.profile() == Profile::Atlas
}

/// The items of a `{"items": [...]}` page.
fn items(v: &Value) -> &[Value] {
    v["items"].as_array().map(Vec::as_slice).unwrap_or_default()
}

/// A string field ("" when absent or not a string).
fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key].as_str().unwrap_or_default()
}

/// A field as Markdown shows it: a string as it is, a number or boolean as JSON, `fallback`
/// when absent.
fn show(v: &Value, key: &str, fallback: &str) -> String {
    match &v[key] {
        Value::String(s) => s.clone(),
        Value::Null => fallback.to_owned(),
        other => other.to_string(),
    }
}

/// The date of an ISO 8601 timestamp field (`2024-01-31`); "" when absent.
fn date(v: &Value, key: &str) -> String {
    text(v, key)
        .split('T')
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// An array of strings, joined with commas.
fn joined(v: &Value, key: &str) -> String {
    v[key]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        })
        .unwrap_or_default()
}

/// The short form of a commit SHA (its first 7 characters).
fn short(sha: &str) -> String {
    sha.chars().take(7).collect()
}

/// `- **label**: value` on its own line, unless the value is empty.
fn bullet(out: &mut String, label: &str, value: &str) {
    if !value.is_empty() {
        out.push_str(&format!("- **{label}**: {value}\n"));
    }
}

/// What lockdown mode withheld of an item, if anything.
fn withheld(out: &mut String, item: &Value) {
    bullet(out, "Withheld", text(item, "withheld"));
}

/// The line that says how many items a page shows, and where the next page is.
fn showing(out: &mut String, count: usize, noun: &str, page: u64, v: &Value) {
    out.push_str(&format!("Showing {count} {noun} - Page {page}\n"));
    if let Some(next) = v["next_page"].as_u64() {
        out.push_str(&format!(
            "*More results are available: call again with page={next}.*\n"
        ));
    }
    if let Some(n) = v["withheld"].as_u64().filter(|n| *n > 0) {
        out.push_str(&format!(
            "*Lockdown mode withheld the content of {n} of them.*\n"
        ));
    }
    out.push('\n');
}

/// A fenced code block that its content cannot close: the fence is longer than any run of
/// backticks in it.
fn fenced(lang: &str, body: &str) -> String {
    let mut longest = 0;
    let mut run = 0;
    for c in body.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest.max(2) + 1);
    format!("{fence}{lang}\n{body}\n{fence}\n")
}
