//! Help-center articles (`/articles`, `/articles/search`) and collections
//! (`/help_center/collections`). Both lists are numbered pages (`page`, `per_page`): the
//! `next_cursor` they return is the next page number, taken back as `starting_after`.

use crate::api::{self, article, collection, opt, page, page_of, per_page};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("articles");
    vec![
        t(tool(
            "intercom_list_articles",
            "List articles",
            Effect::Read,
            list_articles,
        )),
        t(tool(
            "intercom_get_article",
            "Get article",
            Effect::Read,
            get_article,
        )),
        t(tool(
            "intercom_create_article",
            "Create article",
            Effect::Write,
            create_article,
        )),
        t(tool(
            "intercom_update_article",
            "Update article",
            Effect::IdempotentWrite,
            update_article,
        )),
        t(tool(
            "intercom_delete_article",
            "Delete article",
            Effect::Destructive,
            delete_article,
        )),
        t(tool(
            "intercom_search_articles",
            "Search articles",
            Effect::Read,
            search_articles,
        )),
        t(tool(
            "intercom_list_collections",
            "List collections",
            Effect::Read,
            list_collections,
        )),
        t(tool(
            "intercom_get_collection",
            "Get collection",
            Effect::Read,
            get_collection,
        )),
        t(tool(
            "intercom_create_collection",
            "Create collection",
            Effect::Write,
            create_collection,
        )),
        t(tool(
            "intercom_update_collection",
            "Update collection",
            Effect::IdempotentWrite,
            update_collection,
        )),
        t(tool(
            "intercom_delete_collection",
            "Delete collection",
            Effect::Destructive,
            delete_collection,
        )),
    ]
}

// Article state.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum State {
    Published,
    Draft,
}

// What an article sits in.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ParentType {
    Collection,
    Section,
}

/// A page-numbered list of `path`: `page` from `starting_after`, `per_page`.
async fn paged(
    ctx: &Ctx,
    path: &str,
    starting_after: &Option<String>,
    n: Option<Count>,
    default: u64,
) -> Result<Value, ToolError> {
    api::req(ctx, Method::GET, path)?
        .query("page", page_of(starting_after)?)
        .query("per_page", per_page(n, default)?)
        .send_json()
        .await
}

/// List help-center articles, most recently updated first (no bodies). Returns `items`,
/// `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListArticles {
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 50))]
    per_page: Option<Count>,
}

fn listed_article(a: &Value) -> Value {
    let mut v = article(a);
    if let Some(o) = v.as_object_mut() {
        o.remove("body");
    }
    v
}

async fn list_articles(ctx: Ctx, a: ListArticles) -> Result<Value, ToolError> {
    let v = paged(&ctx, "/articles", &a.starting_after, a.per_page, 50).await?;
    Ok(page(&v, "data", listed_article))
}

/// Get an article: title, body (HTML), state, author, parent and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetArticle {
    /// Article id
    id: Count,
}

async fn get_article(ctx: Ctx, a: GetArticle) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("/articles/{}", a.id.get())).await?;
    Ok(article(&v))
}

/// Create a help-center article (a draft unless `state` is published). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateArticle {
    title: String,
    description: Option<String>,
    /// HTML body
    body: Option<String>,
    /// Admin id of the author (must be a teammate)
    author_id: Count,
    #[schemars(extend("default" = "draft"))]
    state: Option<State>,
    /// Collection or section id
    parent_id: Option<Count>,
    parent_type: Option<ParentType>,
    /// Translations by locale, e.g. {"fr": {"title": "...", "body": "...", "author_id": 1}}
    translated_content: Option<Map<String, Value>>,
}

async fn create_article(ctx: Ctx, a: CreateArticle) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("title".into(), json!(non_empty(&a.title, "title")?));
    insert_opt(&mut body, "description", opt(&a.description));
    insert_opt(&mut body, "body", opt(&a.body));
    body.insert("author_id".into(), json!(a.author_id.get()));
    insert_opt(&mut body, "state", a.state);
    insert_opt(&mut body, "parent_id", a.parent_id.map(Count::get));
    insert_opt(&mut body, "parent_type", a.parent_type);
    insert_opt(&mut body, "translated_content", a.translated_content);
    let v = api::send(&ctx, Method::POST, "/articles", &Value::Object(body)).await?;
    Ok(article(&v))
}

/// Update an article: only the fields given change. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateArticle {
    /// Article id
    id: Count,
    title: Option<String>,
    description: Option<String>,
    /// HTML body
    body: Option<String>,
    author_id: Option<Count>,
    state: Option<State>,
    /// Collection or section id
    parent_id: Option<String>,
    parent_type: Option<ParentType>,
    /// Translations by locale
    translated_content: Option<Map<String, Value>>,
}

async fn update_article(ctx: Ctx, a: UpdateArticle) -> Result<Value, ToolError> {
    let mut body = Map::new();
    insert_opt(&mut body, "title", opt(&a.title));
    insert_opt(&mut body, "description", a.description.as_deref());
    insert_opt(&mut body, "body", a.body.as_deref());
    insert_opt(&mut body, "author_id", a.author_id.map(Count::get));
    insert_opt(&mut body, "state", a.state);
    insert_opt(&mut body, "parent_id", opt(&a.parent_id));
    insert_opt(&mut body, "parent_type", a.parent_type);
    insert_opt(&mut body, "translated_content", a.translated_content);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of title, description, body, author_id, state, parent_id, parent_type, translated_content",
        ));
    }
    let v = api::send(
        &ctx,
        Method::PUT,
        &format!("/articles/{}", a.id.get()),
        &Value::Object(body),
    )
    .await?;
    Ok(article(&v))
}

/// Delete an article for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteArticle {
    /// Article id
    id: Count,
}

async fn delete_article(ctx: Ctx, a: DeleteArticle) -> Result<Value, ToolError> {
    let id = a.id.get().to_string();
    let v = api::delete(&ctx, &format!("/articles/{id}")).await?;
    Ok(api::deleted(&v, &id))
}

/// Search articles by words in them (`phrase`) and `state` (Intercom's search, one page of
/// results); `author_id`, `parent_id` and `parent_type` then narrow what it found. Returns
/// `items` and `total_count` (before narrowing).
#[derive(Deserialize, JsonSchema)]
pub struct SearchArticles {
    /// Words to find
    phrase: Option<String>,
    state: Option<State>,
    author_id: Option<Count>,
    parent_id: Option<Count>,
    parent_type: Option<ParentType>,
    /// Only this help center's articles
    help_center_id: Option<Count>,
    /// Not taken by Intercom's article search (kept for compatibility)
    starting_after: Option<String>,
    /// Not taken by Intercom's article search (kept for compatibility)
    per_page: Option<Count>,
}

async fn search_articles(ctx: Ctx, a: SearchArticles) -> Result<Value, ToolError> {
    let state = a.state.map(|s| mcp_shared::json::enum_str(&s));
    let _ = (&a.starting_after, a.per_page);
    let r = api::req(&ctx, Method::GET, "/articles/search")?
        .query_opt("phrase", opt(&a.phrase))
        .query_opt("state", state)
        .query_opt("help_center_id", a.help_center_id.map(Count::get));
    let v: Value = r.send_json().await?;
    let mut out = page(&v, "data.articles", listed_article);
    let keep = |x: &Value| {
        let num = |k: &str| {
            x.get(k)
                .and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()))
        };
        a.author_id
            .is_none_or(|id| num("author_id") == Some(id.get()))
            && a.parent_id
                .is_none_or(|id| num("parent_id") == Some(id.get()))
            && a.parent_type.is_none_or(|t| {
                x.get("parent_type").and_then(Value::as_str)
                    == Some(&mcp_shared::json::enum_str(&t))
            })
    };
    if let Some(items) = out.get_mut("items").and_then(Value::as_array_mut) {
        items.retain(keep);
    }
    Ok(out)
}

/// List help-center collections and sections, most recently updated first. Returns `items`,
/// `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCollections {
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 50))]
    per_page: Option<Count>,
}

async fn list_collections(ctx: Ctx, a: ListCollections) -> Result<Value, ToolError> {
    let v = paged(
        &ctx,
        "/help_center/collections",
        &a.starting_after,
        a.per_page,
        50,
    )
    .await?;
    Ok(page(&v, "data", collection))
}

/// Get a collection: name, description, parent, help center, URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetCollection {
    /// Collection id
    id: String,
}

fn collection_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("/help_center/collections/{}", api::id(id, "id")?))
}

async fn get_collection(ctx: Ctx, a: GetCollection) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &collection_path(&a.id)?).await?;
    Ok(collection(&v))
}

/// Create a collection (or, with `parent_id`, a section inside one). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCollection {
    name: String,
    description: Option<String>,
    /// Parent collection id (makes this a section)
    parent_id: Option<String>,
    /// Help center to put it in (default: the workspace's default)
    help_center_id: Option<Count>,
    /// Translations by locale, e.g. {"fr": {"name": "...", "description": "..."}}
    translated_content: Option<Map<String, Value>>,
}

async fn create_collection(ctx: Ctx, a: CreateCollection) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut body, "description", opt(&a.description));
    insert_opt(&mut body, "parent_id", opt(&a.parent_id));
    insert_opt(
        &mut body,
        "help_center_id",
        a.help_center_id.map(Count::get),
    );
    insert_opt(&mut body, "translated_content", a.translated_content);
    let v = api::send(
        &ctx,
        Method::POST,
        "/help_center/collections",
        &Value::Object(body),
    )
    .await?;
    Ok(collection(&v))
}

/// Update a collection: only the fields given change. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCollection {
    /// Collection id
    id: String,
    name: Option<String>,
    description: Option<String>,
    /// New parent collection id
    parent_id: Option<String>,
    /// Translations by locale
    translated_content: Option<Map<String, Value>>,
}

async fn update_collection(ctx: Ctx, a: UpdateCollection) -> Result<Value, ToolError> {
    let mut body = Map::new();
    insert_opt(&mut body, "name", opt(&a.name));
    insert_opt(&mut body, "description", a.description.as_deref());
    insert_opt(&mut body, "parent_id", opt(&a.parent_id));
    insert_opt(&mut body, "translated_content", a.translated_content);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, description, parent_id, translated_content",
        ));
    }
    let v = api::send(
        &ctx,
        Method::PUT,
        &collection_path(&a.id)?,
        &Value::Object(body),
    )
    .await?;
    Ok(collection(&v))
}

/// Delete a collection for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteCollection {
    /// Collection id
    id: String,
}

async fn delete_collection(ctx: Ctx, a: DeleteCollection) -> Result<Value, ToolError> {
    let v = api::delete(&ctx, &collection_path(&a.id)?).await?;
    Ok(api::deleted(&v, &a.id))
}
