//! What the OneDrive tools share: how an item or a folder is addressed (`/me/drive/items/{id}`,
//! `root`, or a path under the root), the concise shape of an item, list arguments, and the
//! delegated permissions the tools declare (`.scopes(..)`; a 403 names them).

use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, ToolError, seg, seg_id, seg_path};
use mcp_vendor_microsoft::{List, Page, Query, page_size};
use serde_json::{Value, json};

pub const FILES_READ: &str = "Files.Read (or Files.ReadWrite)";
pub const FILES_READ_WRITE: &str = "Files.ReadWrite";
/// Items of other users' drives (shared items, share links).
pub const FILES_READ_ALL: &str = "Files.Read.All (or Files.ReadWrite.All)";

/// The properties of an item a summary shows (`$select`).
pub const ITEM_FIELDS: &[&str] = &[
    "id",
    "name",
    "size",
    "webUrl",
    "createdDateTime",
    "lastModifiedDateTime",
    "parentReference",
    "file",
    "folder",
    "package",
];

/// An item as an agent needs it: id, name, kind, size, MIME type or child count, where it is,
/// when it changed, its web URL.
pub fn item(v: &Value) -> Value {
    let mut out = pick(
        v,
        &[
            "id",
            "name",
            "size",
            "mimeType=file.mimeType",
            "childCount=folder.childCount",
            "webUrl",
            "createdDateTime",
            "lastModifiedDateTime",
            "parentId=parentReference.id",
            "parentPath=parentReference.path",
            "driveId=parentReference.driveId",
        ],
    );
    let kind = if v.get("folder").is_some() {
        "folder"
    } else if v.get("package").is_some() {
        "package"
    } else if v.get("file").is_some() {
        "file"
    } else if v.get("remoteItem").is_some() {
        "remote"
    } else {
        "item"
    };
    out["type"] = json!(kind);
    if let Some(r) = v.get("remoteItem") {
        out["remoteItem"] = item(r);
    }
    out
}

/// How a tool names a folder or an item: `root`, a path under the root (`/Documents/a.txt`),
/// or an item id.
#[derive(Debug, Clone, PartialEq)]
pub enum Place {
    Root,
    Path(String),
    Id(String),
}

impl Place {
    /// Read `given` (argument `arg`): `root` or `/` is the root, a value starting with `/` a
    /// path (segments encoded, `.`/`..` refused), anything else an id.
    pub fn parse(given: &str, arg: &str) -> Result<Self, ToolError> {
        let g = given.trim();
        if g.eq_ignore_ascii_case("root") || g == "/" {
            return Ok(Place::Root);
        }
        if g.starts_with('/') {
            let p = seg_path(g, arg)?;
            return Ok(if p.is_empty() {
                Place::Root
            } else {
                Place::Path(p)
            });
        }
        Ok(Place::Id(seg_id(g, arg)?))
    }

    /// The item itself: `/me/drive/root`, `/me/drive/root:/{path}:`, `/me/drive/items/{id}`.
    /// (Graph's path syntax ends with `:` when a segment follows, as in `…:/children`.)
    pub fn item(&self, more: &str) -> String {
        match self {
            Place::Root => format!("/me/drive/root{more}"),
            Place::Path(p) if more.is_empty() => format!("/me/drive/root:/{p}"),
            Place::Path(p) => format!("/me/drive/root:/{p}:{more}"),
            Place::Id(id) => format!("/me/drive/items/{id}{more}"),
        }
    }

    /// A child of this folder by name, followed by `action` (`/content`,
    /// `/createUploadSession`): `/me/drive/items/{parent}:/{name}:{action}`.
    pub fn child(&self, name: &str, action: &str) -> String {
        let name = seg(name);
        match self {
            Place::Root => format!("/me/drive/root:/{name}:{action}"),
            Place::Path(p) => format!("/me/drive/root:/{p}/{name}:{action}"),
            Place::Id(id) => format!("/me/drive/items/{id}:/{name}:{action}"),
        }
    }
}

/// `/me/drive/items/{id}` for an id argument (`root` accepted).
pub fn item_path(id: &str, arg: &str) -> Result<String, ToolError> {
    if id.trim().eq_ignore_ascii_case("root") {
        return Ok("/me/drive/root".to_owned());
    }
    Ok(format!("/me/drive/items/{}", seg_id(id, arg)?))
}

/// A file or folder name: not blank, without the characters OneDrive refuses in names.
pub fn item_name<'a>(name: &'a str, arg: &str) -> Result<&'a str, ToolError> {
    let n = name.trim();
    if n.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must not be empty"
        )));
    }
    if let Some(c) = n.chars().find(|c| {
        matches!(c, '"' | '*' | ':' | '<' | '>' | '?' | '/' | '\\' | '|') || c.is_control()
    }) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` contains {c:?}, which OneDrive does not allow in names (\" * : < > ? / \\ | and control characters)"
        )));
    }
    if n == "." || n == ".." {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` cannot be . or .."
        )));
    }
    Ok(n)
}

/// The `(q='...')` of Graph's `search` function: the text as an OData string literal (each `'`
/// doubled), each piece percent-encoded for the path.
pub fn search_call(text: &str, arg: &str) -> Result<String, ToolError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must not be empty"
        )));
    }
    let inner: Vec<String> = t.split('\'').map(seg).collect();
    Ok(format!("/search(q='{}')", inner.join("''")))
}

/// A page of a Graph collection of items, read behind `limit` + `cursor`.
pub async fn list_items(
    ctx: &Ctx,
    path: String,
    query: Query,
    limit: Option<Count>,
    cursor: Option<&str>,
) -> Result<Page, ToolError> {
    List::new(path, query)
        .limit(page_size(limit.map(Count::get), 50, 200, "limit")?)
        .cursor(cursor)
        .send(ctx)
        .await
}

/// The `$select` of item reads.
pub fn select() -> Query {
    Query::new().select(ITEM_FIELDS.iter().copied())
}
