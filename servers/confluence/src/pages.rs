//! Pages (`/api/v2/pages`) and CQL search (`/rest/api/search`).

use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, page_summary};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "confluence_create_page",
            "Create page",
            Effect::Write,
            create_page,
        )
        .toolset("pages"),
        tool("confluence_get_page", "Get page", Effect::Read, get_page).toolset("pages"),
        tool(
            "confluence_get_pages_by_id",
            "Get pages by id",
            Effect::Read,
            get_pages_by_id,
        )
        .toolset("pages"),
        tool(
            "confluence_list_pages",
            "List pages",
            Effect::Read,
            list_pages,
        )
        .toolset("pages"),
        tool(
            "confluence_update_page_content",
            "Update page content",
            Effect::Destructive,
            update_page_content,
        )
        .toolset("pages"),
        tool(
            "confluence_rename_page",
            "Rename page",
            Effect::IdempotentWrite,
            rename_page,
        )
        .toolset("pages"),
        tool(
            "confluence_search_content",
            "Search content",
            Effect::Read,
            search_content,
        )
        .toolset("pages"),
    ]
}

const PAGE_HINT: &str = "find page ids with confluence_search_content or confluence_list_pages";

/// Create a page in a space. Returns its id, version and URL.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePage {
    /// Space id or key
    space_identifier: String,
    title: String,
    /// Markdown
    content: String,
    /// Parent page id (default: the space's home page)
    parent_id: Option<String>,
    /// Only the creator can see it
    is_private: Option<bool>,
    /// Save as a draft instead of publishing
    is_draft: Option<bool>,
}

async fn create_page(ctx: Ctx, a: CreatePage) -> Result<Value, ToolError> {
    if a.title.trim().is_empty() {
        return Err(ToolError::invalid_input("title must not be empty"));
    }
    let space = api::space_id(&ctx, &a.space_identifier).await?;
    let mut body = Map::new();
    body.insert("spaceId".into(), json!(space));
    let status = if a.is_draft == Some(true) {
        "draft"
    } else {
        "current"
    };
    body.insert("status".into(), json!(status));
    body.insert("title".into(), json!(a.title.trim()));
    if let Some(p) = a.parent_id.filter(|p| !p.trim().is_empty()) {
        body.insert(
            "parentId".into(),
            json!(api::id(&p, "parent_id", PAGE_HINT)?),
        );
    }
    body.insert(
        "body".into(),
        json!({"representation": "storage", "value": api::storage(&a.content)}),
    );
    let v: Value = ctx
        .authorized(Method::POST, "/api/v2/pages")?
        .query_opt("private", a.is_private.filter(|p| *p))
        .json(&body)
        .send_json()
        .await?;
    Ok(page_summary(&v))
}

/// Get a page: title, space, parent, version and its content as Markdown.
#[derive(Deserialize, JsonSchema)]
pub struct GetPage {
    /// Page id
    page_identifier: String,
}

async fn get_page(ctx: Ctx, a: GetPage) -> Result<Value, ToolError> {
    let id = api::id(&a.page_identifier, "page_identifier", PAGE_HINT)?;
    let v = api::get(
        &ctx,
        &format!("/api/v2/pages/{id}"),
        &[("body-format", "atlas_doc_format".to_owned())],
    )
    .await?;
    let mut out = page_summary(&v);
    out["content"] = json!(api::body_markdown(&v).unwrap_or_default());
    Ok(out)
}

/// Get several pages at once (up to 250 ids): id, title, space, version (no content).
#[derive(Deserialize, JsonSchema)]
pub struct GetPagesById {
    /// Page ids
    page_ids: Vec<String>,
}

async fn get_pages_by_id(ctx: Ctx, a: GetPagesById) -> Result<Value, ToolError> {
    if a.page_ids.is_empty() || a.page_ids.len() > 250 {
        return Err(ToolError::invalid_input(
            "page_ids must list 1 to 250 page ids",
        ));
    }
    let ids = a
        .page_ids
        .iter()
        .map(|i| api::id(i, "page_ids", PAGE_HINT))
        .collect::<Result<Vec<_>, _>>()?;
    let v = api::get(
        &ctx,
        "/api/v2/pages",
        &[("id", ids.join(",")), ("limit", ids.len().to_string())],
    )
    .await?;
    Ok(api::page(&v, page_summary))
}

/// List pages, optionally of some spaces, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct ListPages {
    /// Space ids
    space_ids: Option<Vec<String>>,
    /// e.g. `-modified-date`, `title`, `created-date`, `id`
    sort_by: Option<String>,
    /// 1-250
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// `next_pagination_token` of the previous page
    pagination_token: Option<String>,
}

async fn list_pages(ctx: Ctx, a: ListPages) -> Result<Value, ToolError> {
    let mut q = Vec::new();
    if let Some(s) = a.space_ids.filter(|s| !s.is_empty()) {
        let ids = s
            .iter()
            .map(|i| api::id(i, "space_ids", "find space ids with confluence_list_spaces"))
            .collect::<Result<Vec<_>, _>>()?;
        q.push(("space-id", ids.join(",")));
    }
    if let Some(s) = a.sort_by.filter(|s| !s.trim().is_empty()) {
        q.push(("sort", s.trim().to_owned()));
    }
    q.push(("limit", api::limit(a.limit, 25)?.to_string()));
    if let Some(c) = a.pagination_token.filter(|c| !c.trim().is_empty()) {
        q.push(("cursor", c.trim().to_owned()));
    }
    let v = api::get(&ctx, "/api/v2/pages", &q).await?;
    Ok(api::page(&v, page_summary))
}

/// The page's title, version and storage body, for an update.
async fn current(ctx: &Ctx, id: &str) -> Result<(String, u64, String, String), ToolError> {
    let v = api::get(
        ctx,
        &format!("/api/v2/pages/{id}"),
        &[("body-format", "storage".to_owned())],
    )
    .await?;
    let title = v
        .get("title")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let version = v
        .get("version")
        .and_then(|x| x.get("number"))
        .and_then(Value::as_u64)
        .unwrap_or(1);
    let body = v
        .get("body")
        .and_then(|b| b.get("storage"))
        .and_then(|s| s.get("value"))
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let status = v
        .get("status")
        .and_then(Value::as_str)
        .unwrap_or("current")
        .to_owned();
    Ok((title, version, body, status))
}

async fn put_page(
    ctx: &Ctx,
    id: &str,
    status: &str,
    title: &str,
    body: &str,
    version: u64,
) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::PUT, &format!("/api/v2/pages/{id}"))?
        .json(&json!({
            "id": id,
            "status": status,
            "title": title,
            "body": {"representation": "storage", "value": body},
            "version": {"number": version + 1},
        }))
        .send_json()
        .await?;
    Ok(page_summary(&v))
}

// How new content goes in.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum UpdateMode {
    Replace,
    Append,
    Prepend,
}

/// Set a page's content, as a new version. Returns the page with its new version.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePageContent {
    /// Page id
    page_identifier: String,
    /// Markdown
    content: String,
    /// `replace` the body, or `append`/`prepend` to it
    #[schemars(extend("default" = "replace"))]
    update_mode: Option<UpdateMode>,
}

async fn update_page_content(ctx: Ctx, a: UpdatePageContent) -> Result<Value, ToolError> {
    let id = api::id(&a.page_identifier, "page_identifier", PAGE_HINT)?;
    let (title, version, old, status) = current(&ctx, &id).await?;
    let new = api::storage(&a.content);
    let body = match a.update_mode.unwrap_or(UpdateMode::Replace) {
        UpdateMode::Replace => new,
        UpdateMode::Append => format!("{old}{new}"),
        UpdateMode::Prepend => format!("{new}{old}"),
    };
    put_page(&ctx, &id, &status, &title, &body, version).await
}

/// Rename a page (a new version with the same content).
#[derive(Deserialize, JsonSchema)]
pub struct RenamePage {
    /// Page id
    page_identifier: String,
    title: String,
}

async fn rename_page(ctx: Ctx, a: RenamePage) -> Result<Value, ToolError> {
    let id = api::id(&a.page_identifier, "page_identifier", PAGE_HINT)?;
    if a.title.trim().is_empty() {
        return Err(ToolError::invalid_input("title must not be empty"));
    }
    let (_, version, body, status) = current(&ctx, &id).await?;
    put_page(&ctx, &id, &status, a.title.trim(), &body, version).await
}

/// Search pages, blog posts and attachments by their text (CQL). Returns id, type, title, excerpt, URL.
#[derive(Deserialize, JsonSchema)]
pub struct SearchContent {
    /// Terms that must all appear
    must_contain_all: Option<Vec<String>>,
    /// Terms of which at least one must appear
    can_contain_any: Option<Vec<String>>,
    /// Also match near spellings
    enable_fuzzy: Option<bool>,
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
}

fn cql_term(t: &str, fuzzy: bool) -> String {
    let t = t.replace('\\', "\\\\").replace('"', "\\\"");
    if fuzzy && !t.contains(' ') {
        format!("text ~ \"{t}~\"")
    } else {
        format!("text ~ \"{t}\"")
    }
}

/// The CQL of a search: every `all` term, and one of the `any` terms.
pub fn cql(all: &[String], any: &[String], fuzzy: bool) -> String {
    let clean = |v: &[String]| -> Vec<String> {
        v.iter()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let mut parts: Vec<String> = clean(all).iter().map(|t| cql_term(t, fuzzy)).collect();
    let any = clean(any);
    if !any.is_empty() {
        let ors: Vec<String> = any.iter().map(|t| cql_term(t, fuzzy)).collect();
        parts.push(format!("({})", ors.join(" OR ")));
    }
    parts.join(" AND ")
}

async fn search_content(ctx: Ctx, a: SearchContent) -> Result<Value, ToolError> {
    let all = a.must_contain_all.unwrap_or_default();
    let any = a.can_contain_any.unwrap_or_default();
    let cql = cql(&all, &any, a.enable_fuzzy.unwrap_or(false));
    if cql.is_empty() {
        return Err(ToolError::invalid_input(
            "give must_contain_all or can_contain_any terms",
        ));
    }
    let limit = match a.limit.map(Count::get) {
        None => 25,
        Some(n @ 1..=100) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "limit must be between 1 and 100 (got {n})"
            )));
        }
    };
    let v = api::get(
        &ctx,
        "/rest/api/search",
        &[("cql", cql.clone()), ("limit", limit.to_string())],
    )
    .await?;
    let base = v
        .get("_links")
        .and_then(|l| l.get("base"))
        .and_then(Value::as_str);
    let results: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|r| {
                    let c = r.get("content").unwrap_or(r);
                    json!({
                        "id": c.get("id"),
                        "type": c.get("type"),
                        "title": c.get("title").or_else(|| r.get("title")),
                        "excerpt": r.get("excerpt"),
                        "lastModified": r.get("lastModified"),
                        "url": match (base, r.get("url").and_then(Value::as_str)) {
                            (Some(b), Some(u)) => json!(format!("{b}{u}")),
                            (_, u) => json!(u),
                        },
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({"cql": cql, "results": results, "total": v.get("totalSize")}))
}
