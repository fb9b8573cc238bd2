//! What every Drive tool shares: authenticated requests under `/drive/v3`, ids in paths, the
//! `q` query language (string literals, corpora), `fields` masks, sort orders, and the concise
//! shape of a file.

use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Method, Request, ToolError, seg};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

/// The Drive API v3 `files` collection.
pub const FILES: &str = "/drive/v3/files";
/// Its media-upload endpoint.
pub const UPLOAD_FILES: &str = "/upload/drive/v3/files";
/// Shared drives.
pub const DRIVES: &str = "/drive/v3/drives";

pub const FOLDER_MIME: &str = "application/vnd.google-apps.folder";
pub const DOC_MIME: &str = "application/vnd.google-apps.document";
pub const SHEET_MIME: &str = "application/vnd.google-apps.spreadsheet";
pub const SLIDES_MIME: &str = "application/vnd.google-apps.presentation";
pub const SHORTCUT_MIME: &str = "application/vnd.google-apps.shortcut";

/// The file fields list results carry (a `fields` mask keeps Drive's answer small).
pub const FILE_FIELDS: &str = "id,name,mimeType,size,modifiedTime,parents,driveId,webViewLink,owners(displayName,emailAddress)";

/// `fields` of a files.list call: the page token, Drive's incomplete-search flag and the files.
pub fn list_fields() -> String {
    format!("nextPageToken,incompleteSearch,files({FILE_FIELDS})")
}

/// An authenticated request to the Drive API (`path` under the base URL).
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, path)
}

/// One path segment for an id argument; a clear error when it is empty.
pub fn id_seg(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(seg(id))
}

/// `/drive/v3/files/{id}`
pub fn file_path(id: &str, what: &str) -> Result<String, ToolError> {
    Ok(format!("{FILES}/{}", id_seg(id, what)?))
}

/// A string literal of Drive's query language: `'...'` with `\` and `'` escaped by a backslash
/// (`quinn's paper\essay` → `'quinn\'s paper\\essay'`), so user text never ends the literal.
pub fn literal(s: &str) -> String {
    format!("'{}'", mcp_vendor_google::drive::escape_literal(s))
}

/// A non-empty, trimmed optional string.
pub fn given(s: &Option<String>) -> Option<&str> {
    s.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

// Sort keys the tools accept (the Klavis catalog's list).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, JsonSchema)]
pub enum OrderBy {
    #[serde(rename = "modifiedTime desc")]
    ModifiedTimeDesc,
    #[serde(rename = "modifiedTime")]
    ModifiedTime,
    #[serde(rename = "createdTime desc")]
    CreatedTimeDesc,
    #[serde(rename = "createdTime")]
    CreatedTime,
    #[serde(rename = "name")]
    Name,
    #[serde(rename = "name desc")]
    NameDesc,
}

impl OrderBy {
    fn as_str(self) -> &'static str {
        match self {
            OrderBy::ModifiedTimeDesc => "modifiedTime desc",
            OrderBy::ModifiedTime => "modifiedTime",
            OrderBy::CreatedTimeDesc => "createdTime desc",
            OrderBy::CreatedTime => "createdTime",
            OrderBy::Name => "name",
            OrderBy::NameDesc => "name desc",
        }
    }
}

/// Drive's `orderBy`: the keys joined with commas, newest first when none are given.
pub fn order_by(keys: &Option<Vec<OrderBy>>) -> String {
    match keys.as_deref() {
        Some(k) if !k.is_empty() => k.iter().map(|o| o.as_str()).collect::<Vec<_>>().join(","),
        _ => "modifiedTime desc".to_owned(),
    }
}

pub use mcp_shared::Count;

/// `limit` clamped to `1..=max`, `default` when absent.
pub fn limit(v: Option<Count>, default: u64, max: u64) -> u64 {
    v.map(|c| c.0).unwrap_or(default).clamp(1, max)
}

/// Where a files.list search looks: one shared drive, the organization's domain, every drive
/// the user can reach, or the user's own files (My Drive and shared with me).
pub struct Scope<'a> {
    pub shared_drive_id: Option<&'a str>,
    pub include_shared_drives: bool,
    pub include_domain: bool,
}

impl Scope<'_> {
    /// Add `corpora` (and `driveId`, `includeItemsFromAllDrives`) to a files.list request;
    /// `supportsAllDrives=true` always, so shared-drive items come back complete.
    pub fn apply(&self, r: Request) -> Request {
        let r = r.query("supportsAllDrives", "true");
        if let Some(id) = self.shared_drive_id {
            return r
                .query("corpora", "drive")
                .query("driveId", id)
                .query("includeItemsFromAllDrives", "true");
        }
        if self.include_domain {
            let r = r.query("corpora", "domain");
            return if self.include_shared_drives {
                r.query("includeItemsFromAllDrives", "true")
            } else {
                r
            };
        }
        if self.include_shared_drives {
            return r
                .query("corpora", "allDrives")
                .query("includeItemsFromAllDrives", "true");
        }
        r.query("corpora", "user")
    }
}

fn insert(o: &mut Map<String, Value>, k: &str, v: Option<Value>) {
    if let Some(v) = v.filter(|v| !v.is_null()) {
        o.insert(k.to_owned(), v);
    }
}

/// Drive sends int64 fields (`size`) as strings: as numbers.
fn number(v: Option<&Value>) -> Option<Value> {
    match v? {
        Value::String(s) => s.parse::<u64>().ok().map(Value::from),
        n @ Value::Number(_) => Some(n.clone()),
        _ => None,
    }
}

/// A file as the tools show it: id, name, MIME type, size in bytes, times, parents, shared
/// drive, link and owners' addresses.
pub fn file_summary(f: &Value) -> Value {
    let mut o = match pick(
        f,
        &[
            "id",
            "name",
            "mimeType",
            "description",
            "createdTime",
            "modifiedTime",
            "parents",
            "driveId",
            "webViewLink",
            "shared",
            "trashed",
            "starred",
        ],
    ) {
        Value::Object(o) => o,
        _ => Map::new(),
    };
    insert(&mut o, "size", number(f.get("size")));
    let owners: Vec<Value> = f
        .get("owners")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|p| p.get("emailAddress").or_else(|| p.get("displayName")))
        .cloned()
        .collect();
    if !owners.is_empty() {
        o.insert("owners".into(), Value::Array(owners));
    }
    if let Some(s) = f.get("shortcutDetails").filter(|s| s.is_object()) {
        o.insert(
            "shortcutTarget".into(),
            pick(s, &["id=targetId", "mimeType=targetMimeType"]),
        );
    }
    Value::Object(o)
}

/// The files of a files.list answer, shaped by [`file_summary`].
pub fn files_of(list: &Value) -> Vec<Value> {
    list.get("files")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(file_summary)
        .collect()
}

/// Add Drive's `nextPageToken` and a `true` `incompleteSearch` to a list result.
pub fn page_fields(list: &Value, out: &mut Map<String, Value>) {
    insert(out, "nextPageToken", list.get("nextPageToken").cloned());
    if list.get("incompleteSearch") == Some(&Value::Bool(true)) {
        out.insert("incompleteSearch".into(), Value::Bool(true));
    }
}

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// 64 unpredictable bits: the process's randomly keyed SipHash over a counter, the time and
/// the process id. Unique per call; not for secrets.
fn random_u64() -> u64 {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    h.write_u128(nanos);
    h.write_u32(std::process::id());
    h.finish()
}

/// A random version-4 UUID (`xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`), e.g. for Drive's
/// `requestId` idempotency keys.
pub fn uuid_v4() -> String {
    let hi = random_u64();
    let lo = random_u64();
    let mut b = [0u8; 16];
    b[..8].copy_from_slice(&hi.to_be_bytes());
    b[8..].copy_from_slice(&lo.to_be_bytes());
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let h = |r: std::ops::Range<usize>| b.get(r).map(hex).unwrap_or_default();
    format!(
        "{}-{}-{}-{}-{}",
        h(0..4),
        h(4..6),
        h(6..8),
        h(8..10),
        h(10..16)
    )
}

/// files.export: the bytes of a Google Workspace file in another format (Drive caps exports at
/// 10 MB).
pub async fn export(ctx: &Ctx, id: &str, mime: &str) -> Result<Vec<u8>, ToolError> {
    let path = format!("{}/export", file_path(id, "file_id")?);
    // Drive may serve the bytes from a content host: followed without the token.
    let resp = req(ctx, Method::GET, &path)?
        .query("mimeType", mime)
        .redirect_without_credentials()
        .send()
        .await
        .map_err(|e| {
            if e.code.as_deref() == Some("exportSizeLimitExceeded") {
                e.with_hint(
                    "Drive exports at most 10 MB: export a smaller part, another format, or open the file's webViewLink.",
                )
            } else {
                e
            }
        })?;
    Ok(resp.body)
}

/// Exported or downloaded bytes as text: UTF-8 (invalid sequences replaced), without the
/// byte-order mark Drive puts at the start of text exports.
pub fn text_of(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned()
}

/// Lower-case hexadecimal digits of these bytes.
fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|x| format!("{x:02x}")).collect()
}
