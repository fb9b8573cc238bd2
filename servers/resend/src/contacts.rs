//! Contacts, global since Resend replaced audiences with segments: `POST|GET /contacts`,
//! `GET|PATCH|DELETE /contacts/{id}` (an id or an email address), and segment membership at
//! `POST|DELETE /contacts/{contact_id}/segments/{segment_id}`. The catalog's `audienceId` is a
//! segment id.

use crate::api::{list, opt, paged};
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, non_empty, seg, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "resend_create_contact",
            "Create contact",
            Effect::Write,
            create_contact,
        )
        .toolset("contacts"),
        tool(
            "resend_get_contact",
            "Get contact",
            Effect::Read,
            get_contact,
        )
        .toolset("contacts"),
        tool(
            "resend_update_contact",
            "Update contact",
            Effect::IdempotentWrite,
            update_contact,
        )
        .toolset("contacts"),
        tool(
            "resend_delete_contact",
            "Delete contact",
            Effect::Destructive,
            delete_contact,
        )
        .toolset("contacts"),
        tool(
            "resend_list_contacts",
            "List contacts",
            Effect::Read,
            list_contacts,
        )
        .toolset("contacts"),
        tool(
            "resend_add_contact_to_segment",
            "Add contact to segment",
            Effect::IdempotentWrite,
            add_contact_to_segment,
        )
        .toolset("contacts"),
    ]
}

fn contact(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "email",
            "first_name",
            "last_name",
            "unsubscribed",
            "created_at",
            "properties",
        ],
    )
}

/// The contact's path segment: `id`, else `email` (Resend takes either).
fn contact_ref(id: &Option<String>, email: &Option<String>) -> Result<String, ToolError> {
    opt(id)
        .or(opt(email))
        .map(seg)
        .ok_or_else(|| ToolError::invalid_input("name the contact: give `id` or `email`"))
}

/// Create a contact (contacts are global: one per email address) and add it to the audience
/// (segment) `audienceId` when given. Returns its `id`.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContact {
    email: String,
    /// Audience (segment) id to add the contact to
    #[serde(rename = "audienceId")]
    audience_id: Option<String>,
    #[serde(rename = "firstName")]
    first_name: Option<String>,
    #[serde(rename = "lastName")]
    last_name: Option<String>,
    /// Unsubscribed from all broadcasts
    unsubscribed: Option<bool>,
    /// Custom contact properties, by key
    properties: Option<Map<String, Value>>,
}

async fn create_contact(ctx: Ctx, a: CreateContact) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("email".into(), json!(non_empty(&a.email, "email")?));
    insert_opt(&mut body, "first_name", opt(&a.first_name));
    insert_opt(&mut body, "last_name", opt(&a.last_name));
    insert_opt(&mut body, "unsubscribed", a.unsubscribed);
    insert_opt(
        &mut body,
        "properties",
        a.properties.filter(|p| !p.is_empty()),
    );
    insert_opt(&mut body, "segments", opt(&a.audience_id).map(|s| [s]));
    let v: Value = ctx
        .authorized(Method::POST, "/contacts")?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(&v, &["id"]))
}

/// Get a contact by `id` or `email`: name, subscription, properties.
#[derive(Deserialize, JsonSchema)]
pub struct GetContact {
    /// Not needed: contacts are global (kept for compatibility)
    #[serde(rename = "audienceId")]
    audience_id: Option<String>,
    /// Contact id (this or `email`)
    id: Option<String>,
    email: Option<String>,
}

async fn get_contact(ctx: Ctx, a: GetContact) -> Result<Value, ToolError> {
    let _ = a.audience_id;
    let path = format!("/contacts/{}", contact_ref(&a.id, &a.email)?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(contact(&v))
}

/// Update a contact named by `id` or `email`: the fields given replace the current ones.
/// Returns its `id`.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateContact {
    /// Not needed: contacts are global (kept for compatibility)
    #[serde(rename = "audienceId")]
    audience_id: Option<String>,
    /// Contact id; with it, `email` sets a new address
    id: Option<String>,
    /// Names the contact when `id` is absent
    email: Option<String>,
    #[serde(rename = "firstName")]
    first_name: Option<String>,
    #[serde(rename = "lastName")]
    last_name: Option<String>,
    /// Unsubscribed from all broadcasts
    unsubscribed: Option<bool>,
    /// Custom properties to set, by key
    properties: Option<Map<String, Value>>,
}

async fn update_contact(ctx: Ctx, a: UpdateContact) -> Result<Value, ToolError> {
    let _ = a.audience_id;
    let path = format!("/contacts/{}", contact_ref(&a.id, &a.email)?);
    let mut body = Map::new();
    if opt(&a.id).is_some() {
        insert_opt(&mut body, "email", opt(&a.email));
    }
    insert_opt(&mut body, "first_name", opt(&a.first_name));
    insert_opt(&mut body, "last_name", opt(&a.last_name));
    insert_opt(&mut body, "unsubscribed", a.unsubscribed);
    insert_opt(
        &mut body,
        "properties",
        a.properties.filter(|p| !p.is_empty()),
    );
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give firstName, lastName, unsubscribed, properties or (with id) email",
        ));
    }
    let v: Value = ctx
        .authorized(Method::PATCH, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(pick(&v, &["id"]))
}

/// Remove a contact (by `id` or `email`) from the audience (segment) `audienceId`; the
/// contact stays in its other segments. Without `audienceId` the contact itself is deleted,
/// from every segment.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteContact {
    /// Audience (segment) to remove the contact from
    #[serde(rename = "audienceId")]
    audience_id: Option<String>,
    /// Contact id (this or `email`)
    id: Option<String>,
    email: Option<String>,
}

async fn delete_contact(ctx: Ctx, a: DeleteContact) -> Result<Value, ToolError> {
    let c = contact_ref(&a.id, &a.email)?;
    let (path, scope) = match opt(&a.audience_id) {
        Some(s) => (
            format!("/contacts/{c}/segments/{}", seg(s)),
            "removed from the segment",
        ),
        None => (format!("/contacts/{c}"), "contact deleted"),
    };
    let v: Value = ctx.authorized(Method::DELETE, &path)?.send_json().await?;
    let mut out = pick(&v, &["id", "contact_id", "segment_id", "deleted"]);
    if let Some(m) = out.as_object_mut() {
        m.insert("result".into(), json!(scope));
    }
    Ok(out)
}

/// List contacts, those of the audience (segment) `audienceId` or all: id, email, names,
/// subscription.
#[derive(Deserialize, JsonSchema)]
pub struct ListContacts {
    /// Audience (segment) id; all contacts without it
    #[serde(rename = "audienceId")]
    audience_id: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Int>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_contacts(ctx: Ctx, a: ListContacts) -> Result<Value, ToolError> {
    let v: Value = list(&ctx, "/contacts", a.limit, &a.cursor)?
        .query_opt("segment_id", opt(&a.audience_id))
        .send_json()
        .await?;
    Ok(paged(&v, contact))
}

/// Add an existing contact (by `id` or `email`) to a segment (audience).
#[derive(Deserialize, JsonSchema)]
pub struct AddContactToSegment {
    /// Segment (audience) id
    segment_id: String,
    /// Contact id (this or `email`)
    id: Option<String>,
    email: Option<String>,
}

async fn add_contact_to_segment(ctx: Ctx, a: AddContactToSegment) -> Result<Value, ToolError> {
    let path = format!(
        "/contacts/{}/segments/{}",
        contact_ref(&a.id, &a.email)?,
        seg_id(&a.segment_id, "segment_id")?
    );
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .idempotent(true)
        .send_json()
        .await?;
    Ok(pick(&v, &["contact_id", "segment_id"]))
}
