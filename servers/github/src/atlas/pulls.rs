//! Pull requests as the Atlas profile shows them: a repository's pull requests, the files one
//! changes, its head's status, its comments and review comments.

use serde_json::Value;

use super::{bullet, date, items, joined, short, show, showing, text, withheld};

/// `list_pull_requests`: a page of a repository's pull requests.
pub fn pull_list(owner: &str, repo: &str, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No pull requests found.".to_owned();
    }
    let mut out = format!("# Pull Requests for {owner}/{repo}\n\n");
    showing(&mut out, found.len(), "pull request(s)", page, v);
    for p in found {
        out.push_str(&format!(
            "## #{}: {}\n\n",
            show(p, "number", "?"),
            text(p, "title")
        ));
        bullet(&mut out, "State", text(p, "state"));
        bullet(&mut out, "Author", &show(p, "user", "Unknown"));
        bullet(&mut out, "Created", &date(p, "created_at"));
        bullet(&mut out, "Updated", &date(p, "updated_at"));
        bullet(
            &mut out,
            "Branch",
            &format!("{} → {}", text(p, "head"), text(p, "base")),
        );
        if p["draft"] == true {
            bullet(&mut out, "Status", "Draft");
        }
        bullet(&mut out, "Labels", &joined(p, "labels"));
        bullet(&mut out, "Assignees", &joined(p, "assignees"));
        bullet(&mut out, "URL", text(p, "html_url"));
        withheld(&mut out, p);
        out.push('\n');
    }
    out
}

/// `get_pull_request_files`: the files a pull request changes, grouped by what happened to
/// them, with the totals.
pub fn pull_files(number: u64, v: &Value) -> String {
    let files = items(v);
    if files.is_empty() {
        return "No files changed in this pull request.".to_owned();
    }
    let sum = |k: &str| files.iter().filter_map(|f| f[k].as_u64()).sum::<u64>();
    let mut out = format!("# Files Changed in Pull Request #{number}\n\n");
    out.push_str(&format!(
        "**Total:** {} file(s) | **+{}** additions | **-{}** deletions\n\n",
        files.len(),
        sum("additions"),
        sum("deletions")
    ));
    let groups: [(&str, &str); 4] = [
        ("added", "Added Files"),
        ("modified", "Modified Files"),
        ("removed", "Removed Files"),
        ("renamed", "Renamed Files"),
    ];
    let counts = |f: &Value| {
        format!(
            "+{} -{}",
            show(f, "additions", "0"),
            show(f, "deletions", "0")
        )
    };
    for (status, heading) in groups {
        let these: Vec<&Value> = files.iter().filter(|f| f["status"] == status).collect();
        if these.is_empty() {
            continue;
        }
        out.push_str(&format!("## {heading}\n\n"));
        for f in these {
            let name = text(f, "filename");
            let line = match status {
                "renamed" => format!(
                    "- **{}** → **{name}** ({})",
                    text(f, "previous_filename"),
                    counts(f)
                ),
                _ => format!("- **{name}** ({})", counts(f)),
            };
            out.push_str(&line);
            out.push('\n');
            if status == "modified" && !text(f, "blob_url").is_empty() {
                out.push_str(&format!("  - [View file]({})\n", text(f, "blob_url")));
            }
        }
        out.push('\n');
    }
    let other: Vec<&Value> = files
        .iter()
        .filter(|f| !groups.iter().any(|(s, _)| f["status"] == *s))
        .collect();
    if !other.is_empty() {
        out.push_str("## Other Changes\n\n");
        for f in other {
            out.push_str(&format!(
                "- **{}** ({}) ({})\n",
                text(f, "filename"),
                text(f, "status"),
                counts(f)
            ));
        }
        out.push('\n');
    }
    if let Some(next) = v["next_page"].as_u64() {
        out.push_str(&format!(
            "*More files are available: call again with page={next}.*\n"
        ));
    }
    out
}

/// `get_pull_request_status`: the combined status of a pull request's head commit, failures
/// first.
pub fn pull_status(v: &Value) -> String {
    let mut out = format!("# Pull Request #{} Status\n\n", show(v, "pull_number", "?"));
    out.push_str(&format!("**Overall State:** {}\n", text(v, "state")));
    out.push_str(&format!("**SHA:** {}\n", short(text(v, "head_sha"))));
    out.push_str(&format!(
        "**Total Checks:** {}\n\n",
        show(v, "total_count", "0")
    ));
    let statuses = v["statuses"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    if statuses.is_empty() {
        out.push_str("*No status checks found*\n");
        return out;
    }
    out.push_str("## Status Checks\n\n");
    for (state, heading) in [
        ("failure", "Failed"),
        ("error", "Errors"),
        ("pending", "Pending"),
        ("success", "Passed"),
    ] {
        let these: Vec<&Value> = statuses.iter().filter(|s| s["state"] == state).collect();
        if these.is_empty() {
            continue;
        }
        out.push_str(&format!("### {heading}\n\n"));
        for s in these {
            let description = match text(s, "description") {
                "" => "No description",
                d => d,
            };
            out.push_str(&format!("- **{}**: {description}\n", text(s, "context")));
            if state != "success" && !text(s, "target_url").is_empty() {
                out.push_str(&format!("  - [View Details]({})\n", text(s, "target_url")));
            }
        }
        out.push('\n');
    }
    out
}

/// The lines of one review comment (on a line of the diff).
fn review_comment_fields(out: &mut String, c: &Value) {
    bullet(out, "Author", &show(c, "user", "Unknown"));
    bullet(out, "File", text(c, "path"));
    bullet(out, "Line", &show(c, "line", ""));
    if !c["start_line"].is_null() && c["start_line"] != c["line"] {
        bullet(
            out,
            "Lines",
            &format!("{}-{}", show(c, "start_line", ""), show(c, "line", "")),
        );
    }
    bullet(out, "Side", &show(c, "side", "RIGHT"));
    bullet(out, "Created", &date(c, "created_at"));
    if c["updated_at"] != c["created_at"] {
        bullet(out, "Updated", &date(c, "updated_at"));
    }
    bullet(out, "Commit", &short(text(c, "commit_id")));
    if let Some(to) = c["in_reply_to_id"].as_u64() {
        bullet(out, "Reply to", &format!("Comment #{to}"));
    }
    bullet(out, "Comment ID", &show(c, "id", ""));
    withheld(out, c);
}

/// `get_pull_request_review_comments`: a page of the comments on lines of a pull request's
/// diff.
pub fn review_comments(number: u64, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No review comments found for this pull request.".to_owned();
    }
    let mut out = format!("# Review Comments for Pull Request #{number}\n\n");
    showing(&mut out, found.len(), "review comment(s)", page, v);
    for (n, c) in found.iter().enumerate() {
        out.push_str(&format!("## Comment {}\n\n", n + 1));
        review_comment_fields(&mut out, c);
        out.push_str(&format!("\n**Comment:**\n{}\n", text(c, "body")));
        if !text(c, "html_url").is_empty() {
            out.push_str(&format!("\n**URL:** {}\n", text(c, "html_url")));
        }
        out.push_str("\n---\n\n");
    }
    out
}

/// `get_pull_request_comments`: a page of a pull request's conversation comments and a page
/// of its review comments, oldest first (each item has `kind`: `issue` or `review`).
pub fn pull_comments(number: u64, page: u64, v: &Value) -> String {
    let found = items(v);
    if found.is_empty() {
        return "No comments found for this pull request.".to_owned();
    }
    let mut out = format!("# Comments for Pull Request #{number}\n\n");
    showing(&mut out, found.len(), "comment(s)", page, v);
    for (n, c) in found.iter().enumerate() {
        if c["kind"] == "review" {
            out.push_str(&format!("## Comment {} (Code Review)\n\n", n + 1));
            review_comment_fields(&mut out, c);
        } else {
            out.push_str(&format!("## Comment {}\n\n", n + 1));
            bullet(&mut out, "Author", &show(c, "user", "Unknown"));
            bullet(&mut out, "Created", &date(c, "created_at"));
            if c["updated_at"] != c["created_at"] {
                bullet(&mut out, "Updated", &date(c, "updated_at"));
            }
            withheld(&mut out, c);
        }
        out.push_str(&format!("\n**Content:**\n{}\n\n---\n\n", text(c, "body")));
    }
    out
}

/// `create_pull_request_review_comment`: the comment just created.
pub fn review_comment(number: u64, c: &Value) -> String {
    let mut out = format!("# Review Comment Created for Pull Request #{number}\n\n");
    review_comment_fields(&mut out, c);
    out.push_str(&format!("\n**Comment:**\n{}\n", text(c, "body")));
    out.push_str(&format!("\n**URL:** {}\n", text(c, "html_url")));
    out
}
