//! Repositories, their files, branches and commits; repository and code search; the most
//! recent stargazers.

use std::collections::BTreeSet;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD as BASE64;
use mcp_shared::json::{enum_str, insert_opt, pick};
use mcp_shared::reexports::rmcp::model::{ContentBlock, ResourceContents};
use mcp_shared::{Ctx, Effect, Int, Method, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, each, page_of, paged, repo_path, slash_path};
use crate::issues::Order;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_list_recent_stargazers",
            "List recent stargazers",
            Effect::Read,
            list_recent_stargazers,
        )
        .toolset("repos"),
        tool(
            "github_create_or_update_file",
            "Create or update file",
            Effect::Write,
            create_or_update_file,
        )
        .toolset("repos")
        .official_name("create_or_update_file"),
        tool(
            "github_create_repository",
            "Create repository",
            Effect::Write,
            create_repository,
        )
        .toolset("repos")
        .official_name("create_repository"),
        tool(
            "github_get_file_contents",
            "Get file or directory contents",
            Effect::Read,
            get_file_contents,
        )
        .toolset("repos"),
        tool(
            "github_fork_repository",
            "Fork repository",
            Effect::IdempotentWrite,
            fork_repository,
        )
        .toolset("repos")
        .official_name("fork_repository"),
        tool(
            "github_create_branch",
            "Create branch",
            Effect::Write,
            create_branch,
        )
        .toolset("repos")
        .official_name("create_branch"),
        tool(
            "github_push_files",
            "Push files in one commit",
            Effect::Write,
            push_files,
        )
        .toolset("repos")
        .official_name("push_files"),
        tool(
            "github_list_commits",
            "List commits",
            Effect::Read,
            list_commits,
        )
        .toolset("repos")
        .official_name("list_commits"),
        tool(
            "github_search_repositories",
            "Search repositories",
            Effect::Read,
            search_repositories,
        )
        .toolset("repos")
        .official_name("search_repositories"),
        tool(
            "github_search_code",
            "Search code",
            Effect::Read,
            search_code,
        )
        .toolset("repos"),
        tool(
            "search_code",
            "Search code",
            Effect::Read,
            official_search_code,
        )
        .toolset("repos")
        .official_only(),
        tool(
            "get_file_contents",
            "Get file or directory contents",
            Effect::Read,
            official_get_file_contents,
        )
        .toolset("repos")
        .official_only(),
        tool("github_get_commit", "Get commit", Effect::Read, get_commit)
            .toolset("repos")
            .official_name("get_commit"),
        tool(
            "github_list_branches",
            "List branches",
            Effect::Read,
            list_branches,
        )
        .toolset("repos")
        .official_name("list_branches"),
        tool("github_list_tags", "List tags", Effect::Read, list_tags)
            .toolset("repos")
            .official_name("list_tags"),
        tool("github_get_tag", "Get tag", Effect::Read, get_tag)
            .toolset("repos")
            .official_name("get_tag"),
        tool(
            "github_list_releases",
            "List releases",
            Effect::Read,
            list_releases,
        )
        .toolset("repos")
        .official_name("list_releases"),
        tool(
            "github_get_latest_release",
            "Get latest release",
            Effect::Read,
            get_latest_release,
        )
        .toolset("repos")
        .official_name("get_latest_release"),
        tool(
            "github_get_release_by_tag",
            "Get release by tag",
            Effect::Read,
            get_release_by_tag,
        )
        .toolset("repos")
        .official_name("get_release_by_tag"),
        tool(
            "github_delete_file",
            "Delete file",
            Effect::Destructive,
            delete_file,
        )
        .toolset("repos")
        .official_name("delete_file"),
    ]
}

/// Create a file or replace a file's content on a branch, as one commit. To replace an existing
/// file pass its current blob `sha` (from github_get_file_contents); without it GitHub only
/// creates new files. Returns the file's path, new blob sha and URL, and the commit.
#[derive(Deserialize, JsonSchema)]
pub struct CreateOrUpdateFile {
    owner: String,
    repo: String,
    /// File path in the repository (e.g. `docs/README.md`)
    path: String,
    /// The new file content, as text (the tool encodes it in base64 for GitHub)
    content: String,
    message: String,
    /// Branch to commit to (default: the repository's default branch)
    branch: Option<String>,
    /// Blob SHA of the file being replaced; required to update an existing file
    sha: Option<String>,
}

async fn create_or_update_file(ctx: Ctx, a: CreateOrUpdateFile) -> Result<Value, ToolError> {
    let file = slash_path(&a.path, "path")?;
    if file.is_empty() {
        return Err(ToolError::invalid_input(
            "`path` must name a file, e.g. `docs/README.md`",
        ));
    }
    let mut body = Map::new();
    body.insert("message".into(), json!(a.message));
    body.insert("content".into(), json!(BASE64.encode(a.content.as_bytes())));
    insert_opt(&mut body, "branch", a.branch.as_deref());
    insert_opt(&mut body, "sha", a.sha.as_deref());
    let path = format!("{}/contents/{file}", repo_path(&a.owner, &a.repo));
    // Not retried: a repeated PUT after a commit landed would fail on the stale `sha` anyway.
    let v: Value = api::req(&ctx, Method::PUT, &path)?
        .json(&body)
        .idempotent(false)
        .send_json()
        .await
        .map_err(|e| match (e.status, a.sha.is_some()) {
            (Some(422), false) => e.with_hint(
                "if the file already exists, pass its current blob `sha` (github_get_file_contents returns it) to replace it.",
            ),
            (Some(409), true) => e.with_hint(
                "the `sha` is not the file's current blob SHA on that branch: read the file again and retry with its current sha.",
            ),
            _ => e,
        })?;
    let mut out = pick(
        &v,
        &[
            "path=content.path",
            "sha=content.sha",
            "size=content.size",
            "html_url=content.html_url",
        ],
    );
    out["commit"] = pick(&v["commit"], &["sha", "message", "html_url"]);
    Ok(out)
}

/// Create a repository owned by the authenticated user, or by an organization. Returns the
/// new repository (full name, default branch, visibility, URLs).
#[derive(Deserialize, JsonSchema)]
pub struct CreateRepository {
    name: String,
    /// Organization to create the repository in (default: the authenticated user's account)
    organization: Option<String>,
    /// Short description
    description: Option<String>,
    /// Make the repository private (default false)
    private: Option<bool>,
    /// Create an initial commit with an empty README (default false)
    #[serde(rename = "autoInit")]
    auto_init: Option<bool>,
}

async fn create_repository(ctx: Ctx, a: CreateRepository) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(a.name));
    insert_opt(&mut body, "description", a.description);
    insert_opt(&mut body, "private", a.private);
    insert_opt(&mut body, "auto_init", a.auto_init);
    let path = match a.organization.as_deref().filter(|o| !o.is_empty()) {
        Some(org) => format!("/orgs/{}/repos", mcp_shared::seg(org)),
        None => "/user/repos".to_owned(),
    };
    let v: Value = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(api::repo(&v))
}

/// Get a file's content or a directory's entries from a repository. A text file comes back as
/// text (cut at 200 KB, with `truncated: true` and a marker); a binary file as an embedded
/// resource (base64, with its MIME type); a directory as its entries (name, path, type, size).
/// Files over 1 MB are not returned by this API: the result then gives `download_url`.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileContents {
    owner: String,
    repo: String,
    /// Path of the file or directory (empty or `/` for the repository root)
    path: String,
    /// Branch, tag or commit SHA to read from (default: the default branch)
    branch: Option<String>,
}

/// The most text returned by github_get_file_contents.
const MAX_TEXT_BYTES: usize = 200 * 1024;

async fn get_file_contents(ctx: Ctx, a: GetFileContents) -> Result<Output, ToolError> {
    file_contents(&ctx, &a.owner, &a.repo, &a.path, a.branch.as_deref()).await
}

/// Get a file's content or a directory's entries from a repository. A text file comes back as
/// text (cut at 200 KB, with `truncated: true` and a marker); a binary file as an embedded
/// resource (base64, with its MIME type); a directory as its entries. Files over 1 MB are not
/// returned by this API: the result then gives `download_url`.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialGetFileContents {
    owner: String,
    repo: String,
    /// Path to the file or directory (default: the repository root)
    #[schemars(extend("default" = "/"))]
    path: Option<String>,
    /// Git ref: a branch (`refs/heads/main` or `main`), tag (`refs/tags/v1`) or pull request
    /// merge ref (default: the default branch)
    #[serde(rename = "ref")]
    git_ref: Option<String>,
    /// Commit SHA to read from; takes precedence over `ref`
    sha: Option<String>,
}

async fn official_get_file_contents(
    ctx: Ctx,
    a: OfficialGetFileContents,
) -> Result<Output, ToolError> {
    let at = a.sha.as_deref().or(a.git_ref.as_deref());
    let path = a.path.as_deref().unwrap_or("/");
    file_contents(&ctx, &a.owner, &a.repo, path, at).await
}

async fn file_contents(
    ctx: &Ctx,
    owner: &str,
    repo: &str,
    file_path: &str,
    at: Option<&str>,
) -> Result<Output, ToolError> {
    let file = slash_path(file_path, "path")?;
    let base = format!("{}/contents", repo_path(owner, repo));
    let path = if file.is_empty() {
        base
    } else {
        format!("{base}/{file}")
    };
    let v: Value = api::req(ctx, Method::GET, &path)?
        .query_opt("ref", at)
        .send_json()
        .await?;
    if v.is_array() {
        let entries = each(&v, api::content_entry);
        return Ok(
            json!({ "type": "dir", "path": file_path.trim_matches('/'), "entries": entries })
                .into(),
        );
    }
    let mut meta = pick(
        &v,
        &[
            "type",
            "name",
            "path",
            "size",
            "sha",
            "html_url",
            "download_url",
            "target",
            "submodule_git_url",
        ],
    );
    if v["type"] != "file" {
        return Ok(meta.into()); // symlink or submodule: its metadata says where it points
    }
    let encoded = v["content"].as_str().unwrap_or_default();
    if v["encoding"] != "base64" || (encoded.is_empty() && v["size"].as_u64().unwrap_or(0) > 0) {
        meta["content_omitted"] = json!(
            "GitHub's contents API does not return files over 1 MB; fetch download_url instead."
        );
        return Ok(meta.into());
    }
    // GitHub wraps its base64 at 60 columns.
    let compact: String = encoded
        .chars()
        .filter(|c| !c.is_ascii_whitespace())
        .collect();
    let bytes = BASE64.decode(compact.as_bytes()).map_err(|e| {
        ToolError::transport(format!(
            "GitHub returned file content that is not valid base64 ({e})."
        ))
    })?;
    match String::from_utf8(bytes) {
        Ok(mut text) => {
            let total = text.len();
            if api::truncate_utf8(&mut text, MAX_TEXT_BYTES) {
                text.push_str(&format!(
                    "\n\n[... truncated: showing the first {} of {total} bytes; fetch download_url for the rest ...]",
                    text.len()
                ));
                meta["truncated"] = json!(true);
            }
            meta["encoding"] = json!("utf-8");
            meta["content"] = json!(text);
            Ok(meta.into())
        }
        Err(e) => {
            let bytes = e.into_bytes();
            let mime = mime_type(file_path);
            meta["encoding"] = json!("base64");
            meta["mime_type"] = json!(mime);
            meta["content"] = json!("binary file: see the embedded resource");
            let uri = v["download_url"]
                .as_str()
                .or_else(|| v["html_url"].as_str())
                .unwrap_or(file_path)
                .to_owned();
            let resource = ResourceContents::blob(BASE64.encode(&bytes), uri).with_mime_type(mime);
            Ok(Output::Content(vec![
                ContentBlock::text(meta.to_string()),
                ContentBlock::resource(resource),
            ]))
        }
    }
}

/// A MIME type for a binary file, from its extension.
fn mime_type(path: &str) -> &'static str {
    let ext = path
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "bmp" => "image/bmp",
        "pdf" => "application/pdf",
        "zip" => "application/zip",
        "gz" | "tgz" => "application/gzip",
        "wasm" => "application/wasm",
        "woff" => "font/woff",
        "woff2" => "font/woff2",
        "mp3" => "audio/mpeg",
        "wav" => "audio/wav",
        "mp4" => "video/mp4",
        _ => "application/octet-stream",
    }
}

/// Fork a repository into the authenticated user's account or into an organization. Forking
/// is asynchronous: the fork may take a moment before its git data can be read. Forking again
/// returns the existing fork. Returns the fork (full name, default branch, URLs).
#[derive(Deserialize, JsonSchema)]
pub struct ForkRepository {
    /// Owner of the repository to fork
    owner: String,
    /// Name of the repository to fork
    repo: String,
    /// Organization to fork into (default: the authenticated user's account)
    organization: Option<String>,
}

async fn fork_repository(ctx: Ctx, a: ForkRepository) -> Result<Value, ToolError> {
    let path = format!("{}/forks", repo_path(&a.owner, &a.repo));
    let mut r = api::req(&ctx, Method::POST, &path)?.idempotent(true);
    if let Some(org) = &a.organization {
        r = r.json(&json!({ "organization": org }));
    }
    let v: Value = r.send_json().await?;
    Ok(api::repo(&v))
}

/// Create a branch from another branch's head (default: the repository's default branch).
/// Returns the new branch's name, ref and commit SHA.
#[derive(Deserialize, JsonSchema)]
pub struct CreateBranch {
    owner: String,
    repo: String,
    /// Name of the new branch (e.g. `feature/login`)
    branch: String,
    /// Branch to start from (default: the repository's default branch)
    from_branch: Option<String>,
}

/// The commit SHA a branch points to.
async fn branch_sha(ctx: &Ctx, repo: &str, branch: &str) -> Result<String, ToolError> {
    let path = format!("{repo}/git/ref/heads/{}", slash_path(branch, "branch")?);
    let v: Value = api::req(ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| {
            if e.status == Some(404) {
                e.with_hint(format!(
                    "the branch `{branch}` does not exist, or the token cannot see the repository."
                ))
            } else {
                e
            }
        })?;
    v["object"]["sha"]
        .as_str()
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport(format!(
                "GitHub's answer for branch `{branch}` has no commit SHA."
            ))
        })
}

async fn create_branch(ctx: Ctx, a: CreateBranch) -> Result<Value, ToolError> {
    if slash_path(&a.branch, "branch")?.is_empty() {
        return Err(ToolError::invalid_input(
            "`branch` must name the new branch",
        ));
    }
    let repo = repo_path(&a.owner, &a.repo);
    let from = match a
        .from_branch
        .as_deref()
        .filter(|b| !b.trim_matches('/').is_empty())
    {
        Some(b) => b.to_owned(),
        None => api::default_branch(&ctx, &repo).await?,
    };
    let sha = branch_sha(&ctx, &repo, &from).await?;
    let name = a.branch.trim_matches('/');
    let v: Value = api::req(&ctx, Method::POST, &format!("{repo}/git/refs"))?
        .json(&json!({ "ref": format!("refs/heads/{name}"), "sha": sha }))
        .send_json()
        .await?;
    Ok(json!({ "branch": name, "ref": v["ref"], "sha": v["object"]["sha"], "from_branch": from }))
}

/// One file to write with github_push_files.
#[derive(Deserialize, JsonSchema)]
pub struct FileToPush {
    /// File path in the repository (e.g. `src/main.rs`)
    path: String,
    /// The full new content of the file, as text
    content: String,
}

/// Write several files to a branch in a single commit (creating or replacing them), through
/// the Git Data API. The branch must exist (see github_create_branch). Returns the new commit's
/// SHA and URL and the paths written.
#[derive(Deserialize, JsonSchema)]
pub struct PushFiles {
    owner: String,
    repo: String,
    /// Branch to push to
    branch: String,
    /// Files to create or replace (at least one)
    files: Vec<FileToPush>,
    message: String,
}

async fn push_files(ctx: Ctx, a: PushFiles) -> Result<Value, ToolError> {
    if a.files.is_empty() {
        return Err(ToolError::invalid_input(
            "`files` is empty: give at least one {path, content}",
        ));
    }
    let mut seen = BTreeSet::new();
    let mut tree = Vec::new();
    for f in &a.files {
        let p = f.path.trim_matches('/');
        if slash_path(p, "file path")?.is_empty() {
            return Err(ToolError::invalid_input(
                "every file needs a non-empty `path`",
            ));
        }
        if !seen.insert(p) {
            return Err(ToolError::invalid_input(format!(
                "`{p}` appears more than once in `files`"
            )));
        }
        tree.push(json!({ "path": p, "mode": "100644", "type": "blob", "content": f.content }));
    }
    let branch = slash_path(&a.branch, "branch")?;
    if branch.is_empty() {
        return Err(ToolError::invalid_input(
            "`branch` must name an existing branch",
        ));
    }
    let repo = repo_path(&a.owner, &a.repo);
    let head = branch_sha(&ctx, &repo, &a.branch).await?;
    let commit: Value = api::req(
        &ctx,
        Method::GET,
        &format!("{repo}/git/commits/{}", mcp_shared::seg(&head)),
    )?
    .send_json()
    .await?;
    let base_tree = commit["tree"]["sha"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's commit answer has no tree SHA."))?;
    // Trees are content-addressed: repeating this request creates nothing new.
    let new_tree: Value = api::req(&ctx, Method::POST, &format!("{repo}/git/trees"))?
        .json(&json!({ "base_tree": base_tree, "tree": tree }))
        .idempotent(true)
        .send_json()
        .await?;
    let new_commit: Value = api::req(&ctx, Method::POST, &format!("{repo}/git/commits"))?
        .json(&json!({ "message": a.message, "tree": new_tree["sha"], "parents": [head] }))
        .send_json()
        .await?;
    let updated: Value = api::req(&ctx, Method::PATCH, &format!("{repo}/git/refs/heads/{branch}"))?
        .json(&json!({ "sha": new_commit["sha"], "force": false }))
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| {
            if e.status == Some(422) {
                e.with_hint("the branch moved while the commit was being made (not a fast-forward): push again.")
            } else {
                e
            }
        })?;
    let paths: Vec<&str> = a.files.iter().map(|f| f.path.trim_matches('/')).collect();
    Ok(json!({
        "branch": a.branch.trim_matches('/'),
        "commit": { "sha": updated["object"]["sha"], "message": new_commit["message"], "html_url": new_commit["html_url"] },
        "files": paths,
    }))
}

/// List the commits of a branch (or reachable from a SHA), newest first. Returns commits (sha,
/// message, author, dates, parents, URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCommits {
    owner: String,
    repo: String,
    /// Branch name or commit SHA to start listing from (default: the default branch)
    sha: Option<String>,
    /// Only commits by this author (GitHub login or email address)
    author: Option<String>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_commits(ctx: Ctx, a: ListCommits) -> Result<Value, ToolError> {
    let path = format!("{}/commits", repo_path(&a.owner, &a.repo));
    let r = api::req(&ctx, Method::GET, &path)?
        .query_opt("sha", a.sha.as_deref())
        .query_opt("author", a.author.as_deref());
    let resp = paged(r, a.page, a.per_page).send().await?;
    let v: Value = resp.json()?;
    Ok(page_of(&resp, each(&v, api::commit)))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
enum RepoSort {
    Stars,
    Forks,
    HelpWantedIssues,
    Updated,
}

/// Search repositories with GitHub's repository search syntax (e.g.
/// `language:rust topic:mcp stars:>100`). Returns the total count, matching repositories and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchRepositories {
    /// Search query in GitHub repository search syntax
    query: String,
    /// Return the concise fields only (default true); false returns GitHub's full repository
    /// objects
    minimal_output: Option<bool>,
    /// Default: best match
    sort: Option<RepoSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn search_repositories(ctx: Ctx, a: SearchRepositories) -> Result<Value, ToolError> {
    let r = api::req(&ctx, Method::GET, "/search/repositories")?
        .query("q", &a.query)
        .query_opt("sort", a.sort.as_ref().map(enum_str))
        .query_opt("order", a.order.as_ref().map(enum_str));
    let resp = paged(r, a.page, a.per_page).send().await?;
    let v: Value = resp.json()?;
    let items = if a.minimal_output.unwrap_or(true) {
        each(&v["items"], api::repo)
    } else {
        v["items"].clone()
    };
    let mut out = page_of(&resp, items);
    out["total_count"] = v["total_count"].clone();
    out["incomplete_results"] = v["incomplete_results"].clone();
    Ok(out)
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
enum CodeSort {
    Indexed,
}

/// Search code across GitHub's default branches with GitHub's code search syntax (e.g.
/// `addClass in:file language:js repo:jquery/jquery`; the query needs at least one search term).
/// Returns the total count, matching files (repository, path, URL and the matching fragments)
/// and `next_page`. GitHub allows about 10 code searches a minute.
#[derive(Deserialize, JsonSchema)]
pub struct SearchCode {
    /// Search query in GitHub code search syntax
    q: String,
    /// Sort by when the file was last indexed (default: best match)
    sort: Option<CodeSort>,
    /// Default desc; with `sort`
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

fn code_result(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "name",
            "path",
            "sha",
            "repository=repository.full_name",
            "html_url",
        ],
    );
    o["fragments"] = mcp_shared::json::pluck(v, "text_matches", "fragment");
    o
}

async fn search_code(ctx: Ctx, a: SearchCode) -> Result<Value, ToolError> {
    let sort = a.sort.as_ref().map(enum_str);
    code_search(&ctx, &a.q, sort, a.order, a.page, a.per_page).await
}

/// Search code across GitHub with GitHub's code search syntax (e.g.
/// `content:Skill language:Java org:github`, `repo:owner/name path:src/ fn main`). Returns the
/// total count, matching files (repository, path, URL and matching fragments) and `next_page`.
/// GitHub allows about 10 code searches a minute.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialSearchCode {
    /// Search query in GitHub code search syntax
    query: String,
    /// Sort field (`indexed` is the only one GitHub supports; default: best match)
    sort: Option<String>,
    /// Sort order (only with `sort`)
    order: Option<Order>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn official_search_code(ctx: Ctx, a: OfficialSearchCode) -> Result<Value, ToolError> {
    code_search(&ctx, &a.query, a.sort, a.order, a.page, a.per_page).await
}

async fn code_search(
    ctx: &Ctx,
    q: &str,
    sort: Option<String>,
    order: Option<Order>,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let r = api::req(ctx, Method::GET, "/search/code")?
        .header("accept", "application/vnd.github.text-match+json")
        .query("q", q)
        .query_opt("sort", sort)
        .query_opt("order", order.as_ref().map(enum_str));
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], code_result));
    out["total_count"] = v["total_count"].clone();
    out["incomplete_results"] = v["incomplete_results"].clone();
    Ok(out)
}

/// Get one commit: SHA, message, author, committer, dates, parents and URL; with
/// `include_diff` (default true) also its stats and changed files with their patches (cut at
/// 20 KB per file; `page`/`perPage` page through the files of large commits).
#[derive(Deserialize, JsonSchema)]
pub struct GetCommit {
    owner: String,
    repo: String,
    /// Commit SHA, branch name or tag name
    sha: String,
    /// Include the stats and changed files with their diffs (default true)
    include_diff: Option<bool>,
    /// Page of the changed files (from 1)
    page: Option<Int>,
    /// Changed files per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn get_commit(ctx: Ctx, a: GetCommit) -> Result<Value, ToolError> {
    let path = format!(
        "{}/commits/{}",
        repo_path(&a.owner, &a.repo),
        slash_path(&a.sha, "sha")?
    );
    let resp = paged(api::req(&ctx, Method::GET, &path)?, a.page, a.per_page)
        .send()
        .await?;
    let v: Value = resp.json()?;
    let mut out = api::commit(&v);
    if a.include_diff.unwrap_or(true) {
        out["stats"] = v["stats"].clone();
        out["files"] = each(&v["files"], api::pull_request_file);
        out["next_page"] = page_of(&resp, Value::Null)["next_page"].clone();
    }
    Ok(out)
}

/// A repository list (branches, tags, releases) with the common paging parameters.
#[derive(Deserialize, JsonSchema)]
pub struct RepoList {
    owner: String,
    repo: String,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn repo_list(
    ctx: &Ctx,
    a: RepoList,
    what: &str,
    shape: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let path = format!("{}/{what}", repo_path(&a.owner, &a.repo));
    api::list(ctx, &path, &[], a.page, a.per_page, shape).await
}

/// List the branches of a repository: name, head commit SHA and whether it is protected.
/// Returns branches and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListBranches {
    #[serde(flatten)]
    l: RepoList,
}

fn branch(v: &Value) -> Value {
    pick(v, &["name", "sha=commit.sha", "protected"])
}

async fn list_branches(ctx: Ctx, a: ListBranches) -> Result<Value, ToolError> {
    repo_list(&ctx, a.l, "branches", branch).await
}

/// List the tags of a repository, newest first: name and commit SHA. Returns tags and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTags {
    #[serde(flatten)]
    l: RepoList,
}

fn tag(v: &Value) -> Value {
    pick(v, &["name", "sha=commit.sha", "zipball_url", "tarball_url"])
}

async fn list_tags(ctx: Ctx, a: ListTags) -> Result<Value, ToolError> {
    repo_list(&ctx, a.l, "tags", tag).await
}

/// List the releases of a repository, newest first (drafts only with push access): tag, name,
/// notes, draft and prerelease flags, author, dates, assets and URL. Returns releases and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListReleases {
    #[serde(flatten)]
    l: RepoList,
}

async fn list_releases(ctx: Ctx, a: ListReleases) -> Result<Value, ToolError> {
    repo_list(&ctx, a.l, "releases", api::release).await
}

/// A repository and a tag name.
#[derive(Deserialize, JsonSchema)]
pub struct RepoTag {
    owner: String,
    repo: String,
    /// Tag name (e.g. `v1.2.0`)
    tag: String,
}

/// Get a tag: for an annotated tag its object (tag name, message, tagger, date, the commit it
/// points to and its verification); for a lightweight tag the commit it points to.
#[derive(Deserialize, JsonSchema)]
pub struct GetTag {
    #[serde(flatten)]
    t: RepoTag,
}

async fn get_tag(ctx: Ctx, a: GetTag) -> Result<Value, ToolError> {
    let repo = repo_path(&a.t.owner, &a.t.repo);
    let r: Value = api::req(
        &ctx,
        Method::GET,
        &format!("{repo}/git/ref/tags/{}", slash_path(&a.t.tag, "tag")?),
    )?
    .send_json()
    .await?;
    let sha = r["object"]["sha"]
        .as_str()
        .ok_or_else(|| ToolError::transport("GitHub's tag reference has no object SHA."))?;
    if r["object"]["type"] != "tag" {
        return Ok(json!({
            "tag": a.t.tag,
            "annotated": false,
            "object": { "type": r["object"]["type"], "sha": sha },
        }));
    }
    let t: Value = api::req(
        &ctx,
        Method::GET,
        &format!("{repo}/git/tags/{}", mcp_shared::seg(sha)),
    )?
    .send_json()
    .await?;
    let mut out = pick(
        &t,
        &[
            "tag",
            "sha",
            "message",
            "tagger=tagger.name",
            "tagged_at=tagger.date",
            "verified=verification.verified",
        ],
    );
    out["annotated"] = json!(true);
    out["object"] = pick(&t["object"], &["type", "sha"]);
    Ok(out)
}

/// Get the latest published full release of a repository (not a draft or prerelease): tag,
/// name, notes, author, dates, assets and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetLatestRelease {
    owner: String,
    repo: String,
}

async fn get_latest_release(ctx: Ctx, a: GetLatestRelease) -> Result<Value, ToolError> {
    let path = format!("{}/releases/latest", repo_path(&a.owner, &a.repo));
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| match e.status {
            Some(404) => e.with_hint("the repository has no published full release (drafts and prereleases do not count), or the token cannot see it."),
            _ => e,
        })?;
    Ok(api::release(&v))
}

/// Get the release of a tag: tag, name, notes, draft and prerelease flags, author, dates,
/// assets and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetReleaseByTag {
    #[serde(flatten)]
    t: RepoTag,
}

async fn get_release_by_tag(ctx: Ctx, a: GetReleaseByTag) -> Result<Value, ToolError> {
    let path = format!(
        "{}/releases/tags/{}",
        repo_path(&a.t.owner, &a.t.repo),
        slash_path(&a.t.tag, "tag")?
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(api::release(&v))
}

/// Delete a file from a branch, as one commit. The file's current blob SHA is looked up
/// first. Returns the commit. The file stays in the branch's history.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteFile {
    owner: String,
    repo: String,
    /// Path of the file to delete
    path: String,
    message: String,
    /// Branch to delete the file from
    branch: String,
}

async fn delete_file(ctx: Ctx, a: DeleteFile) -> Result<Value, ToolError> {
    let file = slash_path(&a.path, "path")?;
    if file.is_empty() {
        return Err(ToolError::invalid_input(
            "`path` must name a file, e.g. `docs/old.md`",
        ));
    }
    let path = format!("{}/contents/{file}", repo_path(&a.owner, &a.repo));
    let current: Value = api::req(&ctx, Method::GET, &path)?
        .query("ref", &a.branch)
        .send_json()
        .await?;
    let sha = match current["sha"].as_str() {
        Some(sha) if current["type"] == "file" => sha.to_owned(),
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`{}` is not a file on branch `{}` (directories cannot be deleted with this tool)",
                a.path, a.branch
            )));
        }
    };
    // Not retried: after a deletion landed, a repeat would fail on the missing file.
    let v: Value = api::req(&ctx, Method::DELETE, &path)?
        .json(&json!({ "message": a.message, "sha": sha, "branch": a.branch }))
        .idempotent(false)
        .send_json()
        .await?;
    Ok(json!({
        "path": a.path.trim_matches('/'),
        "branch": a.branch,
        "commit": pick(&v["commit"], &["sha", "message", "html_url"]),
    }))
}

// ---- github_list_recent_stargazers

/// List the users who starred a repository, newest first, each with the time they starred it.
/// Page 1 holds the most recent stargazers (it can hold fewer than `perPage`); `next_page`
/// continues with older ones. Returns `items` (`login`, `starred_at`), `next_page` and
/// `total_pages`. GitHub's REST API only pages through about the first 40,000 stargazers; for
/// larger repositories the result says so in `note`.
#[derive(Deserialize, JsonSchema)]
pub struct ListRecentStargazers {
    owner: String,
    repo: String,
    /// Page number, counted from the most recent stargazers (from 1)
    page: Option<Int>,
    /// Stargazers per page (max 100, default 30)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

const STAR_MEDIA_TYPE: &str = "application/vnd.github.star+json";

/// GitHub lists stargazers oldest first. Newest first means reading its pages backwards: the
/// first request learns the last page from the `Link` header, the second reads the page that
/// is `page - 1` pages before it, and its items are reversed.
async fn list_recent_stargazers(ctx: Ctx, a: ListRecentStargazers) -> Result<Value, ToolError> {
    let path = format!("{}/stargazers", repo_path(&a.owner, &a.repo));
    let per_page = a.per_page.map_or(30, |p| p.get().clamp(1, 100));
    let page = a.page.map_or(1, |p| p.get().max(1));
    let fetch = |n: u64| -> Result<_, ToolError> {
        Ok(api::req(&ctx, Method::GET, &path)?
            .header("accept", STAR_MEDIA_TYPE)
            .query("per_page", per_page)
            .query("page", n)
            .send())
    };
    let first = fetch(1)?.await?;
    let last = first
        .link_param("last", "page")
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(1);
    let items: Value = match last.checked_sub(page - 1).filter(|t| *t >= 1) {
        None => json!([]),
        Some(1) => first.json()?,
        Some(target) => fetch(target)?.await?.json()?,
    };
    let mut items: Vec<Value> = items
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    pick(
                        s,
                        &[
                            "login=user.login",
                            "starred_at",
                            "id=user.id",
                            "html_url=user.html_url",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    items.reverse();
    let next = (page < last).then_some(page + 1);
    let mut out = json!({ "items": items, "next_page": next, "total_pages": last });
    if last.saturating_mul(per_page) >= REST_STARGAZER_CAP {
        out["note"] = json!(
            "GitHub's REST API lists only about the first 40,000 stargazers of a repository, so for this one the most recent stargazers may be beyond what it returns."
        );
    }
    Ok(out)
}

/// How far GitHub lets its REST API page through a repository's stargazers.
const REST_STARGAZER_CAP: u64 = 40_000;
