//! Tags and releases of a repository: list tags and get one, list releases, get the latest
//! or a tag's release.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Int, Method, Output, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, repo_path, slash_path};
use crate::atlas;

use super::{RepoList, repo_list};

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

pub(super) async fn list_tags(ctx: Ctx, a: ListTags) -> Result<Output, ToolError> {
    let (owner, repo) = (a.l.owner.clone(), a.l.repo.clone());
    let page = a.l.page.map_or(1, Int::get);
    let v = repo_list(&ctx, a.l, "tags", tag).await?;
    Ok(atlas::shaped(&ctx, v, |v| {
        atlas::tag_list(&owner, &repo, page, v)
    }))
}

/// List the releases of a repository, newest first (drafts only with push access): tag, name,
/// notes, draft and prerelease flags, author, dates, assets and URL. Returns releases and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListReleases {
    #[serde(flatten)]
    l: RepoList,
}

pub(super) async fn list_releases(ctx: Ctx, a: ListReleases) -> Result<Value, ToolError> {
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

pub(super) async fn get_tag(ctx: Ctx, a: GetTag) -> Result<Value, ToolError> {
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

pub(super) async fn get_latest_release(ctx: Ctx, a: GetLatestRelease) -> Result<Value, ToolError> {
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

pub(super) async fn get_release_by_tag(ctx: Ctx, a: GetReleaseByTag) -> Result<Value, ToolError> {
    let path = format!(
        "{}/releases/tags/{}",
        repo_path(&a.t.owner, &a.t.repo),
        slash_path(&a.t.tag, "tag")?
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(api::release(&v))
}
