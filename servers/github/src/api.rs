//! What every GitHub tool shares: authenticated requests, GitHub's error body, pagination.

use mcp_shared::json::{at, pick, pluck};
use mcp_shared::reexports::http;
use mcp_shared::{Ctx, Int, Method, Request, Response, ToolError, VendorError};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// An authenticated request to the GitHub REST API.
///
/// A path with a `.` or `..` segment is refused: URL normalisation would resolve it and send
/// the caller's token to another endpoint than the tool meant (e.g. `owner = ".."`).
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, path)
}

/// GitHub's GraphQL endpoint: `/graphql` next to the REST API on github.com, and
/// `/api/graphql` on GitHub Enterprise Server, whose REST base URL ends in `/api/v3`.
fn graphql_path(ctx: &Ctx) -> String {
    let Some(base) = ctx.upstream().base_url() else {
        return "/graphql".to_owned();
    };
    let path = base.path().trim_end_matches('/');
    match path.strip_suffix("/v3").filter(|api| api.ends_with("/api")) {
        Some(api) => {
            let mut url = base.clone();
            url.set_path(&format!("{api}/graphql"));
            url.set_query(None);
            url.to_string()
        }
        None => "/graphql".to_owned(),
    }
}

/// Run a GraphQL operation (`query Name(...)` or `mutation Name(...)`, kept as a constant next
/// to its tool) on the shared GraphQL client and return its `data`: GitHub's `errors` (in a
/// 200) become tool errors with GitHub's hints; queries are retried, mutations are not.
pub async fn graphql(
    ctx: &Ctx,
    operation: &str,
    query: &str,
    variables: Value,
) -> Result<Value, ToolError> {
    let r = req(ctx, Method::POST, &graphql_path(ctx))?;
    mcp_shared::graphql::execute(r, operation, query, variables)
        .await
        .map_err(|e| match e.code.as_deref() {
            Some("NOT_FOUND") => e.with_hint(
                "the repository, issue or pull request does not exist, or the token cannot see it.",
            ),
            Some("FORBIDDEN" | "INSUFFICIENT_SCOPES") => e.with_hint(
                "the token lacks the permission or scope this operation needs (classic tokens: `repo`, `read:org` or `project`).",
            ),
            _ => e,
        })
}

/// One page of a REST list, each item shaped, as `{"items", "next_page"}`.
pub async fn list(
    ctx: &Ctx,
    path: &str,
    query: &[(&str, Option<String>)],
    page: Option<Int>,
    per_page: Option<Int>,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let mut r = req(ctx, Method::GET, path)?;
    for (k, v) in query {
        r = r.query_opt(k, v.as_deref());
    }
    let (page, per_page) = page_defaults(ctx, page, per_page);
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    Ok(page_of(&resp, each(&v, shape)))
}

/// A file path or branch name encoded per segment (see [`mcp_shared::seg_path`]).
pub fn slash_path(p: &str, what: &str) -> Result<String, ToolError> {
    mcp_shared::seg_path(p, what)
}

/// `/repos/{owner}/{repo}` with both segments encoded.
pub fn repo_path(owner: &str, repo: &str) -> String {
    format!(
        "/repos/{}/{}",
        mcp_shared::seg(owner),
        mcp_shared::seg(repo)
    )
}

/// GitHub's error body: `{"message", "documentation_url", "errors": [{"resource", "field", "code", "message"}]}`.
/// A 403 for a missing OAuth scope names the scopes from `X-Accepted-OAuth-Scopes`.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    let mut message = body
        .get("message")
        .and_then(Value::as_str)
        .map(str::to_owned);
    if let Some(errors) = body.get("errors").and_then(Value::as_array) {
        let details: Vec<String> = errors
            .iter()
            .map(|e| match e {
                Value::String(s) => s.clone(),
                _ => e
                    .get("message")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .unwrap_or_else(|| {
                        let field = e.get("field").and_then(Value::as_str).unwrap_or("?");
                        let code = e.get("code").and_then(Value::as_str).unwrap_or("invalid");
                        format!("{field}: {code}")
                    }),
            })
            .collect();
        if !details.is_empty() {
            message = Some(format!(
                "{} ({})",
                message.unwrap_or_default(),
                details.join("; ")
            ));
        }
    }
    let header = |n: &str| headers.get(n).and_then(|v| v.to_str().ok()).map(str::trim);
    let hint = match status {
        403 | 404 => header("x-accepted-oauth-scopes")
            .filter(|s| !s.is_empty())
            .map(|needed| {
                let has = header("x-oauth-scopes").unwrap_or("");
                format!(
                    "this action needs the token scope(s) `{needed}` (the token has `{has}`); or, for a 404, the repository does not exist or the token cannot see it."
                )
            }),
        _ => None,
    };
    // A classic token (GitHub lists its scopes) that holds none of the accepted ones: a
    // missing scope, which `--oauth` answers with a scope challenge.
    let missing_scopes = match (
        status,
        header("x-accepted-oauth-scopes"),
        header("x-oauth-scopes"),
    ) {
        (403, Some(accepted), Some(held)) if !accepted.is_empty() => {
            let accepted: Vec<&str> = scope_list(accepted);
            let held: Vec<&str> = scope_list(held);
            (!accepted.iter().any(|a| held.iter().any(|h| implies(h, a))))
                .then(|| mcp_shared::MissingScopes::new(accepted, held))
        }
        _ => None,
    };
    VendorError {
        code: None,
        message,
        hint,
        missing_scopes,
        ..VendorError::default()
    }
}

/// GitHub's comma-separated scope headers.
fn scope_list(v: &str) -> Vec<&str> {
    v.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect()
}

/// Whether holding classic scope `held` grants `needed` (a scope grants itself and the scopes
/// GitHub lists under it: `repo` grants `public_repo`, `admin:org` grants `read:org`, ...).
fn implies(held: &str, needed: &str) -> bool {
    if held == needed {
        return true;
    }
    let under: &[&str] = match held {
        "repo" => &[
            "repo:status",
            "repo_deployment",
            "public_repo",
            "repo:invite",
            "security_events",
        ],
        "admin:repo_hook" => &["write:repo_hook", "read:repo_hook"],
        "write:repo_hook" => &["read:repo_hook"],
        "admin:org" => &["write:org", "read:org", "manage_runners:org"],
        "write:org" => &["read:org"],
        "admin:public_key" => &["write:public_key", "read:public_key"],
        "write:public_key" => &["read:public_key"],
        "user" => &["read:user", "user:email", "user:follow"],
        "project" => &["read:project"],
        "write:packages" => &["read:packages"],
        "admin:gpg_key" => &["write:gpg_key", "read:gpg_key"],
        "write:gpg_key" => &["read:gpg_key"],
        "admin:ssh_signing_key" => &["write:ssh_signing_key", "read:ssh_signing_key"],
        "write:ssh_signing_key" => &["read:ssh_signing_key"],
        "admin:enterprise" => &[
            "manage_runners:enterprise",
            "manage_billing:enterprise",
            "read:enterprise",
        ],
        "audit_log" => &["read:audit_log"],
        "codespace" => &["codespace:secrets"],
        _ => &[],
    };
    under.contains(&needed)
}

/// The page and page size a list asks for: those given, or under `--profile atlas` page 1 of
/// 10, which the Smithery server sends when they are not given.
pub fn page_defaults(
    ctx: &Ctx,
    page: Option<Int>,
    per_page: Option<Int>,
) -> (Option<Int>, Option<Int>) {
    if ctx.profile() == mcp_shared::Profile::Atlas {
        (page.or(Some(Int(1))), per_page.or(Some(Int(10))))
    } else {
        (page, per_page)
    }
}

/// Add `page` and `per_page` (capped at GitHub's 100) to a list request.
pub fn paged(r: Request, page: Option<Int>, per_page: Option<Int>) -> Request {
    r.query_opt("page", page.map(|p| p.get().max(1)))
        .query_opt("per_page", per_page.map(|p| p.get().clamp(1, 100)))
}

/// `{"items": [...], "next_page": n}` from a list response and its `Link` header.
pub fn page_of(resp: &Response, items: Value) -> Value {
    let next = resp
        .link_param("next", "page")
        .and_then(|p| p.parse::<u64>().ok());
    json!({ "items": items, "next_page": next })
}

/// Map each element of a JSON array.
pub fn each(v: &Value, f: fn(&Value) -> Value) -> Value {
    mcp_shared::json::map_array(v, f)
}

pub fn user(v: &Value) -> Value {
    pick(v, &["login", "id", "type", "name", "html_url"])
}

pub fn repo(v: &Value) -> Value {
    pick(
        v,
        &[
            "full_name",
            "description",
            "private",
            "fork",
            "default_branch",
            "language",
            "stargazers_count",
            "forks_count",
            "open_issues_count",
            "topics",
            "html_url",
            "clone_url",
            "updated_at",
            "owner=owner.login",
        ],
    )
}

pub fn issue(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "number",
            "title",
            "state",
            "state_reason",
            "body",
            "user=user.login",
            "comments",
            "milestone=milestone.title",
            "created_at",
            "updated_at",
            "closed_at",
            "html_url",
        ],
    );
    o["labels"] = pluck(v, "labels", "name");
    o["assignees"] = pluck(v, "assignees", "login");
    if at(v, "pull_request").is_some() {
        o["is_pull_request"] = Value::Bool(true);
    }
    o
}

pub fn comment(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "user=user.login",
            "body",
            "created_at",
            "updated_at",
            "html_url",
        ],
    )
}

/// Cut `s` to at most `max` bytes on a character boundary; `true` when something was cut.
pub fn truncate_utf8(s: &mut String, max: usize) -> bool {
    if s.len() <= max {
        return false;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    true
}

/// The longest unified diff kept per file in pull request file lists.
const MAX_PATCH_BYTES: usize = 20_000;

pub fn pull_request(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "number",
            "title",
            "state",
            "draft",
            "merged",
            "mergeable",
            "mergeable_state",
            "body",
            "user=user.login",
            "head=head.ref",
            "head_sha=head.sha",
            "head_repo=head.repo.full_name",
            "base=base.ref",
            "base_sha=base.sha",
            "maintainer_can_modify",
            "comments",
            "review_comments",
            "commits",
            "additions",
            "deletions",
            "changed_files",
            "merged_by=merged_by.login",
            "merge_commit_sha",
            "created_at",
            "updated_at",
            "closed_at",
            "merged_at",
            "html_url",
        ],
    );
    o["labels"] = pluck(v, "labels", "name");
    o["assignees"] = pluck(v, "assignees", "login");
    o["requested_reviewers"] = pluck(v, "requested_reviewers", "login");
    o
}

/// A file changed by a pull request, with its patch (capped).
pub fn pull_request_file(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "filename",
            "status",
            "previous_filename",
            "additions",
            "deletions",
            "changes",
            "sha",
            "blob_url",
        ],
    );
    if let Some(patch) = v.get("patch").and_then(Value::as_str) {
        let mut patch = patch.to_owned();
        if truncate_utf8(&mut patch, MAX_PATCH_BYTES) {
            patch.push_str("\n[... patch truncated ...]");
            o["patch_truncated"] = Value::Bool(true);
        }
        o["patch"] = Value::String(patch);
    }
    o
}

/// A commit as the commits API lists it (`GET /repos/{o}/{r}/commits`).
pub fn commit(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "sha",
            "message=commit.message",
            "author=commit.author.name",
            "author_login=author.login",
            "authored_at=commit.author.date",
            "committer=commit.committer.name",
            "committed_at=commit.committer.date",
            "html_url",
        ],
    );
    o["parents"] = pluck(v, "parents", "sha");
    o
}

/// An entry of a directory listing of the contents API.
pub fn content_entry(v: &Value) -> Value {
    pick(
        v,
        &[
            "name",
            "path",
            "type",
            "size",
            "sha",
            "html_url",
            "download_url",
        ],
    )
}

pub fn review(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "user=user.login",
            "state",
            "body",
            "commit_id",
            "submitted_at",
            "author_association",
            "html_url",
        ],
    )
}

pub fn review_comment(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "pull_request_review_id",
            "in_reply_to_id",
            "user=user.login",
            "body",
            "path",
            "line",
            "start_line",
            "side",
            "original_line",
            "position",
            "subject_type",
            "commit_id",
            "diff_hunk",
            "created_at",
            "updated_at",
            "html_url",
        ],
    )
}

pub fn status(v: &Value) -> Value {
    pick(
        v,
        &[
            "context",
            "state",
            "description",
            "target_url",
            "creator=creator.login",
            "updated_at",
        ],
    )
}

/// A code scanning alert. `detailed` adds the rule's full description and help text.
pub fn alert(v: &Value, detailed: bool) -> Value {
    let mut o = pick(
        v,
        &[
            "number",
            "state",
            "severity=rule.severity",
            "security_severity=rule.security_severity_level",
            "rule=rule.id",
            "rule_name=rule.name",
            "description=rule.description",
            "tool=tool.name",
            "ref=most_recent_instance.ref",
            "commit_sha=most_recent_instance.commit_sha",
            "message=most_recent_instance.message.text",
            "path=most_recent_instance.location.path",
            "start_line=most_recent_instance.location.start_line",
            "end_line=most_recent_instance.location.end_line",
            "created_at",
            "updated_at",
            "fixed_at",
            "dismissed_at",
            "dismissed_by=dismissed_by.login",
            "dismissed_reason",
            "dismissed_comment",
            "html_url",
        ],
    );
    if detailed {
        let extra = pick(
            v,
            &[
                "full_description=rule.full_description",
                "help=rule.help",
                "tags=rule.tags",
                "tool_version=tool.version",
            ],
        );
        if let (Value::Object(o), Value::Object(e)) = (&mut o, extra) {
            o.extend(e);
        }
    }
    o
}

pub fn label(v: &Value) -> Value {
    pick(v, &["id", "name", "color", "description", "default"])
}

pub fn release(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "tag_name",
            "name",
            "body",
            "draft",
            "prerelease",
            "target_commitish",
            "author=author.login",
            "created_at",
            "published_at",
            "html_url",
            "tarball_url",
            "zipball_url",
        ],
    );
    o["assets"] = mcp_shared::json::map_array(&v["assets"], |a| {
        pick(
            a,
            &[
                "name",
                "content_type",
                "size",
                "download_count",
                "browser_download_url",
            ],
        )
    });
    o
}

/// Sort direction of REST lists (`direction=asc|desc`).
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    Asc,
    Desc,
}

/// The default branch of the repository at `repo` (`/repos/{owner}/{repo}`): one request.
pub async fn default_branch(ctx: &Ctx, repo: &str) -> Result<String, ToolError> {
    let v: Value = req(ctx, Method::GET, repo)?
        .send_json()
        .await
        .map_err(|e| e.context("looking up the default branch"))?;
    v["default_branch"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| ToolError::transport("GitHub's repository answer has no default_branch."))
}
