//! The root-page limit (see `roots`): the `API-*` tools reach only the root pages and what lies
//! under them. Each page, block, database or data source a call names (`page_id`, `block_id`,
//! `database_id`, `data_source_id`, and the id in `parent`) is checked by walking its parents up
//! to a root (at most [`MAX_DEPTH`] levels, a cycle stops the walk); search results outside the
//! roots are left out. Ids found under a root are remembered (`Roots::remember`).

use mcp_shared::{Ctx, Method, ToolError, seg};
use serde_json::{Map, Value};

use crate::api::{Config, bare_id, req, str_at};
use crate::roots::{Roots, compact};

/// Most parents walked up from one id before it is refused.
pub const MAX_DEPTH: usize = 32;

/// Something a call names, by the kind of id it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Page(String),
    Block(String),
    Database(String),
    DataSource(String),
    /// The workspace itself (a `parent` of `{"workspace": true}`): never under a root.
    Workspace,
}

impl Target {
    fn id(&self) -> Option<&str> {
        match self {
            Target::Page(id)
            | Target::Block(id)
            | Target::Database(id)
            | Target::DataSource(id) => Some(id),
            Target::Workspace => None,
        }
    }

    fn describe(&self) -> String {
        match self {
            Target::Page(id) => format!("page {id}"),
            Target::Block(id) => format!("block {id}"),
            Target::Database(id) => format!("database {id}"),
            Target::DataSource(id) => format!("data source {id}"),
            Target::Workspace => "the workspace".to_owned(),
        }
    }
}

/// Whether walking up from `next` reaches a root; `seen` holds the ids already on the way
/// (compact). With `strict`, failing to read the first one is an error (the call names
/// something Notion does not show); later failures only mean "not under a root".
async fn walk(
    roots: &Roots,
    ctx: &Ctx,
    mut seen: Vec<String>,
    mut next: Option<Target>,
    mut strict: bool,
) -> Result<bool, ToolError> {
    for _ in 0..MAX_DEPTH {
        let Some(target) = next else { break };
        let Some(id) = target.id().map(compact) else {
            break;
        };
        if roots.known_inside(&id) {
            seen.push(id);
            roots.remember(seen);
            return Ok(true);
        }
        if seen.contains(&id) {
            // A cycle in what Notion answered.
            break;
        }
        seen.push(id);
        next = match parent_of(ctx, &target).await {
            Ok(p) => p,
            Err(e) if strict => return Err(e),
            Err(e) if matches!(e.status, Some(403 | 404)) => return Ok(false),
            Err(e) => return Err(e),
        };
        strict = false;
    }
    Ok(false)
}

/// The limit the server runs with, if any.
fn of(ctx: &Ctx) -> Option<&Roots> {
    ctx.state::<Config>().ok().and_then(|c| c.roots.as_ref())
}

/// The parent of what `v` is (a page, block, database or data source as Notion returns it).
fn parent_target(v: &Value) -> Option<Target> {
    let p = v.get("parent")?;
    let id = |k: &str| str_at(p, k).map(str::to_owned);
    match str_at(p, "type")? {
        "page_id" => id("page_id").map(Target::Page),
        "block_id" => id("block_id").map(Target::Block),
        "database_id" => id("database_id").map(Target::Database),
        // A row of a data source names its database too (one request fewer).
        "data_source_id" => id("database_id")
            .map(Target::Database)
            .or_else(|| id("data_source_id").map(Target::DataSource)),
        _ => None,
    }
}

/// Read `target` and return its parent (`None`: the workspace).
async fn parent_of(ctx: &Ctx, target: &Target) -> Result<Option<Target>, ToolError> {
    let (kind, id) = match target {
        Target::Page(id) => ("pages", id),
        Target::Block(id) => ("blocks", id),
        Target::Database(id) => ("databases", id),
        Target::DataSource(id) => ("data_sources", id),
        Target::Workspace => return Ok(None),
    };
    let path = format!("/v1/{kind}/{}", seg(id));
    let v: Value = req(ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(|e| {
            e.context(format!(
                "checking that {} is under the root pages",
                target.describe()
            ))
        })?;
    Ok(parent_target(&v))
}

/// What the arguments of a call name: the ids of `page_id`, `block_id`, `database_id`,
/// `data_source_id`, and of `parent` (the workspace when it names no id).
pub fn targets(args: &Map<String, Value>) -> Vec<Target> {
    fn named(m: &Map<String, Value>, key: &str) -> Option<Target> {
        let raw = m.get(key)?.as_str()?;
        let id = bare_id(raw, key).ok()?;
        Some(match key {
            "page_id" => Target::Page(id),
            "block_id" => Target::Block(id),
            "database_id" => Target::Database(id),
            _ => Target::DataSource(id),
        })
    }
    const KEYS: [&str; 4] = ["page_id", "block_id", "database_id", "data_source_id"];
    let mut out: Vec<Target> = KEYS.iter().filter_map(|k| named(args, k)).collect();
    if let Some(Value::Object(parent)) = args.get("parent") {
        match KEYS.iter().find_map(|k| named(parent, k)) {
            Some(t) => out.push(t),
            None if parent.get("workspace").and_then(Value::as_bool) == Some(true)
                || parent.get("type").and_then(Value::as_str) == Some("workspace") =>
            {
                out.push(Target::Workspace);
            }
            None => {}
        }
    }
    out
}

/// Refuse the call unless everything it names is a root page or under one.
pub async fn check(ctx: &Ctx, targets: &[Target]) -> Result<(), ToolError> {
    let Some(roots) = of(ctx) else {
        return Ok(());
    };
    for t in targets {
        if !walk(roots, ctx, Vec::new(), Some(t.clone()), true).await? {
            return Err(ToolError::invalid_input(format!(
                "access denied: {} is not one of the root pages this server is limited to, nor under one (NOTION_ROOT_PAGE_ID / NOTION_ROOT_PAGE_URL); nothing was changed",
                t.describe()
            ))
            .with_code("access_denied")
            .with_hint("work within the root pages: search (API-post-search) lists what lies under them."));
        }
    }
    Ok(())
}

/// Leave out of a list response (`results`) what is not under a root page.
pub async fn keep_inside(ctx: &Ctx, v: &mut Value) -> Result<(), ToolError> {
    let Some(roots) = of(ctx) else {
        return Ok(());
    };
    let Some(results) = v.get_mut("results").and_then(Value::as_array_mut) else {
        return Ok(());
    };
    let mut kept = Vec::new();
    for item in std::mem::take(results) {
        let id = str_at(&item, "id").map(compact).unwrap_or_default();
        let inside = if roots.known_inside(&id) {
            true
        } else {
            walk(roots, ctx, vec![id], parent_target(&item), false).await?
        };
        if inside {
            kept.push(item);
        }
    }
    *results = kept;
    Ok(())
}
