//! Git objects: a repository's tree of files and directories (the `git` toolset).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, repo_path, slash_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "github_get_repository_tree",
            "Get repository tree",
            Effect::Read,
            get_repository_tree,
        )
        .toolset("git")
        .official_name("get_repository_tree"),
    ]
}

/// The most entries one answer lists; `path_filter` narrows a bigger tree.
const MAX_ENTRIES: usize = 1_000;

fn hint(e: ToolError) -> ToolError {
    match e.status {
        Some(404) => e.with_specific_hint(
            "the repository does not exist, the token cannot see it, or `tree_sha` names no branch, tag, commit or tree of it.",
        ),
        Some(409) => e.with_specific_hint("the repository is empty: it has no commits yet."),
        Some(422) => e.with_specific_hint(
            "`tree_sha` is not a valid tree: give a branch or tag name, or a commit or tree SHA.",
        ),
        _ => e,
    }
}

fn entry(v: &Value) -> Value {
    pick(v, &["path", "type", "size", "sha"])
}

/// Get the tree of a repository at a branch, tag or commit (default: the default branch): its
/// files (`blob`), directories (`tree`) and submodules (`commit`) with path, size and SHA.
/// Top level only unless `recursive`; `path_filter` keeps the paths that start with it (use it
/// with `recursive`, e.g. `src/`). At most 1000 entries are listed (`entries_omitted` counts
/// the rest); `truncated` means GitHub itself cut a very large tree (over 100,000 entries or
/// 7 MB).
#[derive(Deserialize, JsonSchema)]
pub struct GetRepositoryTree {
    owner: String,
    repo: String,
    /// Branch or tag name, or commit or tree SHA (default: the repository's default branch)
    tree_sha: Option<String>,
    /// List the whole tree below it, not only the top level (default false)
    #[schemars(extend("default" = false))]
    recursive: Option<bool>,
    /// Keep only entries whose path starts with this prefix (e.g. `src/`)
    path_filter: Option<String>,
}

async fn get_repository_tree(ctx: Ctx, a: GetRepositoryTree) -> Result<Value, ToolError> {
    let repo = repo_path(&a.owner, &a.repo);
    let tree_sha = match a
        .tree_sha
        .as_deref()
        .map(|s| s.trim().trim_matches('/'))
        .filter(|s| !s.is_empty())
    {
        Some(t) => t.to_owned(),
        None => api::default_branch(&ctx, &repo).await.map_err(hint)?,
    };
    let recursive = a.recursive.unwrap_or(false);
    let path = format!("{repo}/git/trees/{}", slash_path(&tree_sha, "tree_sha")?);
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .query_opt("recursive", recursive.then_some("1"))
        .send_json()
        .await
        .map_err(hint)?;
    let filter = a
        .path_filter
        .as_deref()
        .map(|f| f.trim().trim_start_matches('/'))
        .unwrap_or("");
    let matching: Vec<&Value> = v["tree"]
        .as_array()
        .map(|t| {
            t.iter()
                .filter(|e| e["path"].as_str().is_some_and(|p| p.starts_with(filter)))
                .collect()
        })
        .unwrap_or_default();
    let count = matching.len();
    let entries: Vec<Value> = matching.into_iter().take(MAX_ENTRIES).map(entry).collect();
    let mut out = json!({
        "sha": v["sha"],
        "tree_sha": tree_sha,
        "recursive": recursive,
        "truncated": v["truncated"].as_bool().unwrap_or(false),
        "count": count,
        "entries": entries,
    });
    if count > MAX_ENTRIES {
        out["entries_omitted"] = json!(count - MAX_ENTRIES);
        out["hint"] = json!(format!(
            "only the first {MAX_ENTRIES} entries are listed: narrow with `path_filter`."
        ));
    }
    if out["truncated"] == true {
        out["truncated_hint"] = json!(
            "GitHub cut this tree: list its subdirectories one by one (their `sha` as `tree_sha`)."
        );
    }
    if !filter.is_empty() {
        out["path_filter"] = json!(filter);
    }
    Ok(out)
}
