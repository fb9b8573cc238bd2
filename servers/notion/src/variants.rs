//! The views of Notion's own MCP server (`--profile`): `official` lists the 22 `API-*` tools of
//! its 2.x server (Notion-Version 2025-09-03, each with its optional `Notion-Version` argument);
//! `atlas`, `mcpmark` and `toolathlon` list the 19 tools of its 1.8-1.9 server that those
//! benchmarks mount (Notion-Version 2022-06-28, databases instead of data sources, the API's JSON
//! passed through; `atlas` only reads, as Klavis's copy). Each such tool is one of ours, declared
//! next to ours in its area's module with the wrappers here around its arguments.

use std::borrow::Cow;
use std::future::Future;
use std::marker::PhantomData;
use std::sync::Arc;

use mcp_shared::tool::limits::declared_types;
use mcp_shared::tool::schema_of;
use mcp_shared::{Ctx, Effect, Output, Profile, ToolDef, ToolError, tool};
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde::Deserialize;
use serde::de::{self, DeserializeOwned, Deserializer};
use serde_json::{Map, Value, json};

use crate::api::LEGACY;
pub use crate::api::is_legacy;
use crate::jail::{self, Target};

/// The argument Notion's 2.x server lists on every operation but comment creation.
const VERSION_PARAM: &str = "Notion-Version";

/// A result as the profile returns it: the API's JSON body as it is under the benchmarks'
/// profiles (that server prints `response.data`), our concise shape (`f`) otherwise.
pub fn shaped(ctx: &Ctx, v: Value, f: impl FnOnce(&Value) -> Value) -> Value {
    if is_legacy(ctx) { v } else { f(&v) }
}

/// A tool's arguments as the benchmarks' copies of Notion's 1.8-1.9 server describe them: the
/// description of that tool (its result is Notion's JSON, not our concise shape).
pub trait Passthrough {
    const DESCRIPTION: &'static str;
}

/// How a view lists a tool's arguments.
pub trait View: 'static {
    fn schema<A: JsonSchema>(g: &mut SchemaGenerator) -> Schema;
}

/// Notion's 2.x server: our arguments and its optional `Notion-Version`.
pub struct Versioned;

/// Notion's 2.x server, for the one operation without `Notion-Version` (comment creation).
pub struct Unversioned;

impl View for Versioned {
    fn schema<A: JsonSchema>(g: &mut SchemaGenerator) -> Schema {
        let mut s = A::json_schema(g);
        let props = s
            .ensure_object()
            .entry("properties")
            .or_insert_with(|| json!({}));
        if let Value::Object(props) = props {
            props.insert(
                VERSION_PARAM.to_owned(),
                json!({
                    "type": "string",
                    "description": "The Notion API version. Accepted for compatibility: the server sends the version its tools are written for (2025-09-03 unless NOTION_VERSION says otherwise), whatever is given here"
                }),
            );
        }
        s
    }
}

impl View for Unversioned {
    fn schema<A: JsonSchema>(g: &mut SchemaGenerator) -> Schema {
        A::json_schema(g)
    }
}

/// The arguments of an `API-*` tool: ours (`A`) as agents of Notion's server send them (an
/// object or array argument may come JSON-encoded in a string; `Notion-Version` may be given),
/// and the pages, blocks, databases and data sources they name (for the root-page limit).
pub struct Args<A, V> {
    args: A,
    targets: Vec<Target>,
    view: PhantomData<fn() -> V>,
}

/// The view of the benchmarks' copies: our arguments, that tool's description.
pub struct LegacyView;

impl<'de, A: DeserializeOwned + JsonSchema, V> Deserialize<'de> for Args<A, V> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut map = match Value::deserialize(d)? {
            Value::Object(m) => m,
            Value::Null => Map::new(),
            _ => return Err(de::Error::custom("the arguments must be a JSON object")),
        };
        map.remove(VERSION_PARAM);
        decode_json_strings::<A>(&mut map);
        let targets = jail::targets(&map);
        let args = A::deserialize(Value::Object(map)).map_err(de::Error::custom)?;
        Ok(Self {
            args,
            targets,
            view: PhantomData,
        })
    }
}

impl<A: JsonSchema, V: View> JsonSchema for Args<A, V> {
    fn schema_name() -> Cow<'static, str> {
        A::schema_name()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        V::schema::<A>(g)
    }
}

impl<A: JsonSchema + Passthrough> JsonSchema for Args<A, LegacyView> {
    fn schema_name() -> Cow<'static, str> {
        A::schema_name()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(g: &mut SchemaGenerator) -> Schema {
        let mut s = A::json_schema(g);
        s.ensure_object()
            .insert("description".to_owned(), json!(A::DESCRIPTION));
        s
    }
}

/// Object and array arguments sent as JSON text (`"{\"page_id\": \"...\"}"`), as some MCP
/// clients double-encode them and Notion's server 1.8 decodes them: decoded where our schema
/// takes an object or array and no string.
fn decode_json_strings<A: JsonSchema>(map: &mut Map<String, Value>) {
    let looks_encoded = |v: &Value| {
        v.as_str()
            .is_some_and(|s| matches!(s.trim_start().chars().next(), Some('{' | '[')))
    };
    if !map.values().any(looks_encoded) {
        return;
    }
    let (schema, _) = schema_of::<A>();
    let Some(props) = schema.get("properties").and_then(Value::as_object) else {
        return;
    };
    for (k, v) in map.iter_mut() {
        let (Value::String(s), Some(prop)) = (&*v, props.get(k)) else {
            continue;
        };
        let types = declared_types(prop);
        let structured = types.iter().any(|t| t == "object" || t == "array");
        if !structured || types.iter().any(|t| t == "string") {
            continue;
        }
        let text = s.trim();
        if !(text.starts_with('{') || text.starts_with('[')) {
            continue;
        }
        if let Ok(decoded @ (Value::Object(_) | Value::Array(_))) = serde_json::from_str(text) {
            *v = decoded;
        }
    }
}

/// The refusal of a write under `--profile atlas`.
fn read_only(ctx: &Ctx) -> ToolError {
    ToolError::invalid_input(format!(
        "{} changes Notion, and this server runs `--profile atlas`, which only reads (as Klavis's notion_atlas, MCP-Atlas's Notion server): nothing was sent to Notion",
        ctx.tool_name()
    ))
    .with_hint("use the reading tools (API-retrieve-*, API-get-*, API-post-search, API-post-database-query); to write, run the server with another profile.")
}

/// A tool of Notion's own server whose arguments `Args<A, V>` wraps ours, listed under
/// `profiles` only: it refuses writes under `atlas`, applies the root-page limit, then runs
/// our handler `f`.
fn wrapped<A, V, F, Fut, O>(
    profiles: &[Profile],
    name: &'static str,
    title: &'static str,
    effect: Effect,
    f: F,
) -> ToolDef
where
    Args<A, V>: DeserializeOwned + JsonSchema,
    A: Send + 'static,
    V: 'static,
    F: Fn(Ctx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<O, ToolError>> + Send + 'static,
    O: Into<Output> + 'static,
{
    let f = Arc::new(f);
    tool(name, title, effect, move |ctx: Ctx, a: Args<A, V>| {
        let f = f.clone();
        async move {
            if effect != Effect::Read && ctx.profile() == Profile::Atlas {
                return Err(read_only(&ctx));
            }
            jail::check(&ctx, &a.targets).await?;
            f(ctx, a.args).await
        }
    })
    .only_in(profiles)
}

/// The tool `name` of Notion's 2.x server (`--profile official`): our handler `f` and
/// arguments, with that server's optional `Notion-Version`.
pub fn official<A, F, Fut, O>(
    name: &'static str,
    title: &'static str,
    effect: Effect,
    f: F,
) -> ToolDef
where
    A: DeserializeOwned + JsonSchema + Send + 'static,
    F: Fn(Ctx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<O, ToolError>> + Send + 'static,
    O: Into<Output> + 'static,
{
    wrapped::<A, Versioned, _, _, _>(&[Profile::Official], name, title, effect, f)
}

/// As [`official`], for the operation that server lists without `Notion-Version`.
pub fn official_unversioned<A, F, Fut, O>(
    name: &'static str,
    title: &'static str,
    effect: Effect,
    f: F,
) -> ToolDef
where
    A: DeserializeOwned + JsonSchema + Send + 'static,
    F: Fn(Ctx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<O, ToolError>> + Send + 'static,
    O: Into<Output> + 'static,
{
    wrapped::<A, Unversioned, _, _, _>(&[Profile::Official], name, title, effect, f)
}

/// The tool `name` of the benchmarks' copies of Notion's 1.8-1.9 server (`--profile atlas`,
/// `mcpmark`, `toolathlon`): our handler `f` and arguments, that tool's description.
pub fn legacy<A, F, Fut, O>(
    name: &'static str,
    title: &'static str,
    effect: Effect,
    f: F,
) -> ToolDef
where
    A: DeserializeOwned + JsonSchema + Passthrough + Send + 'static,
    F: Fn(Ctx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<O, ToolError>> + Send + 'static,
    O: Into<Output> + 'static,
{
    wrapped::<A, LegacyView, _, _, _>(&LEGACY, name, title, effect, f)
}
