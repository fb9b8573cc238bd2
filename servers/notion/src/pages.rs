//! Pages: create (with Markdown content), retrieve (optionally as Markdown), update
//! properties, move, and read one property.

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, DataSource, ObjectOrJson, id, page_size, req};
use crate::blocks::{self, BlockInput};
use crate::shape;
use crate::variants::{self, Passthrough, shaped};
use crate::{markdown, properties};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "notion_create_page",
            "Create page",
            Effect::Write,
            create_page,
        )
        .toolset("pages"),
        variants::official("API-post-page", "Create a page", Effect::Write, post_page)
            .toolset("pages"),
        variants::legacy("API-post-page", "Create a page", Effect::Write, post_page)
            .toolset("pages"),
        tool("notion_get_page", "Get page", Effect::Read, get_page).toolset("pages"),
        variants::official(
            "API-retrieve-a-page",
            "Retrieve a page",
            Effect::Read,
            retrieve_a_page,
        )
        .toolset("pages"),
        variants::legacy(
            "API-retrieve-a-page",
            "Retrieve a page",
            Effect::Read,
            retrieve_a_page,
        )
        .toolset("pages"),
        tool(
            "notion_update_page_properties",
            "Update page properties",
            Effect::IdempotentWrite,
            update_page_properties,
        )
        .toolset("pages"),
        variants::official(
            "API-patch-page",
            "Update page properties",
            Effect::IdempotentWrite,
            patch_page,
        )
        .toolset("pages"),
        variants::legacy(
            "API-patch-page",
            "Update page properties",
            Effect::IdempotentWrite,
            patch_page,
        )
        .toolset("pages"),
        tool(
            "notion_retrieve_page_property",
            "Retrieve page property",
            Effect::Read,
            retrieve_page_property,
        )
        .toolset("pages"),
        variants::official(
            "API-retrieve-a-page-property",
            "Retrieve a page property item",
            Effect::Read,
            retrieve_page_property,
        )
        .toolset("pages"),
        variants::legacy(
            "API-retrieve-a-page-property",
            "Retrieve a page property item",
            Effect::Read,
            retrieve_page_property,
        )
        .toolset("pages"),
        tool(
            "notion_move_page",
            "Move page",
            Effect::IdempotentWrite,
            move_page,
        )
        .toolset("pages"),
        variants::official(
            "API-move-page",
            "Move a page",
            Effect::IdempotentWrite,
            move_page,
        )
        .toolset("pages"),
    ]
}

/// A new page: parent, properties, icon, cover and content.
pub struct NewPage {
    pub parent: Option<Map<String, Value>>,
    /// A data source already resolved for the parent (database items).
    pub data_source: Option<DataSource>,
    pub properties: Map<String, Value>,
    pub icon: Option<Map<String, Value>>,
    pub cover: Option<Map<String, Value>>,
    pub blocks: Vec<Value>,
}

/// Create a page: resolve a database parent to its data source, convert simple property
/// values with its schema, send the first blocks with the page and append the rest.
pub async fn create(ctx: &Ctx, p: NewPage) -> Result<Value, ToolError> {
    let (parent, mut ds) = match (p.parent, p.data_source) {
        (_, Some(ds)) => {
            let mut parent = Map::new();
            parent.insert("type".into(), json!("data_source_id"));
            parent.insert("data_source_id".into(), json!(ds.id));
            (Some(parent), Some(ds))
        }
        (Some(parent), None) => {
            let (parent, ds) = api::page_parent(ctx, &parent).await?;
            (Some(parent), ds)
        }
        (None, None) => (None, None),
    };
    let props = match &mut ds {
        Some(ds) if properties::needs_schema(&p.properties) => {
            let object = api::data_source_object(ctx, ds).await?;
            let schema = object
                .get("properties")
                .and_then(Value::as_object)
                .map(properties::types_of)
                .unwrap_or_default();
            properties::to_notion(&p.properties, Some(&schema))?
        }
        Some(_) => properties::to_notion(&p.properties, Some(&[]))?,
        None => properties::to_notion(&p.properties, None)?,
    };
    let (first, rest) = blocks::split_for_create(p.blocks);
    let mut body = Map::new();
    if let Some(parent) = parent {
        body.insert("parent".into(), Value::Object(parent));
    }
    body.insert("properties".into(), Value::Object(props));
    api::put(&mut body, "icon", p.icon.map(Value::Object));
    api::put(&mut body, "cover", p.cover.map(Value::Object));
    if !first.is_empty() {
        body.insert("children".into(), Value::Array(first));
    }
    let page: Value = req(ctx, Method::POST, "/v1/pages")?
        .json(&Value::Object(body))
        .send_json()
        .await?;
    let mut out = shape::page(&page);
    let raw = variants::is_legacy(ctx);
    if !rest.is_empty() {
        let page_id = api::str_at(&page, "id")
            .ok_or_else(|| api::unexpected("the new page has no id"))?
            .to_owned();
        let done = blocks::append(ctx, &page_id, rest, None)
            .await
            .map_err(|e| {
                api::after_partial(
                    e,
                    &format!(
                        "The page was created ({page_id}, {}) but not all of its content was added",
                        api::str_at(&page, "url").unwrap_or("")
                    ),
                )
            })?;
        out["content_appended"] = json!({"blocks": done.blocks, "requests": done.requests});
    }
    Ok(if raw { page } else { out })
}

/// The page to create.
#[derive(Deserialize, JsonSchema)]
pub struct PageInput {
    title: Option<String>,
    /// Markdown: headings, lists, to-dos, quotes, code, tables, images, links
    content: Option<String>,
    /// Under a page only {"title": "..."}; under a database by name, simple ({"Status": "Done",
    /// "Tags": ["a"]}) or Notion's form
    properties: Option<Map<String, Value>>,
    /// More content after `content`: block objects or Markdown
    children: Option<Vec<BlockInput>>,
}

/// Create a page under a page, as a database row, or (public integrations) alone in the workspace,
/// with Markdown or block content of any size. Returns its id, URL, title and properties.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePage {
    page: PageInput,
    /// {"page_id"}, {"database_id"} or {"data_source_id"}; none: a workspace page
    parent: Option<Map<String, Value>>,
    /// {"emoji": "🚀"} or {"external": {"url"}}
    icon: Option<Map<String, Value>>,
    /// {"external": {"url"}}
    cover: Option<Map<String, Value>>,
}

async fn create_page(ctx: Ctx, a: CreatePage) -> Result<Value, ToolError> {
    let mut props = a.page.properties.unwrap_or_default();
    if let Some(t) = a.page.title {
        let has_title = props.keys().any(|k| k.eq_ignore_ascii_case("title"));
        if !has_title {
            props.insert("title".into(), Value::String(t));
        }
    }
    let mut blocks = match &a.page.content {
        Some(md) => markdown::markdown_to_blocks(md),
        None => Vec::new(),
    };
    if let Some(children) = a.page.children {
        blocks.extend(blocks::blocks_from(children)?);
    }
    create(
        &ctx,
        NewPage {
            parent: a.parent,
            data_source: None,
            properties: props,
            icon: a.icon,
            cover: a.cover,
            blocks,
        },
    )
    .await
}

/// Create a page (Notion's official server's `API-post-page`) under a page or a database,
/// with properties, content blocks (or Markdown), icon and cover. Returns the new page.
#[derive(Deserialize, JsonSchema)]
pub struct PostPage {
    /// {"page_id": "..."}, {"database_id": "..."} or {"data_source_id": "..."}
    parent: Map<String, Value>,
    /// Property values: {"title": [{"text": {"content": "..."}}]} under a page; under a
    /// database Notion's JSON form or the simple form ({"Status": "Done"})
    properties: Map<String, Value>,
    /// Content: block objects (or JSON-encoded block objects, or Markdown strings)
    children: Option<Vec<BlockInput>>,
    /// Icon: {"emoji": "🚀"} or {"external": {"url": "..."}} (object or JSON string)
    icon: Option<ObjectOrJson>,
    /// Cover: {"external": {"url": "..."}} (object or JSON string)
    cover: Option<ObjectOrJson>,
}

impl Passthrough for PostPage {
    const DESCRIPTION: &'static str = "Create a page under a page or as a row of a database, with property values, content blocks, icon and cover. Returns Notion's page object.";
}

async fn post_page(ctx: Ctx, a: PostPage) -> Result<Value, ToolError> {
    let blocks = match a.children {
        Some(c) => blocks::blocks_from(c)?,
        None => Vec::new(),
    };
    create(
        &ctx,
        NewPage {
            parent: Some(a.parent),
            data_source: None,
            properties: a.properties,
            icon: a.icon.map(|i| i.into_object("icon")).transpose()?,
            cover: a.cover.map(|c| c.into_object("cover")).transpose()?,
            blocks,
        },
    )
    .await
}

async fn fetch_page(
    ctx: &Ctx,
    page_id: &str,
    filter: &[String],
    include_content: bool,
) -> Result<Value, ToolError> {
    let path = format!("/v1/pages/{}", id(page_id, "page_id")?);
    let mut r = req(ctx, Method::GET, &path)?;
    for p in filter {
        r = r.query("filter_properties", api::decoded(p));
    }
    let v: Value = r.send_json().await?;
    if variants::is_legacy(ctx) {
        return Ok(v);
    }
    let mut out = shape::page(&v);
    if include_content {
        let root = api::str_at(&v, "id")
            .map(str::to_owned)
            .unwrap_or(api::bare_id(page_id, "page_id")?);
        let (tree, cut, note) = blocks::fetch_tree(ctx, &root).await?;
        out["content"] = Value::String(markdown::blocks_to_markdown(&tree));
        if cut {
            out["content_truncated"] = Value::Bool(true);
        }
        if let Some(note) = note {
            out["content_note"] = Value::String(note);
        }
    }
    Ok(out)
}

/// Retrieve a page: id, URL, title, parent, property values as name → value, icon, times; with
/// `include_content`, its content as Markdown.
#[derive(Deserialize, JsonSchema)]
pub struct GetPage {
    /// Id or URL
    page_id: String,
    /// Only these property ids
    filter_properties: Option<Vec<String>>,
    include_content: Option<bool>,
}

async fn get_page(ctx: Ctx, a: GetPage) -> Result<Value, ToolError> {
    fetch_page(
        &ctx,
        &a.page_id,
        &a.filter_properties.unwrap_or_default(),
        a.include_content.unwrap_or(false),
    )
    .await
}

/// Retrieve a page (Notion's official server's `API-retrieve-a-page`): id, URL, title,
/// parent and property values.
#[derive(Deserialize, JsonSchema)]
pub struct RetrieveAPage {
    /// Page id
    page_id: String,
    /// A property id to return only that property (several separated by commas)
    filter_properties: Option<String>,
}

impl Passthrough for RetrieveAPage {
    const DESCRIPTION: &'static str = "Retrieve a page's properties (not its content: see API-get-block-children). Returns Notion's page object: id, url, parent, properties, icon, cover, times.";
}

async fn retrieve_a_page(ctx: Ctx, a: RetrieveAPage) -> Result<Value, ToolError> {
    let filter: Vec<String> = a
        .filter_properties
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    fetch_page(&ctx, &a.page_id, &filter, false).await
}

struct PageUpdate {
    page_id: String,
    properties: Option<Map<String, Value>>,
    icon: Option<Map<String, Value>>,
    cover: Option<Map<String, Value>>,
    archived: Option<bool>,
    in_trash: Option<bool>,
}

async fn update_page(ctx: &Ctx, u: PageUpdate) -> Result<Value, ToolError> {
    let path = format!("/v1/pages/{}", id(&u.page_id, "page_id")?);
    let mut body = Map::new();
    if let Some(props) = u.properties.filter(|p| !p.is_empty()) {
        let converted = if properties::needs_schema(&props) {
            // The page itself names its properties and their types.
            let page: Value = req(ctx, Method::GET, &path)?.send_json().await?;
            let schema = page
                .get("properties")
                .and_then(Value::as_object)
                .map(properties::types_of)
                .unwrap_or_default();
            properties::to_notion(&props, Some(&schema))?
        } else {
            props
        };
        body.insert("properties".into(), Value::Object(converted));
    }
    api::put(&mut body, "icon", u.icon.map(Value::Object));
    api::put(&mut body, "cover", u.cover.map(Value::Object));
    api::put(&mut body, "in_trash", u.in_trash);
    api::put_archived(ctx, &mut body, u.archived);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give `properties`, `icon`, `cover`, `archived` or `in_trash`",
        ));
    }
    let v: Value = req(ctx, Method::PATCH, &path)?
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(shaped(ctx, v, shape::page))
}

/// Update a page's property values (simple or Notion's form; a page under a page has only `title`),
/// icon or cover, or trash or restore it. Returns the page.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePageProperties {
    /// Id or URL
    page_id: String,
    /// By name; others stay; null clears
    properties: Map<String, Value>,
    /// {"emoji": "🚀"} or {"external": {"url"}}
    icon: Option<Map<String, Value>>,
    /// {"external": {"url"}}
    cover: Option<Map<String, Value>>,
    /// true trashes, false restores
    archived: Option<bool>,
    /// true trashes, false restores
    in_trash: Option<bool>,
}

async fn update_page_properties(ctx: Ctx, a: UpdatePageProperties) -> Result<Value, ToolError> {
    update_page(
        &ctx,
        PageUpdate {
            page_id: a.page_id,
            properties: Some(a.properties),
            icon: a.icon,
            cover: a.cover,
            archived: a.archived,
            in_trash: a.in_trash,
        },
    )
    .await
}

/// Update a page (Notion's official server's `API-patch-page`): property values, icon,
/// cover, trash state. Returns the updated page.
#[derive(Deserialize, JsonSchema)]
pub struct PatchPage {
    /// Page id
    page_id: String,
    /// Property values to set, by name or id
    properties: Option<Map<String, Value>>,
    /// true moves the page to the trash, false restores it
    in_trash: Option<bool>,
    /// true archives the page, false restores it
    archived: Option<bool>,
    /// Icon: {"emoji": "🚀"} or {"external": {"url": "..."}}
    icon: Option<Map<String, Value>>,
    /// Cover: {"external": {"url": "..."}}
    cover: Option<Map<String, Value>>,
}

impl Passthrough for PatchPage {
    const DESCRIPTION: &'static str = "Update a page's property values, icon or cover, or move it to the trash (`in_trash` or `archived`) or restore it. Returns Notion's page object.";
}

async fn patch_page(ctx: Ctx, a: PatchPage) -> Result<Value, ToolError> {
    update_page(
        &ctx,
        PageUpdate {
            page_id: a.page_id,
            properties: a.properties,
            icon: a.icon,
            cover: a.cover,
            archived: a.archived,
            in_trash: a.in_trash,
        },
    )
    .await
}

/// Retrieve one property value of a page in full (long texts; every relation, people or rollup
/// item, which page reads cut at 25). Pages with `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct RetrievePageProperty {
    page_id: String,
    property_id: String,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

impl Passthrough for RetrievePageProperty {
    const DESCRIPTION: &'static str = "Retrieve one property of a page in full (long texts; every relation, people or rollup item). Returns Notion's property item, or a list of them with next_cursor and has_more.";
}

async fn retrieve_page_property(ctx: Ctx, a: RetrievePageProperty) -> Result<Value, ToolError> {
    let path = format!(
        "/v1/pages/{}/properties/{}",
        id(&a.page_id, "page_id")?,
        api::property_id(&a.property_id)?
    );
    let v: Value = req(&ctx, Method::GET, &path)?
        .query_opt("start_cursor", a.start_cursor.as_deref())
        .query_opt("page_size", page_size(a.page_size))
        .send_json()
        .await?;
    if variants::is_legacy(&ctx) {
        return Ok(v);
    }
    if v.get("object").and_then(Value::as_str) == Some("list") {
        let item = v.get("property_item").cloned().unwrap_or(Value::Null);
        let ty = api::str_at(&item, "type").unwrap_or("");
        let values: Vec<Value> = v
            .get("results")
            .and_then(Value::as_array)
            .map(|r| r.iter().map(properties::simplify).collect())
            .unwrap_or_default();
        let mut out = json!({
            "id": item.get("id"),
            "type": ty,
            "next_cursor": v.get("next_cursor"),
            "has_more": v.get("has_more").and_then(Value::as_bool).unwrap_or(false),
        });
        out["value"] = match ty {
            // Text comes in pieces: one string.
            "title" | "rich_text" => Value::String(
                values
                    .iter()
                    .filter_map(Value::as_str)
                    .collect::<Vec<_>>()
                    .concat(),
            ),
            "rollup" => json!({
                "function": api::str_at(&item, "rollup.function"),
                "value": properties::simplify(&item),
                "items": values,
            }),
            _ => Value::Array(values),
        };
        return Ok(out);
    }
    Ok(json!({
        "id": v.get("id"),
        "type": v.get("type"),
        "value": properties::simplify(&v),
    }))
}

/// Move a page under another page or into a data source. Returns the page.
#[derive(Deserialize, JsonSchema)]
pub struct MovePage {
    page_id: String,
    /// {"page_id"} or {"data_source_id"} (a {"database_id"} is resolved)
    parent: Map<String, Value>,
}

async fn move_page(ctx: Ctx, a: MovePage) -> Result<Value, ToolError> {
    let (parent, _) = api::page_parent(&ctx, &a.parent).await?;
    if parent.get("type").and_then(Value::as_str) == Some("workspace") {
        return Err(ToolError::invalid_input(
            "a page can be moved under a page ({\"page_id\": \"...\"}) or a data source ({\"data_source_id\": \"...\"}), not to the workspace",
        ));
    }
    let path = format!("/v1/pages/{}/move", id(&a.page_id, "page_id")?);
    let v: Value = req(&ctx, Method::POST, &path)?
        .json(&json!({ "parent": parent }))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(shape::page(&v))
}
