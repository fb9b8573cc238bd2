//! What every Notion tool shares: authenticated requests with the `Notion-Version` header,
//! Notion's error body, ids, pagination, data source resolution and reading Notion's JSON.
//! (The concise shapes of Notion's objects are in `shape`.)

use mcp_shared::json::{at, map_array};
use mcp_shared::reexports::http;
use mcp_shared::{Ctx, ErrorKind, Method, Profile, Request, ToolError, VendorError, seg};
use serde_json::{Map, Value, json};

pub use crate::ids::{bare_id, id};
use crate::roots::Roots;

/// The Notion API version sent when `NOTION_VERSION` is not set: the first with data sources.
pub const DEFAULT_NOTION_VERSION: &str = "2025-09-03";

/// The Notion server's process state: what the operator configured at start-up.
pub struct Config {
    /// The `Notion-Version` this process sends (`NOTION_VERSION`).
    pub version: String,
    /// The root pages the `API-*` tools are limited to, if any.
    pub roots: Option<Roots>,
}

/// Read `NOTION_VERSION` and the root pages once, when the server is built
/// (`ServerSpec::state`).
pub fn config(settings: &mcp_shared::Settings) -> Result<mcp_shared::State, String> {
    let version = std::env::var("NOTION_VERSION")
        .ok()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .unwrap_or_else(|| DEFAULT_NOTION_VERSION.to_owned());
    let roots = Roots::from_settings(settings)?;
    Ok(std::sync::Arc::new(Config { version, roots }))
}

/// The benchmarks' copies of Notion's server 1.8-1.9 (Klavis's `notion_atlas`,
/// `notion_mcpmark`, `notion_toolathlon`).
pub const LEGACY: [Profile; 3] = [Profile::Atlas, Profile::Mcpmark, Profile::Toolathlon];

/// The Notion-Version those copies send (hard-coded in that server).
pub const LEGACY_VERSION: &str = "2022-06-28";

/// Whether the call runs under one of the benchmarks' copies of Notion's 1.8-1.9 server.
pub fn is_legacy(ctx: &Ctx) -> bool {
    LEGACY.contains(&ctx.profile())
}

/// The `Notion-Version` this call sends: 2022-06-28 under the benchmarks' copies of Notion's
/// server 1.8-1.9 (which hard-code it), the configured one otherwise.
pub fn notion_version(ctx: &Ctx) -> &str {
    if is_legacy(ctx) {
        return LEGACY_VERSION;
    }
    ctx.state::<Config>()
        .map(|c| c.version.as_str())
        .unwrap_or(DEFAULT_NOTION_VERSION)
}

/// Whether this call's Notion-Version has data sources (2025-09-03 on); before it, a database
/// holds its schema and rows itself.
pub fn data_sources(ctx: &Ctx) -> bool {
    notion_version(ctx) >= "2025-09-03"
}

/// From 2026-03-11 on, Notion takes `position` instead of `after` and `in_trash` instead of
/// `archived`.
pub fn version_2026(ctx: &Ctx) -> bool {
    notion_version(ctx) >= "2026-03-11"
}

/// An authenticated request to the Notion API (`path` starts with `/v1/`).
///
/// This is where the (configurable, so not static) `Notion-Version` header is added; the
/// shared `ServerSpec::default_headers` only takes static values.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    Ok(ctx
        .authorized(method, path)?
        .header("notion-version", notion_version(ctx)))
}

/// Notion's error body: `{"object": "error", "status", "code", "message", "request_id"}`.
pub fn parse_error(_status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let code = body.get("code").and_then(Value::as_str).map(str::to_owned);
    let message = body
        .get("message")
        .and_then(Value::as_str)
        .map(|m| m.trim().trim_end_matches('.').to_owned())
        .filter(|m| !m.is_empty());
    let hint = code.as_deref().and_then(|c| {
        Some(match c {
            "object_not_found" => {
                "it does not exist, or it is not shared with this integration: in Notion, open the page or database, choose ••• → Connections and add the integration (sharing a parent page shares its children)."
            }
            "unauthorized" => {
                "the token is invalid, expired or revoked: supply a valid internal integration secret (ntn_...) or OAuth access token in x-auth-data / AUTH_DATA / NOTION_API_KEY."
            }
            "restricted_resource" => {
                "the integration lacks a capability for this action (read, insert or update content, read or insert comments, read user information): enable it in the integration's settings, or share the page with the integration."
            }
            "validation_error" => {
                "Notion rejected the request body: the message names the field; check property names and types against the database's schema (notion_get_database) and the block format."
            }
            "conflict_error" => {
                "the data changed while this request ran (a concurrent edit): read it again and retry."
            }
            "missing_version" | "invalid_request" | "invalid_request_url" => {
                "the request is not supported by this Notion-Version: check NOTION_VERSION (default 2025-09-03)."
            }
            "invalid_json" => "the request body is not valid JSON for Notion.",
            _ => return None,
        })
    });
    VendorError {
        code,
        message,
        hint: hint.map(str::to_owned),
        ..VendorError::default()
    }
}

/// A page property id for a URL path. Notion's ids are already URL-encoded (`%3AUPp`): decode
/// them first so they are not encoded twice.
pub fn property_id(raw: &str) -> Result<String, ToolError> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(
            "`property_id` is empty: give the property's id from the page's or data source's `properties`",
        ));
    }
    Ok(seg(&decoded(s)))
}

/// A property id as Notion means it: ids come URL-encoded (`Ml%5Cb`), and are decoded before
/// they are encoded again into a path or query.
pub fn decoded(s: &str) -> String {
    percent_encoding::percent_decode_str(s)
        .decode_utf8()
        .map(|d| d.into_owned())
        .unwrap_or_else(|_| s.to_owned())
}

/// Notion's `page_size`: at most 100 (larger values are capped), at least 1.
pub fn page_size(n: Option<u32>) -> Option<u32> {
    n.map(|n| n.clamp(1, 100))
}

/// `{"results": [...], "next_cursor", "has_more"}` of a Notion list response.
pub fn list(v: &Value, f: impl Fn(&Value) -> Value) -> Value {
    json!({
        "results": map_array(v.get("results").unwrap_or(&Value::Null), f),
        "next_cursor": v.get("next_cursor").cloned().unwrap_or(Value::Null),
        "has_more": v.get("has_more").and_then(Value::as_bool).unwrap_or(false),
    })
}

/// Insert the fields that were given into a request body.
pub fn put(body: &mut Map<String, Value>, key: &str, v: Option<impl Into<Value>>) {
    if let Some(v) = v {
        body.insert(key.to_owned(), v.into());
    }
}

/// `archived` as the configured Notion-Version names it (`in_trash` from 2026-03-11 on).
pub fn put_archived(ctx: &Ctx, body: &mut Map<String, Value>, archived: Option<bool>) {
    if let Some(a) = archived {
        let key = if version_2026(ctx) {
            "in_trash"
        } else {
            "archived"
        };
        body.entry(key.to_owned()).or_insert(Value::Bool(a));
    }
}

/// A parent object with its `type` filled in when only the id key was given
/// (`{"page_id": "..."}` → `{"type": "page_id", "page_id": "..."}`), ids taken from URLs.
pub fn parent(p: &Map<String, Value>) -> Result<Map<String, Value>, ToolError> {
    let mut out = p.clone();
    for key in ["page_id", "database_id", "data_source_id", "block_id"] {
        if let Some(Value::String(raw)) = p.get(key) {
            out.insert(key.to_owned(), Value::String(bare_id(raw, key)?));
            out.entry("type".to_owned())
                .or_insert_with(|| Value::String(key.to_owned()));
            return Ok(out);
        }
    }
    if p.get("workspace").and_then(Value::as_bool) == Some(true) {
        out.entry("type".to_owned())
            .or_insert_with(|| Value::String("workspace".to_owned()));
        return Ok(out);
    }
    Err(ToolError::invalid_input(format!(
        "`parent` must name its parent, e.g. {{\"page_id\": \"...\"}}, {{\"data_source_id\": \"...\"}} or {{\"database_id\": \"...\"}}; got {}",
        Value::Object(p.clone())
    )))
}

/// A data source of a database, with its schema when it was fetched (before Notion-Version
/// 2025-09-03: the database itself, which then held the schema and the rows).
pub struct DataSource {
    pub id: String,
    /// The data source object (with `properties`), when it has been read.
    pub object: Option<Value>,
}

/// The data source behind `database_id` (Notion-Version 2025-09-03 moved rows and schemas
/// from databases to data sources). A database with several data sources is an error that
/// lists them. An id that is not a database but a data source (as `notion_search` returns)
/// is accepted too.
pub async fn resolve_data_source(ctx: &Ctx, database_id: &str) -> Result<DataSource, ToolError> {
    let path = format!("/v1/databases/{}", id(database_id, "database_id")?);
    let db = match req(ctx, Method::GET, &path)?.send_json::<Value>().await {
        Ok(db) => db,
        Err(e) if e.status == Some(404) => {
            // Perhaps a data source id (search results and relations name data sources).
            let ds_path = format!("/v1/data_sources/{}", id(database_id, "database_id")?);
            return match req(ctx, Method::GET, &ds_path)?.send_json::<Value>().await {
                Ok(ds) => Ok(DataSource {
                    id: str_at(&ds, "id").unwrap_or(database_id).to_owned(),
                    object: Some(ds),
                }),
                Err(_) => Err(e),
            };
        }
        Err(e) => return Err(e),
    };
    let sources = db
        .get("data_sources")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    match sources.as_slice() {
        [one] => Ok(DataSource {
            id: str_at(one, "id").unwrap_or_default().to_owned(),
            object: None,
        }),
        [] => Err(ToolError::invalid_input(format!(
            "database {database_id} has no data source the integration can see"
        ))
        .with_hint("share the database with the integration, or check the id.")),
        many => Err(ToolError::invalid_input(format!(
            "database {database_id} has {} data sources: {}. Use the data source tools (notion_query_data_source, notion_get_data_source) or a `data_source_id` parent with one of them.",
            many.len(),
            many.iter()
                .map(|s| format!(
                    "{} ({})",
                    str_at(s, "name").unwrap_or("untitled"),
                    str_at(s, "id").unwrap_or("?")
                ))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The data source object (schema) of `ds`, reading it when needed.
pub async fn data_source_object(ctx: &Ctx, ds: &mut DataSource) -> Result<Value, ToolError> {
    if let Some(o) = &ds.object {
        return Ok(o.clone());
    }
    let kind = if data_sources(ctx) {
        "data_sources"
    } else {
        "databases"
    };
    let path = format!("/v1/{kind}/{}", seg(&ds.id));
    let o: Value = req(ctx, Method::GET, &path)?.send_json().await?;
    ds.object = Some(o.clone());
    Ok(o)
}

/// Resolve a `parent` given by `database_id` to its data source (pages and moves need a
/// `data_source_id` parent since 2025-09-03). Returns the parent to send and the data source.
pub async fn page_parent(
    ctx: &Ctx,
    parent: &Map<String, Value>,
) -> Result<(Map<String, Value>, Option<DataSource>), ToolError> {
    let p = self::parent(parent)?;
    match p.get("type").and_then(Value::as_str) {
        // Before data sources, a database parent is sent as it is and holds the schema.
        Some("database_id") if !data_sources(ctx) => {
            let raw = p.get("database_id").and_then(Value::as_str).unwrap_or("");
            let ds = DataSource {
                id: raw.to_owned(),
                object: None,
            };
            Ok((p, Some(ds)))
        }
        Some("database_id") => {
            let raw = p.get("database_id").and_then(Value::as_str).unwrap_or("");
            let ds = resolve_data_source(ctx, raw).await?;
            let mut out = Map::new();
            out.insert("type".into(), json!("data_source_id"));
            out.insert("data_source_id".into(), json!(ds.id));
            Ok((out, Some(ds)))
        }
        Some("data_source_id") => {
            let raw = p
                .get("data_source_id")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned();
            Ok((
                p,
                Some(DataSource {
                    id: raw,
                    object: None,
                }),
            ))
        }
        _ => Ok((p, None)),
    }
}

/// Add what was done before a failure to its message, so an agent does not repeat it.
pub fn after_partial(e: ToolError, done: &str) -> ToolError {
    let done = format!("{done}; then");
    e.context(done)
}

/// A tool error for something Notion answered that is not what its API reference says.
pub fn unexpected(what: &str) -> ToolError {
    ToolError::new(
        ErrorKind::Transport,
        format!("Notion answered with an unexpected body: {what}"),
    )
}

pub fn at_array<'a>(v: &'a Value, path: &str) -> Option<&'a Vec<Value>> {
    at(v, path).and_then(Value::as_array)
}

pub fn str_at<'a>(v: &'a Value, path: &str) -> Option<&'a str> {
    at(v, path).and_then(Value::as_str)
}

/// The plain text of a rich text array.
pub fn plain(rich: Option<&Value>) -> String {
    rich.and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|t| {
                    str_at(t, "plain_text")
                        .or_else(|| str_at(t, "text.content"))
                        .unwrap_or("")
                })
                .collect()
        })
        .unwrap_or_default()
}

/// `{key: value}`.
pub fn obj1(key: &str, value: Value) -> Value {
    let mut m = Map::new();
    m.insert(key.to_owned(), value);
    Value::Object(m)
}

/// An object argument that Notion's own server types as a string (`icon` and `cover` of a new
/// page): listed as that server lists it, a JSON-encoded object; the object itself is accepted
/// too.
#[derive(serde::Deserialize)]
#[serde(untagged)]
pub enum ObjectOrJson {
    /// The object
    Object(Map<String, Value>),
    /// The object, JSON-encoded
    Json(String),
}

impl schemars::JsonSchema for ObjectOrJson {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ObjectOrJson".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({ "type": "string" })
    }
}

impl ObjectOrJson {
    pub fn into_object(self, what: &str) -> Result<Map<String, Value>, ToolError> {
        match self {
            ObjectOrJson::Object(o) => Ok(o),
            ObjectOrJson::Json(s) => match serde_json::from_str::<Value>(&s) {
                Ok(Value::Object(o)) => Ok(o),
                _ => Err(ToolError::invalid_input(format!(
                    "`{what}` must be a JSON object (or that object as a JSON string), e.g. {{\"emoji\": \"🚀\"}}"
                ))),
            },
        }
    }
}
