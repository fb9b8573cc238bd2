//! People, companies and deals: `POST /objects/{object}/records/query` with filters and
//! sorts, `GET`/`POST`/`PATCH` records.

use crate::api::{data, page, paged, record};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "attio_search_people",
            "Search people",
            Effect::Read,
            search_people,
        )
        .toolset("records"),
        tool(
            "attio_search_companies",
            "Search companies",
            Effect::Read,
            search_companies,
        )
        .toolset("records"),
        tool(
            "attio_search_deals",
            "Search deals",
            Effect::Read,
            search_deals,
        )
        .toolset("records"),
        tool(
            "attio_create_person",
            "Create person",
            Effect::Write,
            create_person,
        )
        .toolset("records"),
        tool(
            "attio_create_company",
            "Create company",
            Effect::Write,
            create_company,
        )
        .toolset("records"),
        tool(
            "attio_update_person",
            "Update person",
            Effect::Write,
            update_person,
        )
        .toolset("records"),
        tool(
            "attio_update_company",
            "Update company",
            Effect::Write,
            update_company,
        )
        .toolset("records"),
    ]
}

const MAX_LIMIT: u64 = 500;

// The page arguments every search takes.
#[derive(Deserialize, JsonSchema)]
pub struct Page {
    /// 1-500
    #[schemars(extend("default" = 25))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Records to skip; `cursor` wins
    #[schemars(extend("default" = 0))]
    offset: Option<Int>,
    /// Attribute slug; `-` prefix: descending
    sort: Option<String>,
}

/// `filter` from the conditions given: one alone, several under `$and`, none: no filter.
fn filter(mut conds: Vec<Value>) -> Option<Value> {
    match conds.len() {
        0 => None,
        1 => conds.pop(),
        _ => Some(json!({ "$and": conds })),
    }
}

fn text(s: Option<&str>) -> Option<&str> {
    s.map(str::trim).filter(|s| !s.is_empty())
}

/// One record by id, or a page of the records matching `conds`.
async fn search(
    ctx: &Ctx,
    object: &str,
    record_id: Option<&str>,
    conds: Vec<Value>,
    p: Page,
) -> Result<Value, ToolError> {
    if let Some(id) = text(record_id) {
        let id = seg_id(id, "record_id")?;
        let v: Value = ctx
            .authorized(Method::GET, &format!("/objects/{object}/records/{id}"))?
            .send_json()
            .await?;
        return Ok(json!({ "items": [record(&data(v))], "next_cursor": null }));
    }
    let (limit, offset) = page(p.limit, p.cursor.as_deref(), p.offset, 25, MAX_LIMIT)?;
    let mut body = Map::new();
    if let Some(f) = filter(conds) {
        body.insert("filter".into(), f);
    }
    if let Some(s) = text(p.sort.as_deref()) {
        let (dir, attr) = match s.strip_prefix('-') {
            Some(a) => ("desc", a.trim()),
            None => ("asc", s),
        };
        body.insert(
            "sorts".into(),
            json!([{ "direction": dir, "attribute": attr }]),
        );
    }
    body.insert("limit".into(), json!(limit));
    body.insert("offset".into(), json!(offset));
    // A query reads: safe to retry after a gateway error.
    let v: Value = ctx
        .authorized(Method::POST, &format!("/objects/{object}/records/query"))?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    let rows = data(v);
    let rows = rows.as_array().cloned().unwrap_or_default();
    let n = rows.len();
    Ok(paged(rows.iter().map(record).collect(), n, limit, offset))
}

/// Search people by name or email (partial match) or exact email, or get one by record_id.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchPeople {
    /// Part of a name or email address
    query: Option<String>,
    /// Exact email address
    email: Option<String>,
    /// Get this person only
    record_id: Option<String>,
    #[serde(flatten)]
    page: Page,
}

async fn search_people(ctx: Ctx, a: SearchPeople) -> Result<Value, ToolError> {
    let mut conds = Vec::new();
    if let Some(q) = text(a.query.as_deref()) {
        conds.push(json!({"$or": [
            {"name": {"full_name": {"$contains": q}}},
            {"email_addresses": {"email_address": {"$contains": q}}},
        ]}));
    }
    if let Some(e) = text(a.email.as_deref()) {
        conds.push(json!({"email_addresses": {"email_address": {"$eq": e}}}));
    }
    search(&ctx, "people", a.record_id.as_deref(), conds, a.page).await
}

/// Search companies by name or domain (partial match) or exact domain, or get one by
/// record_id. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchCompanies {
    /// Part of a name or domain
    query: Option<String>,
    /// Exact domain (`acme.com`)
    domain: Option<String>,
    /// Get this company only
    record_id: Option<String>,
    #[serde(flatten)]
    page: Page,
}

async fn search_companies(ctx: Ctx, a: SearchCompanies) -> Result<Value, ToolError> {
    let mut conds = Vec::new();
    if let Some(q) = text(a.query.as_deref()) {
        conds.push(json!({"$or": [
            {"name": {"$contains": q}},
            {"domains": {"domain": {"$contains": q}}},
        ]}));
    }
    if let Some(d) = text(a.domain.as_deref()) {
        conds.push(json!({"domains": {"domain": {"$eq": d}}}));
    }
    search(&ctx, "companies", a.record_id.as_deref(), conds, a.page).await
}

/// Search deals by name (partial match), stage and value range, or get one by record_id.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchDeals {
    /// Part of the deal name
    name: Option<String>,
    /// Stage title (`In Progress`)
    stage: Option<String>,
    /// Lowest deal value
    #[serde(rename = "minValue")]
    min_value: Option<f64>,
    /// Highest deal value
    #[serde(rename = "maxValue")]
    max_value: Option<f64>,
    /// Get this deal only
    record_id: Option<String>,
    #[serde(flatten)]
    page: Page,
}

async fn search_deals(ctx: Ctx, a: SearchDeals) -> Result<Value, ToolError> {
    if let (Some(lo), Some(hi)) = (a.min_value, a.max_value)
        && lo > hi
    {
        return Err(ToolError::invalid_input(format!(
            "minValue ({lo}) is greater than maxValue ({hi})"
        )));
    }
    let mut conds = Vec::new();
    if let Some(n) = text(a.name.as_deref()) {
        conds.push(json!({"name": {"$contains": n}}));
    }
    if let Some(s) = text(a.stage.as_deref()) {
        conds.push(json!({"stage": s}));
    }
    if let Some(lo) = a.min_value {
        conds.push(json!({"value": {"currency_value": {"$gte": lo}}}));
    }
    if let Some(hi) = a.max_value {
        conds.push(json!({"value": {"currency_value": {"$lte": hi}}}));
    }
    search(&ctx, "deals", a.record_id.as_deref(), conds, a.page).await
}

/// A personal name in Attio's object form: the first word is the first name, the rest the
/// last name.
fn personal_name(name: &str) -> Value {
    let full = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let (first, last) = full.split_once(' ').unwrap_or((full.as_str(), ""));
    json!([{ "first_name": first, "last_name": last, "full_name": full }])
}

fn strings(v: &[String]) -> Vec<&str> {
    v.iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect()
}

#[derive(Deserialize, JsonSchema)]
pub struct PersonFields {
    /// Full name (`Ada Lovelace`)
    name: Option<String>,
    email_addresses: Option<Vec<String>>,
    /// International format (`+15558675309`)
    phone_numbers: Option<Vec<String>>,
    job_title: Option<String>,
    description: Option<String>,
}

fn person_values(p: PersonFields) -> Result<Map<String, Value>, ToolError> {
    let mut v = Map::new();
    if let Some(n) = text(p.name.as_deref()) {
        v.insert("name".into(), personal_name(n));
    }
    if let Some(e) = p.email_addresses.as_deref() {
        let e: Vec<Value> = strings(e)
            .into_iter()
            .map(|e| json!({ "email_address": e }))
            .collect();
        v.insert("email_addresses".into(), json!(e));
    }
    if let Some(ph) = p.phone_numbers.as_deref() {
        let ph = strings(ph);
        if let Some(bad) = ph.iter().find(|n| !n.starts_with('+')) {
            return Err(ToolError::invalid_input(format!(
                "phone number {bad:?} needs its country code, starting with + (e.g. +15558675309)"
            )));
        }
        v.insert("phone_numbers".into(), json!(ph));
    }
    if let Some(t) = p.job_title {
        v.insert("job_title".into(), json!([{ "value": t }]));
    }
    if let Some(d) = p.description {
        v.insert("description".into(), json!([{ "value": d }]));
    }
    if v.is_empty() {
        return Err(ToolError::invalid_input(
            "give at least one of name, email_addresses, phone_numbers, job_title, description",
        ));
    }
    Ok(v)
}

#[derive(Deserialize, JsonSchema)]
pub struct CompanyFields {
    name: Option<String>,
    /// Domains (`acme.com`); the first is the main one
    domains: Option<Vec<String>>,
    description: Option<String>,
}

fn company_values(c: CompanyFields) -> Result<Map<String, Value>, ToolError> {
    let mut v = Map::new();
    if let Some(n) = c.name {
        v.insert("name".into(), json!([{ "value": n }]));
    }
    if let Some(d) = c.domains.as_deref() {
        let d: Vec<Value> = strings(d)
            .into_iter()
            .map(|d| json!({ "domain": d }))
            .collect();
        v.insert("domains".into(), json!(d));
    }
    if let Some(d) = c.description {
        v.insert("description".into(), json!([{ "value": d }]));
    }
    if v.is_empty() {
        return Err(ToolError::invalid_input(
            "give at least one of name, domains, description",
        ));
    }
    Ok(v)
}

async fn create(ctx: &Ctx, object: &str, values: Map<String, Value>) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::POST, &format!("/objects/{object}/records"))?
        .json(&json!({ "data": { "values": values } }))
        .send_json()
        .await?;
    Ok(record(&data(v)))
}

async fn update(
    ctx: &Ctx,
    object: &str,
    id: &str,
    values: Map<String, Value>,
) -> Result<Value, ToolError> {
    let id = seg_id(id, "record_id")?;
    let v: Value = ctx
        .authorized(Method::PATCH, &format!("/objects/{object}/records/{id}"))?
        .json(&json!({ "data": { "values": values } }))
        .send_json()
        .await?;
    Ok(record(&data(v)))
}

/// Create a person. Returns the new record.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePerson {
    #[serde(flatten)]
    fields: PersonFields,
}

async fn create_person(ctx: Ctx, a: CreatePerson) -> Result<Value, ToolError> {
    create(&ctx, "people", person_values(a.fields)?).await
}

/// Create a company. Returns the new record.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCompany {
    #[serde(flatten)]
    fields: CompanyFields,
}

async fn create_company(ctx: Ctx, a: CreateCompany) -> Result<Value, ToolError> {
    create(&ctx, "companies", company_values(a.fields)?).await
}

/// Update a person: the fields given are set; emails and phone numbers given are added to
/// the existing ones. Returns the record.
#[derive(Deserialize, JsonSchema)]
pub struct UpdatePerson {
    record_id: String,
    #[serde(flatten)]
    fields: PersonFields,
}

async fn update_person(ctx: Ctx, a: UpdatePerson) -> Result<Value, ToolError> {
    update(&ctx, "people", &a.record_id, person_values(a.fields)?).await
}

/// Update a company: the fields given are set; domains given are added to the existing
/// ones. Returns the record.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCompany {
    record_id: String,
    #[serde(flatten)]
    fields: CompanyFields,
}

async fn update_company(ctx: Ctx, a: UpdateCompany) -> Result<Value, ToolError> {
    update(&ctx, "companies", &a.record_id, company_values(a.fields)?).await
}
