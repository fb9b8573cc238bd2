//! Leads and contacts.

use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

const LEAD: &[&str] = &[
    "id",
    "display_name",
    "name",
    "status_id",
    "status_label",
    "description",
    "url",
    "contacts",
    "addresses",
    "opportunities",
    "tasks",
    "date_created",
    "date_updated",
    "html_url",
];
const LEAD_ROW: &[&str] = &["id", "display_name", "status_label", "url", "date_updated"];
const CONTACT: &[&str] = &[
    "id",
    "lead_id",
    "name",
    "display_name",
    "title",
    "emails",
    "phones",
    "urls",
    "date_created",
    "date_updated",
];
const CONTACT_ROW: &[&str] = &["id", "lead_id", "display_name", "title", "emails", "phones"];

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "close_create_lead",
            "Create lead",
            Effect::Write,
            create_lead,
        )
        .toolset("leads"),
        tool("close_get_lead", "Get lead", Effect::Read, get_lead).toolset("leads"),
        tool(
            "close_search_leads",
            "Search leads",
            Effect::Read,
            search_leads,
        )
        .toolset("leads"),
        tool(
            "close_update_lead",
            "Update lead",
            Effect::IdempotentWrite,
            update_lead,
        )
        .toolset("leads"),
        tool(
            "close_delete_lead",
            "Delete lead",
            Effect::Destructive,
            delete_lead,
        )
        .toolset("leads"),
        tool("close_list_leads", "List leads", Effect::Read, list_leads).toolset("leads"),
        tool(
            "close_create_contact",
            "Create contact",
            Effect::Write,
            create_contact,
        )
        .toolset("leads"),
        tool(
            "close_get_contact",
            "Get contact",
            Effect::Read,
            get_contact,
        )
        .toolset("leads"),
        tool(
            "close_search_contacts",
            "Search contacts",
            Effect::Read,
            search_contacts,
        )
        .toolset("leads"),
        tool(
            "close_update_contact",
            "Update contact",
            Effect::IdempotentWrite,
            update_contact,
        )
        .toolset("leads"),
        tool(
            "close_delete_contact",
            "Delete contact",
            Effect::Destructive,
            delete_contact,
        )
        .toolset("leads"),
    ]
}

/// Create a lead (a company), optionally with its contacts and addresses. Returns the lead.
#[derive(Deserialize, JsonSchema)]
pub struct CreateLead {
    name: String,
    description: Option<String>,
    /// Lead status id (`stat_...`); the organization's first status when omitted
    status_id: Option<String>,
    /// Website
    url: Option<String>,
    /// Contacts to create on the lead, e.g. `{"name": "Jo", "emails": [{"email": "jo@x.com", "type": "office"}]}`
    contacts: Option<Vec<Map<String, Value>>>,
    /// e.g. `{"label": "business", "address_1": "...", "city": "...", "zipcode": "...", "country": "US"}`
    addresses: Option<Vec<Map<String, Value>>>,
}

async fn create_lead(ctx: Ctx, a: CreateLead) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut b, "description", a.description);
    insert_opt(&mut b, "status_id", a.status_id);
    insert_opt(&mut b, "url", a.url);
    insert_opt(&mut b, "contacts", a.contacts);
    insert_opt(&mut b, "addresses", a.addresses);
    api::create(&ctx, "/lead/", &[], b, LEAD).await
}

/// Get a lead with its contacts, opportunities and tasks.
#[derive(Deserialize, JsonSchema)]
pub struct GetLead {
    lead_id: String,
    /// Comma-separated fields to return instead (Close's `_fields`, e.g. `id,name,custom`); the whole answer is returned then
    fields: Option<String>,
}

async fn get_lead(ctx: Ctx, a: GetLead) -> Result<Value, ToolError> {
    let path = format!("/lead/{}/", id(&a.lead_id, "lead_id")?);
    match a.fields.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        Some(f) => api::get_raw(&ctx, &path, &[("_fields", f.to_owned())]).await,
        None => api::get(&ctx, &path, LEAD).await,
    }
}

/// Search leads whose name, contacts, emails, phones or other text have words starting
/// with `query`, optionally with one status (Close's Advanced Filtering). Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchLeads {
    query: String,
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Only leads with this status id (`stat_...`)
    status_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn search_leads(ctx: Ctx, a: SearchLeads) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    lead_search(
        &ctx,
        Some(q),
        a.status_id.as_deref(),
        a.limit,
        a.cursor.as_deref(),
    )
    .await
}

async fn lead_search(
    ctx: &Ctx,
    query: Option<&str>,
    status_id: Option<&str>,
    limit: Option<Count>,
    cursor: Option<&str>,
) -> Result<Value, ToolError> {
    let mut qs = Vec::new();
    if let Some(q) = query {
        qs.push(api::text_query(q));
    }
    if let Some(s) = status_id.map(str::trim).filter(|s| !s.is_empty()) {
        qs.push(api::reference_condition(
            "lead",
            "status_id",
            "status.lead",
            s,
        ));
    }
    api::data_search(ctx, "lead", qs, limit, cursor, LEAD_ROW).await
}

/// Update a lead's name, description, status or website. Returns the lead.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateLead {
    lead_id: String,
    name: Option<String>,
    description: Option<String>,
    status_id: Option<String>,
    url: Option<String>,
}

async fn update_lead(ctx: Ctx, a: UpdateLead) -> Result<Value, ToolError> {
    let path = format!("/lead/{}/", id(&a.lead_id, "lead_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "name", a.name);
    insert_opt(&mut b, "description", a.description);
    insert_opt(&mut b, "status_id", a.status_id);
    insert_opt(&mut b, "url", a.url);
    api::update(&ctx, &path, b, LEAD).await
}

/// Delete a lead and everything on it (contacts, opportunities, tasks, activities).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteLead {
    lead_id: String,
}

async fn delete_lead(ctx: Ctx, a: DeleteLead) -> Result<Value, ToolError> {
    let lid = id(&a.lead_id, "lead_id")?;
    api::delete(&ctx, &format!("/lead/{lid}/"), &lid).await
}

/// List leads, a page at a time. With `query` or `status_id` it searches like
/// close_search_leads. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListLeads {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Leads to skip (prefer `cursor`)
    skip: Option<Count>,
    /// Text to match, as in close_search_leads
    query: Option<String>,
    status_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_leads(ctx: Ctx, a: ListLeads) -> Result<Value, ToolError> {
    let q = a.query.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let s = a
        .status_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if q.is_some() || s.is_some() {
        if a.skip.is_some() {
            return Err(ToolError::invalid_input(
                "skip cannot be combined with query or status_id; page with cursor",
            ));
        }
        return lead_search(&ctx, q, s, a.limit, a.cursor.as_deref()).await;
    }
    api::list(
        &ctx,
        "/lead/",
        Vec::new(),
        a.limit,
        a.skip,
        a.cursor.as_deref(),
        LEAD_ROW,
    )
    .await
}

/// Create a contact (a person) on a lead. Returns the contact.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContact {
    lead_id: String,
    name: Option<String>,
    /// Job title
    title: Option<String>,
    /// e.g. `[{"email": "jo@x.com", "type": "office"}]`
    emails: Option<Vec<Map<String, Value>>>,
    /// e.g. `[{"phone": "+14155550100", "type": "mobile"}]`
    phones: Option<Vec<Map<String, Value>>>,
}

async fn create_contact(ctx: Ctx, a: CreateContact) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    insert_opt(&mut b, "name", a.name);
    insert_opt(&mut b, "title", a.title);
    insert_opt(&mut b, "emails", a.emails);
    insert_opt(&mut b, "phones", a.phones);
    api::create(&ctx, "/contact/", &[], b, CONTACT).await
}

/// Get a contact: name, title, emails, phones and lead.
#[derive(Deserialize, JsonSchema)]
pub struct GetContact {
    contact_id: String,
}

async fn get_contact(ctx: Ctx, a: GetContact) -> Result<Value, ToolError> {
    let path = format!("/contact/{}/", id(&a.contact_id, "contact_id")?);
    api::get(&ctx, &path, CONTACT).await
}

/// Search contacts whose name, title, emails or phones have words starting with `query`
/// (Close's Advanced Filtering); with `lead_id`, that lead's contacts containing it. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchContacts {
    query: String,
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    lead_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn search_contacts(ctx: Ctx, a: SearchContacts) -> Result<Value, ToolError> {
    let q = non_empty(&a.query, "query")?;
    let lead = a
        .lead_id
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    let Some(lead) = lead else {
        let qs = vec![api::text_query(q)];
        let cursor = a.cursor.as_deref();
        return api::data_search(&ctx, "contact", qs, a.limit, cursor, CONTACT_ROW).await;
    };
    // One lead's contacts: Close lists them (`GET /contact/?lead_id=`); match them here.
    let want = api::page_size(a.limit)? as usize;
    let query = [("lead_id", lead.to_owned()), ("_limit", "100".to_owned())];
    let v = api::get_raw(&ctx, "/contact/", &query).await?;
    let needle = q.to_lowercase();
    let items: Vec<Value> = v
        .get("data")
        .and_then(Value::as_array)
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .filter(|c| c.to_string().to_lowercase().contains(&needle))
        .take(want)
        .map(|c| api::trim(c, CONTACT_ROW))
        .collect();
    Ok(json!({"items": items, "next_cursor": null}))
}

/// Update a contact. `emails`/`phones` replace the whole list. Returns the contact.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateContact {
    contact_id: String,
    name: Option<String>,
    title: Option<String>,
    emails: Option<Vec<Map<String, Value>>>,
    phones: Option<Vec<Map<String, Value>>>,
}

async fn update_contact(ctx: Ctx, a: UpdateContact) -> Result<Value, ToolError> {
    let path = format!("/contact/{}/", id(&a.contact_id, "contact_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "name", a.name);
    insert_opt(&mut b, "title", a.title);
    insert_opt(&mut b, "emails", a.emails);
    insert_opt(&mut b, "phones", a.phones);
    api::update(&ctx, &path, b, CONTACT).await
}

/// Delete a contact.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteContact {
    contact_id: String,
}

async fn delete_contact(ctx: Ctx, a: DeleteContact) -> Result<Value, ToolError> {
    let cid = id(&a.contact_id, "contact_id")?;
    api::delete(&ctx, &format!("/contact/{cid}/"), &cid).await
}
