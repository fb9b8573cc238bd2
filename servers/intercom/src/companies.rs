//! Companies: `POST /companies` (create or update by `company_id`), `GET|PUT|DELETE
//! /companies/{id}`, `GET /companies?company_id=` (find), `POST /companies/list` (numbered
//! pages), a company's contacts and segments, and contacts joined to companies through
//! `/contacts/{contact_id}/companies`.

use crate::api::{self, company, contact, opt, page, page_of, per_page, segment, tag};
use crate::tags::{CompaniesTag, CompaniesUntag, tag_companies_request, untag_companies};
use mcp_shared::json::{enum_str, insert_opt};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("companies");
    vec![
        t(tool(
            "intercom_list_companies",
            "List companies",
            Effect::Read,
            list_companies,
        )),
        t(tool(
            "intercom_get_company",
            "Get company",
            Effect::Read,
            get_company,
        )),
        t(tool(
            "intercom_create_company",
            "Create or update company",
            Effect::IdempotentWrite,
            create_company,
        )),
        t(tool(
            "intercom_update_company",
            "Update company",
            Effect::IdempotentWrite,
            update_company,
        )),
        t(tool(
            "intercom_delete_company",
            "Delete company",
            Effect::Destructive,
            delete_company,
        )),
        t(tool(
            "intercom_find_company",
            "Find company",
            Effect::Read,
            find_company,
        )),
        t(tool(
            "intercom_list_company_users",
            "List company contacts",
            Effect::Read,
            list_company_users,
        )),
        t(tool(
            "intercom_attach_contact_to_company",
            "Attach contact to company",
            Effect::IdempotentWrite,
            attach_contact,
        )),
        t(tool(
            "intercom_detach_contact_from_company",
            "Detach contact from company",
            Effect::Destructive,
            detach_contact,
        )),
        t(tool(
            "intercom_list_company_segments",
            "List company segments",
            Effect::Read,
            list_company_segments,
        )),
        t(tool(
            "intercom_list_company_tags",
            "List company tags",
            Effect::Read,
            list_company_tags,
        )),
        t(tool(
            "intercom_tag_company",
            "Tag companies",
            Effect::IdempotentWrite,
            tag_company,
        )),
        t(tool(
            "intercom_untag_company",
            "Untag companies",
            Effect::IdempotentWrite,
            untag_company,
        )),
    ]
}

// Sort order.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Order {
    Asc,
    Desc,
}

fn company_path(id: &str) -> Result<String, ToolError> {
    Ok(format!("/companies/{}", api::id(id, "id")?))
}

/// List companies that have contacts, most recently active first. Returns `items`,
/// `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCompanies {
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 50))]
    per_page: Option<Count>,
    #[schemars(extend("default" = "desc"))]
    order: Option<Order>,
}

async fn list_companies(ctx: Ctx, a: ListCompanies) -> Result<Value, ToolError> {
    let v: Value = api::req(&ctx, Method::POST, "/companies/list")?
        .query("page", page_of(&a.starting_after)?)
        .query("per_page", per_page(a.per_page, 50)?)
        .query_opt("order", a.order.map(|o| enum_str(&o)))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(page(&v, "data", company))
}

/// Get a company by Intercom id: name, plan, size, spend, counts, attributes, tags.
#[derive(Deserialize, JsonSchema)]
pub struct GetCompany {
    /// Intercom company id
    id: String,
}

async fn get_company(ctx: Ctx, a: GetCompany) -> Result<Value, ToolError> {
    Ok(company(&api::get(&ctx, &company_path(&a.id)?).await?))
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct CompanyFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    /// Plan name
    #[serde(skip_serializing_if = "Option::is_none")]
    plan: Option<String>,
    /// Number of employees
    #[serde(skip_serializing_if = "Option::is_none")]
    size: Option<Count>,
    #[serde(skip_serializing_if = "Option::is_none")]
    website: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    industry: Option<String>,
    /// When the company was created in your system (Unix seconds)
    #[serde(skip_serializing_if = "Option::is_none")]
    remote_created_at: Option<Count>,
    /// Revenue from the company
    #[serde(skip_serializing_if = "Option::is_none")]
    monthly_spend: Option<Count>,
    /// Custom attributes by name (they must exist in Intercom)
    #[serde(skip_serializing_if = "Option::is_none")]
    custom_attributes: Option<Map<String, Value>>,
}

/// Create a company, or update the one with this `company_id` (your own id for it). Returns
/// it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCompany {
    /// Your own id for the company (the key Intercom matches on)
    company_id: Option<String>,
    #[serde(flatten)]
    fields: CompanyFields,
}

async fn create_company(ctx: Ctx, a: CreateCompany) -> Result<Value, ToolError> {
    let mut body = mcp_shared::json::update_body(&a.fields).unwrap_or_default();
    insert_opt(&mut body, "company_id", opt(&a.company_id));
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "give the company's `company_id` (your own id) and its fields, e.g. `name`",
        ));
    }
    let v = api::req(&ctx, Method::POST, "/companies")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(company(&v))
}

/// Update a company by Intercom id: only the fields given change. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCompany {
    /// Intercom company id
    id: String,
    #[serde(flatten)]
    fields: CompanyFields,
}

async fn update_company(ctx: Ctx, a: UpdateCompany) -> Result<Value, ToolError> {
    if a.fields.remote_created_at.is_some() {
        return Err(ToolError::invalid_input(
            "Intercom's company update does not take remote_created_at; set it with intercom_create_company and the company's company_id",
        ));
    }
    let body = mcp_shared::json::update_body(&a.fields)?;
    let v = api::req(&ctx, Method::PUT, &company_path(&a.id)?)?
        .json(&body)
        .send_json()
        .await?;
    Ok(company(&v))
}

/// Delete a company for good (its contacts stay).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteCompany {
    /// Intercom company id
    id: String,
}

async fn delete_company(ctx: Ctx, a: DeleteCompany) -> Result<Value, ToolError> {
    let v = api::delete(&ctx, &company_path(&a.id)?).await?;
    Ok(api::deleted(&v, &a.id))
}

/// Find a company by your own `company_id`. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct FindCompany {
    /// Your own id for the company
    company_id: String,
}

async fn find_company(ctx: Ctx, a: FindCompany) -> Result<Value, ToolError> {
    let v: Value = api::req(&ctx, Method::GET, "/companies")?
        .query("company_id", non_empty(&a.company_id, "company_id")?)
        .send_json()
        .await?;
    // One company comes back as the object itself; some versions wrap it in a list.
    match v.get("data").and_then(Value::as_array) {
        Some(list) => match list.first() {
            Some(c) => Ok(company(c)),
            None => Err(ToolError::invalid_input(format!(
                "no company has company_id `{}`",
                a.company_id.trim()
            ))),
        },
        None => Ok(company(&v)),
    }
}

/// List the contacts of a company. Returns `items`, `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCompanyUsers {
    /// Intercom company id
    id: String,
}

async fn list_company_users(ctx: Ctx, a: ListCompanyUsers) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("{}/contacts", company_path(&a.id)?)).await?;
    Ok(page(&v, "data", contact))
}

/// Attach a contact to a company. Returns the company.
#[derive(Deserialize, JsonSchema)]
pub struct AttachContact {
    /// Intercom company id
    id: String,
    contact_id: String,
}

async fn attach_contact(ctx: Ctx, a: AttachContact) -> Result<Value, ToolError> {
    let path = format!(
        "/contacts/{}/companies",
        api::id(&a.contact_id, "contact_id")?
    );
    let body = json!({"id": non_empty(&a.id, "id")?});
    let v = api::req(&ctx, Method::POST, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(company(&v))
}

/// Detach a contact from a company. Returns the company.
#[derive(Deserialize, JsonSchema)]
pub struct DetachContact {
    /// Intercom company id
    id: String,
    contact_id: String,
}

async fn detach_contact(ctx: Ctx, a: DetachContact) -> Result<Value, ToolError> {
    let path = format!(
        "/contacts/{}/companies/{}",
        api::id(&a.contact_id, "contact_id")?,
        api::id(&a.id, "id")?
    );
    Ok(company(&api::delete(&ctx, &path).await?))
}

/// List the segments a company is in.
#[derive(Deserialize, JsonSchema)]
pub struct ListCompanySegments {
    /// Intercom company id
    company_id: String,
}

async fn list_company_segments(ctx: Ctx, a: ListCompanySegments) -> Result<Value, ToolError> {
    let path = format!(
        "/companies/{}/segments",
        api::id(&a.company_id, "company_id")?
    );
    Ok(page(&api::get(&ctx, &path).await?, "data", segment))
}

/// List the tags on a company (read from the company).
#[derive(Deserialize, JsonSchema)]
pub struct ListCompanyTags {
    /// Intercom company id
    company_id: String,
}

async fn list_company_tags(ctx: Ctx, a: ListCompanyTags) -> Result<Value, ToolError> {
    let path = format!("/companies/{}", api::id(&a.company_id, "company_id")?);
    let v = api::get(&ctx, &path).await?;
    let tags: Vec<Value> = v
        .pointer("/tags/tags")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(tag).collect())
        .unwrap_or_default();
    Ok(json!({"items": tags}))
}

async fn tag_company(ctx: Ctx, a: CompaniesTag) -> Result<Value, ToolError> {
    tag_companies_request(&ctx, &a.name, &a.companies, false).await
}

async fn untag_company(ctx: Ctx, a: CompaniesUntag) -> Result<Value, ToolError> {
    untag_companies(ctx, a).await
}
