//! Audiences (lists): `GET|POST /lists`, `GET|PATCH|DELETE /lists/{list_id}`.

use crate::api::{audience, get, id, page, paged, request};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mailchimp_get_all_audiences",
            "List audiences",
            Effect::Read,
            get_all_audiences,
        )
        .toolset("audiences"),
        tool(
            "mailchimp_create_audience",
            "Create audience",
            Effect::Write,
            create_audience,
        )
        .toolset("audiences"),
        tool(
            "mailchimp_get_audience_info",
            "Get audience",
            Effect::Read,
            get_audience_info,
        )
        .toolset("audiences"),
        tool(
            "mailchimp_update_audience",
            "Update audience",
            Effect::IdempotentWrite,
            update_audience,
        )
        .toolset("audiences"),
        tool(
            "mailchimp_delete_audience",
            "Delete audience",
            Effect::Destructive,
            delete_audience,
        )
        .toolset("audiences"),
    ]
}

/// List the account's audiences (lists): id, name, member and unsubscribe counts, rates,
/// defaults. Returns `lists`, `total_items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetAllAudiences {
    /// Page size, 1-1000 (default 10)
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Klavis's name for `limit`
    count: Option<Count>,
    /// Items to skip (Klavis's paging; `cursor` wins)
    offset: Option<Count>,
}

async fn get_all_audiences(ctx: Ctx, a: GetAllAudiences) -> Result<Value, ToolError> {
    let (count, offset) = page(a.limit, a.count, a.cursor.as_deref(), a.offset)?;
    let v: Value = get(&ctx, "/lists", "_links,lists._links")?
        .query("count", count)
        .query("offset", offset)
        .send_json()
        .await?;
    Ok(paged(&v, "lists", audience, offset))
}

/// The audience's postal contact, shown in campaign footers (Mailchimp requires company,
/// address1, city and country).
#[derive(Deserialize, Serialize, JsonSchema, Default)]
pub struct Contact {
    #[serde(skip_serializing_if = "Option::is_none")]
    company: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    address1: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    address2: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    city: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    zip: Option<String>,
    /// Two-letter country code
    #[serde(skip_serializing_if = "Option::is_none")]
    country: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    phone: Option<String>,
}

/// Create an audience (list) with its contact and campaign defaults. Returns the audience.
#[derive(Deserialize, JsonSchema)]
pub struct CreateAudience {
    name: String,
    contact: Contact,
    /// Why people get the e-mails ("You signed up on our site")
    permission_reminder: String,
    /// Default sender name of campaigns
    from_name: String,
    /// Default sender address of campaigns
    from_email: String,
    /// Default subject of campaigns
    subject: String,
    /// Language code of forms and defaults, e.g. `en`, `fr`
    #[schemars(extend("default" = "en"))]
    language: Option<String>,
    /// Let members choose HTML or plain-text e-mail
    #[schemars(extend("default" = false))]
    email_type_option: Option<bool>,
    /// Ask new members to confirm by e-mail
    #[schemars(extend("default" = false))]
    double_optin: Option<bool>,
    /// Whether a welcome automation is connected
    #[schemars(extend("default" = false))]
    has_welcome: Option<bool>,
}

async fn create_audience(ctx: Ctx, a: CreateAudience) -> Result<Value, ToolError> {
    let body = json!({
        "name": non_empty(&a.name, "name")?,
        "contact": a.contact,
        "permission_reminder": non_empty(&a.permission_reminder, "permission_reminder")?,
        "campaign_defaults": {
            "from_name": non_empty(&a.from_name, "from_name")?,
            "from_email": non_empty(&a.from_email, "from_email")?,
            "subject": a.subject,
            "language": a.language.as_deref().map(str::trim).filter(|l| !l.is_empty()).unwrap_or("en"),
        },
        "email_type_option": a.email_type_option.unwrap_or(false),
    });
    let mut body = body.as_object().cloned().unwrap_or_default();
    insert_opt(&mut body, "double_optin", a.double_optin);
    insert_opt(&mut body, "has_welcome", a.has_welcome);
    let v: Value = request(&ctx, Method::POST, "/lists")?
        .json(&body)
        .send_json()
        .await?;
    Ok(audience(&v))
}

/// One audience by id: name, counts, rates, contact and campaign defaults.
#[derive(Deserialize, JsonSchema)]
pub struct GetAudienceInfo {
    /// Audience (list) id, e.g. `a1b2c3d4e5`
    list_id: String,
}

async fn get_audience_info(ctx: Ctx, a: GetAudienceInfo) -> Result<Value, ToolError> {
    let path = format!("/lists/{}", id(&a.list_id, "list_id")?);
    let v: Value = get(&ctx, &path, "_links")?.send_json().await?;
    Ok(audience(&v))
}

/// Change an audience's settings. Mailchimp's update requires the name, contact, permission
/// reminder, campaign defaults and email format option in every request, so the audience is
/// read first and those current settings are sent with the fields given, which replace them
/// (contact and campaign defaults field by field). Returns the audience.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateAudience {
    list_id: String,
    name: Option<String>,
    contact: Option<Contact>,
    permission_reminder: Option<String>,
    /// Default sender name of campaigns
    from_name: Option<String>,
    /// Default sender address of campaigns
    from_email: Option<String>,
    /// Default subject of campaigns
    subject: Option<String>,
    /// Language code, e.g. `en`
    language: Option<String>,
    email_type_option: Option<bool>,
    double_optin: Option<bool>,
    has_welcome: Option<bool>,
}

/// The fields Mailchimp's "Update lists" (`PATCH /lists/{list_id}`) requires in its body.
const UPDATE_REQUIRED: &[&str] = &[
    "name",
    "contact",
    "permission_reminder",
    "campaign_defaults",
    "email_type_option",
];

/// The fields of the update body's `contact` and `campaign_defaults` objects.
const CONTACT_FIELDS: &[&str] = &[
    "company", "address1", "address2", "city", "state", "zip", "country", "phone",
];
const DEFAULTS_FIELDS: &[&str] = &["from_name", "from_email", "subject", "language"];

/// The object at `key` of `v`, keeping only `fields` (no read-only or unknown fields).
fn sub_object(v: &Value, key: &str, fields: &[&str]) -> Map<String, Value> {
    let Some(o) = v.get(key).and_then(Value::as_object) else {
        return Map::new();
    };
    fields
        .iter()
        .filter_map(|f| Some(((*f).to_owned(), o.get(*f).filter(|x| !x.is_null())?.clone())))
        .collect()
}

/// The update body: the audience's current required settings (`current`, the answer of
/// `GET /lists/{list_id}`) with the `changes` laid over them; `contact` and
/// `campaign_defaults` are merged field by field. Nothing else of `current` is sent.
fn merged_update(current: &Value, changes: Map<String, Value>) -> Map<String, Value> {
    let mut body = Map::new();
    for key in UPDATE_REQUIRED {
        let value = match *key {
            "contact" => Some(Value::Object(sub_object(current, key, CONTACT_FIELDS))),
            "campaign_defaults" => Some(Value::Object(sub_object(current, key, DEFAULTS_FIELDS))),
            _ => current.get(*key).filter(|x| !x.is_null()).cloned(),
        };
        if let Some(v) = value {
            body.insert((*key).to_owned(), v);
        }
    }
    for (key, value) in changes {
        match (body.get_mut(&key), value) {
            (Some(Value::Object(base)), Value::Object(given))
                if key == "contact" || key == "campaign_defaults" =>
            {
                base.extend(given);
            }
            (_, value) => {
                body.insert(key, value);
            }
        }
    }
    body
}

async fn update_audience(ctx: Ctx, a: UpdateAudience) -> Result<Value, ToolError> {
    let path = format!("/lists/{}", id(&a.list_id, "list_id")?);
    let mut changes = Map::new();
    insert_opt(&mut changes, "name", a.name);
    insert_opt(&mut changes, "contact", a.contact);
    insert_opt(&mut changes, "permission_reminder", a.permission_reminder);
    let mut defaults = Map::new();
    insert_opt(&mut defaults, "from_name", a.from_name);
    insert_opt(&mut defaults, "from_email", a.from_email);
    insert_opt(&mut defaults, "subject", a.subject);
    insert_opt(&mut defaults, "language", a.language);
    if !defaults.is_empty() {
        changes.insert("campaign_defaults".into(), Value::Object(defaults));
    }
    insert_opt(&mut changes, "email_type_option", a.email_type_option);
    insert_opt(&mut changes, "double_optin", a.double_optin);
    insert_opt(&mut changes, "has_welcome", a.has_welcome);
    if changes.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of name, contact, permission_reminder, from_name, from_email, subject, language, email_type_option, double_optin, has_welcome.",
        ));
    }
    let current: Value = request(&ctx, Method::GET, &path)?
        .query("fields", UPDATE_REQUIRED.join(","))
        .send_json()
        .await
        .map_err(|e| {
            e.context(format!(
                "Reading audience `{}` before updating it (Mailchimp's update needs its current name, contact, permission reminder, campaign defaults and email format option); nothing was changed",
                a.list_id.trim()
            ))
        })?;
    let body = merged_update(&current, changes);
    let v: Value = request(&ctx, Method::PATCH, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(audience(&v))
}

/// Delete an audience with all its members, reports and signup forms, for good (it cannot
/// be undone).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteAudience {
    list_id: String,
}

async fn delete_audience(ctx: Ctx, a: DeleteAudience) -> Result<Value, ToolError> {
    let list = id(&a.list_id, "list_id")?;
    request(&ctx, Method::DELETE, &format!("/lists/{list}"))?
        .send()
        .await?;
    Ok(json!({"deleted": true, "list_id": a.list_id.trim()}))
}
