//! Contacts and contact people: `GET|POST /{administration_id}/contacts.json`,
//! `GET /{administration_id}/contacts/{id}.json`,
//! `POST /{administration_id}/contacts/{contact_id}/contact_people.json`.

use crate::api::{admin_path, body, id, list_page, page, send_one};
use mcp_shared::json::{map_array, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "moneybird_list_contacts",
            "List contacts",
            Effect::Read,
            list_contacts,
        )
        .toolset("contacts"),
        tool(
            "moneybird_get_contact",
            "Get contact",
            Effect::Read,
            get_contact,
        )
        .toolset("contacts"),
        tool(
            "moneybird_create_contact",
            "Create contact",
            Effect::Write,
            create_contact,
        )
        .toolset("contacts"),
        tool(
            "moneybird_create_contact_person",
            "Create contact person",
            Effect::Write,
            create_contact_person,
        )
        .toolset("contacts"),
    ]
}

/// The fields of `POST /contacts` (Moneybird's OpenAPI description).
const CONTACT_FIELDS: &[&str] = &[
    "company_name",
    "address1",
    "address2",
    "zipcode",
    "city",
    "country",
    "phone",
    "delivery_method",
    "customer_id",
    "tax_number",
    "firstname",
    "lastname",
    "chamber_of_commerce",
    "bank_account",
    "send_invoices_to_attention",
    "send_invoices_to_email",
    "send_estimates_to_attention",
    "send_estimates_to_email",
    "sepa_active",
    "sepa_iban",
    "sepa_iban_account_name",
    "sepa_bic",
    "sepa_mandate_id",
    "sepa_mandate_date",
    "sepa_sequence_type",
    "si_identifier_type",
    "si_identifier",
    "invoice_workflow_id",
    "estimate_workflow_id",
    "email_ubl",
    "direct_debit",
    "custom_fields_attributes",
    "contact_person",
];

/// The fields of `POST /contacts/{contact_id}/contact_people`.
const PERSON_FIELDS: &[&str] = &["firstname", "lastname", "phone", "email", "department"];

fn contact_brief(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "company_name",
            "firstname",
            "lastname",
            "email",
            "phone",
            "city",
            "country",
            "customer_id",
            "archived",
        ],
    )
}

pub fn contact_person(p: &Value) -> Value {
    pick(
        p,
        &[
            "id",
            "contact_id",
            "firstname",
            "lastname",
            "email",
            "phone",
            "department",
        ],
    )
}

fn contact(c: &Value) -> Value {
    let mut v = pick(
        c,
        &[
            "id",
            "company_name",
            "firstname",
            "lastname",
            "attention",
            "email",
            "phone",
            "address1",
            "address2",
            "zipcode",
            "city",
            "country",
            "customer_id",
            "tax_number",
            "chamber_of_commerce",
            "bank_account",
            "delivery_method",
            "send_invoices_to_email",
            "invoice_workflow_id",
            "archived",
            "sales_invoices_url",
            "created_at",
            "updated_at",
        ],
    );
    if let Value::Object(m) = &mut v {
        if let Some(people) = c.get("contact_people") {
            m.insert("contact_people".into(), map_array(people, contact_person));
        }
        if let Some(fields) = c
            .get("custom_fields")
            .filter(|f| f.as_array().is_some_and(|a| !a.is_empty()))
        {
            m.insert("custom_fields".into(), fields.clone());
        }
    }
    v
}

/// List contacts, optionally matching `query` (name, address, email, customer id...).
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListContacts {
    /// Digits, as a string (from moneybird_list_administrations)
    administration_id: String,
    query: Option<String>,
    /// Page number, from 1 (Klavis's paging; `cursor` wins)
    page: Option<Count>,
    /// Per page, 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Also archived contacts
    include_archived: Option<bool>,
}

async fn list_contacts(ctx: Ctx, a: ListContacts) -> Result<Value, ToolError> {
    let (per_page, page) = page(a.limit, a.cursor.as_deref(), a.page)?;
    let path = admin_path(&a.administration_id, "contacts")?;
    let q = a.query.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let req = ctx
        .authorized(Method::GET, &path)?
        .query_opt("query", q)
        .query_opt("include_archived", a.include_archived);
    list_page(req, per_page, page, contact_brief).await
}

/// Get one contact: names, addresses, email, tax and bank details, contact people.
#[derive(Deserialize, JsonSchema)]
pub struct GetContact {
    /// Digits, as a string
    administration_id: String,
    /// Digits, as a string
    contact_id: String,
}

async fn get_contact(ctx: Ctx, a: GetContact) -> Result<Value, ToolError> {
    let rest = format!("contacts/{}", id(&a.contact_id, "contact_id")?);
    let path = admin_path(&a.administration_id, &rest)?;
    let v = send_one(ctx.authorized(Method::GET, &path)?).await?;
    Ok(contact(&v))
}

/// Create a contact. Returns the new contact with its id.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContact {
    /// Digits, as a string
    administration_id: String,
    /// Moneybird contact fields, e.g. {"company_name": "Acme B.V.", "email": "ap@acme.nl",
    /// "address1", "zipcode", "city", "country": "NL", "tax_number", "customer_id",
    /// "contact_person": {"firstname", "lastname"}}. One of company_name, firstname or
    /// lastname is required.
    contact_data: Map<String, Value>,
}

async fn create_contact(ctx: Ctx, a: CreateContact) -> Result<Value, ToolError> {
    let path = admin_path(&a.administration_id, "contacts")?;
    let body = body(a.contact_data, "contact", "contact_data", CONTACT_FIELDS)?;
    let named = ["company_name", "firstname", "lastname"].iter().any(|k| {
        body.get("contact")
            .and_then(|c| c.get(*k))
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    });
    if !named {
        return Err(ToolError::invalid_input(
            "`contact_data` needs a non-blank company_name, firstname or lastname",
        ));
    }
    let v = send_one(ctx.authorized(Method::POST, &path)?.json(&body)).await?;
    Ok(contact(&v))
}

/// Add a contact person to a contact. Returns the new person with its id.
#[derive(Deserialize, JsonSchema)]
pub struct CreateContactPerson {
    /// Digits, as a string
    administration_id: String,
    /// Digits, as a string
    contact_id: String,
    /// {"firstname", "lastname", "email", "phone", "department"}
    contact_person_data: Map<String, Value>,
}

async fn create_contact_person(ctx: Ctx, a: CreateContactPerson) -> Result<Value, ToolError> {
    let rest = format!(
        "contacts/{}/contact_people",
        id(&a.contact_id, "contact_id")?
    );
    let path = admin_path(&a.administration_id, &rest)?;
    let body = body(
        a.contact_person_data,
        "contact_person",
        "contact_person_data",
        PERSON_FIELDS,
    )?;
    let v = send_one(ctx.authorized(Method::POST, &path)?.json(&body)).await?;
    Ok(contact_person(&v))
}
