//! Blocks: read, list children, append (Markdown or block objects, split into as many
//! requests as Notion's limits need), update, delete; and reading a block tree for Markdown.

use std::collections::{HashMap, VecDeque};

use mcp_shared::json::pick;
use mcp_shared::pagination::Pages;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, id, page_size, req};
use crate::markdown;
use crate::shape;
use crate::variants::{self, Passthrough, shaped};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "notion_retrieve_block",
            "Retrieve block",
            Effect::Read,
            retrieve_block,
        )
        .toolset("blocks"),
        variants::official(
            "API-retrieve-a-block",
            "Retrieve a block",
            Effect::Read,
            retrieve_block,
        )
        .toolset("blocks"),
        variants::legacy(
            "API-retrieve-a-block",
            "Retrieve a block",
            Effect::Read,
            retrieve_block,
        )
        .toolset("blocks"),
        tool(
            "notion_update_block",
            "Update block",
            Effect::IdempotentWrite,
            update_block,
        )
        .toolset("blocks"),
        variants::official(
            "API-update-a-block",
            "Update a block",
            Effect::IdempotentWrite,
            update_a_block,
        )
        .toolset("blocks"),
        variants::legacy(
            "API-update-a-block",
            "Update a block",
            Effect::IdempotentWrite,
            update_a_block,
        )
        .toolset("blocks"),
        tool(
            "notion_delete_block",
            "Delete block",
            Effect::Destructive,
            delete_block,
        )
        .toolset("blocks"),
        variants::official(
            "API-delete-a-block",
            "Delete a block",
            Effect::Destructive,
            delete_block,
        )
        .toolset("blocks"),
        variants::legacy(
            "API-delete-a-block",
            "Delete a block",
            Effect::Destructive,
            delete_block,
        )
        .toolset("blocks"),
        tool(
            "notion_get_block_children",
            "Get block children",
            Effect::Read,
            get_block_children,
        )
        .toolset("blocks"),
        variants::official(
            "API-get-block-children",
            "Retrieve block children",
            Effect::Read,
            get_block_children,
        )
        .toolset("blocks"),
        variants::legacy(
            "API-get-block-children",
            "Retrieve block children",
            Effect::Read,
            get_block_children,
        )
        .toolset("blocks"),
        tool(
            "notion_append_block_children",
            "Append block children",
            Effect::Write,
            append_block_children,
        )
        .toolset("blocks"),
        variants::official(
            "API-patch-block-children",
            "Append block children",
            Effect::Write,
            append_block_children,
        )
        .toolset("blocks"),
        variants::legacy(
            "API-patch-block-children",
            "Append block children",
            Effect::Write,
            append_block_children,
        )
        .toolset("blocks"),
    ]
}

// A block to write: a Notion block object, or Markdown that becomes one or more blocks.
#[derive(Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum BlockInput {
    // Markdown (headings, paragraphs, bulleted/numbered/to-do lists, quotes, fenced code
    // with a language, dividers, tables, images, links, bold/italic/strikethrough/code),
    // converted to blocks.
    Markdown(String),
    // A Notion block object, e.g. {"type": "paragraph", "paragraph": {"rich_text": [{"text":
    // {"content": "Hello"}}]}}; nested blocks under `<type>.children`.
    Block(Map<String, Value>),
}

/// Fields Notion returns on blocks that a request must not carry.
const READ_ONLY: &[&str] = &[
    "id",
    "parent",
    "created_time",
    "last_edited_time",
    "created_by",
    "last_edited_by",
    "has_children",
    "archived",
    "in_trash",
    "is_archived",
    "request_id",
];

fn type_of(b: &Value) -> &str {
    b.get("type").and_then(Value::as_str).unwrap_or("")
}

/// A block object ready for a request: `type` filled in, top-level `children` moved under
/// `<type>.children`, read-only fields dropped, `rich_text` given as a string converted.
fn normalize_block(mut m: Map<String, Value>) -> Result<Value, ToolError> {
    for k in READ_ONLY {
        m.remove(*k);
    }
    let ty = match m.get("type").and_then(Value::as_str) {
        Some(t) => t.to_owned(),
        None => {
            let keys: Vec<&String> = m
                .keys()
                .filter(|k| !matches!(k.as_str(), "object" | "children"))
                .collect();
            match keys.as_slice() {
                [one] => (*one).clone(),
                _ => {
                    return Err(ToolError::invalid_input(format!(
                        "a block object needs its `type`, e.g. {{\"type\": \"paragraph\", \"paragraph\": {{\"rich_text\": [...]}}}}; got {}",
                        Value::Object(m)
                    )));
                }
            }
        }
    };
    m.insert("type".into(), Value::String(ty.clone()));
    let top_children = m.remove("children");
    let inner = m
        .entry(ty.clone())
        .or_insert_with(|| Value::Object(Map::new()));
    let Some(inner) = inner.as_object_mut() else {
        return Err(ToolError::invalid_input(format!(
            "block `{ty}`: its `{ty}` field must be an object"
        )));
    };
    if let Some(Value::String(s)) = inner.get("rich_text") {
        let rt = markdown::inline_rich_text(s);
        inner.insert("rich_text".into(), Value::Array(rt));
    }
    let kids = match (inner.remove("children"), top_children) {
        (Some(Value::Array(k)), _) | (None, Some(Value::Array(k))) => k,
        _ => Vec::new(),
    };
    if !kids.is_empty() {
        let mut out = Vec::new();
        for k in kids {
            match k {
                Value::Object(o) => out.push(normalize_block(o)?),
                Value::String(md) => out.extend(markdown::markdown_to_blocks(&md)),
                other => {
                    return Err(ToolError::invalid_input(format!(
                        "block children must be block objects or Markdown strings, not {other}"
                    )));
                }
            }
        }
        inner.insert("children".into(), Value::Array(out));
    }
    Ok(Value::Object(m))
}

/// Block objects from the tool's input: Markdown strings are converted, objects normalized.
pub fn blocks_from(inputs: Vec<BlockInput>) -> Result<Vec<Value>, ToolError> {
    let mut out = Vec::new();
    for i in inputs {
        match i {
            // A JSON-encoded block object (as agents of Notion's official server send them).
            BlockInput::Markdown(s) if s.trim_start().starts_with('{') => {
                match serde_json::from_str::<Value>(&s) {
                    Ok(Value::Object(m)) => out.push(normalize_block(m)?),
                    _ => out.extend(markdown::markdown_to_blocks(&s)),
                }
            }
            BlockInput::Markdown(md) => out.extend(markdown::markdown_to_blocks(&md)),
            BlockInput::Block(m) => out.push(normalize_block(m)?),
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// Appending within Notion's limits
// ---------------------------------------------------------------------------------------

/// Notion appends at most 100 blocks per request (and per `children` array).
const MAX_CHILDREN: usize = 100;
/// At most 1,000 block elements in one request body.
const MAX_ELEMENTS: usize = 1000;
/// Request bodies stay under Notion's 500 KB with a margin.
const MAX_BODY_BYTES: usize = 400_000;

fn kids(b: &Value) -> &[Value] {
    b.get(type_of(b))
        .and_then(|i| i.get("children"))
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

fn take_kids(b: &mut Value) -> Vec<Value> {
    let ty = type_of(b).to_owned();
    match b
        .get_mut(&ty)
        .and_then(Value::as_object_mut)
        .and_then(|i| i.remove("children"))
    {
        Some(Value::Array(k)) => k,
        _ => Vec::new(),
    }
}

fn put_kids(b: &mut Value, k: Vec<Value>) {
    let ty = type_of(b).to_owned();
    if let Some(i) = b.get_mut(&ty).and_then(Value::as_object_mut) {
        i.insert("children".into(), Value::Array(k));
    }
}

/// Blocks in these trees, nested ones included.
fn count(blocks: &[Value]) -> usize {
    blocks.iter().map(|b| 1 + count(kids(b))).sum()
}

/// Levels of blocks: 0 for none, 1 for blocks without children...
fn depth(blocks: &[Value]) -> usize {
    blocks.iter().map(|b| 1 + depth(kids(b))).max().unwrap_or(0)
}

/// Whether a block can be sent with all its descendants in one request: Notion takes two
/// levels of nesting below the blocks of a request, 100 children per array, 1,000 blocks.
fn fits_whole(b: &Value) -> bool {
    let k = kids(b);
    k.len() <= MAX_CHILDREN
        && depth(k) <= 2
        && k.iter().all(|c| kids(c).len() <= MAX_CHILDREN)
        && count(k) < MAX_ELEMENTS
}

/// A block as sent in one request, and the children appended to it afterwards (in order,
/// after those sent with it).
fn split(mut b: Value) -> (Value, Vec<Value>) {
    if fits_whole(&b) {
        return (b, Vec::new());
    }
    let mut k = take_kids(&mut b);
    let nested_ok = depth(&k) <= 2 && k.iter().all(|c| kids(c).len() <= MAX_CHILDREN);
    if nested_ok {
        // Too many children (a long table or list): the first 100 go with the block.
        let later = k.split_off(MAX_CHILDREN.min(k.len()));
        if count(&k) < MAX_ELEMENTS {
            put_kids(&mut b, k);
            return (b, later);
        }
        k.extend(later);
    }
    (b, k)
}

fn body_bytes(b: &Value) -> usize {
    serde_json::to_vec(b).map(|v| v.len()).unwrap_or(0)
}

/// Group blocks into requests: at most 100 blocks, 1,000 elements and ~400 KB each.
fn requests_of(pieces: Vec<(Value, Vec<Value>)>) -> Vec<Vec<(Value, Vec<Value>)>> {
    let mut out = Vec::new();
    let mut cur: Vec<(Value, Vec<Value>)> = Vec::new();
    let (mut elements, mut bytes) = (0, 0);
    for p in pieces {
        let e = count(std::slice::from_ref(&p.0));
        let b = body_bytes(&p.0);
        if !cur.is_empty()
            && (cur.len() == MAX_CHILDREN
                || elements + e > MAX_ELEMENTS
                || bytes + b > MAX_BODY_BYTES)
        {
            out.push(std::mem::take(&mut cur));
            elements = 0;
            bytes = 0;
        }
        elements += e;
        bytes += b;
        cur.push(p);
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The leading blocks that can be sent whole with a page creation (its response does not
/// name the new blocks, so nothing can be appended to them), and the rest.
pub fn split_for_create(blocks: Vec<Value>) -> (Vec<Value>, Vec<Value>) {
    let mut first = Vec::new();
    let (mut elements, mut bytes) = (0, 0);
    let mut rest = blocks.into_iter().peekable();
    while let Some(b) = rest.peek() {
        let e = count(std::slice::from_ref(b));
        let by = body_bytes(b);
        if !fits_whole(b)
            || first.len() == MAX_CHILDREN
            || elements + e > MAX_ELEMENTS
            || bytes + by > MAX_BODY_BYTES
        {
            break;
        }
        elements += e;
        bytes += by;
        if let Some(b) = rest.next() {
            first.push(b);
        }
    }
    (first, rest.collect())
}

/// What an append did.
pub struct Appended {
    /// Requests sent.
    pub requests: usize,
    /// Blocks created, nested ones included.
    pub blocks: usize,
    /// The new top-level blocks (id and type), in order.
    pub results: Vec<Value>,
    /// Notion's answers to the requests that appended top-level blocks, in order.
    pub bodies: Vec<Value>,
}

/// Append blocks under `parent` (a block or page id), in order, in as many requests as
/// Notion's limits need: 100 blocks per request, two levels of nesting per request (deeper
/// children are appended to their new parent afterwards), 1,000 elements and ~400 KB per
/// body. With `after`, the first request goes after that block and each further one after the
/// last block of the previous request.
pub async fn append(
    ctx: &Ctx,
    parent: &str,
    blocks: Vec<Value>,
    after: Option<String>,
) -> Result<Appended, ToolError> {
    let total = count(&blocks);
    let mut jobs = VecDeque::from([(parent.to_owned(), blocks, after, true)]);
    let mut done = Appended {
        requests: 0,
        blocks: 0,
        results: Vec::new(),
        bodies: Vec::new(),
    };
    while let Some((parent, blocks, mut after, top)) = jobs.pop_front() {
        let batches = requests_of(blocks.into_iter().map(split).collect());
        let batch_count = batches.len();
        for (n, batch) in batches.into_iter().enumerate() {
            let (inline, deferred): (Vec<Value>, Vec<Vec<Value>>) = batch.into_iter().unzip();
            let sent = count(&inline);
            let mut body = Map::new();
            body.insert("children".into(), Value::Array(inline));
            if let Some(a) = &after {
                if api::version_2026(ctx) {
                    body.insert(
                        "position".into(),
                        json!({"type": "after_block", "after_block": {"id": a}}),
                    );
                } else {
                    body.insert("after".into(), Value::String(a.clone()));
                }
            }
            let path = format!("/v1/blocks/{}/children", seg(&parent));
            let resp: Value = match req(ctx, Method::PATCH, &path)?
                .json(&Value::Object(body))
                .send_json()
                .await
            {
                Ok(v) => v,
                Err(e) if done.requests > 0 => {
                    return Err(api::after_partial(
                        e,
                        &format!(
                            "Notion appended {} of {total} blocks in {} request(s) before a request failed (they stay; appending everything again would repeat them)",
                            done.blocks, done.requests
                        ),
                    ));
                }
                Err(e) => return Err(e),
            };
            done.requests += 1;
            done.blocks += sent;
            let results = resp
                .get("results")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            let needs_ids =
                deferred.iter().any(|d| !d.is_empty()) || (after.is_some() && n + 1 < batch_count);
            if needs_ids && results.len() != deferred.len() {
                return Err(api::after_partial(
                    api::unexpected(&format!(
                        "{} new blocks listed for {} appended, so nested children cannot be placed",
                        results.len(),
                        deferred.len()
                    )),
                    &format!(
                        "Notion appended {} of {total} blocks in {} request(s)",
                        done.blocks, done.requests
                    ),
                ));
            }
            for (r, d) in results.iter().zip(deferred) {
                if !d.is_empty()
                    && let Some(id) = r.get("id").and_then(Value::as_str)
                {
                    jobs.push_back((id.to_owned(), d, None, false));
                }
            }
            if after.is_some() {
                after = results
                    .last()
                    .and_then(|r| r.get("id"))
                    .and_then(Value::as_str)
                    .map(str::to_owned);
            }
            if top {
                done.results
                    .extend(results.iter().map(|r| pick(r, &["id", "type"])));
                done.bodies.push(resp);
            }
        }
    }
    Ok(done)
}

// ---------------------------------------------------------------------------------------
// Reading a block tree
// ---------------------------------------------------------------------------------------

/// Most blocks read for one Markdown rendering.
const MAX_TREE_BLOCKS: usize = 1000;
/// Deepest nesting read.
const MAX_TREE_DEPTH: usize = 8;

/// All children of a block, every page of them (up to what one rendering reads); with a note
/// when Notion's pages stopped early (a repeated cursor, or more pages than the cap).
async fn all_children(ctx: &Ctx, block: &str) -> Result<(Vec<Value>, Option<String>), ToolError> {
    let path = format!("/v1/blocks/{}/children", seg(block));
    let mut out = Vec::new();
    let mut cursor: Option<String> = None;
    let mut pages = Pages::with_cap(MAX_TREE_BLOCKS / 100 + 1);
    loop {
        let v: Value = req(ctx, Method::GET, &path)?
            .query("page_size", 100)
            .query_opt("start_cursor", cursor.as_deref())
            .send_json()
            .await?;
        out.extend(
            v.get("results")
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default(),
        );
        let more = v.get("has_more").and_then(Value::as_bool) == Some(true);
        cursor = pages.next(
            v.get("next_cursor")
                .and_then(Value::as_str)
                .filter(|_| more),
        );
        if cursor.is_none() {
            return Ok((out, pages.note()));
        }
    }
}

/// The blocks under `root`, each with its children under `children` (child pages and
/// databases are not entered). `true` when the tree was cut at 1,000 blocks or 8 levels,
/// and a note when Notion's pages of children stopped early.
pub async fn fetch_tree(
    ctx: &Ctx,
    root: &str,
) -> Result<(Vec<Value>, bool, Option<String>), ToolError> {
    let mut by_parent: HashMap<String, Vec<Value>> = HashMap::new();
    let mut queue = VecDeque::from([(root.to_owned(), 0usize)]);
    let (mut read, mut cut) = (0usize, false);
    let mut note = None;
    while let Some((parent, level)) = queue.pop_front() {
        if read >= MAX_TREE_BLOCKS {
            cut = true;
            break;
        }
        let (blocks, stopped) = all_children(ctx, &parent).await?;
        if stopped.is_some() {
            cut = true;
            note = note.or(stopped);
        }
        read += blocks.len();
        for b in &blocks {
            let nested = b.get("has_children").and_then(Value::as_bool) == Some(true)
                && !matches!(type_of(b), "child_page" | "child_database");
            if let (true, Some(id)) = (nested, b.get("id").and_then(Value::as_str)) {
                if level + 1 < MAX_TREE_DEPTH {
                    queue.push_back((id.to_owned(), level + 1));
                } else {
                    cut = true;
                }
            }
        }
        by_parent.insert(parent, blocks);
    }
    fn assemble(id: &str, map: &mut HashMap<String, Vec<Value>>) -> Vec<Value> {
        let mut blocks = map.remove(id).unwrap_or_default();
        for b in &mut blocks {
            if let Some(bid) = b.get("id").and_then(Value::as_str).map(str::to_owned) {
                let kids = assemble(&bid, map);
                if !kids.is_empty() {
                    b["children"] = Value::Array(kids);
                }
            }
        }
        blocks
    }
    Ok((assemble(root, &mut by_parent), cut, note))
}

// ---------------------------------------------------------------------------------------
// Tools
// ---------------------------------------------------------------------------------------

/// Retrieve a block: type, text as Markdown, its type's main fields, has_children, parent, times.
#[derive(Deserialize, JsonSchema)]
pub struct RetrieveBlock {
    /// A page id works too
    block_id: String,
}

impl Passthrough for RetrieveBlock {
    const DESCRIPTION: &'static str = "Retrieve a block (a page id works too). Returns Notion's block object: type, its type's content (rich_text...), has_children, parent.";
}

async fn retrieve_block(ctx: Ctx, a: RetrieveBlock) -> Result<Value, ToolError> {
    let path = format!("/v1/blocks/{}", id(&a.block_id, "block_id")?);
    let v: Value = req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(shaped(&ctx, v, shape::block))
}

/// Update a block with its type object's changed fields, and/or archive or restore it. Returns the
/// block.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateBlock {
    block_id: String,
    /// e.g. {"to_do": {"checked": true}}; `rich_text` may be a Markdown string; the type cannot
    /// change
    block_type: Option<Map<String, Value>>,
    /// true trashes it, false restores it
    archived: Option<bool>,
}

/// Update a block (Notion's official server's `API-update-a-block`): the block's type object
/// with the fields to change, and/or `archived`. Returns the updated block.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateABlock {
    /// Block id
    block_id: String,
    /// The block's type and its new values, e.g. {"paragraph": {"rich_text": [...]}} or
    /// {"to_do": {"checked": true}}
    #[serde(rename = "type")]
    block_type: Option<Map<String, Value>>,
    /// true moves the block to the trash, false restores it
    archived: Option<bool>,
}

impl Passthrough for UpdateABlock {
    const DESCRIPTION: &'static str = "Update a block: its type object with the fields to change (the type cannot change), and/or `archived` (true trashes it, false restores it). Returns Notion's block object.";
}

async fn update_a_block(ctx: Ctx, a: UpdateABlock) -> Result<Value, ToolError> {
    update_block(
        ctx,
        UpdateBlock {
            block_id: a.block_id,
            block_type: a.block_type,
            archived: a.archived,
        },
    )
    .await
}

async fn update_block(ctx: Ctx, a: UpdateBlock) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(t) = a.block_type {
        for (k, mut v) in t {
            if k == "type" {
                continue;
            }
            if let Some(inner) = v.as_object_mut()
                && let Some(Value::String(s)) = inner.get("rich_text")
            {
                let rt = markdown::inline_rich_text(s);
                inner.insert("rich_text".into(), Value::Array(rt));
            }
            body.insert(k, v);
        }
    }
    api::put_archived(&ctx, &mut body, a.archived);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give `block_type` (e.g. {\"paragraph\": {\"rich_text\": [...]}}) and/or `archived`",
        ));
    }
    let path = format!("/v1/blocks/{}", id(&a.block_id, "block_id")?);
    let v: Value = req(&ctx, Method::PATCH, &path)?
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(shaped(&ctx, v, shape::block))
}

/// Delete a block and its children (to the trash; a page id deletes the page). Returns the block.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteBlock {
    block_id: String,
}

impl Passthrough for DeleteBlock {
    const DESCRIPTION: &'static str = "Delete a block and its children (to the trash; a page id deletes the page). Returns Notion's block object.";
}

async fn delete_block(ctx: Ctx, a: DeleteBlock) -> Result<Value, ToolError> {
    let path = format!("/v1/blocks/{}", id(&a.block_id, "block_id")?);
    let v: Value = req(&ctx, Method::DELETE, &path)?.send_json().await?;
    Ok(shaped(&ctx, v, shape::block))
}

/// List a block's or page's child blocks, one level, with type and text as Markdown. Returns
/// `next_cursor`, `has_more`.
#[derive(Deserialize, JsonSchema)]
pub struct GetBlockChildren {
    block_id: String,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

impl Passthrough for GetBlockChildren {
    const DESCRIPTION: &'static str = "List the child blocks of a block or page, one level. Returns Notion's list: results (block objects), next_cursor, has_more.";
}

async fn get_block_children(ctx: Ctx, a: GetBlockChildren) -> Result<Value, ToolError> {
    let path = format!("/v1/blocks/{}/children", id(&a.block_id, "block_id")?);
    let v: Value = req(&ctx, Method::GET, &path)?
        .query_opt("start_cursor", a.start_cursor.as_deref())
        .query_opt("page_size", page_size(a.page_size))
        .send_json()
        .await?;
    Ok(shaped(&ctx, v, |v| api::list(v, shape::block)))
}

/// Append content to a page or block, any amount (split into requests within Notion's limits).
/// Returns the new top-level blocks and the request count.
#[derive(Deserialize, JsonSchema)]
pub struct AppendBlockChildren {
    block_id: String,
    /// Block objects or Markdown strings
    children: Vec<BlockInput>,
    /// Insert after this child block
    after: Option<String>,
}

impl Passthrough for AppendBlockChildren {
    const DESCRIPTION: &'static str = "Append blocks to a page or block (after the child `after`, else at the end); any number of blocks, sent in as many requests as Notion's limits need. Returns Notion's list of the new top-level blocks.";
}

async fn append_block_children(ctx: Ctx, a: AppendBlockChildren) -> Result<Value, ToolError> {
    let parent = api::bare_id(&a.block_id, "block_id")?;
    let blocks = blocks_from(a.children)?;
    if blocks.is_empty() {
        return Err(ToolError::invalid_input(
            "`children` is empty: give block objects or Markdown to append",
        ));
    }
    let after = match a.after {
        Some(s) => Some(api::bare_id(&s, "after")?),
        None => None,
    };
    let done = append(&ctx, &parent, blocks, after).await?;
    if variants::is_legacy(&ctx) {
        return Ok(appended_list(done.bodies));
    }
    Ok(json!({
        "block_id": parent,
        "blocks_appended": done.blocks,
        "requests": done.requests,
        "results": done.results,
    }))
}

/// Notion's answer to an append, as that server passes it through: the answer itself when one
/// request did it, else one list of the new top-level blocks of every request.
fn appended_list(bodies: Vec<Value>) -> Value {
    match <[Value; 1]>::try_from(bodies) {
        Ok([one]) => one,
        Err(bodies) => {
            let results: Vec<Value> = bodies
                .iter()
                .filter_map(|b| b.get("results").and_then(Value::as_array))
                .flatten()
                .cloned()
                .collect();
            json!({
                "object": "list",
                "results": results,
                "next_cursor": null,
                "has_more": false,
                "type": "block",
                "block": {},
            })
        }
    }
}
