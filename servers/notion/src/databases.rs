//! Databases and their data sources (Notion-Version 2025-09-03: a database holds one or
//! more data sources, which own the schema and the rows).

use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, id, page_size, req};
use crate::blocks::{self, BlockInput};
use crate::markdown::{RichTextInput, rich_text_from};
use crate::pages::{self, NewPage};
use crate::shape;
use crate::variants::{self, Passthrough, shaped};
use crate::{markdown, properties};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "notion_query_database",
            "Query database",
            Effect::Read,
            query_database,
        )
        .toolset("databases"),
        variants::legacy(
            "API-post-database-query",
            "Query a database",
            Effect::Read,
            query_database,
        )
        .toolset("databases"),
        tool(
            "notion_get_database",
            "Get database",
            Effect::Read,
            get_database,
        )
        .toolset("databases"),
        variants::official(
            "API-retrieve-a-database",
            "Retrieve a database",
            Effect::Read,
            get_database,
        )
        .toolset("databases"),
        variants::legacy(
            "API-retrieve-a-database",
            "Retrieve a database",
            Effect::Read,
            get_database,
        )
        .toolset("databases"),
        tool(
            "notion_create_database",
            "Create database",
            Effect::Write,
            create_database,
        )
        .toolset("databases"),
        variants::legacy(
            "API-create-a-database",
            "Create a database",
            Effect::Write,
            create_a_database,
        )
        .toolset("databases"),
        tool(
            "notion_update_database",
            "Update database",
            Effect::IdempotentWrite,
            update_database,
        )
        .toolset("databases"),
        variants::legacy(
            "API-update-a-database",
            "Update a database",
            Effect::IdempotentWrite,
            update_a_database,
        )
        .toolset("databases"),
        tool(
            "notion_create_database_item",
            "Create database item",
            Effect::Write,
            create_database_item,
        )
        .toolset("databases"),
        tool(
            "notion_query_data_source",
            "Query data source",
            Effect::Read,
            query_data_source,
        )
        .toolset("databases"),
        variants::official(
            "API-query-data-source",
            "Query a data source",
            Effect::Read,
            query_data_source,
        )
        .toolset("databases"),
        tool(
            "notion_get_data_source",
            "Get data source",
            Effect::Read,
            get_data_source,
        )
        .toolset("databases"),
        variants::official(
            "API-retrieve-a-data-source",
            "Retrieve a data source",
            Effect::Read,
            get_data_source,
        )
        .toolset("databases"),
        tool(
            "notion_create_data_source",
            "Create data source",
            Effect::Write,
            create_data_source,
        )
        .toolset("databases"),
        variants::official(
            "API-create-a-data-source",
            "Create a data source",
            Effect::Write,
            create_data_source,
        )
        .toolset("databases"),
        tool(
            "notion_update_data_source",
            "Update data source",
            Effect::IdempotentWrite,
            update_data_source,
        )
        .toolset("databases"),
        variants::official(
            "API-update-a-data-source",
            "Update a data source",
            Effect::IdempotentWrite,
            update_a_data_source,
        )
        .toolset("databases"),
        tool(
            "notion_list_data_source_templates",
            "List data source templates",
            Effect::Read,
            list_data_source_templates,
        )
        .toolset("databases"),
        variants::official(
            "API-list-data-source-templates",
            "List data source templates",
            Effect::Read,
            list_data_source_templates,
        )
        .toolset("databases"),
    ]
}

struct Query {
    filter: Option<Map<String, Value>>,
    sorts: Option<Vec<Map<String, Value>>>,
    start_cursor: Option<String>,
    page_size: Option<u32>,
    filter_properties: Option<Vec<String>>,
    archived: Option<bool>,
    in_trash: Option<bool>,
}

/// Send a query to `path` (a data source's, or before data sources a database's); Notion's
/// answer as it is.
async fn send_query(ctx: &Ctx, path: &str, q: Query) -> Result<Value, ToolError> {
    let mut body = Map::new();
    api::put(&mut body, "filter", q.filter.map(Value::Object));
    api::put(
        &mut body,
        "sorts",
        q.sorts
            .map(|s| Value::Array(s.into_iter().map(Value::Object).collect())),
    );
    api::put(&mut body, "start_cursor", q.start_cursor);
    api::put(&mut body, "page_size", page_size(q.page_size));
    api::put(&mut body, "in_trash", q.in_trash);
    api::put_archived(ctx, &mut body, q.archived);
    let mut r = req(ctx, Method::POST, path)?;
    for p in q.filter_properties.unwrap_or_default() {
        r = r.query("filter_properties", api::decoded(&p));
    }
    r.json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await
}

async fn query(ctx: &Ctx, data_source_id: &str, q: Query) -> Result<Value, ToolError> {
    let path = format!("/v1/data_sources/{}/query", seg(data_source_id));
    let v = send_query(ctx, &path, q).await?;
    let mut out = api::list(&v, shape::page_or_data_source);
    out["data_source_id"] = Value::String(data_source_id.to_owned());
    Ok(out)
}

/// Query a database's rows with Notion's filter and sorts (its data source is looked up). Returns
/// rows (id, URL, title, property values) and `next_cursor`, `has_more`.
#[derive(Deserialize, JsonSchema)]
pub struct QueryDatabase {
    /// Id or URL, or a data source id
    database_id: String,
    /// e.g. {"property": "Status", "status": {"equals": "Done"}}
    filter: Option<Map<String, Value>>,
    /// e.g. [{"property": "Due", "direction": "ascending"}]
    sorts: Option<Vec<Map<String, Value>>>,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
    /// Only these property ids
    filter_properties: Option<Vec<String>>,
    archived: Option<bool>,
    in_trash: Option<bool>,
}

impl Passthrough for QueryDatabase {
    const DESCRIPTION: &'static str = "Query a database's rows with Notion's filter and sorts. Returns Notion's list: results (page objects with their properties), next_cursor, has_more.";
}

async fn query_database(ctx: Ctx, a: QueryDatabase) -> Result<Value, ToolError> {
    let q = Query {
        filter: a.filter,
        sorts: a.sorts,
        start_cursor: a.start_cursor,
        page_size: a.page_size,
        filter_properties: a.filter_properties,
        archived: a.archived,
        in_trash: a.in_trash,
    };
    if !api::data_sources(&ctx) {
        let path = format!("/v1/databases/{}/query", id(&a.database_id, "database_id")?);
        let v = send_query(&ctx, &path, q).await?;
        return Ok(shaped(&ctx, v, |v| {
            api::list(v, shape::page_or_data_source)
        }));
    }
    let ds = api::resolve_data_source(&ctx, &a.database_id).await?;
    query(&ctx, &ds.id, q).await
}

/// Query a data source's rows with Notion's filter and sorts. Returns rows (id, URL, title,
/// property values) and `next_cursor`, `has_more`.
#[derive(Deserialize, JsonSchema)]
pub struct QueryDataSource {
    data_source_id: String,
    /// Only these property ids
    filter_properties: Option<Vec<String>>,
    /// e.g. {"property": "Status", "status": {"equals": "Done"}}
    filter: Option<Map<String, Value>>,
    /// e.g. [{"property": "Due", "direction": "ascending"}]
    sorts: Option<Vec<Map<String, Value>>>,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
    archived: Option<bool>,
    in_trash: Option<bool>,
}

async fn query_data_source(ctx: Ctx, a: QueryDataSource) -> Result<Value, ToolError> {
    let ds = api::bare_id(&a.data_source_id, "data_source_id")?;
    query(
        &ctx,
        &ds,
        Query {
            filter: a.filter,
            sorts: a.sorts,
            start_cursor: a.start_cursor,
            page_size: a.page_size,
            filter_properties: a.filter_properties,
            archived: a.archived,
            in_trash: a.in_trash,
        },
    )
    .await
}

/// Retrieve a database: title, description, parent, URL, and its data sources with their schemas
/// (property → type, id, options).
#[derive(Deserialize, JsonSchema)]
pub struct GetDatabase {
    /// Id or URL
    database_id: String,
}

/// Data sources whose schemas a database read includes.
const MAX_SCHEMAS: usize = 5;

impl Passthrough for GetDatabase {
    const DESCRIPTION: &'static str = "Retrieve a database: title, description, parent, URL and its schema (properties: name, id, type and options). Returns Notion's database object.";
}

async fn get_database(ctx: Ctx, a: GetDatabase) -> Result<Value, ToolError> {
    let path = format!("/v1/databases/{}", id(&a.database_id, "database_id")?);
    let v: Value = req(&ctx, Method::GET, &path)?.send_json().await?;
    if variants::is_legacy(&ctx) {
        return Ok(v);
    }
    let mut out = shape::database(&v);
    let sources = v
        .get("data_sources")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let mut detailed = Vec::new();
    for (i, s) in sources.iter().enumerate() {
        let Some(ds_id) = api::str_at(s, "id") else {
            continue;
        };
        if i >= MAX_SCHEMAS {
            detailed.push(json!({"id": ds_id, "name": s.get("name")}));
            continue;
        }
        let ds: Value = req(
            &ctx,
            Method::GET,
            &format!("/v1/data_sources/{}", seg(ds_id)),
        )?
        .send_json()
        .await?;
        let mut d = shape::data_source(&ds);
        d["name"] = s.get("name").cloned().unwrap_or(Value::Null);
        detailed.push(d);
    }
    out["data_sources"] = Value::Array(detailed);
    Ok(out)
}

/// Create a database under a page, with one data source and its schema. Returns it with its data
/// source ids.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDatabase {
    /// {"page_id"} ({"workspace": true} for public integrations)
    parent: Map<String, Value>,
    /// Rich text objects or strings
    title: Vec<RichTextInput>,
    /// Name → Notion config ({"select": {"options": [...]}}) or type name ("number", "date"...); a
    /// "Name" title is added if none
    properties: Map<String, Value>,
    icon: Option<Map<String, Value>>,
    cover: Option<Map<String, Value>>,
    /// Rich text objects or strings
    description: Option<Vec<RichTextInput>>,
}

async fn create_database(ctx: Ctx, a: CreateDatabase) -> Result<Value, ToolError> {
    post_database(
        &ctx,
        NewDatabase {
            parent: a.parent,
            title: Some(a.title),
            properties: a.properties,
            icon: a.icon,
            cover: a.cover,
            description: a.description,
        },
    )
    .await
}

/// A database to create.
struct NewDatabase {
    parent: Map<String, Value>,
    /// Not sent when `None`.
    title: Option<Vec<RichTextInput>>,
    properties: Map<String, Value>,
    icon: Option<Map<String, Value>>,
    cover: Option<Map<String, Value>>,
    description: Option<Vec<RichTextInput>>,
}

/// Create a database; its schema goes to its first data source (before data sources, to the
/// database itself).
async fn post_database(ctx: &Ctx, a: NewDatabase) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("parent".into(), Value::Object(api::parent(&a.parent)?));
    if let Some(t) = a.title {
        body.insert("title".into(), Value::Array(rich_text_from(t, false)));
    }
    if let Some(d) = a.description {
        body.insert("description".into(), Value::Array(rich_text_from(d, false)));
    }
    api::put(&mut body, "icon", a.icon.map(Value::Object));
    api::put(&mut body, "cover", a.cover.map(Value::Object));
    let schema = properties::schema_request(&a.properties, true)?;
    if api::data_sources(ctx) {
        body.insert(
            "initial_data_source".into(),
            json!({ "properties": schema }),
        );
    } else {
        body.insert("properties".into(), Value::Object(schema));
    }
    let v: Value = req(ctx, Method::POST, "/v1/databases")?
        .json(&Value::Object(body))
        .send_json()
        .await?;
    Ok(shaped(ctx, v, shape::database))
}

/// Create a database under a page (Notion's server 1.8-1.9's `API-create-a-database`).
#[derive(Deserialize, JsonSchema)]
pub struct CreateADatabase {
    /// The page: {"page_id": "..."}
    parent: Map<String, Value>,
    /// Property name → configuration; a "Name" title property is added if none
    properties: Map<String, Value>,
    /// The database's title (rich text objects or strings)
    title: Option<Vec<RichTextInput>>,
}

impl Passthrough for CreateADatabase {
    const DESCRIPTION: &'static str = "Create a database under a page, with its schema: property name → configuration, e.g. {\"Name\": {\"title\": {}}, \"Status\": {\"select\": {\"options\": [{\"name\": \"Done\"}]}}} (a type name such as \"date\" also works). Returns Notion's database object.";
}

async fn create_a_database(ctx: Ctx, a: CreateADatabase) -> Result<Value, ToolError> {
    post_database(
        &ctx,
        NewDatabase {
            parent: a.parent,
            title: a.title,
            properties: a.properties,
            icon: None,
            cover: None,
            description: None,
        },
    )
    .await
}

/// Update a database's title, description, icon, cover, trash state, and its schema (add, change,
/// rename with {"name"}, remove with null). Returns what changed.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateDatabase {
    /// Id or URL
    database_id: String,
    /// Rich text objects or strings
    title: Option<Vec<RichTextInput>>,
    /// Rich text objects or strings
    description: Option<Vec<RichTextInput>>,
    /// Name → config, type name, {"name": "New"} or null
    properties: Option<Map<String, Value>>,
    icon: Option<Map<String, Value>>,
    cover: Option<Map<String, Value>>,
    /// true trashes, false restores
    archived: Option<bool>,
}

async fn update_database(ctx: Ctx, a: UpdateDatabase) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(t) = a.title {
        body.insert("title".into(), Value::Array(rich_text_from(t, false)));
    }
    if let Some(d) = a.description {
        body.insert("description".into(), Value::Array(rich_text_from(d, false)));
    }
    api::put(&mut body, "icon", a.icon.map(Value::Object));
    api::put(&mut body, "cover", a.cover.map(Value::Object));
    api::put_archived(&ctx, &mut body, a.archived);
    let props = a.properties.filter(|p| !p.is_empty());
    if body.is_empty() && props.is_none() {
        return Err(ToolError::invalid_input(
            "nothing to update: give `title`, `description`, `properties`, `icon`, `cover` or `archived`",
        ));
    }
    let path = format!("/v1/databases/{}", id(&a.database_id, "database_id")?);
    if !api::data_sources(&ctx) {
        // Before data sources, the database holds its schema: one request.
        if let Some(props) = props {
            body.insert(
                "properties".into(),
                Value::Object(properties::schema_request(&props, false)?),
            );
        }
        let v: Value = req(&ctx, Method::PATCH, &path)?
            .json(&Value::Object(body))
            .idempotent(true)
            .send_json()
            .await?;
        return Ok(shaped(&ctx, v, shape::database));
    }
    let mut out = Map::new();
    if let Some(props) = props {
        let ds = api::resolve_data_source(&ctx, &a.database_id).await?;
        let path = format!("/v1/data_sources/{}", seg(&ds.id));
        let v: Value = req(&ctx, Method::PATCH, &path)?
            .json(&json!({ "properties": properties::schema_request(&props, false)? }))
            .idempotent(true)
            .send_json()
            .await?;
        out.insert("data_source".into(), shape::data_source(&v));
    }
    if !body.is_empty() {
        let v: Value = req(&ctx, Method::PATCH, &path)?
            .json(&Value::Object(body))
            .idempotent(true)
            .send_json()
            .await
            .map_err(|e| {
                if out.is_empty() {
                    e
                } else {
                    api::after_partial(
                        e,
                        "The schema was updated, the database's other fields were not",
                    )
                }
            })?;
        out.insert("database".into(), shape::database(&v));
    }
    Ok(Value::Object(out))
}

/// Update a database (Notion's server 1.8-1.9's `API-update-a-database`).
#[derive(Deserialize, JsonSchema)]
pub struct UpdateADatabase {
    /// Database id
    database_id: String,
    /// New title (rich text objects or strings)
    title: Option<Vec<RichTextInput>>,
    /// New description (rich text objects or strings)
    description: Option<Vec<RichTextInput>>,
    /// Schema changes: name → configuration or type name, {"name": "New"} to rename, null to
    /// remove
    properties: Option<Map<String, Value>>,
}

impl Passthrough for UpdateADatabase {
    const DESCRIPTION: &'static str = "Update a database's title, description and schema (add or change a property with its configuration, rename it with {\"name\": \"New\"}, remove it with null). Returns Notion's database object.";
}

async fn update_a_database(ctx: Ctx, a: UpdateADatabase) -> Result<Value, ToolError> {
    update_database(
        ctx,
        UpdateDatabase {
            database_id: a.database_id,
            title: a.title,
            description: a.description,
            properties: a.properties,
            icon: None,
            cover: None,
            archived: None,
        },
    )
    .await
}

/// Add a row to a database: property values by name, simple ({"Status": "Done", "Due":
/// "2025-01-31"}) or Notion's form; content as Markdown and/or blocks. Returns the page.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDatabaseItem {
    /// Id or URL, or a data source id
    database_id: String,
    /// "title" names the title property
    properties: Map<String, Value>,
    /// Block objects or Markdown strings
    children: Option<Vec<BlockInput>>,
    /// Markdown, before `children`
    content: Option<String>,
    icon: Option<Map<String, Value>>,
    cover: Option<Map<String, Value>>,
}

async fn create_database_item(ctx: Ctx, a: CreateDatabaseItem) -> Result<Value, ToolError> {
    let mut blocks = match &a.content {
        Some(md) => markdown::markdown_to_blocks(md),
        None => Vec::new(),
    };
    if let Some(children) = a.children {
        blocks.extend(blocks::blocks_from(children)?);
    }
    let ds = api::resolve_data_source(&ctx, &a.database_id).await?;
    pages::create(
        &ctx,
        NewPage {
            parent: None,
            data_source: Some(ds),
            properties: a.properties,
            icon: a.icon,
            cover: a.cover,
            blocks,
        },
    )
    .await
}

/// Retrieve a data source: title, database, URL and schema (property → type, id, options).
#[derive(Deserialize, JsonSchema)]
pub struct GetDataSource {
    data_source_id: String,
}

async fn get_data_source(ctx: Ctx, a: GetDataSource) -> Result<Value, ToolError> {
    let path = format!(
        "/v1/data_sources/{}",
        id(&a.data_source_id, "data_source_id")?
    );
    let v: Value = req(&ctx, Method::GET, &path)?.send_json().await?;
    Ok(shape::data_source(&v))
}

/// Add a data source (a table with its own schema) to a database. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDataSource {
    /// {"database_id"}
    parent: Map<String, Value>,
    /// Name → config or type name; a "Name" title is added if none
    properties: Map<String, Value>,
    /// Rich text objects or strings
    title: Option<Vec<RichTextInput>>,
}

async fn create_data_source(ctx: Ctx, a: CreateDataSource) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("parent".into(), Value::Object(api::parent(&a.parent)?));
    body.insert(
        "properties".into(),
        Value::Object(properties::schema_request(&a.properties, true)?),
    );
    if let Some(t) = a.title {
        body.insert("title".into(), Value::Array(rich_text_from(t, false)));
    }
    let v: Value = req(&ctx, Method::POST, "/v1/data_sources")?
        .json(&Value::Object(body))
        .send_json()
        .await?;
    Ok(shape::data_source(&v))
}

struct DataSourceUpdate {
    data_source_id: String,
    title: Option<Vec<RichTextInput>>,
    description: Option<Vec<RichTextInput>>,
    properties: Option<Map<String, Value>>,
    icon: Option<Map<String, Value>>,
    in_trash: Option<bool>,
}

async fn patch_data_source(ctx: &Ctx, u: DataSourceUpdate) -> Result<Value, ToolError> {
    let mut body = Map::new();
    if let Some(t) = u.title {
        body.insert("title".into(), Value::Array(rich_text_from(t, false)));
    }
    if let Some(d) = u.description {
        body.insert("description".into(), Value::Array(rich_text_from(d, false)));
    }
    if let Some(p) = u.properties {
        body.insert(
            "properties".into(),
            Value::Object(properties::schema_request(&p, false)?),
        );
    }
    api::put(&mut body, "icon", u.icon.map(Value::Object));
    api::put(&mut body, "in_trash", u.in_trash);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give `title`, `properties`, `icon` or `in_trash`",
        ));
    }
    let path = format!(
        "/v1/data_sources/{}",
        id(&u.data_source_id, "data_source_id")?
    );
    let v: Value = req(ctx, Method::PATCH, &path)?
        .json(&Value::Object(body))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(shape::data_source(&v))
}

/// Update a data source's title, icon, trash state and schema (add, change, rename with {"name"},
/// remove with null). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateDataSource {
    data_source_id: String,
    /// Rich text objects or strings
    title: Option<Vec<RichTextInput>>,
    /// Name → config, type name, {"name": "New"} or null
    properties: Option<Map<String, Value>>,
    icon: Option<Map<String, Value>>,
    /// true trashes, false restores
    in_trash: Option<bool>,
}

async fn update_data_source(ctx: Ctx, a: UpdateDataSource) -> Result<Value, ToolError> {
    patch_data_source(
        &ctx,
        DataSourceUpdate {
            data_source_id: a.data_source_id,
            title: a.title,
            description: None,
            properties: a.properties,
            icon: a.icon,
            in_trash: a.in_trash,
        },
    )
    .await
}

/// Update a data source (Notion's official server's `API-update-a-data-source`): title,
/// description and property schema. Returns the data source with its schema.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateADataSource {
    /// Data source id
    data_source_id: String,
    /// New title (rich text objects)
    title: Option<Vec<RichTextInput>>,
    /// New description (rich text objects)
    description: Option<Vec<RichTextInput>>,
    /// Schema changes: name → configuration object, or null to remove the property
    properties: Option<Map<String, Value>>,
}

async fn update_a_data_source(ctx: Ctx, a: UpdateADataSource) -> Result<Value, ToolError> {
    patch_data_source(
        &ctx,
        DataSourceUpdate {
            data_source_id: a.data_source_id,
            title: a.title,
            description: a.description,
            properties: a.properties,
            icon: None,
            in_trash: None,
        },
    )
    .await
}

/// List a data source's page templates (id, name, default) for new rows.
#[derive(Deserialize, JsonSchema)]
pub struct ListDataSourceTemplates {
    data_source_id: String,
    start_cursor: Option<String>,
    /// At most 100
    page_size: Option<u32>,
}

async fn list_data_source_templates(
    ctx: Ctx,
    a: ListDataSourceTemplates,
) -> Result<Value, ToolError> {
    let path = format!(
        "/v1/data_sources/{}/templates",
        id(&a.data_source_id, "data_source_id")?
    );
    let v: Value = req(&ctx, Method::GET, &path)?
        .query_opt("start_cursor", a.start_cursor.as_deref())
        .query_opt("page_size", page_size(a.page_size))
        .send_json()
        .await?;
    Ok(json!({
        "templates": v.get("templates").cloned().unwrap_or_else(|| json!([])),
        "next_cursor": v.get("next_cursor").cloned().unwrap_or(Value::Null),
        "has_more": v.get("has_more").and_then(Value::as_bool).unwrap_or(false),
    }))
}
