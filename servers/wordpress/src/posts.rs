//! Posts, categories and tags of a site: `GET /sites/{site}/posts/`, `GET|POST
//! /sites/{site}/posts/{id}`, `POST /sites/{site}/posts/new`, `POST
//! /sites/{site}/posts/{id}/delete`, `GET /sites/{site}/categories` and `.../tags`.
//! Content goes in as Markdown (sent as HTML) and comes back as Markdown.

use crate::api::{opt, post_detail, post_id, post_summary, site};
use mcp_shared::json::{enum_str, map_array, pick};
use mcp_shared::markdown::to_html;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "wordpress_create_post",
            "Create post",
            Effect::Write,
            create_post,
        )
        .toolset("posts"),
        tool("wordpress_get_posts", "List posts", Effect::Read, get_posts).toolset("posts"),
        tool("wordpress_get_post", "Get post", Effect::Read, get_post).toolset("posts"),
        tool(
            "wordpress_update_post",
            "Update post",
            Effect::IdempotentWrite,
            update_post,
        )
        .toolset("posts"),
        tool(
            "wordpress_delete_post",
            "Trash or delete post",
            Effect::Destructive,
            delete_post,
        )
        .toolset("posts"),
        tool(
            "wordpress_list_categories",
            "List categories",
            Effect::Read,
            list_categories,
        )
        .toolset("posts"),
        tool("wordpress_list_tags", "List tags", Effect::Read, list_tags).toolset("posts"),
    ]
}

// A post's status.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Status {
    Publish,
    Draft,
    Pending,
    Private,
    Future,
}

/// The optional parts of a post body, as WordPress.com takes them.
fn post_body(
    title: Option<&str>,
    content: Option<&str>,
    status: Option<Status>,
    excerpt: Option<&str>,
    categories: &Option<Vec<String>>,
    tags: &Option<Vec<String>>,
) -> Map<String, Value> {
    let mut m = Map::new();
    if let Some(t) = title {
        m.insert("title".into(), json!(t));
    }
    if let Some(c) = content {
        m.insert("content".into(), json!(to_html(c)));
    }
    if let Some(s) = status {
        m.insert("status".into(), json!(enum_str(&s)));
    }
    if let Some(e) = excerpt {
        m.insert("excerpt".into(), json!(e));
    }
    for (k, list) in [("categories", categories), ("tags", tags)] {
        if let Some(l) = list {
            let names: Vec<&str> = l
                .iter()
                .map(|s| s.trim())
                .filter(|s| !s.is_empty())
                .collect();
            m.insert(k.into(), json!(names));
        }
    }
    m
}

/// Create a post. `content` is Markdown (sent as HTML). Returns the post (id, link, status).
#[derive(Deserialize, JsonSchema)]
pub struct CreatePost {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    title: String,
    /// Markdown
    content: String,
    /// `draft` to review before publishing
    #[schemars(extend("default" = "publish"))]
    status: Option<Status>,
    /// Plain-text excerpt
    excerpt: Option<String>,
    /// Category names or ids
    categories: Option<Vec<String>>,
    /// Tag names or ids
    tags: Option<Vec<String>>,
}

async fn create_post(ctx: Ctx, a: CreatePost) -> Result<Value, ToolError> {
    let path = format!("{}/posts/new", site(&a.site)?);
    let title = non_empty(&a.title, "title")?;
    let body = post_body(
        Some(title),
        Some(&a.content),
        a.status,
        opt(&a.excerpt),
        &a.categories,
        &a.tags,
    );
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(post_summary(&v))
}

// What to list.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum ListStatus {
    Publish,
    Draft,
    Pending,
    Private,
    Future,
    Trash,
    Any,
}

/// List a site's posts, newest first: id, title, plain-text excerpt, status, dates, link,
/// author, categories, tags (content: wordpress_get_post). `next_page` is null on the last.
#[derive(Deserialize, JsonSchema)]
pub struct GetPosts {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    /// Posts per page, 1-100
    #[schemars(extend("default" = 10))]
    number: Option<Int>,
    #[schemars(extend("default" = 1))]
    page: Option<Int>,
    /// Others than published need edit rights
    #[schemars(extend("default" = "publish"))]
    status: Option<ListStatus>,
    /// Words in title or content
    search: Option<String>,
}

async fn get_posts(ctx: Ctx, a: GetPosts) -> Result<Value, ToolError> {
    let path = format!("{}/posts/", site(&a.site)?);
    let (number, page) = paging(a.number, a.page, 10, 100)?;
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query("number", number)
        .query("page", page)
        .query_opt("status", a.status.map(|s| enum_str(&s)))
        .query_opt("search", opt(&a.search))
        .send_json()
        .await?;
    Ok(page_of(&v, "posts", post_summary, number, page))
}

/// `number` and `page` checked (number 1..=max, page >= 1).
fn paging(
    number: Option<Int>,
    page: Option<Int>,
    default: u64,
    max: u64,
) -> Result<(u64, u64), ToolError> {
    let number = number.map_or(default, Int::get);
    if !(1..=max).contains(&number) {
        return Err(ToolError::invalid_input(format!(
            "number must be between 1 and {max} (got {number})"
        )));
    }
    let page = page.map_or(1, Int::get);
    if page == 0 {
        return Err(ToolError::invalid_input("page starts at 1"));
    }
    Ok((number, page))
}

/// `{found, <key>: [...], next_page}`: the next page while `found` says more remain.
fn page_of(v: &Value, key: &str, item: fn(&Value) -> Value, number: u64, page: u64) -> Value {
    let found = v.get("found").and_then(Value::as_u64);
    let items = map_array(v.get(key).unwrap_or(&Value::Null), item);
    let shown = items.as_array().map_or(0, Vec::len) as u64;
    let more = match found {
        Some(f) => page.saturating_mul(number) < f,
        None => shown == number,
    };
    json!({
        "found": found,
        key: items,
        "next_page": if more && shown > 0 { json!(page + 1) } else { Value::Null },
    })
}

/// Get one post with its content as Markdown (converted from the rendered HTML; blocks
/// WordPress renders as widgets keep their text), plus title, status, dates, link,
/// categories and tags.
#[derive(Deserialize, JsonSchema)]
pub struct GetPost {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    #[serde(rename = "postId")]
    post_id: Int,
}

async fn get_post(ctx: Ctx, a: GetPost) -> Result<Value, ToolError> {
    let path = format!("{}/posts/{}", site(&a.site)?, post_id(a.post_id, "postId")?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(post_detail(&v))
}

/// Update a post: only what is given changes (at least one). `content` is Markdown and
/// replaces the whole body.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePost {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    #[serde(rename = "postId")]
    post_id: Int,
    title: Option<String>,
    /// Markdown
    content: Option<String>,
    status: Option<Status>,
    /// Plain-text excerpt
    excerpt: Option<String>,
    /// Replace the categories (names or ids)
    categories: Option<Vec<String>>,
    /// Replace the tags (names or ids)
    tags: Option<Vec<String>>,
}

async fn update_post(ctx: Ctx, a: UpdatePost) -> Result<Value, ToolError> {
    let path = format!("{}/posts/{}", site(&a.site)?, post_id(a.post_id, "postId")?);
    let body = post_body(
        opt(&a.title),
        a.content.as_deref(),
        a.status,
        a.excerpt.as_deref(),
        &a.categories,
        &a.tags,
    );
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of title, content, status, excerpt, categories, tags",
        ));
    }
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(post_summary(&v))
}

/// Move a post to the trash; a post already in the trash is deleted for good. Returns its id
/// and new status.
#[derive(Deserialize, JsonSchema)]
pub struct DeletePost {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    #[serde(rename = "postId")]
    post_id: Int,
}

async fn delete_post(ctx: Ctx, a: DeletePost) -> Result<Value, ToolError> {
    let path = format!(
        "{}/posts/{}/delete",
        site(&a.site)?,
        post_id(a.post_id, "postId")?
    );
    let v: Value = ctx.authorized(Method::POST, &path)?.send_json().await?;
    Ok(pick(&v, &["ID", "status", "title", "URL"]))
}

fn term(t: &Value) -> Value {
    pick(
        t,
        &["ID", "name", "slug", "description", "post_count", "parent"],
    )
}

/// List a site's categories: id, name, slug, description, post count, parent id.
#[derive(Deserialize, JsonSchema)]
pub struct ListCategories {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    /// Per page, 1-1000
    #[schemars(extend("default" = 100))]
    number: Option<Int>,
    #[schemars(extend("default" = 1))]
    page: Option<Int>,
    /// Words in the name
    search: Option<String>,
}

async fn list_categories(ctx: Ctx, a: ListCategories) -> Result<Value, ToolError> {
    list_terms(ctx, &a.site, "categories", a.number, a.page, &a.search).await
}

/// List a site's tags: id, name, slug, description, post count.
#[derive(Deserialize, JsonSchema)]
pub struct ListTags {
    /// Site id or domain (e.g. `example.wordpress.com`)
    site: String,
    /// Per page, 1-1000
    #[schemars(extend("default" = 100))]
    number: Option<Int>,
    #[schemars(extend("default" = 1))]
    page: Option<Int>,
    /// Words in the name
    search: Option<String>,
}

async fn list_tags(ctx: Ctx, a: ListTags) -> Result<Value, ToolError> {
    list_terms(ctx, &a.site, "tags", a.number, a.page, &a.search).await
}

async fn list_terms(
    ctx: Ctx,
    s: &str,
    key: &str,
    number: Option<Int>,
    page: Option<Int>,
    search: &Option<String>,
) -> Result<Value, ToolError> {
    let path = format!("{}/{key}", site(s)?);
    let (number, page) = paging(number, page, 100, 1000)?;
    let v: Value = ctx
        .authorized(Method::GET, &path)?
        .query("number", number)
        .query("page", page)
        .query_opt("search", opt(search))
        .send_json()
        .await?;
    Ok(page_of(&v, key, term, number, page))
}
