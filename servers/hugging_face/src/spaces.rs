//! Spaces: semantic search, a user's Spaces, a Space's files and status, duplication, and the
//! files of the user's `gradio-files` dataset (`/api/spaces...`, `/api/{type}s/{id}/tree`).

use mcp_shared::json::{at, pick};
use mcp_shared::pagination::Pages;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, RepoType, bounded, compact, non_empty, repo_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("space_search", "Search Spaces", Effect::Read, space_search).toolset("spaces"),
        tool(
            "space_info",
            "List a user's Spaces",
            Effect::Read,
            space_info,
        )
        .toolset("spaces"),
        tool("space_files", "List Space files", Effect::Read, space_files).toolset("spaces"),
        tool("use_space", "Open a Space", Effect::Read, use_space)
            .toolset("spaces")
            .output::<SpaceStatus>(),
        tool(
            "duplicate_space",
            "Duplicate a Space",
            Effect::Write,
            duplicate_space,
        )
        .toolset("spaces"),
        tool(
            "dynamic_space",
            "Find MCP Spaces",
            Effect::Read,
            dynamic_space,
        )
        .toolset("spaces"),
        tool(
            "gradio_files",
            "List Gradio input files",
            Effect::Read,
            gradio_files,
        )
        .toolset("spaces"),
    ]
}

/// Semantic search of Gradio Spaces: id, title, url, description, author, category, likes,
/// relevance. `mcp`: only Spaces that serve MCP.
#[derive(Deserialize, JsonSchema)]
pub struct SpaceSearch {
    #[schemars(length(min = 1, max = 100))]
    query: String,
    #[schemars(range(min = 1, max = 100), extend("default" = 10))]
    limit: Option<Int>,
    #[schemars(extend("default" = false))]
    mcp: Option<bool>,
}

async fn semantic_search(
    ctx: &Ctx,
    query: &str,
    limit: u64,
    mcp: bool,
) -> Result<Value, ToolError> {
    let items: Vec<Value> = ctx
        .authorized(Method::GET, "/api/spaces/semantic-search")?
        .query("q", query)
        .query("sdk", "gradio")
        .query_opt("filter", mcp.then_some("mcp-server"))
        .send_json()
        .await?;
    let total = items.len();
    let spaces: Vec<Value> = items.iter().take(limit as usize).map(found).collect();
    Ok(json!({ "spaces": spaces, "total": total }))
}

fn found(v: &Value) -> Value {
    let id = at(v, "id").and_then(Value::as_str).unwrap_or_default();
    let mut out = pick(
        v,
        &[
            "id",
            "title",
            "emoji",
            "author",
            "category=ai_category",
            "likes",
            "trending_score=trendingScore",
            "relevance=semanticRelevancyScore",
        ],
    );
    out["url"] = json!(RepoType::Space.url(id));
    if let Some(d) = at(v, "shortDescription").or_else(|| at(v, "ai_short_description")) {
        out["description"] = d.clone();
    }
    compact(out)
}

async fn space_search(ctx: Ctx, a: SpaceSearch) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let limit = bounded(a.limit, 10, 100, "limit")?;
    semantic_search(&ctx, query, limit, a.mcp == Some(true)).await
}

/// List a user's or organization's Spaces (the token's user by default): id, url, sdk,
/// stage, hardware, private, likes, last modified; `next_cursor` beyond 100.
#[derive(Deserialize, JsonSchema)]
pub struct SpaceInfo {
    #[schemars(length(max = 100))]
    username: Option<String>,
    /// `next_cursor` of the previous page
    #[schemars(length(max = 2000))]
    cursor: Option<String>,
}

const SPACE_FIELDS: &[&str] = &["sdk", "likes", "private", "lastModified", "runtime"];

async fn space_info(ctx: Ctx, a: SpaceInfo) -> Result<Value, ToolError> {
    let user = match a
        .username
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(u) => u.to_owned(),
        None if api::has_token(&ctx) => api::namespace(&ctx, None).await?,
        None => {
            return Err(ToolError::invalid_input(
                "give `username`, or send a Hugging Face token to list your own Spaces",
            ));
        }
    };
    let mut req = ctx
        .authorized(Method::GET, "/api/spaces")?
        .query("author", &user)
        .query("limit", 100);
    for f in SPACE_FIELDS {
        req = req.query("expand", f);
    }
    let resp = req
        .query_opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()))
        .send()
        .await?;
    let items: Vec<Value> = resp.json()?;
    let spaces: Vec<Value> = items
        .iter()
        .map(|v| {
            let id = at(v, "id").and_then(Value::as_str).unwrap_or_default();
            let mut out = pick(
                v,
                &[
                    "id",
                    "sdk",
                    "stage=runtime.stage",
                    "hardware=runtime.hardware.current",
                    "private",
                    "likes",
                    "last_modified=lastModified",
                ],
            );
            out["url"] = json!(RepoType::Space.url(id));
            out
        })
        .collect();
    let mut out = json!({ "username": user, "spaces": spaces });
    if let Some(c) = api::next_cursor(&resp) {
        out["next_cursor"] = json!(c);
    }
    Ok(out)
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum FileType {
    #[default]
    All,
    Image,
    Audio,
    Text,
}

impl FileType {
    fn matches(self, path: &str) -> bool {
        let ext = path
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        let list: &[&str] = match self {
            FileType::All => return true,
            FileType::Image => &[
                "png", "jpg", "jpeg", "gif", "webp", "bmp", "svg", "tiff", "ico", "avif",
            ],
            FileType::Audio => &["mp3", "wav", "flac", "ogg", "m4a", "aac", "opus", "webm"],
            FileType::Text => &[
                "txt", "md", "csv", "json", "jsonl", "tsv", "xml", "yaml", "yml", "html", "py",
            ],
        };
        list.contains(&ext.as_str())
    }
}

// Space file filter.
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum SpaceFileType {
    #[default]
    All,
    Image,
    Audio,
}

/// Most files one listing returns.
const MAX_FILES: usize = 200;

/// The files of a repository's `main` branch (recursive), following the Hub's `Link`
/// cursors: path, size and download URL of those `kind` matches.
async fn files(
    ctx: &Ctx,
    repo: RepoType,
    id: &str,
    path: &str,
    kind: FileType,
) -> Result<Value, ToolError> {
    let mut pages = Pages::with_cap(10);
    let mut cursor: Option<String> = None;
    let mut out = Vec::new();
    let mut more = false;
    loop {
        let resp = ctx
            .authorized(
                Method::GET,
                &format!("/api/{}/{path}/tree/main", repo.plural()),
            )?
            .query("recursive", "true")
            .query_opt("cursor", cursor.as_deref())
            .send()
            .await?;
        let items: Vec<Value> = resp.json()?;
        for f in &items {
            if at(f, "type").and_then(Value::as_str) != Some("file") {
                continue;
            }
            let p = at(f, "path").and_then(Value::as_str).unwrap_or_default();
            if !kind.matches(p) {
                continue;
            }
            if out.len() == MAX_FILES {
                more = true;
                break;
            }
            let mut x = pick(f, &["path", "size"]);
            x["url"] = json!(format!(
                "{}{}/{id}/resolve/main/{}",
                api::HUB,
                repo.web_prefix(),
                p.split('/')
                    .map(mcp_shared::seg)
                    .collect::<Vec<_>>()
                    .join("/")
            ));
            out.push(x);
        }
        if more {
            break;
        }
        match pages.next(api::next_cursor(&resp).as_deref()) {
            Some(c) => cursor = Some(c),
            None => break,
        }
    }
    let mut v = json!({ "id": id, "files": out });
    if more {
        v["note"] = json!(format!("only the first {MAX_FILES} files are listed"));
    } else if let Some(n) = pages.note() {
        v["note"] = json!(n);
    }
    Ok(v)
}

/// List the files of a Space (`main`, recursive): path, size, download URL; at most 200.
#[derive(Deserialize, JsonSchema)]
pub struct SpaceFiles {
    /// owner/space
    #[serde(rename = "spaceName")]
    #[schemars(length(max = 200))]
    space_name: Option<String>,
    #[serde(rename = "fileType")]
    #[schemars(extend("default" = "all"))]
    file_type: Option<SpaceFileType>,
}

async fn space_files(ctx: Ctx, a: SpaceFiles) -> Result<Value, ToolError> {
    let Some(name) = a.space_name.as_deref().filter(|s| !s.trim().is_empty()) else {
        return Err(ToolError::invalid_input(
            "give `spaceName` (owner/space); find Spaces with space_search or space_info",
        ));
    };
    let (id, path) = repo_path(name, "spaceName")?;
    let kind = match a.file_type.unwrap_or_default() {
        SpaceFileType::All => FileType::All,
        SpaceFileType::Image => FileType::Image,
        SpaceFileType::Audio => FileType::Audio,
    };
    files(&ctx, RepoType::Space, &id, &path, kind).await
}

/// List the files of the token's user's `gradio-files` dataset (inputs for Gradio Spaces):
/// path, size, URL. Needs a token.
#[derive(Deserialize, JsonSchema)]
pub struct GradioFiles {
    #[serde(rename = "fileType")]
    #[schemars(extend("default" = "all"))]
    file_type: Option<FileType>,
}

async fn gradio_files(ctx: Ctx, a: GradioFiles) -> Result<Value, ToolError> {
    let user = api::namespace(&ctx, None).await?;
    let id = format!("{user}/gradio-files");
    let (id, path) = repo_path(&id, "dataset")?;
    files(
        &ctx,
        RepoType::Dataset,
        &id,
        &path,
        a.file_type.unwrap_or_default(),
    )
    .await
}

/// The result of `use_space`.
#[derive(JsonSchema)]
#[allow(dead_code)] // the shape of the JSON result, for its output schema
pub struct SpaceStatus {
    space_id: String,
    /// RUNNING, SLEEPING, BUILDING, PAUSED, RUNTIME_ERROR...
    stage: String,
    /// The Space's Hub page
    url: String,
    /// The running app, for the user to open
    app_url: Option<String>,
    note: Option<String>,
}

/// A Space's status and, when it runs, the URL of its app for the user to open.
#[derive(Deserialize, JsonSchema)]
pub struct UseSpace {
    /// owner/space
    #[schemars(length(min = 1, max = 200))]
    space_id: String,
}

async fn use_space(ctx: Ctx, a: UseSpace) -> Result<Value, ToolError> {
    let (id, path) = repo_path(&a.space_id, "space_id")?;
    let v = api::repo_info(&ctx, RepoType::Space, &path).await?;
    let stage = at(&v, "runtime.stage")
        .and_then(Value::as_str)
        .unwrap_or("UNKNOWN");
    let mut out = json!({"space_id": id, "stage": stage, "url": RepoType::Space.url(&id)});
    match at(&v, "subdomain").and_then(Value::as_str) {
        Some(sub) if stage == "RUNNING" => {
            out["app_url"] = json!(format!("https://{sub}.hf.space"));
        }
        _ => {
            out["note"] = json!(format!(
                "the Space is {stage}; open its page to start or inspect it"
            ));
        }
    }
    Ok(out)
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Hardware {
    Freecpu,
    Zerogpu,
}

impl Hardware {
    fn flavor(self) -> &'static str {
        match self {
            Hardware::Freecpu => "cpu-basic",
            Hardware::Zerogpu => "zero-a10g",
        }
    }
}

/// Duplicate a Space into the token's account (creates a Space; needs a write token).
/// Returns the new Space's id and URL.
#[derive(Deserialize, JsonSchema)]
pub struct DuplicateSpace {
    /// owner/space to copy
    #[serde(rename = "sourceSpaceId")]
    #[schemars(length(min = 1, max = 200))]
    source_space_id: String,
    /// name or owner/name; default: the source's name in your account
    #[serde(rename = "newSpaceId")]
    #[schemars(length(max = 200))]
    new_space_id: Option<String>,
    /// Both are free; default: zerogpu when the source runs on GPU, else freecpu
    hardware: Option<Hardware>,
    /// Ask the user whether the copy should be public
    #[schemars(extend("default" = true))]
    private: Option<bool>,
}

async fn duplicate_space(ctx: Ctx, a: DuplicateSpace) -> Result<Value, ToolError> {
    let (source, src_path) = repo_path(&a.source_space_id, "sourceSpaceId")?;
    let source_name = source.rsplit('/').next().unwrap_or(&source).to_owned();
    let target = match a
        .new_space_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(t) if t.contains('/') => t.to_owned(),
        given => {
            let ns = api::namespace(&ctx, None).await?;
            format!("{ns}/{}", given.unwrap_or(&source_name))
        }
    };
    let (target, _) = repo_path(&target, "newSpaceId")?;
    let mut warning = None;
    let hardware = match a.hardware {
        Some(h) => h,
        None => {
            let info = api::repo_info(&ctx, RepoType::Space, &src_path).await?;
            let current = at(&info, "runtime.hardware.current")
                .or_else(|| at(&info, "runtime.hardware.requested"))
                .and_then(Value::as_str)
                .unwrap_or("cpu-basic");
            match current {
                "cpu-basic" => Hardware::Freecpu,
                "zero-a10g" => Hardware::Zerogpu,
                paid => {
                    warning = Some(format!(
                        "the source runs on paid hardware `{paid}`; the copy is set to free ZeroGPU"
                    ));
                    Hardware::Zerogpu
                }
            }
        }
    };
    let private = a.private.unwrap_or(true);
    let mut body = Map::new();
    body.insert("repository".into(), json!(target));
    body.insert(
        "visibility".into(),
        json!(if private { "private" } else { "public" }),
    );
    body.insert("hardware".into(), json!(hardware.flavor()));
    let v: Value = api::with_token(
        &ctx,
        Method::POST,
        &format!("/api/spaces/{src_path}/duplicate"),
    )?
    .json(&body)
    .send_json()
    .await?;
    let mut out = json!({
        "id": target,
        "url": at(&v, "url").cloned().unwrap_or_else(|| json!(RepoType::Space.url(&target))),
        "hardware": hardware.flavor(),
        "private": private,
        "settings": format!("{}/settings", RepoType::Space.url(&target)),
    });
    if let Some(w) = warning {
        out["warning"] = json!(w);
    }
    Ok(out)
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    Find,
    ViewParameters,
    Invoke,
}

/// Find Spaces that serve MCP (`find`: id, title, url, description). `view_parameters` and
/// `invoke` run a Space's Gradio app, which this server does not do: they return the
/// Space's MCP endpoint to connect to instead.
#[derive(Deserialize, JsonSchema)]
pub struct DynamicSpace {
    #[schemars(extend("default" = "find"))]
    operation: Option<Operation>,
    /// owner/space (view_parameters, invoke)
    #[schemars(length(max = 200))]
    space_name: Option<String>,
    /// JSON of the Space's inputs (invoke)
    #[schemars(length(max = 20000))]
    parameters: Option<String>,
    /// What the Space should do (find)
    #[schemars(length(max = 100))]
    search_query: Option<String>,
    #[schemars(range(min = 1, max = 100), extend("default" = 10))]
    limit: Option<Int>,
}

async fn dynamic_space(ctx: Ctx, a: DynamicSpace) -> Result<Value, ToolError> {
    let _ = &a.parameters;
    match a.operation.unwrap_or(Operation::Find) {
        Operation::Find => {
            let q = a
                .search_query
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .ok_or_else(|| {
                    ToolError::invalid_input("`find` needs `search_query`, e.g. image generation")
                })?;
            let limit = bounded(a.limit, 10, 100, "limit")?;
            semantic_search(&ctx, q, limit, true).await
        }
        op => {
            let name = a
                .space_name
                .as_deref()
                .filter(|s| !s.trim().is_empty())
                .ok_or_else(|| ToolError::invalid_input("give `space_name` (owner/space)"))?;
            let (id, path) = repo_path(name, "space_name")?;
            let v = api::repo_info(&ctx, RepoType::Space, &path).await?;
            let what = if op == Operation::Invoke {
                "invoke"
            } else {
                "view_parameters"
            };
            let endpoint = at(&v, "subdomain")
                .and_then(Value::as_str)
                .map(|s| format!("https://{s}.hf.space/gradio_api/mcp/"))
                .unwrap_or_else(|| format!("the Space's page {}", RepoType::Space.url(&id)));
            Err(ToolError::invalid_input(format!(
                "`{what}` runs the Space's own Gradio app, which this server does not call; {id} serves MCP at {endpoint}"
            ))
            .with_hint("add that endpoint to the client as an MCP server to see and call the Space's tools."))
        }
    }
}
