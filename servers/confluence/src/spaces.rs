//! Spaces (`/api/v2/spaces`; creation through v1 `/rest/api/space`).

use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "confluence_create_space",
            "Create space",
            Effect::Write,
            create_space,
        )
        .toolset("spaces"),
        tool(
            "confluence_list_spaces",
            "List spaces",
            Effect::Read,
            list_spaces,
        )
        .toolset("spaces"),
        tool("confluence_get_space", "Get space", Effect::Read, get_space).toolset("spaces"),
        tool(
            "confluence_get_space_hierarchy",
            "Get space hierarchy",
            Effect::Read,
            get_space_hierarchy,
        )
        .toolset("spaces"),
    ]
}

fn space(s: &Value) -> Value {
    json!({
        "id": s.get("id"),
        "key": s.get("key"),
        "name": s.get("name"),
        "type": s.get("type"),
        "status": s.get("status"),
        "homepageId": s.get("homepageId"),
        "url": api::web_url(s, None),
    })
}

/// Create a space. Returns its id, key and URL.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSpace {
    name: String,
    /// Letters and digits (default: from the name)
    key: Option<String>,
    description: Option<String>,
    /// Visible only to the creator
    is_private: Option<bool>,
}

/// A space key from a name: its ASCII letters and digits, upper case, at most 10.
fn key_of(name: &str) -> String {
    name.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_uppercase())
        .take(10)
        .collect()
}

async fn create_space(ctx: Ctx, a: CreateSpace) -> Result<Value, ToolError> {
    let name = a.name.trim();
    let key = a
        .key
        .map(|k| k.trim().to_owned())
        .filter(|k| !k.is_empty())
        .unwrap_or_else(|| key_of(name));
    if name.is_empty() || key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ToolError::invalid_input(
            "name must not be empty and key must be letters and digits (give key when the name has none)",
        ));
    }
    let mut body = json!({"key": key, "name": name});
    if let Some(d) = a.description.filter(|d| !d.trim().is_empty()) {
        body["description"] = json!({"plain": {"value": d, "representation": "plain"}});
    }
    let path = if a.is_private == Some(true) {
        "/rest/api/space/_private"
    } else {
        "/rest/api/space"
    };
    let v: Value = ctx
        .authorized(Method::POST, path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({
        "id": v.get("id"),
        "key": v.get("key"),
        "name": v.get("name"),
        "url": api::web_url(&v, None),
    }))
}

/// List spaces, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct ListSpaces {
    /// 1-250
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// `next_pagination_token` of the previous page
    pagination_token: Option<String>,
}

async fn list_spaces(ctx: Ctx, a: ListSpaces) -> Result<Value, ToolError> {
    let mut q = vec![("limit", api::limit(a.limit, 25)?.to_string())];
    if let Some(c) = a.pagination_token.filter(|c| !c.trim().is_empty()) {
        q.push(("cursor", c.trim().to_owned()));
    }
    let v = api::get(&ctx, "/api/v2/spaces", &q).await?;
    Ok(api::page(&v, space))
}

/// Get a space by id or key: key, name, type, home page and description.
#[derive(Deserialize, JsonSchema)]
pub struct GetSpace {
    /// Space id or key
    space_identifier: String,
}

async fn get_space(ctx: Ctx, a: GetSpace) -> Result<Value, ToolError> {
    let id = api::space_id(&ctx, &a.space_identifier).await?;
    let v = api::get(
        &ctx,
        &format!("/api/v2/spaces/{id}"),
        &[("description-format", "plain".to_owned())],
    )
    .await?;
    let mut out = space(&v);
    out["description"] = v
        .get("description")
        .and_then(|d| d.get("plain"))
        .and_then(|p| p.get("value"))
        .cloned()
        .unwrap_or(Value::Null);
    Ok(out)
}

/// A space's page tree (up to 250 pages): each page with its children.
#[derive(Deserialize, JsonSchema)]
pub struct GetSpaceHierarchy {
    /// Space id or key
    space_identifier: String,
}

fn subtree(id: &Value, pages: &[Value], depth: usize) -> Value {
    let children: Vec<Value> = if depth > 20 {
        Vec::new()
    } else {
        pages
            .iter()
            .filter(|p| p.get("parentId") == Some(id) && p.get("id") != Some(id))
            .map(|p| {
                let cid = p.get("id").cloned().unwrap_or(Value::Null);
                subtree(&cid, pages, depth + 1)
            })
            .collect()
    };
    let title = pages
        .iter()
        .find(|p| p.get("id") == Some(id))
        .and_then(|p| p.get("title"))
        .cloned();
    let mut n = json!({"id": id, "title": title});
    if !children.is_empty() {
        n["children"] = json!(children);
    }
    n
}

async fn get_space_hierarchy(ctx: Ctx, a: GetSpaceHierarchy) -> Result<Value, ToolError> {
    let id = api::space_id(&ctx, &a.space_identifier).await?;
    let v = api::get(
        &ctx,
        &format!("/api/v2/spaces/{id}/pages"),
        &[("limit", "250".to_owned())],
    )
    .await?;
    let pages = v
        .get("results")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let ids: Vec<&Value> = pages.iter().filter_map(|p| p.get("id")).collect();
    let roots: Vec<Value> = pages
        .iter()
        .filter(|p| {
            p.get("parentId")
                .is_none_or(|pid| pid.is_null() || !ids.contains(&pid))
        })
        .map(|p| subtree(&p.get("id").cloned().unwrap_or(Value::Null), &pages, 0))
        .collect();
    let truncated = !api::next_cursor(&v).is_null();
    let mut out = json!({"space_id": id, "pages": roots});
    if truncated {
        out["note"] =
            json!("The space has more than 250 pages: only the first 250 are in this tree.");
    }
    Ok(out)
}
