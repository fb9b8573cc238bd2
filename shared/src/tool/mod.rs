//! Tool definitions: a typed argument struct and an async function become one [`ToolDef`],
//! with its JSON Schema derived from the struct and its annotations from an [`Effect`].
//! Everything generic is done here, once; the handler behind it is type-erased, so the
//! rmcp/axum stack is compiled once in this crate and not again in every server.

pub mod sanitize;
pub mod types;

use std::borrow::Cow;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, OnceLock};

use crate::tool::sanitize::Sanitize;
use rmcp::model::{CallToolResult, ContentBlock, JsonObject, Tool, ToolAnnotations};
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::call::context::Ctx;
pub use crate::call::declared::Profile;
use crate::error::ToolError;

pub mod limits;
mod panics;
mod schema;

pub use schema::schema_of;
use schema::{lean_output, rename_properties};

pub(crate) use panics::install_hook as install_panic_hook;

/// What a tool does to the world; this sets its MCP annotations, and read-only mode uses it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// Reads only (`readOnlyHint: true`).
    Read,
    /// Creates or changes something; calling it twice does it twice.
    Write,
    /// Changes something; calling it again with the same arguments changes nothing more.
    IdempotentWrite,
    /// Deletes or overwrites something that cannot be restored.
    Destructive,
}

/// `--tool-names official` is `--profile official`: the name of the profile type before profiles
/// other than the vendor's own server's existed.
pub type ToolNames = Profile;

/// Where a tool is listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Listing {
    /// Under the default profile, and under each profile it has a view in.
    Everywhere,
    /// Only under these profiles (a variant's own tool, with that variant's parameters).
    Only(Vec<Profile>),
}

/// How one profile lists a tool: its name there, and its parameters renamed (ours, theirs).
#[derive(Debug, Clone)]
pub(crate) struct View {
    profile: Profile,
    name: Option<&'static str>,
    renames: Vec<(&'static str, &'static str)>,
}

/// What a tool returns on success.
#[derive(Debug, Clone)]
pub enum Output {
    /// A JSON value: sent as compact JSON text, and as `structuredContent` when the tool
    /// declares an output schema.
    Json(Value),
    /// Plain text.
    Text(String),
    /// Content blocks as they are (embedded resources, images...).
    Content(Vec<ContentBlock>),
}

impl From<Value> for Output {
    fn from(v: Value) -> Self {
        Output::Json(v)
    }
}

impl From<String> for Output {
    fn from(v: String) -> Self {
        Output::Text(v)
    }
}

pub type ToolResult = Result<Output, ToolError>;
type BoxFuture = Pin<Box<dyn Future<Output = ToolResult> + Send>>;
type Handler = Arc<dyn Fn(Ctx, Value) -> BoxFuture + Send + Sync>;

/// A tool's input schema and description, derived from its argument type on first use (the
/// first `tools/list` or call), not when the server starts: a server answers `initialize`
/// before it has spent anything on schemas. Shared by the tool's definition and its handler.
#[derive(Clone)]
pub(crate) struct Input {
    make: fn() -> (JsonObject, Option<String>),
    cell: Arc<OnceLock<(Arc<JsonObject>, Option<String>)>>,
}

impl Input {
    fn of<A: JsonSchema>() -> Self {
        Self {
            make: input_schema_of::<A>,
            cell: Arc::default(),
        }
    }

    fn get(&self) -> &(Arc<JsonObject>, Option<String>) {
        self.cell.get_or_init(|| {
            let (schema, description) = (self.make)();
            (Arc::new(schema), description)
        })
    }

    /// The schema a call's arguments are checked against (our parameter names).
    fn schema(&self) -> &Arc<JsonObject> {
        &self.get().0
    }
}

/// An argument type's schema as a tool's input: [`schema_of`] with its strings bounded.
fn input_schema_of<A: JsonSchema>() -> (JsonObject, Option<String>) {
    let (mut schema, description) = schema_of::<A>();
    limits::bound_strings(&mut schema);
    (schema, description)
}

/// A result type's schema as a tool's output: [`schema_of`], lean.
fn output_schema_of<T: JsonSchema>() -> JsonObject {
    let (mut schema, _) = schema_of::<T>();
    lean_output(&mut schema);
    schema
}

/// One tool of a server: its MCP description and its handler. The description's schemas are
/// derived on first use ([`ToolDef::mcp_tool`]).
#[derive(Clone)]
pub struct ToolDef {
    /// The name it is listed and called by (a profile's name under that profile).
    pub(crate) name: Cow<'static, str>,
    pub(crate) title: &'static str,
    /// The description when it is not the argument type's doc comment
    /// ([`ToolDef::described`]).
    pub(crate) description: Option<&'static str>,
    pub(crate) annotations: ToolAnnotations,
    pub(crate) input: Input,
    pub(crate) output: Option<fn() -> JsonObject>,
    /// The listed names of parameters (ours, theirs), under a profile that renames them.
    pub(crate) renames: Vec<(&'static str, &'static str)>,
    /// The MCP `Tool`, built from the above on first use.
    pub(crate) listed: OnceLock<Tool>,
    pub(crate) toolset: &'static str,
    pub(crate) effect: Effect,
    pub(crate) handler: Handler,
    pub(crate) views: Vec<View>,
    pub(crate) listing: Listing,
    /// Offered in read-only mode although it can write: it runs read-only itself then
    /// ([`ToolDef::read_only_by_itself`]).
    pub(crate) guards_read_only: bool,
    /// The permissions the tool needs ([`ToolDef::scopes`]).
    pub(crate) scopes: Option<&'static str>,
}

/// Define a tool. The doc comment of the argument struct `A` is the tool's description;
/// its fields' doc comments describe the parameters.
pub fn tool<A, F, Fut, O>(name: &'static str, title: &'static str, effect: Effect, f: F) -> ToolDef
where
    A: DeserializeOwned + JsonSchema + Send + 'static,
    F: Fn(Ctx, A) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<O, ToolError>> + Send + 'static,
    O: Into<Output>,
{
    let input = Input::of::<A>();
    let annotations = match effect {
        Effect::Read => ToolAnnotations::with_title(title)
            .read_only(true)
            .destructive(false)
            .idempotent(true),
        Effect::Write => ToolAnnotations::with_title(title)
            .read_only(false)
            .destructive(false)
            .idempotent(false),
        Effect::IdempotentWrite => ToolAnnotations::with_title(title)
            .read_only(false)
            .destructive(false)
            .idempotent(true),
        Effect::Destructive => ToolAnnotations::with_title(title)
            .read_only(false)
            .destructive(true)
            .idempotent(false),
    }
    .open_world(true);
    let f = Arc::new(f);
    let checked = input.clone();
    let handler: Handler = Arc::new(move |ctx: Ctx, args: Value| {
        let f = f.clone();
        let schema = checked.schema().clone();
        let bounds = limits::check(&schema, &args);
        Box::pin(async move {
            bounds.map_err(|e| {
                ToolError::invalid_input(format!("invalid arguments for {}: {e}.", ctx.tool_name()))
            })?;
            let decoded: Result<A, _> = serde_path_to_error::deserialize(&args);
            let args: A = decoded.map_err(|e| {
                let path = e.path().to_string();
                let inner = e.into_inner();
                // The path names the argument (`limit`, `items[2].id`); `.` is the whole
                // object (a flattened struct loses the path): name the argument whose type
                // is wrong, unless the message names one already (a missing field).
                let named = inner.to_string().starts_with("missing field");
                let at = match limits::mistyped(&schema, &args) {
                    _ if path != "." => format!("`{path}`: "),
                    Some(name) if !named => format!("`{name}`: "),
                    _ => String::new(),
                };
                ToolError::invalid_input(format!(
                    "invalid arguments for {}: {at}{inner}. Check the tool's input schema.",
                    ctx.tool_name()
                ))
            })?;
            f(ctx, args).await.map(Into::into)
        }) as BoxFuture
    });
    ToolDef {
        name: Cow::Borrowed(name),
        title,
        description: None,
        annotations,
        input,
        output: None,
        renames: Vec::new(),
        listed: OnceLock::new(),
        toolset: "default",
        effect,
        handler,
        views: Vec::new(),
        listing: Listing::Everywhere,
        guards_read_only: false,
        scopes: None,
    }
}

impl ToolDef {
    /// The OAuth scopes or permissions the tool needs, as the vendor documents them
    /// (`Mail.Send`, `Files.Read or Files.ReadWrite`): a 403 of the vendor to this tool's call
    /// names them (in the server's words, [`ServerSpec::scope_hint`]), and `--oauth`'s scope
    /// challenge asks for them. A tool that reads and writes declares what its writes need.
    ///
    /// [`ServerSpec::scope_hint`]: crate::ServerSpec::scope_hint
    pub fn scopes(mut self, scopes: &'static str) -> Self {
        self.scopes = Some(scopes);
        self
    }

    /// The permissions the tool declares ([`ToolDef::scopes`]).
    pub fn required_scopes(&self) -> Option<&'static str> {
        self.scopes
    }

    /// Put the tool in a toolset (a vendor area, switched on and off with `--toolsets`).
    pub fn toolset(mut self, toolset: &'static str) -> Self {
        self.toolset = toolset;
        self
    }

    /// Declare the shape of the tool's JSON result: clients get an `outputSchema` and
    /// `structuredContent`.
    pub fn output<T: JsonSchema>(mut self) -> Self {
        self.output = Some(output_schema_of::<T>);
        self.listed = OnceLock::new();
        self
    }

    /// Describe the tool in these words instead of its argument type's doc comment: for tools
    /// that share one argument type (insert and delete rows) but do different things.
    pub fn described(mut self, description: &'static str) -> Self {
        self.description = Some(description);
        self.listed = OnceLock::new();
        self
    }

    /// The name the vendor's official MCP server gives this tool: listed instead of ours
    /// under `--profile official` (same parameters).
    pub fn official_name(self, name: &'static str) -> Self {
        self.profile(Profile::Official, name)
    }

    /// A tool listed only under `--profile official`, for an official tool whose parameters
    /// differ from ours (define it with the official name and parameter names).
    pub fn official_only(self) -> Self {
        self.only_in(&[Profile::Official])
    }

    /// List the tool under `profile` as `name` (same parameters unless
    /// [`ToolDef::profile_param`] renames some). Without a view, a profile does not list it.
    pub fn profile(mut self, profile: Profile, name: &'static str) -> Self {
        self.view(profile).name = Some(name);
        self
    }

    /// List the tool under `profile` with its own name.
    pub fn in_profile(mut self, profile: Profile) -> Self {
        self.view(profile);
        self
    }

    /// Under `profile`, the parameter `ours` is called `theirs`: the listed schema shows
    /// `theirs`, and a call's `theirs` reaches the tool as `ours`.
    pub fn profile_param(
        mut self,
        profile: Profile,
        ours: &'static str,
        theirs: &'static str,
    ) -> Self {
        self.view(profile).renames.push((ours, theirs));
        self
    }

    /// A tool listed only under these profiles (a variant's own tool, defined with that
    /// variant's name and parameters).
    pub fn only_in(mut self, profiles: &[Profile]) -> Self {
        for p in profiles {
            self.view(*p);
        }
        self.listing = Listing::Only(profiles.to_vec());
        self
    }

    fn view(&mut self, profile: Profile) -> &mut View {
        let at = match self.views.iter().position(|v| v.profile == profile) {
            Some(i) => i,
            None => {
                self.views.push(View {
                    profile,
                    name: None,
                    renames: Vec::new(),
                });
                self.views.len() - 1
            }
        };
        &mut self.views[at]
    }

    /// The profiles that list this tool (the default one included when it does).
    pub fn profiles(&self) -> Vec<Profile> {
        let mut out: Vec<Profile> = match &self.listing {
            Listing::Everywhere => vec![Profile::Default],
            Listing::Only(_) => Vec::new(),
        };
        out.extend(self.views.iter().map(|v| v.profile));
        out.sort();
        out.dedup();
        out
    }

    /// This tool as listed under `profile`, or `None` when that profile does not list it.
    pub(crate) fn for_profile(mut self, profile: Profile) -> Option<Self> {
        if profile == Profile::Default {
            return (self.listing == Listing::Everywhere).then_some(self);
        }
        let view = self.views.iter().find(|v| v.profile == profile)?.clone();
        self.listed = OnceLock::new();
        if let Some(name) = view.name {
            self.name = Cow::Borrowed(name);
        }
        if !view.renames.is_empty() {
            self.renames = view.renames.clone();
            let inner = self.handler.clone();
            let renames = view.renames.clone();
            self.handler = Arc::new(move |ctx, mut args| {
                if let Value::Object(m) = &mut args {
                    for (ours, theirs) in &renames {
                        if let Some(v) = m.remove(*theirs) {
                            m.insert((*ours).to_owned(), v);
                        }
                    }
                }
                let call = inner(ctx, args);
                let renames = renames.clone();
                Box::pin(async move {
                    // An error names the parameter as the caller knows it.
                    call.await.map_err(|mut e| {
                        for (ours, theirs) in &renames {
                            e.message = e
                                .message
                                .replace(&format!("`{ours}`"), &format!("`{theirs}`"));
                        }
                        e
                    })
                }) as BoxFuture
            });
        }
        Some(self)
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn toolset_name(&self) -> &'static str {
        self.toolset
    }

    pub fn effect(&self) -> Effect {
        self.effect
    }

    /// Whether read-only mode offers the tool: it only reads, or it makes itself read-only
    /// in that mode ([`ToolDef::read_only_by_itself`]).
    pub fn is_read_only(&self) -> bool {
        self.effect == Effect::Read || self.guards_read_only
    }

    /// A tool that can write (its annotations say so) but stays offered in read-only mode,
    /// because it then runs so that nothing can write: a database's `execute_sql` asks
    /// [`Ctx::read_only`](crate::Ctx::read_only) and runs the caller's statement in a
    /// read-only transaction. The tool must enforce it; read-only mode no longer hides it.
    pub fn read_only_by_itself(mut self) -> Self {
        self.guards_read_only = true;
        self
    }

    /// The MCP `Tool` as `tools/list` sends it, its schemas derived on the first call of this.
    pub fn mcp_tool(&self) -> &Tool {
        self.listed.get_or_init(|| {
            let (schema, description) = self.input.get();
            let schema = if self.renames.is_empty() {
                schema.clone()
            } else {
                let mut renamed = (**schema).clone();
                rename_properties(&mut renamed, &self.renames);
                Arc::new(renamed)
            };
            let description = match self.description {
                Some(d) => Cow::Borrowed(d),
                None => Cow::Owned(description.clone().unwrap_or_default()),
            };
            let tool = Tool::new(self.name.clone(), description, schema)
                .with_title(self.title)
                .with_annotations(self.annotations.clone());
            match self.output {
                Some(make) => tool.with_raw_output_schema(Arc::new(make())),
                None => tool,
            }
        })
    }

    /// Run the handler; every string of the result goes through [`sanitize`](crate::tool::sanitize)
    /// as `mode` says (JSON before it is serialised, so that markers are escaped).
    pub(crate) async fn call(
        &self,
        ctx: Ctx,
        args: Value,
        mode: Sanitize,
        scope_hint: crate::error::ScopeHint,
    ) -> (
        CallToolResult,
        crate::telemetry::metrics::Outcome,
        Option<crate::error::MissingScopes>,
    ) {
        // The request's own credentials, to cut out of any error a vendor echoed them in.
        let secrets = ctx.declared_secrets();
        let out = match panics::contained(self.name(), || (self.handler)(ctx, args)).await {
            Ok(Output::Json(mut v)) => {
                sanitize::value(&mut v, mode);
                Ok(Output::Json(v))
            }
            Ok(other) => Ok(other),
            Err(e) => Err(e),
        };
        // A JSON result's text is its sanitised value serialised.
        let json = matches!(out, Ok(Output::Json(_)));
        let outcome = match &out {
            Ok(_) => crate::telemetry::metrics::Outcome::ok,
            Err(e) => e.kind.into(),
        };
        let mut missing_scopes = None;
        let mut result = match out {
            Ok(Output::Json(v)) if self.output.is_some() => {
                let mut r = CallToolResult::success(vec![ContentBlock::text(json_text(&v))]);
                r.structured_content = Some(v);
                r
            }
            Ok(Output::Json(v)) => CallToolResult::success(vec![ContentBlock::text(json_text(&v))]),
            Ok(Output::Text(t)) => CallToolResult::success(vec![ContentBlock::text(t)]),
            Ok(Output::Content(c)) => CallToolResult::success(c),
            Err(e) => {
                let mut e = match self.scopes {
                    Some(s) => scope_hint(e, s),
                    None => e,
                };
                missing_scopes = e.missing_scopes.take().map(|m| *m);
                let mut text = e.to_string();
                for s in &secrets {
                    text = text.replace(s.expose(), "[redacted]");
                }
                CallToolResult::error(vec![ContentBlock::text(text)])
            }
        };
        if !json {
            sanitize::blocks(&mut result, mode);
        }
        (result, outcome, missing_scopes)
    }
}

/// Compact JSON text of a result. `serde_json::to_string` writes bytes straight into the
/// string; `Value`'s `Display` goes through a `fmt::Write` adapter, a call per token.
fn json_text(v: &Value) -> String {
    // Serialising a `Value` cannot fail (its map keys are strings).
    serde_json::to_string(v).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers of every Rust width.
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Numbers {
        count: u64,
        small: u32,
        signed: i64,
        ratio: f64,
        maybe: Option<u16>,
        list: Vec<i32>,
        when: String,
    }

    #[test]
    fn schemas_use_standard_json_schema_only() {
        let (schema, _) = schema_of::<Numbers>();
        let text = serde_json::to_string(&schema).unwrap_or_default();
        for f in ["uint", "int", "double", "float"] {
            assert!(
                !text.contains(&format!("\"format\":\"{f}")),
                "non-standard format {f} in {text}"
            );
        }
        let p = &schema["properties"];
        assert_eq!(p["count"]["type"], "integer");
        assert_eq!(p["count"]["minimum"], 0);
        assert_eq!(p["small"]["minimum"], 0);
        assert_eq!(p["maybe"]["minimum"], 0);
        assert!(p["signed"].get("minimum").is_none());
        assert_eq!(p["ratio"]["type"], "number");
        assert_eq!(p["list"]["items"]["type"], "integer");
    }

    /// One file.
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct File {
        /// Its size in bytes
        size: u64,
    }

    /// A result.
    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Files {
        /// The files, largest first
        files: Vec<File>,
        count: u32,
    }

    #[test]
    fn said_once_and_outputs_lean() {
        let (schema, _) = schema_of::<Files>();
        let files = &schema["properties"]["files"];
        assert_eq!(files["description"], "The files, largest first");
        assert!(files["items"].get("description").is_none(), "{files}");
        assert_eq!(files["items"]["properties"]["size"]["minimum"], 0);
        #[derive(serde::Deserialize, JsonSchema)]
        struct NoArgs {}
        async fn run(_: crate::Ctx, _: NoArgs) -> Result<Value, ToolError> {
            Ok(Value::Null)
        }
        let def = tool("t", "T", Effect::Read, run).output::<Files>();
        assert_eq!(def.mcp_tool().description.as_deref(), Some(""));
        let own = tool("t", "T", Effect::Read, run).described("Count the files.");
        assert_eq!(
            own.mcp_tool().description.as_deref(),
            Some("Count the files.")
        );
        let out = def.mcp_tool().output_schema.clone().unwrap_or_default();
        let size = &out["properties"]["files"]["items"]["properties"]["size"];
        assert_eq!(size["type"], "integer");
        assert!(size.get("minimum").is_none(), "{size}");
        assert!(out["properties"]["count"].get("minimum").is_none());
    }

    /// Read-only mode hides a tool that writes, unless it runs read-only by itself then; its
    /// annotations still say that it can write.
    #[test]
    fn read_only_by_itself_is_offered_in_read_only_mode() {
        #[derive(serde::Deserialize, JsonSchema)]
        struct Sql {}
        async fn run(_: crate::Ctx, _: Sql) -> Result<Value, ToolError> {
            Ok(Value::Null)
        }
        let filter = crate::server::scope::Filter {
            read_only: true,
            ..Default::default()
        };
        let plain = tool("db_execute", "Execute", Effect::Write, run);
        assert!(!filter.allows(&plain));
        let guarded = tool("db_execute", "Execute", Effect::Write, run).read_only_by_itself();
        assert!(filter.allows(&guarded));
        let hints = guarded.mcp_tool().annotations.clone().unwrap_or_default();
        assert_eq!(hints.read_only_hint, Some(false));
    }
}
