//! Issues as the Atlas profile shows them: search results, a repository's issues, an issue's
//! comments.

use serde_json::Value;

use super::{bullet, date, items, joined, show, showing, text, withheld};

/// The fields every issue shows (search results and lists).
fn issue_fields(out: &mut String, i: &Value) {
    bullet(out, "State", text(i, "state"));
    bullet(out, "Author", &show(i, "user", "Unknown"));
    bullet(out, "Created", &date(i, "created_at"));
    bullet(out, "Updated", &date(i, "updated_at"));
    bullet(out, "Labels", &joined(i, "labels"));
    bullet(out, "Assignees", &joined(i, "assignees"));
    bullet(out, "Milestone", text(i, "milestone"));
    bullet(out, "Comments", &show(i, "comments", ""));
    bullet(out, "URL", text(i, "html_url"));
    withheld(out, i);
}

/// `search_issues`: issues and pull requests found by a query.
pub fn issue_search(query: &str, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No issues found matching your search.".to_owned();
    }
    let mut out = String::from("# Search Results\n\n");
    out.push_str(&format!(
        "Found {} total result(s), showing {}\n\n",
        show(v, "total_count", "?"),
        found.len()
    ));
    out.push_str(&format!("**Query**: {query}\n\n"));
    for i in found {
        let kind = if i["is_pull_request"] == true {
            "PR"
        } else {
            "Issue"
        };
        out.push_str(&format!(
            "## {kind} #{}: {}\n\n",
            show(i, "number", "?"),
            text(i, "title")
        ));
        bullet(&mut out, "Repository", text(i, "repository"));
        issue_fields(&mut out, i);
        out.push('\n');
    }
    if let Some(next) = v["next_page"].as_u64() {
        out.push_str(&format!(
            "*More results are available: call again with page={next}.*\n"
        ));
    }
    out
}

/// `list_issues`: a page of a repository's issues.
pub fn issue_list(owner: &str, repo: &str, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No issues found.".to_owned();
    }
    let mut out = format!("# Issues for {owner}/{repo}\n\n");
    showing(&mut out, found.len(), "issue(s)", page, v);
    for i in found {
        out.push_str(&format!(
            "## #{}: {}\n\n",
            show(i, "number", "?"),
            text(i, "title")
        ));
        issue_fields(&mut out, i);
        out.push('\n');
    }
    out
}

/// `get_issue_comments`: a page of an issue's comments.
pub fn issue_comments(number: u64, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No comments found for this issue.".to_owned();
    }
    let mut out = format!("# Comments for Issue #{number}\n\n");
    showing(&mut out, found.len(), "comment(s)", page, v);
    for (n, c) in found.iter().enumerate() {
        out.push_str(&format!("## Comment {}\n\n", n + 1));
        bullet(&mut out, "Author", &show(c, "user", "Unknown"));
        bullet(&mut out, "Created", &date(c, "created_at"));
        bullet(&mut out, "Updated", &date(c, "updated_at"));
        bullet(&mut out, "URL", text(c, "html_url"));
        withheld(&mut out, c);
        out.push_str(&format!("\n**Content**:\n{}\n\n---\n\n", text(c, "body")));
    }
    out
}
