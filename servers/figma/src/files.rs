//! Files: `GET /v1/files/{key}` (as a summary tree), `GET /v1/files/{key}/nodes`,
//! `GET /v1/images/{key}`, `GET /v1/files/{key}/versions`, `GET /v1/files/{key}/meta`.

use crate::api::{Budget, file_key, node_ids, opt, request, summary, user};
use mcp_shared::json::pick;
use mcp_shared::upstream::query_param;
use mcp_shared::{Count, Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("figma_get_file", "Get file", Effect::Read, get_file).toolset("files"),
        tool(
            "figma_get_file_nodes",
            "Get file nodes",
            Effect::Read,
            get_file_nodes,
        )
        .toolset("files"),
        tool(
            "figma_get_file_images",
            "Render images of nodes",
            Effect::Read,
            get_file_images,
        )
        .toolset("files"),
        tool(
            "figma_get_file_versions",
            "Get file versions",
            Effect::Read,
            get_file_versions,
        )
        .toolset("files"),
        tool(
            "figma_get_image_fills",
            "Get image fill URLs",
            Effect::Read,
            get_image_fills,
        )
        .toolset("files"),
        tool(
            "figma_get_file_meta",
            "Get file metadata",
            Effect::Read,
            get_file_meta,
        )
        .toolset("files"),
    ]
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
// `paths` exports vector data; `no_geometry` (the default) leaves it out.
pub enum Geometry {
    Paths,
    NoGeometry,
}

fn geometry(g: Option<Geometry>) -> Option<&'static str> {
    matches!(g, Some(Geometry::Paths)).then_some("paths")
}

fn depth(d: Option<Count>) -> Result<Option<u64>, ToolError> {
    match d.map(Count::get) {
        Some(0) => Err(ToolError::invalid_input(
            "`depth` must be at least 1 (1: pages only, 2: pages and their top-level frames)",
        )),
        other => Ok(other),
    }
}

/// A file's node tree as a summary: each node's id, name, type, text (TEXT nodes) and
/// `children_count`, to `depth` (default 2: pages and their top-level frames; without
/// `depth` but with `ids`, the listed nodes' whole subtrees), at most 1000 nodes; plus name,
/// version, last modified, role and branches. Read nodes' properties with
/// figma_get_file_nodes.
#[derive(Deserialize, JsonSchema)]
pub struct GetFile {
    /// File key from the file's URL (`figma.com/design/<key>/...`), or the URL
    file_key: String,
    /// Version id (figma_get_file_versions); default the current version
    version: Option<String>,
    /// Comma-separated node ids (`1:2,3:4`): only these, their ancestors and subtrees
    ids: Option<String>,
    /// Tree depth from the document: 1 pages, 2 pages and top-level frames
    depth: Option<Count>,
    geometry: Option<Geometry>,
    /// Comma-separated plugin ids and/or `shared`: include that plugin data
    plugin_data: Option<String>,
    /// Include the file's branches (or its main file key)
    branch_data: Option<bool>,
}

async fn get_file(ctx: Ctx, a: GetFile) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let ids = opt(&a.ids).map(|s| node_ids(s, "ids")).transpose()?;
    let depth = depth(a.depth)?.or(if ids.is_none() { Some(2) } else { None });
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}"))?
        .query_opt("version", opt(&a.version))
        .query_opt("ids", ids)
        .query_opt("depth", depth)
        .query_opt("geometry", geometry(a.geometry))
        .query_opt("plugin_data", opt(&a.plugin_data))
        .query_opt("branch_data", a.branch_data)
        .send_json()
        .await?;
    let mut out = pick(
        &v,
        &[
            "name",
            "lastModified",
            "version",
            "editorType",
            "role",
            "linkAccess",
            "thumbnailUrl",
            "mainFileKey",
        ],
    );
    let mut budget = Budget::new();
    if let Some(m) = out.as_object_mut() {
        if let Some(b) = v.get("branches").and_then(Value::as_array) {
            let branches: Vec<Value> = b
                .iter()
                .map(|x| pick(x, &["key", "name", "last_modified"]))
                .collect();
            m.insert("branches".into(), json!(branches));
        }
        if let Some(doc) = v.get("document") {
            m.insert("document".into(), summary(doc, &mut budget));
        }
        for k in ["components", "componentSets", "styles"] {
            if let Some(n) = v.get(k).and_then(Value::as_object).map(Map::len) {
                m.insert(format!("{k}_count"), json!(n));
            }
        }
        if let Some(n) = budget.note() {
            m.insert("note".into(), n);
        }
    }
    Ok(out)
}

/// Chosen nodes of a file with their own properties (fills, layout, text, bounds...) and a
/// summary of their children to `depth` below each node. A node id Figma cannot find comes
/// back as null.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileNodes {
    /// File key from the file's URL, or the URL
    file_key: String,
    /// Comma-separated node ids (`1:2,3:4`; a URL's `1-2` form works)
    ids: String,
    /// Version id; default the current version
    version: Option<String>,
    /// Levels of children below each node
    #[schemars(extend("default" = 1))]
    depth: Option<Count>,
    geometry: Option<Geometry>,
    /// Comma-separated plugin ids and/or `shared`
    plugin_data: Option<String>,
}

async fn get_file_nodes(ctx: Ctx, a: GetFileNodes) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let ids = node_ids(&a.ids, "ids")?;
    let depth = depth(a.depth)?.unwrap_or(1);
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/nodes"))?
        .query("ids", &ids)
        .query_opt("version", opt(&a.version))
        .query("depth", depth)
        .query_opt("geometry", geometry(a.geometry))
        .query_opt("plugin_data", opt(&a.plugin_data))
        .send_json()
        .await?;
    let mut budget = Budget::new();
    let mut nodes = Map::new();
    if let Some(map) = v.get("nodes").and_then(Value::as_object) {
        for (id, entry) in map {
            let node = match entry.get("document") {
                Some(Value::Object(doc)) => {
                    let mut n: Map<String, Value> = doc
                        .iter()
                        .filter(|(k, _)| k.as_str() != "children")
                        .map(|(k, x)| (k.clone(), x.clone()))
                        .collect();
                    if let Value::Object(s) =
                        summary(&json!({"children": doc.get("children")}), &mut budget)
                    {
                        n.extend(s);
                    }
                    Value::Object(n)
                }
                _ => Value::Null,
            };
            nodes.insert(id.clone(), node);
        }
    }
    let mut out = pick(&v, &["name", "lastModified", "version"]);
    if let Some(m) = out.as_object_mut() {
        m.insert("nodes".into(), Value::Object(nodes));
        if let Some(n) = budget.note() {
            m.insert("note".into(), n);
        }
    }
    Ok(out)
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum ImageFormat {
    Jpg,
    Png,
    Svg,
    Pdf,
}

impl ImageFormat {
    fn as_str(self) -> &'static str {
        match self {
            ImageFormat::Jpg => "jpg",
            ImageFormat::Png => "png",
            ImageFormat::Svg => "svg",
            ImageFormat::Pdf => "pdf",
        }
    }
}

/// Render nodes as images: returns a map from node id to an image URL (valid 30 days), and
/// `failed`, the ids Figma could not render. Images over 32 megapixels are scaled down.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileImages {
    /// File key from the file's URL, or the URL
    file_key: String,
    /// Comma-separated node ids to render (`1:2,3:4`)
    ids: String,
    /// Scale factor, 0.01-4
    scale: Option<f64>,
    #[schemars(extend("default" = "png"))]
    format: Option<ImageFormat>,
    /// SVG: add layer names as `id` attributes
    svg_include_id: Option<bool>,
    /// SVG: add node ids as `data-node-id` attributes
    svg_include_node_id: Option<bool>,
    /// SVG: simplify inside/outside strokes (default true)
    svg_simplify_stroke: Option<bool>,
    /// SVG: text as outlines (default true) or as `<text>`
    svg_outline_text: Option<bool>,
    /// Leave out content that overlaps the node (default true)
    contents_only: Option<bool>,
    /// Use the node's full dimensions, even if cropped
    use_absolute_bounds: Option<bool>,
    /// Version id; default the current version
    version: Option<String>,
}

async fn get_file_images(ctx: Ctx, a: GetFileImages) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let ids = node_ids(&a.ids, "ids")?;
    if let Some(s) = a.scale
        && !(0.01..=4.0).contains(&s)
    {
        return Err(ToolError::invalid_input(format!(
            "`scale` must be between 0.01 and 4 (got {s})"
        )));
    }
    let v: Value = request(&ctx, Method::GET, &format!("/v1/images/{key}"))?
        .query("ids", &ids)
        .query_opt("version", opt(&a.version))
        .query_opt("scale", a.scale)
        .query_opt("format", a.format.map(ImageFormat::as_str))
        .query_opt("svg_outline_text", a.svg_outline_text)
        .query_opt("svg_include_id", a.svg_include_id)
        .query_opt("svg_include_node_id", a.svg_include_node_id)
        .query_opt("svg_simplify_stroke", a.svg_simplify_stroke)
        .query_opt("contents_only", a.contents_only)
        .query_opt("use_absolute_bounds", a.use_absolute_bounds)
        .send_json()
        .await?;
    let images = v.get("images").cloned().unwrap_or_else(|| json!({}));
    let failed: Vec<&String> = images
        .as_object()
        .map(|m| {
            m.iter()
                .filter(|(_, u)| u.is_null())
                .map(|(k, _)| k)
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({ "images": images, "failed": failed }))
}

/// A file's version history, newest first: id, time, label, description and author.
/// Returns `next_before` to pass as `before` for older versions (absent on the last page).
#[derive(Deserialize, JsonSchema)]
pub struct GetFileVersions {
    /// File key from the file's URL, or the URL
    file_key: String,
    /// Versions per page, at most 50
    #[schemars(extend("default" = 30))]
    page_size: Option<Int>,
    /// Versions older than this version id
    before: Option<Int>,
    /// Versions newer than this version id
    after: Option<Int>,
}

async fn get_file_versions(ctx: Ctx, a: GetFileVersions) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    if let Some(n) = a.page_size.map(Int::get)
        && !(1..=50).contains(&n)
    {
        return Err(ToolError::invalid_input(format!(
            "`page_size` must be between 1 and 50 (got {n})"
        )));
    }
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/versions"))?
        .query_opt("page_size", a.page_size)
        .query_opt("before", a.before)
        .query_opt("after", a.after)
        .send_json()
        .await?;
    let versions: Vec<Value> = v
        .get("versions")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|x| {
                    let mut o = pick(x, &["id", "created_at", "label", "description"]);
                    if let (Some(m), Some(u)) = (o.as_object_mut(), x.get("user")) {
                        m.insert("user".into(), user(u));
                    }
                    o
                })
                .collect()
        })
        .unwrap_or_default();
    let page = |rel: &str, key: &str| {
        v.pointer(&format!("/pagination/{rel}"))
            .and_then(Value::as_str)
            .and_then(|u| query_param(u, key))
    };
    let mut out = json!({ "versions": versions });
    if let Some(m) = out.as_object_mut() {
        if let Some(b) = page("next_page", "before") {
            m.insert("next_before".into(), json!(b));
        }
        if let Some(b) = page("prev_page", "after") {
            m.insert("prev_after".into(), json!(b));
        }
    }
    Ok(out)
}

/// Download URLs of the images the file uses as fills (the `imageRef` of an `IMAGE` paint in
/// node properties), as a map from image ref to URL (valid up to 14 days).
#[derive(Deserialize, JsonSchema)]
pub struct GetImageFills {
    /// File key from the file's URL, or the URL
    file_key: String,
}

async fn get_image_fills(ctx: Ctx, a: GetImageFills) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/images"))?
        .send_json()
        .await?;
    Ok(json!({
        "images": v.pointer("/meta/images").cloned().unwrap_or_else(|| json!({}))
    }))
}

/// A file's metadata without its content: name, project (folder), creator, last change and
/// who made it, editor type, your role, link access, URL and version. Cheaper than
/// figma_get_file.
#[derive(Deserialize, JsonSchema)]
pub struct GetFileMeta {
    /// File key from the file's URL, or the URL
    file_key: String,
}

async fn get_file_meta(ctx: Ctx, a: GetFileMeta) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(&ctx, Method::GET, &format!("/v1/files/{key}/meta"))?
        .send_json()
        .await?;
    let f = v.get("file").cloned().unwrap_or(Value::Null);
    let mut out = pick(
        &f,
        &[
            "name",
            "folder_name",
            "last_touched_at",
            "editorType",
            "role",
            "link_access",
            "url",
            "version",
            "thumbnail_url",
        ],
    );
    if let Some(m) = out.as_object_mut() {
        for k in ["creator", "last_touched_by"] {
            if let Some(u) = f.get(k) {
                m.insert(k.into(), user(u));
            }
        }
    }
    Ok(out)
}
