//! Gists: list, get, create and update (the `gists` toolset).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api;
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("gists");
    vec![
        t(
            tool("github_list_gists", "List gists", Effect::Read, list_gists)
                .github_name("list_gists"),
        ),
        t(tool("github_get_gist", "Get gist", Effect::Read, get_gist).official_name("get_gist")),
        t(tool(
            "github_create_gist",
            "Create gist",
            Effect::Write,
            create_gist,
        )
        .github_name("create_gist")),
        t(tool(
            "github_update_gist",
            "Update gist",
            Effect::IdempotentWrite,
            update_gist,
        )
        .github_name("update_gist")),
    ]
}

/// The most bytes of one file's content a gist result holds.
const MAX_FILE_BYTES: usize = 64 * 1024;

/// A gist; `with_content` adds each file's content (capped).
fn gist(v: &Value, with_content: bool) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "description",
            "public",
            "owner=owner.login",
            "comments",
            "created_at",
            "updated_at",
            "html_url",
        ],
    );
    let files: Vec<Value> = v
        .get("files")
        .and_then(Value::as_object)
        .map(|files| {
            files
                .values()
                .map(|f| {
                    let mut file = pick(f, &["filename", "language", "type", "size", "raw_url"]);
                    if let Some(c) = f
                        .get("content")
                        .and_then(Value::as_str)
                        .filter(|_| with_content)
                    {
                        let mut c = c.to_owned();
                        let cut = api::truncate_utf8(&mut c, MAX_FILE_BYTES);
                        file["content"] = Value::String(c);
                        if cut || f.get("truncated") == Some(&Value::Bool(true)) {
                            file["truncated"] = Value::Bool(true);
                        }
                    }
                    file
                })
                .collect()
        })
        .unwrap_or_default();
    o["files"] = Value::Array(files);
    o
}

fn gist_hint(e: ToolError) -> ToolError {
    match e.status {
        Some(404) => e.with_specific_hint(
            "the gist does not exist, or it is secret and not the token's, or the token lacks the `gist` scope (needed to create and edit gists).",
        ),
        _ => e,
    }
}

/// List gists: the authenticated user's (secret ones included) or, with `username`, a user's
/// public gists: id, description, public, files (name, language, size), URL. Returns gists and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListGists {
    /// User whose public gists to list (default: the authenticated user's gists)
    username: Option<String>,
    /// Only gists updated at or after this time (ISO 8601, e.g. `2024-01-01T00:00:00Z`)
    since: Option<String>,
    page: Option<Int>,
    /// Max 100
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_gists(ctx: Ctx, a: ListGists) -> Result<Value, ToolError> {
    let path = match a.username.as_deref().map(str::trim) {
        Some(u) if !u.is_empty() => format!("/users/{}/gists", mcp_shared::seg(u)),
        _ => "/gists".to_owned(),
    };
    api::list(
        &ctx,
        &path,
        &[("since", a.since)],
        a.page,
        a.per_page,
        |g| gist(g, false),
    )
    .await
    .map_err(|e| match e.status {
        Some(404) => e.with_specific_hint("the user does not exist."),
        _ => e,
    })
}

/// Get a gist with its files' content (each capped at 64 KB; `truncated` marks a cut file,
/// whose full text is at `raw_url`).
#[derive(Deserialize, JsonSchema)]
pub struct GetGist {
    /// The gist's id (the last segment of its URL)
    gist_id: String,
}

fn gist_path(id: &str) -> Result<String, ToolError> {
    Ok(format!(
        "/gists/{}",
        mcp_shared::upstream::seg_id(id, "gist_id")?
    ))
}

async fn get_gist(ctx: Ctx, a: GetGist) -> Result<Value, ToolError> {
    let v: Value = api::req(&ctx, Method::GET, &gist_path(&a.gist_id)?)?
        .send_json()
        .await
        .map_err(gist_hint)?;
    Ok(gist(&v, true))
}

fn files(filename: &str, content: String) -> Value {
    let mut files = Map::new();
    files.insert(filename.to_owned(), json!({ "content": content }));
    Value::Object(files)
}

/// Create a gist with one file. Gists are secret unless `public` is true. Needs the `gist`
/// scope. Returns the gist (id, URL, files).
#[derive(Deserialize, JsonSchema)]
pub struct CreateGist {
    /// File name, with extension (e.g. `notes.md`)
    filename: String,
    /// File content
    content: String,
    /// Gist description
    description: Option<String>,
    /// Whether the gist is public (default false: secret)
    #[schemars(extend("default" = false))]
    public: Option<bool>,
}

async fn create_gist(ctx: Ctx, a: CreateGist) -> Result<Value, ToolError> {
    let mut body = json!({
        "files": files(&a.filename, a.content),
        "public": a.public.unwrap_or(false),
    });
    if let Some(d) = a.description {
        body["description"] = Value::String(d);
    }
    let v: Value = api::req(&ctx, Method::POST, "/gists")?
        .json(&body)
        .send_json()
        .await
        .map_err(gist_hint)?;
    Ok(gist(&v, false))
}

/// Set the content of one file of a gist (adding the file when the gist lacks it) and
/// optionally its description. Other files are left as they are. Returns the gist.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateGist {
    /// The gist's id
    gist_id: String,
    /// File name to create or replace
    filename: String,
    /// The file's new content
    content: String,
    /// New description
    description: Option<String>,
}

async fn update_gist(ctx: Ctx, a: UpdateGist) -> Result<Value, ToolError> {
    let mut body = json!({ "files": files(&a.filename, a.content) });
    if let Some(d) = a.description {
        body["description"] = Value::String(d);
    }
    let v: Value = api::req(&ctx, Method::PATCH, &gist_path(&a.gist_id)?)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await
        .map_err(gist_hint)?;
    Ok(gist(&v, false))
}
