//! Contacts (users and leads): `GET|POST /contacts`, `GET|PUT|DELETE /contacts/{id}`,
//! `POST /contacts/search`, `POST /contacts/merge`; their notes (`/contacts/{id}/notes`,
//! `GET /notes/{id}`) and tags (`/contacts/{id}/tags`).

use crate::api::{
    self, contact, cursor_list, note, opt, page, page_of, per_page, search_body, tag,
};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("contacts");
    vec![
        t(tool(
            "intercom_list_contacts",
            "List contacts",
            Effect::Read,
            list_contacts,
        )),
        t(tool(
            "intercom_get_contact",
            "Get contact",
            Effect::Read,
            get_contact,
        )),
        t(tool(
            "intercom_create_contact",
            "Create contact",
            Effect::Write,
            create_contact,
        )),
        t(tool(
            "intercom_update_contact",
            "Update contact",
            Effect::IdempotentWrite,
            update_contact,
        )),
        t(tool(
            "intercom_search_contacts",
            "Search contacts",
            Effect::Read,
            search_contacts,
        )),
        t(tool(
            "intercom_delete_contact",
            "Delete contact",
            Effect::Destructive,
            delete_contact,
        )),
        t(tool(
            "intercom_merge_contact",
            "Merge lead into user",
            Effect::Destructive,
            merge_contact,
        )),
        t(tool(
            "intercom_list_contact_notes",
            "List contact notes",
            Effect::Read,
            list_contact_notes,
        )),
        t(tool(
            "intercom_create_contact_note",
            "Add note to contact",
            Effect::Write,
            create_contact_note,
        )),
        t(tool(
            "intercom_list_contact_tags",
            "List contact tags",
            Effect::Read,
            list_contact_tags,
        )),
        t(tool(
            "intercom_add_contact_tag",
            "Tag contact",
            Effect::IdempotentWrite,
            add_contact_tag,
        )),
        t(tool(
            "intercom_remove_contact_tag",
            "Untag contact",
            Effect::Destructive,
            remove_contact_tag,
        )),
        t(tool(
            "intercom_create_note",
            "Create note",
            Effect::Write,
            create_note,
        )),
        t(tool(
            "intercom_list_notes",
            "List notes",
            Effect::Read,
            list_notes,
        )),
        t(tool(
            "intercom_get_note",
            "Get note",
            Effect::Read,
            get_note,
        )),
    ]
}

// Contact role.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    User,
    Lead,
}

fn contact_path(id: &str, what: &str) -> Result<String, ToolError> {
    Ok(format!("/contacts/{}", api::id(id, what)?))
}

/// List contacts. Returns `items`, `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListContacts {
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 50))]
    per_page: Option<Count>,
}

async fn list_contacts(ctx: Ctx, a: ListContacts) -> Result<Value, ToolError> {
    let v: Value = cursor_list(&ctx, "/contacts", a.per_page, 50, &a.starting_after)?
        .send_json()
        .await?;
    Ok(page(&v, "data", contact))
}

/// Get a contact by Intercom id: role, email, phone, name, owner, dates, location and custom
/// attributes.
#[derive(Deserialize, JsonSchema)]
pub struct GetContact {
    /// Intercom contact id
    id: String,
}

async fn get_contact(ctx: Ctx, a: GetContact) -> Result<Value, ToolError> {
    Ok(contact(&api::get(&ctx, &contact_path(&a.id, "id")?).await?))
}

#[derive(Deserialize, Serialize, JsonSchema)]
pub struct ContactFields {
    #[serde(skip_serializing_if = "Option::is_none")]
    role: Option<Role>,
    /// Your own id for the contact
    #[serde(skip_serializing_if = "Option::is_none")]
    external_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    email: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    /// Avatar image URL
    #[serde(skip_serializing_if = "Option::is_none")]
    avatar: Option<String>,
    /// Unix seconds
    #[serde(skip_serializing_if = "Option::is_none")]
    signed_up_at: Option<Count>,
    /// Unix seconds
    #[serde(skip_serializing_if = "Option::is_none")]
    last_seen_at: Option<Count>,
    /// Admin id of the owner
    #[serde(skip_serializing_if = "Option::is_none")]
    owner_id: Option<Count>,
    #[serde(skip_serializing_if = "Option::is_none")]
    unsubscribed_from_emails: Option<bool>,
    /// Custom attributes by name (they must exist in Intercom)
    #[serde(skip_serializing_if = "Option::is_none")]
    custom_attributes: Option<Map<String, Value>>,
}

/// Create a contact (a user by default); give `email`, `external_id` or `role`. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContact {
    #[serde(flatten)]
    fields: ContactFields,
}

async fn create_contact(ctx: Ctx, a: CreateContact) -> Result<Value, ToolError> {
    if a.fields.email.is_none() && a.fields.external_id.is_none() && a.fields.role.is_none() {
        return Err(ToolError::invalid_input(
            "Intercom needs one of email, external_id or role to create a contact",
        ));
    }
    let body = mcp_shared::json::update_body(&a.fields)?;
    let v = api::send(&ctx, Method::POST, "/contacts", &Value::Object(body)).await?;
    Ok(contact(&v))
}

/// Update a contact: only the fields given change (`role: user` turns a lead into a user).
/// Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateContact {
    /// Intercom contact id
    id: String,
    #[serde(flatten)]
    fields: ContactFields,
}

async fn update_contact(ctx: Ctx, a: UpdateContact) -> Result<Value, ToolError> {
    let body = mcp_shared::json::update_body(&a.fields)?;
    let v = api::req(&ctx, Method::PUT, &contact_path(&a.id, "id")?)?
        .json(&body)
        .send_json()
        .await?;
    Ok(contact(&v))
}

/// Search contacts with Intercom's query language. Returns `items`, `total_count` and
/// `next_cursor` (pass it as `pagination.starting_after`).
#[derive(Deserialize, JsonSchema)]
pub struct SearchContacts {
    /// A filter {"field","operator","value"} (operators =, !=, IN, NIN, <, >, ~, !~, ^, $) or
    /// {"operator":"AND"|"OR","value":[filters]}; e.g. {"field":"email","operator":"=","value":"a@b.com"}
    query: Map<String, Value>,
    /// {"per_page": 1-150, "starting_after": "<next_cursor>"}
    pagination: Option<Map<String, Value>>,
}

async fn search_contacts(ctx: Ctx, a: SearchContacts) -> Result<Value, ToolError> {
    let body = search_body(&a.query, &a.pagination)?;
    let v = api::req(&ctx, Method::POST, "/contacts/search")?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(page(&v, "data", contact))
}

/// Delete a contact for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteContact {
    /// Intercom contact id
    id: String,
}

async fn delete_contact(ctx: Ctx, a: DeleteContact) -> Result<Value, ToolError> {
    let v = api::delete(&ctx, &contact_path(&a.id, "id")?).await?;
    Ok(api::deleted(&v, &a.id))
}

/// Merge a lead (`from`) into a user (`into`); the lead is gone afterwards. Returns the
/// user.
#[derive(Deserialize, JsonSchema)]
pub struct MergeContact {
    /// Intercom id of the lead to merge
    from: String,
    /// Intercom id of the user to merge it into
    into: String,
}

async fn merge_contact(ctx: Ctx, a: MergeContact) -> Result<Value, ToolError> {
    let body = json!({"from": non_empty(&a.from, "from")?, "into": non_empty(&a.into, "into")?});
    let v = api::send(&ctx, Method::POST, "/contacts/merge", &body).await?;
    Ok(contact(&v))
}

/// The notes of a contact, newest first.
async fn notes_of(
    ctx: &Ctx,
    id: &str,
    what: &str,
    starting_after: &Option<String>,
    n: Option<Count>,
) -> Result<Value, ToolError> {
    let mut r = api::req(
        ctx,
        Method::GET,
        &format!("{}/notes", contact_path(id, what)?),
    )?;
    if starting_after.is_some() || n.is_some() {
        r = r
            .query("page", page_of(starting_after)?)
            .query("per_page", per_page(n, 50)?);
    }
    let v: Value = r.send_json().await?;
    Ok(page(&v, "data", note))
}

/// List a contact's notes, newest first. Returns `items` and `total_count`.
#[derive(Deserialize, JsonSchema)]
pub struct ListContactNotes {
    /// Intercom contact id
    id: String,
}

async fn list_contact_notes(ctx: Ctx, a: ListContactNotes) -> Result<Value, ToolError> {
    notes_of(&ctx, &a.id, "id", &None, None).await
}

/// `POST /contacts/{id}/notes` with the note's body and author.
async fn add_note(
    ctx: &Ctx,
    contact_id: &str,
    what: &str,
    body: &str,
    admin_id: Option<&str>,
) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("body".into(), json!(non_empty(body, "body")?));
    insert_opt(&mut b, "admin_id", admin_id);
    let path = format!("{}/notes", contact_path(contact_id, what)?);
    let v = api::send(ctx, Method::POST, &path, &Value::Object(b)).await?;
    Ok(note(&v))
}

/// Add a note to a contact, written by `admin_id` (default: the token's admin). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContactNote {
    /// Intercom contact id
    id: String,
    /// Note text (HTML allowed)
    body: String,
    /// Same as `id` when given
    contact_id: Option<String>,
    /// Admin who writes the note
    admin_id: Option<String>,
}

async fn create_contact_note(ctx: Ctx, a: CreateContactNote) -> Result<Value, ToolError> {
    if let Some(c) = opt(&a.contact_id)
        && c != a.id.trim()
    {
        return Err(ToolError::invalid_input(
            "contact_id and id name different contacts; the note goes on `id`",
        ));
    }
    add_note(&ctx, &a.id, "id", &a.body, opt(&a.admin_id)).await
}

/// List the tags on a contact.
#[derive(Deserialize, JsonSchema)]
pub struct ListContactTags {
    /// Intercom contact id
    contact_id: String,
}

async fn list_contact_tags(ctx: Ctx, a: ListContactTags) -> Result<Value, ToolError> {
    let path = format!("{}/tags", contact_path(&a.contact_id, "contact_id")?);
    Ok(page(&api::get(&ctx, &path).await?, "data", tag))
}

/// Put a tag on a contact. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct AddContactTag {
    /// Intercom contact id
    contact_id: String,
    /// Tag id
    id: String,
}

async fn add_contact_tag(ctx: Ctx, a: AddContactTag) -> Result<Value, ToolError> {
    let path = format!("{}/tags", contact_path(&a.contact_id, "contact_id")?);
    let v = api::req(&ctx, Method::POST, &path)?
        .json(&json!({"id": non_empty(&a.id, "id")?}))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(tag(&v))
}

/// Remove a tag from a contact. Returns the tag.
#[derive(Deserialize, JsonSchema)]
pub struct RemoveContactTag {
    /// Intercom contact id
    contact_id: String,
    /// Tag id
    id: String,
}

async fn remove_contact_tag(ctx: Ctx, a: RemoveContactTag) -> Result<Value, ToolError> {
    let path = format!(
        "{}/tags/{}",
        contact_path(&a.contact_id, "contact_id")?,
        api::id(&a.id, "id")?
    );
    Ok(tag(&api::delete(&ctx, &path).await?))
}

/// Add a note to a contact, written by `admin_id`. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct CreateNote {
    /// Note text (HTML allowed)
    body: String,
    /// Intercom contact id
    contact_id: String,
    /// Admin who writes the note
    admin_id: String,
}

async fn create_note(ctx: Ctx, a: CreateNote) -> Result<Value, ToolError> {
    let admin = non_empty(&a.admin_id, "admin_id")?;
    add_note(&ctx, &a.contact_id, "contact_id", &a.body, Some(admin)).await
}

/// List a contact's notes, newest first. Returns `items`, `total_count` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListNotes {
    /// Intercom contact id
    contact_id: String,
    /// `next_cursor` of the previous page
    starting_after: Option<String>,
    #[schemars(extend("default" = 50))]
    per_page: Option<Count>,
}

async fn list_notes(ctx: Ctx, a: ListNotes) -> Result<Value, ToolError> {
    notes_of(
        &ctx,
        &a.contact_id,
        "contact_id",
        &a.starting_after,
        a.per_page,
    )
    .await
}

/// Get a note: body, contact, author and time.
#[derive(Deserialize, JsonSchema)]
pub struct GetNote {
    /// Note id
    id: String,
}

async fn get_note(ctx: Ctx, a: GetNote) -> Result<Value, ToolError> {
    Ok(note(
        &api::get(&ctx, &format!("/notes/{}", api::id(&a.id, "id")?)).await?,
    ))
}
