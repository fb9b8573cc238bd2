//! Companies: `/companies` (create, view, list, update, delete), `/companies/autocomplete`,
//! `/search/companies`.

use crate::api::{self, opt, request, search_date};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("companies");
    vec![
        t(tool(
            "freshdesk_create_company",
            "Create company",
            Effect::Write,
            create_company,
        )),
        t(tool(
            "freshdesk_get_company_by_id",
            "Get company",
            Effect::Read,
            get_company,
        )),
        t(tool(
            "freshdesk_list_companies",
            "List companies",
            Effect::Read,
            list_companies,
        )),
        t(tool(
            "freshdesk_update_company",
            "Update company",
            Effect::IdempotentWrite,
            update_company,
        )),
        t(tool(
            "freshdesk_delete_company",
            "Delete company",
            Effect::Destructive,
            delete_company,
        )),
        t(tool(
            "freshdesk_filter_companies",
            "Search companies",
            Effect::Read,
            filter_companies,
        )),
        t(tool(
            "freshdesk_search_companies_by_name",
            "Find companies by name",
            Effect::Read,
            search_companies_by_name,
        )),
    ]
}

// How a custom lookup field's value names its record.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Lookup {
    DisplayId,
    PrimaryFieldValue,
}

#[allow(clippy::too_many_arguments)]
fn company_body(
    name: Option<&str>,
    domains: Option<Vec<String>>,
    description: &Option<String>,
    note: &Option<String>,
    health_score: &Option<String>,
    account_tier: &Option<String>,
    renewal_date: &Option<String>,
    industry: &Option<String>,
    custom_fields: Option<Map<String, Value>>,
    lookup: Option<Lookup>,
) -> Map<String, Value> {
    let mut b = Map::new();
    insert_opt(&mut b, "name", name);
    insert_opt(
        &mut b,
        "domains",
        domains.map(|d| {
            d.into_iter()
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect::<Vec<_>>()
        }),
    );
    insert_opt(&mut b, "description", opt(description));
    insert_opt(&mut b, "note", opt(note));
    insert_opt(&mut b, "health_score", opt(health_score));
    insert_opt(&mut b, "account_tier", opt(account_tier));
    insert_opt(&mut b, "renewal_date", opt(renewal_date));
    insert_opt(&mut b, "industry", opt(industry));
    insert_opt(&mut b, "custom_fields", custom_fields);
    insert_opt(&mut b, "lookup_parameter", lookup);
    b
}

/// Create a company. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCompany {
    /// Unique
    name: String,
    /// E-mail domains whose contacts join the company
    domains: Option<Vec<String>>,
    description: Option<String>,
    note: Option<String>,
    /// A choice of the account's company field (e.g. `Happy`)
    health_score: Option<String>,
    /// e.g. `Premium`
    account_tier: Option<String>,
    /// yyyy-mm-dd
    renewal_date: Option<String>,
    industry: Option<String>,
    custom_fields: Option<Map<String, Value>>,
    /// How custom lookup fields name their record
    #[schemars(extend("default" = "display_id"))]
    lookup_parameter: Option<Lookup>,
}

async fn create_company(ctx: Ctx, a: CreateCompany) -> Result<Value, ToolError> {
    let b = company_body(
        Some(non_empty(&a.name, "name")?),
        a.domains,
        &a.description,
        &a.note,
        &a.health_score,
        &a.account_tier,
        &a.renewal_date,
        &a.industry,
        a.custom_fields,
        a.lookup_parameter,
    );
    let v: Value = request(&ctx, Method::POST, "/companies")?
        .json(&b)
        .send_json()
        .await?;
    Ok(api::company(&v))
}

/// Get a company.
#[derive(Deserialize, JsonSchema)]
pub struct GetCompany {
    company_id: Count,
}

async fn get_company(ctx: Ctx, a: GetCompany) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("/companies/{}", a.company_id.get())).await?;
    Ok(api::company(&v))
}

/// List companies. Returns `companies` and `next_page`. With `updated_since` it searches
/// (`updated_at:>'yyyy-mm-dd'`, 30 a page, 10 pages).
#[derive(Deserialize, JsonSchema)]
pub struct ListCompanies {
    /// Date (yyyy-mm-dd)
    updated_since: Option<String>,
    #[schemars(extend("default" = 1))]
    page: Option<Count>,
    /// 1-100
    #[schemars(extend("default" = 30))]
    per_page: Option<Count>,
}

async fn list_companies(ctx: Ctx, a: ListCompanies) -> Result<Value, ToolError> {
    if let Some(d) = opt(&a.updated_since) {
        let q = format!("updated_at:>'{}'", search_date(d, "updated_since")?);
        return api::search(
            &ctx,
            "companies",
            &q,
            a.page,
            a.per_page,
            "companies",
            api::company,
        )
        .await;
    }
    api::list(
        &ctx,
        "/companies",
        Vec::new(),
        a.page,
        a.per_page,
        "companies",
        api::company,
    )
    .await
}

/// Update a company; give only what changes. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCompany {
    company_id: Count,
    name: Option<String>,
    /// Replaces the domains
    domains: Option<Vec<String>>,
    description: Option<String>,
    note: Option<String>,
    health_score: Option<String>,
    account_tier: Option<String>,
    /// yyyy-mm-dd
    renewal_date: Option<String>,
    industry: Option<String>,
    custom_fields: Option<Map<String, Value>>,
    /// How custom lookup fields name their record
    lookup_parameter: Option<Lookup>,
}

async fn update_company(ctx: Ctx, a: UpdateCompany) -> Result<Value, ToolError> {
    let b = company_body(
        opt(&a.name),
        a.domains,
        &a.description,
        &a.note,
        &a.health_score,
        &a.account_tier,
        &a.renewal_date,
        &a.industry,
        a.custom_fields,
        a.lookup_parameter,
    );
    if b.keys().all(|k| k == "lookup_parameter") {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one field of the company",
        ));
    }
    let v: Value = request(
        &ctx,
        Method::PUT,
        &format!("/companies/{}", a.company_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(api::company(&v))
}

/// Delete a company (its contacts stay, without the company). Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteCompany {
    company_id: Count,
}

async fn delete_company(ctx: Ctx, a: DeleteCompany) -> Result<Value, ToolError> {
    let id = a.company_id.get();
    api::send_empty(request(&ctx, Method::DELETE, &format!("/companies/{id}"))?).await?;
    Ok(json!({"deleted": true, "company_id": id}))
}

/// Search companies with Freshdesk's query language, e.g. `domain:'acme.com'`,
/// `created_at:>'2026-01-01'`, custom fields by name (quotes are added). 30 results a page,
/// pages 1-10. Returns `companies`, `total`, `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct FilterCompanies {
    query: String,
    /// 1-10
    #[schemars(extend("default" = 1))]
    page: Option<Count>,
    /// Not used: search pages are always 30
    #[schemars(extend("default" = 30))]
    per_page: Option<Count>,
}

async fn filter_companies(ctx: Ctx, a: FilterCompanies) -> Result<Value, ToolError> {
    api::search(
        &ctx,
        "companies",
        &a.query,
        a.page,
        a.per_page,
        "companies",
        api::company,
    )
    .await
}

/// Find companies whose name starts with `name` (autocomplete). Returns ids and names.
#[derive(Deserialize, JsonSchema)]
pub struct SearchCompaniesByName {
    name: String,
}

async fn search_companies_by_name(ctx: Ctx, a: SearchCompaniesByName) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/companies/autocomplete")?
        .query("name", non_empty(&a.name, "name")?)
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("companies")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|c| mcp_shared::json::pick(c, &["id", "name"]))
        .collect();
    Ok(json!({ "companies": items }))
}
