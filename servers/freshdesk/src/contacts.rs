//! Contacts: `/contacts` (create, view, list, update, delete, hard delete, restore, invite,
//! make agent, merge), `/contacts/autocomplete`, `/search/contacts`.

use crate::api::{self, opt, request, search_date};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, FormPart, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("contacts");
    vec![
        t(tool(
            "freshdesk_create_contact",
            "Create contact",
            Effect::Write,
            create_contact,
        )),
        t(tool(
            "freshdesk_get_contact_by_id",
            "Get contact",
            Effect::Read,
            get_contact,
        )),
        t(tool(
            "freshdesk_list_contacts",
            "List contacts",
            Effect::Read,
            list_contacts,
        )),
        t(tool(
            "freshdesk_update_contact",
            "Update contact",
            Effect::IdempotentWrite,
            update_contact,
        )),
        t(tool(
            "freshdesk_delete_contact",
            "Delete contact",
            Effect::Destructive,
            delete_contact,
        )),
        t(tool(
            "freshdesk_restore_contact",
            "Restore contact",
            Effect::IdempotentWrite,
            restore_contact,
        )),
        t(tool(
            "freshdesk_search_contacts_by_name",
            "Find contacts by name",
            Effect::Read,
            search_contacts_by_name,
        )),
        t(tool(
            "freshdesk_filter_contacts",
            "Search contacts",
            Effect::Read,
            filter_contacts,
        )),
        t(tool(
            "freshdesk_make_contact_agent",
            "Make contact an agent",
            Effect::Write,
            make_contact_agent,
        )),
        t(tool(
            "freshdesk_send_contact_invite",
            "Send contact invite",
            Effect::Write,
            send_contact_invite,
        )),
        t(tool(
            "freshdesk_merge_contacts",
            "Merge contacts",
            Effect::Destructive,
            merge_contacts,
        )),
    ]
}

/// Create a contact: a name and one of email, phone or mobile. Returns the contact.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContact {
    name: String,
    /// Primary address (unique)
    email: Option<String>,
    phone: Option<String>,
    mobile: Option<String>,
    company_id: Option<Count>,
    description: Option<String>,
}

async fn create_contact(ctx: Ctx, a: CreateContact) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("name".into(), json!(non_empty(&a.name, "name")?));
    insert_opt(&mut b, "email", opt(&a.email));
    insert_opt(&mut b, "phone", opt(&a.phone));
    insert_opt(&mut b, "mobile", opt(&a.mobile));
    if !["email", "phone", "mobile"]
        .iter()
        .any(|k| b.contains_key(*k))
    {
        return Err(ToolError::invalid_input(
            "Freshdesk needs one of `email`, `phone` or `mobile` for a contact",
        ));
    }
    insert_opt(&mut b, "company_id", a.company_id);
    insert_opt(&mut b, "description", opt(&a.description));
    let v: Value = request(&ctx, Method::POST, "/contacts")?
        .json(&b)
        .send_json()
        .await?;
    Ok(api::contact(&v))
}

/// Get a contact.
#[derive(Deserialize, JsonSchema)]
pub struct GetContact {
    contact_id: Count,
}

async fn get_contact(ctx: Ctx, a: GetContact) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("/contacts/{}", a.contact_id.get())).await?;
    Ok(api::contact(&v))
}

/// List contacts (not deleted ones unless `state` says so), with exact-match filters.
/// Returns `contacts` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListContacts {
    email: Option<String>,
    phone: Option<String>,
    mobile: Option<String>,
    company_id: Option<Count>,
    /// blocked, deleted, unverified or verified
    state: Option<String>,
    /// ISO 8601
    updated_since: Option<String>,
    page: Option<Count>,
    /// 1-100 (default 30)
    per_page: Option<Count>,
}

async fn list_contacts(ctx: Ctx, a: ListContacts) -> Result<Value, ToolError> {
    let mut q: Vec<(&'static str, String)> = Vec::new();
    for (k, v) in [
        ("email", opt(&a.email)),
        ("phone", opt(&a.phone)),
        ("mobile", opt(&a.mobile)),
    ] {
        if let Some(v) = v {
            q.push((k, v.to_owned()));
        }
    }
    if let Some(c) = a.company_id {
        q.push(("company_id", c.get().to_string()));
    }
    if let Some(s) = opt(&a.state) {
        q.push(("state", s.to_owned()));
    }
    if let Some(s) = opt(&a.updated_since) {
        q.push(("_updated_since", s.to_owned()));
    }
    api::list(
        &ctx,
        "/contacts",
        q,
        a.page,
        a.per_page,
        "contacts",
        api::contact,
    )
    .await
}

/// Update a contact; give only what changes. `avatar_path` is a public image URL (uploaded as
/// the avatar). Returns the contact.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateContact {
    contact_id: Count,
    name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    mobile: Option<String>,
    company_id: Option<Count>,
    description: Option<String>,
    job_title: Option<String>,
    /// Replaces the tags
    tags: Option<Vec<String>>,
    custom_fields: Option<Map<String, Value>>,
    /// http(s) URL of an image (local paths are not read)
    avatar_path: Option<String>,
    address: Option<String>,
}

async fn update_contact(ctx: Ctx, a: UpdateContact) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "name", opt(&a.name));
    insert_opt(&mut b, "email", opt(&a.email));
    insert_opt(&mut b, "phone", opt(&a.phone));
    insert_opt(&mut b, "mobile", opt(&a.mobile));
    insert_opt(&mut b, "company_id", a.company_id);
    insert_opt(&mut b, "description", opt(&a.description));
    insert_opt(&mut b, "job_title", opt(&a.job_title));
    insert_opt(&mut b, "tags", a.tags);
    insert_opt(&mut b, "custom_fields", a.custom_fields);
    insert_opt(&mut b, "address", opt(&a.address));
    let avatar = opt(&a.avatar_path);
    if b.is_empty() && avatar.is_none() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one field of the contact",
        ));
    }
    let req = request(
        &ctx,
        Method::PUT,
        &format!("/contacts/{}", a.contact_id.get()),
    )?;
    let req = match avatar {
        None => req.json(&b),
        Some(url) => {
            if !(url.starts_with("https://") || url.starts_with("http://")) {
                return Err(ToolError::invalid_input(
                    "`avatar_path` must be an http(s) URL of the image: this server does not read local files",
                ));
            }
            let got = ctx
                .fetch(url)
                .await
                .map_err(|e| e.context("Downloading avatar_path"))?;
            if !(200..300).contains(&got.status) {
                return Err(ToolError::invalid_input(format!(
                    "Downloading avatar_path got HTTP {}",
                    got.status
                )));
            }
            let name = got
                .url
                .path_segments()
                .and_then(|mut s| s.next_back().map(str::to_owned))
                .filter(|s| !s.is_empty())
                .unwrap_or_else(|| "avatar".to_owned());
            let ct = got
                .content_type
                .as_deref()
                .and_then(|c| c.split(';').next())
                .map(str::trim)
                .filter(|c| c.starts_with("image/"))
                .map(str::to_owned)
                .unwrap_or_else(|| {
                    mime_guess::from_path(&name)
                        .first_or_octet_stream()
                        .essence_str()
                        .to_owned()
                });
            let mut parts = api::form_fields(&b);
            parts.push(FormPart::file("avatar", name, ct, got.body.to_vec()));
            req.multipart(parts)
        }
    };
    let v: Value = req.send_json().await?;
    Ok(api::contact(&v))
}

/// Delete a contact: soft (restorable with freshdesk_restore_contact), or with `hard_delete`
/// erased for good (`force` also erases one not soft-deleted first).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteContact {
    contact_id: Count,
    #[schemars(extend("default" = false))]
    hard_delete: Option<bool>,
    #[schemars(extend("default" = false))]
    force: Option<bool>,
}

async fn delete_contact(ctx: Ctx, a: DeleteContact) -> Result<Value, ToolError> {
    let id = a.contact_id.get();
    let hard = a.hard_delete.unwrap_or(false);
    let req = if hard {
        request(&ctx, Method::DELETE, &format!("/contacts/{id}/hard_delete"))?
            .query_opt("force", a.force.filter(|f| *f))
    } else {
        if a.force == Some(true) {
            return Err(ToolError::invalid_input(
                "`force` goes with `hard_delete: true` (a permanent delete)",
            ));
        }
        request(&ctx, Method::DELETE, &format!("/contacts/{id}"))?
    };
    api::send_empty(req).await?;
    Ok(json!({"deleted": true, "permanently": hard, "contact_id": id}))
}

/// Restore a soft-deleted contact.
#[derive(Deserialize, JsonSchema)]
pub struct RestoreContact {
    contact_id: Count,
}

async fn restore_contact(ctx: Ctx, a: RestoreContact) -> Result<Value, ToolError> {
    let id = a.contact_id.get();
    api::send_empty(request(
        &ctx,
        Method::PUT,
        &format!("/contacts/{id}/restore"),
    )?)
    .await?;
    Ok(json!({"restored": true, "contact_id": id}))
}

/// Find contacts whose name starts with `name` (autocomplete). Returns ids and names.
#[derive(Deserialize, JsonSchema)]
pub struct SearchContactsByName {
    name: String,
}

async fn search_contacts_by_name(ctx: Ctx, a: SearchContactsByName) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/contacts/autocomplete")?
        .query("term", non_empty(&a.name, "name")?)
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .as_array()
        .into_iter()
        .flatten()
        .map(|c| mcp_shared::json::pick(c, &["id", "name"]))
        .collect();
    Ok(json!({ "contacts": items }))
}

/// Search contacts with Freshdesk's query language, e.g. `email:'ann@acme.com'`,
/// `company_id:42 AND active:true`, `tag:'vip'` (quotes are added). 30 results a page, pages
/// 1-10. Returns `contacts`, `total`, `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct FilterContacts {
    query: String,
    /// 1-10
    #[schemars(extend("default" = 1))]
    page: Option<Count>,
    /// Only contacts updated on or after this date (added as `updated_at:>'yyyy-mm-dd'`)
    updated_since: Option<String>,
}

async fn filter_contacts(ctx: Ctx, a: FilterContacts) -> Result<Value, ToolError> {
    let query = match opt(&a.updated_since) {
        None => a.query.clone(),
        Some(d) => {
            let inner = api::quoted(&a.query)?;
            let inner = inner.trim_matches('"');
            format!(
                "({inner}) AND updated_at:>'{}'",
                search_date(d, "updated_since")?
            )
        }
    };
    api::search(
        &ctx,
        "contacts",
        &query,
        a.page,
        None,
        "contacts",
        api::contact,
    )
    .await
}

/// Make a contact a full-time or occasional agent. Returns the agent.
#[derive(Deserialize, JsonSchema)]
pub struct MakeContactAgent {
    contact_id: Count,
    /// Occasional (day-pass) agent
    occasional: Option<bool>,
    /// HTML signature
    signature: Option<String>,
    /// 1 all tickets, 2 group tickets, 3 own tickets
    ticket_scope: Option<Count>,
    skill_ids: Option<Vec<Count>>,
    group_ids: Option<Vec<Count>>,
    role_ids: Option<Vec<Count>>,
    /// support_agent (1), field_agent (2) or collaborator (3)
    agent_type: Option<String>,
    focus_mode: Option<bool>,
}

/// An agent type by name or number.
pub fn agent_type(v: &str) -> Result<u64, ToolError> {
    match v.trim().to_ascii_lowercase().as_str() {
        "1" | "support_agent" | "support agent" | "support" => Ok(1),
        "2" | "field_agent" | "field agent" | "field" => Ok(2),
        "3" | "collaborator" => Ok(3),
        other => Err(ToolError::invalid_input(format!(
            "`agent_type` is support_agent (1), field_agent (2) or collaborator (3), got {other:?}"
        ))),
    }
}

async fn make_contact_agent(ctx: Ctx, a: MakeContactAgent) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "occasional", a.occasional);
    insert_opt(&mut b, "signature", opt(&a.signature));
    insert_opt(&mut b, "ticket_scope", a.ticket_scope);
    insert_opt(&mut b, "skill_ids", a.skill_ids);
    insert_opt(&mut b, "group_ids", a.group_ids);
    insert_opt(&mut b, "role_ids", a.role_ids);
    if let Some(t) = opt(&a.agent_type) {
        b.insert("agent_type".into(), json!(agent_type(t)?));
    }
    insert_opt(&mut b, "focus_mode", a.focus_mode);
    let v: Value = request(
        &ctx,
        Method::PUT,
        &format!("/contacts/{}/make_agent", a.contact_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(api::agent(v.get("agent").unwrap_or(&v)))
}

/// Send a contact the invitation to the support portal (e-mailed each time).
#[derive(Deserialize, JsonSchema)]
pub struct SendContactInvite {
    contact_id: Count,
}

async fn send_contact_invite(ctx: Ctx, a: SendContactInvite) -> Result<Value, ToolError> {
    let id = a.contact_id.get();
    api::send_empty(
        request(&ctx, Method::PUT, &format!("/contacts/{id}/send_invite"))?.idempotent(false),
    )
    .await?;
    Ok(json!({"invited": true, "contact_id": id}))
}

/// Merge contacts into a primary one (their tickets move to it; the others are deleted).
/// Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct MergeContacts {
    primary_contact_id: Count,
    secondary_contact_ids: Vec<Count>,
    /// Values to keep on the primary: `email`, `phone`, `mobile`, `twitter_id`,
    /// `unique_external_id`, `other_emails`, `company_ids`
    contact_data: Option<Map<String, Value>>,
}

async fn merge_contacts(ctx: Ctx, a: MergeContacts) -> Result<Value, ToolError> {
    if a.secondary_contact_ids.is_empty() {
        return Err(ToolError::invalid_input(
            "`secondary_contact_ids` must not be empty",
        ));
    }
    let mut b = Map::new();
    b.insert("primary_contact_id".into(), json!(a.primary_contact_id));
    b.insert(
        "secondary_contact_ids".into(),
        json!(a.secondary_contact_ids),
    );
    insert_opt(&mut b, "contact", a.contact_data.filter(|m| !m.is_empty()));
    api::send_empty(request(&ctx, Method::POST, "/contacts/merge")?.json(&b)).await?;
    Ok(json!({
        "merged": true,
        "primary_contact_id": a.primary_contact_id,
        "secondary_contact_ids": a.secondary_contact_ids,
    }))
}
