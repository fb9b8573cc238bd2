//! Search results as the Atlas profile shows them: numbered lists of repositories, code and
//! users.

use serde_json::Value;

use super::{date, items, show, text};

/// The line under a numbered list that says how many GitHub found and where the next page is.
fn footer(out: &mut String, v: &Value) {
    out.push_str(&format!(
        "\n\n*{} total on GitHub.",
        show(v, "total_count", "?")
    ));
    if let Some(next) = v["next_page"].as_u64() {
        out.push_str(&format!(" More results: call again with page={next}."));
    }
    out.push_str("*\n");
}

/// `search_repositories`: each repository's full name, stars, language, description and when
/// it was last updated.
pub fn repo_search(v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No repositories found".to_owned();
    }
    let mut lines = Vec::new();
    for (n, r) in found.iter().enumerate() {
        let mut line = format!("{}. **{}**", n + 1, text(r, "full_name"));
        if let Some(stars) = r["stargazers_count"].as_u64().filter(|s| *s > 0) {
            line.push_str(&format!(" - {stars} stars"));
        }
        if !text(r, "language").is_empty() {
            line.push_str(&format!(" - `{}`", text(r, "language")));
        }
        let description = match text(r, "description") {
            "" => "_No description_",
            d => d,
        };
        line.push_str(&format!("\n   {description}"));
        let updated = date(r, "updated_at");
        if !updated.is_empty() {
            line.push_str(&format!("\n   _Updated: {updated}_"));
        }
        lines.push(line);
    }
    let mut out = format!(
        "### Found {} repositories:\n\n{}",
        found.len(),
        lines.join("\n\n")
    );
    footer(&mut out, v);
    out
}

/// `search_code`: each file's repository and path, with its first matching fragment.
pub fn code_search(v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No code results found".to_owned();
    }
    let mut lines = Vec::new();
    for (n, c) in found.iter().enumerate() {
        let mut line = format!(
            "{}. **{}** / `{}`",
            n + 1,
            text(c, "repository"),
            text(c, "path")
        );
        if let Some(fragment) = c["fragments"][0].as_str() {
            let one_line = fragment.split_whitespace().collect::<Vec<_>>().join(" ");
            line.push_str(&format!("\n   > {one_line}"));
        }
        lines.push(line);
    }
    let mut out = format!(
        "### Found {} code results:\n\n{}",
        found.len(),
        lines.join("\n\n")
    );
    footer(&mut out, v);
    out
}

/// `search_users`: each account's login, marked when it is an organization, and its profile.
pub fn user_search(v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No users found".to_owned();
    }
    let mut lines = Vec::new();
    for (n, u) in found.iter().enumerate() {
        let mut line = format!("{}. **{}**", n + 1, text(u, "login"));
        if u["type"] == "Organization" {
            line.push_str(" `[org]`");
        }
        if !text(u, "html_url").is_empty() {
            line.push_str(&format!("\n   {}", text(u, "html_url")));
        }
        lines.push(line);
    }
    let mut out = format!("### Found {} users:\n\n{}", found.len(), lines.join("\n\n"));
    footer(&mut out, v);
    out
}
