//! Tags: `GET /tags`, `GET|DELETE /tags/{id}`, and `POST /tags`, which creates or renames a
//! tag, or (with `companies` or `users`) tags and untags those; the companies tools share
//! its requests.

use crate::api::{self, opt, page, tag};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("tags");
    vec![
        t(tool(
            "intercom_list_tags",
            "List tags",
            Effect::Read,
            list_tags,
        )),
        t(tool("intercom_get_tag", "Get tag", Effect::Read, get_tag)),
        t(tool(
            "intercom_create_or_update_tag",
            "Create or rename tag",
            Effect::IdempotentWrite,
            create_or_update_tag,
        )),
        t(tool(
            "intercom_tag_companies",
            "Tag companies",
            Effect::IdempotentWrite,
            tag_companies,
        )),
        t(tool(
            "intercom_untag_companies",
            "Untag companies",
            Effect::IdempotentWrite,
            untag_companies,
        )),
        t(tool(
            "intercom_tag_users",
            "Tag contacts",
            Effect::IdempotentWrite,
            tag_users,
        )),
        t(tool(
            "intercom_delete_tag",
            "Delete tag",
            Effect::Destructive,
            delete_tag,
        )),
    ]
}

/// Tag companies, each named by `id` (Intercom's) or `company_id` (yours); the tag is
/// created when no tag has this name. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct CompaniesTag {
    /// Tag name
    pub name: String,
    /// Companies, e.g. [{"id": "531ee472cce572a6ec000006"}] or [{"company_id": "6"}]
    pub companies: Vec<Map<String, Value>>,
}

/// `POST /tags` with `companies` (each `{"id"}` or `{"company_id"}`, plus `"untag": true`
/// to remove the tag).
pub async fn tag_companies_request(
    ctx: &Ctx,
    name: &str,
    companies: &[Map<String, Value>],
    untag: bool,
) -> Result<Value, ToolError> {
    let name = non_empty(name, "name")?;
    if companies.is_empty() {
        return Err(ToolError::invalid_input(
            "companies must name at least one company",
        ));
    }
    let mut list = Vec::new();
    for (i, c) in companies.iter().enumerate() {
        let mut item = Map::new();
        for k in ["id", "company_id"] {
            if let Some(v) = c.get(k).filter(|v| !v.is_null()) {
                let s = v
                    .as_str()
                    .map(str::to_owned)
                    .unwrap_or_else(|| v.to_string());
                item.insert(k.into(), json!(s));
            }
        }
        if item.is_empty() {
            return Err(ToolError::invalid_input(format!(
                "companies[{i}] needs `id` (Intercom's company id) or `company_id` (yours)"
            )));
        }
        if untag {
            item.insert("untag".into(), json!(true));
        }
        list.push(Value::Object(item));
    }
    let body = json!({"name": name, "companies": list});
    let v = api::req(ctx, Method::POST, "/tags")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(tag(&v))
}

/// Remove a tag from companies, each named by `id` (Intercom's) or `company_id` (yours).
/// Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct CompaniesUntag {
    /// Tag name
    pub name: String,
    /// Companies, e.g. [{"id": "531ee472cce572a6ec000006"}] or [{"company_id": "6"}]
    pub companies: Vec<Map<String, Value>>,
    /// Must be true
    #[schemars(extend("default" = true, "enum" = [true]))]
    pub untag: bool,
}

pub async fn untag_companies(ctx: Ctx, a: CompaniesUntag) -> Result<Value, ToolError> {
    if !a.untag {
        return Err(ToolError::invalid_input(
            "untag must be true; to tag companies use intercom_tag_companies",
        ));
    }
    tag_companies_request(&ctx, &a.name, &a.companies, true).await
}

/// List every tag of the workspace.
#[derive(Deserialize, JsonSchema)]
pub struct ListTags {}

async fn list_tags(ctx: Ctx, _: ListTags) -> Result<Value, ToolError> {
    Ok(page(&api::get(&ctx, "/tags").await?, "data", tag))
}

/// Get a tag by id.
#[derive(Deserialize, JsonSchema)]
pub struct GetTag {
    /// Tag id
    id: String,
}

async fn get_tag(ctx: Ctx, a: GetTag) -> Result<Value, ToolError> {
    Ok(tag(&api::get(
        &ctx,
        &format!("/tags/{}", api::id(&a.id, "id")?),
    )
    .await?))
}

/// Create a tag, or rename the tag `id` to `name`. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct CreateOrUpdateTag {
    /// Tag name (new name when `id` is given)
    name: String,
    /// Id of the tag to rename
    id: Option<String>,
}

async fn create_or_update_tag(ctx: Ctx, a: CreateOrUpdateTag) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut body, "id", opt(&a.id));
    let v = api::req(&ctx, Method::POST, "/tags")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(tag(&v))
}

async fn tag_companies(ctx: Ctx, a: CompaniesTag) -> Result<Value, ToolError> {
    tag_companies_request(&ctx, &a.name, &a.companies, false).await
}

/// Tag contacts (users or leads) by Intercom id; the tag is created when no tag has this
/// name. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct TagUsers {
    /// Tag name
    name: String,
    /// Contacts, e.g. [{"id": "5f7f0d217289f8d2f4262080"}]
    users: Vec<Map<String, Value>>,
}

async fn tag_users(ctx: Ctx, a: TagUsers) -> Result<Value, ToolError> {
    let name = non_empty(&a.name, "name")?;
    if a.users.is_empty() {
        return Err(ToolError::invalid_input(
            "users must name at least one contact",
        ));
    }
    let mut users = Vec::new();
    for (i, u) in a.users.iter().enumerate() {
        let id = u
            .get("id")
            .and_then(|v| {
                v.as_str()
                    .map(str::to_owned)
                    .or_else(|| v.as_u64().map(|n| n.to_string()))
            })
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "users[{i}] needs `id`, the contact's Intercom id"
                ))
            })?;
        users.push(json!({"id": id}));
    }
    let v = api::req(&ctx, Method::POST, "/tags")?
        .json(&json!({"name": name, "users": users}))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(tag(&v))
}

/// Delete a tag for good (it is removed from everything it was on).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteTag {
    /// Tag id
    id: String,
}

async fn delete_tag(ctx: Ctx, a: DeleteTag) -> Result<Value, ToolError> {
    let v = api::delete(&ctx, &format!("/tags/{}", api::id(&a.id, "id")?)).await?;
    Ok(api::deleted(&v, &a.id))
}
