//! Lockdown mode (`--lockdown`, `GITHUB_LOCKDOWN_MODE=1`, or a request's `X-MCP-Lockdown: true`):
//! what users without push access wrote in a public repository is withheld, as GitHub's
//! official MCP server does. It limits prompt injection through public issues, pull requests,
//! comments, reviews and discussions; it is not a security boundary.
//!
//! Content is shown when its repository is private, its author is the token's user, a trusted
//! bot (`Copilot`, `github-actions[bot]`) or has push access (`admin` or `write`, which
//! includes `maintain`) to the repository. Everything else is withheld, including when a check
//! fails (fail closed) or the author is unknown (a deleted account).
//!
//! Cost, per tool call (nothing is cached between calls): one GraphQL query per repository
//! (the token's login and whether the repository is private), then, for a public repository,
//! one `GET /repos/{owner}/{repo}/collaborators/{login}/permission` per distinct author. After a
//! 403 on that endpoint (the token cannot see the repository's collaborators) no further
//! author of that repository is asked. Items by trusted bots need no request.
//!
//! `author_association` is not used to decide: `COLLABORATOR` and `MEMBER` include read-only
//! roles, and a member whose organization membership is private shows as `CONTRIBUTOR` or
//! `NONE` to those who cannot see it.

use std::collections::HashMap;

use mcp_shared::{Ctx, ErrorKind, Method, ToolError};
use serde_json::{Map, Value, json};

use crate::api;

/// The server switch's name (`ctx.flag`).
pub const FLAG: &str = "lockdown";

/// Logins whose content is always shown, as in GitHub's server (compared case-insensitively).
const TRUSTED_BOTS: &[&str] = &["copilot", "github-actions[bot]"];

/// The token's login and whether the repository is private.
const REPO_ACCESS: &str = "query LockdownRepo($owner: String!, $repo: String!) {
  viewer { login }
  repository(owner: $owner, name: $repo) { isPrivate }
}";

/// The fields a withheld item keeps: identifiers, author, state and dates, never text its
/// author wrote.
const STUB_FIELDS: &[&str] = &[
    "id",
    "number",
    "user",
    "author",
    "state",
    "created_at",
    "submitted_at",
    "html_url",
    "is_pull_request",
];

const HINT: &str = "lockdown mode hides what users without push access wrote in public repositories, to limit prompt injection; the server's operator turns it on (--lockdown, GITHUB_LOCKDOWN_MODE=1) or the request's X-MCP-Lockdown header does.";

/// Whether lockdown mode is on for this call.
pub fn on(ctx: &Ctx) -> bool {
    ctx.flag(FLAG)
}

enum Visibility {
    Private,
    Public {
        viewer: String,
    },
    /// The check failed: why.
    Unknown(String),
}

struct RepoState {
    full_name: String,
    visibility: Visibility,
    /// Set after a 403 on the permission endpoint: no other author is asked.
    blocked: Option<String>,
    /// Lowercase login -> `None` (may push) or the reason it is withheld.
    authors: HashMap<String, Option<String>>,
}

/// The decisions of one tool call, with what it learnt about each repository and author.
pub struct Gate<'a> {
    ctx: &'a Ctx,
    repos: HashMap<String, RepoState>,
}

impl<'a> Gate<'a> {
    /// `None` when lockdown mode is off for this call.
    pub fn new(ctx: &'a Ctx) -> Option<Self> {
        on(ctx).then(|| Gate {
            ctx,
            repos: HashMap::new(),
        })
    }

    /// Why content of `owner/repo` written by `author` is withheld; `None` to show it.
    pub async fn withhold(
        &mut self,
        owner: &str,
        repo: &str,
        author: Option<&str>,
    ) -> Option<String> {
        let author = author.map(str::trim).filter(|a| !a.is_empty());
        if author.is_some_and(is_trusted_bot) {
            return None;
        }
        let key = format!("{owner}/{repo}").to_ascii_lowercase();
        if !self.repos.contains_key(&key) {
            let state = RepoState {
                full_name: format!("{owner}/{repo}"),
                visibility: visibility(self.ctx, owner, repo).await,
                blocked: None,
                authors: HashMap::new(),
            };
            self.repos.insert(key.clone(), state);
        }
        let ctx = self.ctx;
        let Some(state) = self.repos.get_mut(&key) else {
            return Some(format!(
                "withheld by lockdown mode: {owner}/{repo} could not be checked"
            ));
        };
        let viewer = match &state.visibility {
            Visibility::Private => return None,
            Visibility::Unknown(why) => return Some(why.clone()),
            Visibility::Public { viewer } => viewer,
        };
        let Some(author) = author else {
            return Some(
                "withheld by lockdown mode: its author is unknown (a deleted account)".into(),
            );
        };
        if author.eq_ignore_ascii_case(viewer) {
            return None;
        }
        let login = author.to_ascii_lowercase();
        if let Some(known) = state.authors.get(&login) {
            return known.clone();
        }
        if let Some(why) = &state.blocked {
            return Some(why.clone());
        }
        let verdict = match permission(ctx, owner, repo, author).await {
            Ok(p) if p == "admin" || p == "write" => None,
            Ok(p) => Some(format!(
                "withheld by lockdown mode: `{author}` has no push access to {} (permission: {p})",
                state.full_name
            )),
            Err(e) if e.status == Some(403) => {
                let why = format!(
                    "withheld by lockdown mode: the token cannot check who may push to {} (GitHub answered 403: {}); GitHub shows repository permissions only to tokens with push access",
                    state.full_name, e.message
                );
                state.blocked = Some(why.clone());
                Some(why)
            }
            Err(e) => Some(format!(
                "withheld by lockdown mode: could not check whether `{author}` may push to {} ({})",
                state.full_name, e.message
            )),
        };
        state.authors.insert(login, verdict.clone());
        verdict
    }

    /// Replace each withheld item of the array `items` by a stub saying why; `targets` gives,
    /// per item, its repository and author. Returns how many were withheld.
    pub async fn apply(&mut self, items: &mut Value, targets: &[Target]) -> usize {
        let Some(list) = items.as_array_mut() else {
            return 0;
        };
        let mut withheld = 0;
        for (item, t) in list.iter_mut().zip(targets) {
            let reason = match &t.repo {
                Some((owner, repo)) => self.withhold(owner, repo, t.author.as_deref()).await,
                None => Some("withheld by lockdown mode: its repository is unknown".into()),
            };
            if let Some(reason) = reason {
                *item = stub(item, reason);
                withheld += 1;
            }
        }
        withheld
    }
}

/// Where an item lives and who wrote it.
pub struct Target {
    pub repo: Option<(String, String)>,
    pub author: Option<String>,
}

fn is_trusted_bot(login: &str) -> bool {
    TRUSTED_BOTS.iter().any(|b| b.eq_ignore_ascii_case(login))
}

async fn visibility(ctx: &Ctx, owner: &str, repo: &str) -> Visibility {
    let vars = json!({ "owner": owner, "repo": repo });
    match api::graphql(ctx, "LockdownRepo", REPO_ACCESS, vars).await {
        Ok(data) => match (
            data["repository"]["isPrivate"].as_bool(),
            data["viewer"]["login"].as_str(),
        ) {
            (Some(true), _) => Visibility::Private,
            (Some(false), Some(viewer)) => Visibility::Public {
                viewer: viewer.to_owned(),
            },
            _ => Visibility::Unknown(format!(
                "withheld by lockdown mode: GitHub did not say whether {owner}/{repo} is public"
            )),
        },
        Err(e) => Visibility::Unknown(format!(
            "withheld by lockdown mode: could not read whether {owner}/{repo} is public ({})",
            e.message
        )),
    }
}

/// The author's legacy base role on the repository: `admin`, `write` (also for `maintain`),
/// `read` (also for `triage`) or `none`.
async fn permission(ctx: &Ctx, owner: &str, repo: &str, login: &str) -> Result<String, ToolError> {
    let path = format!(
        "{}/collaborators/{}/permission",
        api::repo_path(owner, repo),
        mcp_shared::seg(login)
    );
    let v: Value = api::req(ctx, Method::GET, &path)?.send_json().await?;
    Ok(v["permission"].as_str().unwrap_or("none").to_owned())
}

/// What remains of a withheld item: its identifiers, author, state and dates, and why.
fn stub(item: &Value, reason: String) -> Value {
    let mut o = Map::new();
    for k in STUB_FIELDS {
        if let Some(v) = item.get(*k) {
            o.insert((*k).into(), v.clone());
        }
    }
    o.insert("withheld".into(), Value::String(reason));
    Value::Object(o)
}

/// Fail when lockdown mode withholds one item (`what`, e.g. "Issue #5 of octo/hello") of
/// `owner/repo` written by `author`. Without lockdown mode: no request, `Ok`.
pub async fn require(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    author: Option<&str>,
    what: &str,
) -> Result<(), ToolError> {
    let Some(mut gate) = Gate::new(ctx) else {
        return Ok(());
    };
    match gate.withhold(owner, repo, author).await {
        None => Ok(()),
        Some(reason) => Err(
            ToolError::new(ErrorKind::Upstream, format!("{what} is {reason}."))
                .with_code("lockdown")
                .with_hint(HINT),
        ),
    }
}

/// In a page `{"items": [...]}` of shaped items of `owner/repo` whose author's login is at
/// `author_key`, replace what lockdown mode withholds by stubs and count them in `withheld`.
/// Without lockdown mode: no request, unchanged.
pub async fn filter_page(ctx: &Ctx, owner: &str, repo: &str, page: &mut Value, author_key: &str) {
    let Some(mut gate) = Gate::new(ctx) else {
        return;
    };
    let targets: Vec<Target> = page["items"]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| Target {
                    repo: Some((owner.to_owned(), repo.to_owned())),
                    author: i[author_key].as_str().map(str::to_owned),
                })
                .collect()
        })
        .unwrap_or_default();
    let n = gate.apply(&mut page["items"], &targets).await;
    mark(page, n);
}

/// Record in a result how many items were withheld (nothing when none were).
pub fn mark(page: &mut Value, withheld: usize) {
    if withheld > 0 {
        page["withheld"] = json!(withheld);
    }
}

/// `owner` and `repo` from a REST `repository_url` (`.../repos/{owner}/{repo}`).
pub fn repo_of_url(url: &str) -> Option<(String, String)> {
    let mut parts = url.trim_end_matches('/').rsplit('/');
    let repo = parts.next()?;
    let owner = parts.next()?;
    (parts.next() == Some("repos") && !owner.is_empty() && !repo.is_empty())
        .then(|| (owner.to_owned(), repo.to_owned()))
}
