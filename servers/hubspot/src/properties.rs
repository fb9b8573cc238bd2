//! Properties (the schema of an object type) and the CRM search API.

use crate::api::{self, Count};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "hubspot_list_properties",
            "List properties",
            Effect::Read,
            list_properties,
        )
        .toolset("properties"),
        tool(
            "hubspot_create_property",
            "Create property",
            Effect::Write,
            create_property,
        )
        .toolset("properties"),
        tool(
            "hubspot_search_by_property",
            "Search by property",
            Effect::Read,
            search,
        )
        .toolset("properties"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ObjectType {
    Contacts,
    Companies,
    Deals,
    Tickets,
}

impl ObjectType {
    pub fn path(self) -> &'static str {
        match self {
            ObjectType::Contacts => "contacts",
            ObjectType::Companies => "companies",
            ObjectType::Deals => "deals",
            ObjectType::Tickets => "tickets",
        }
    }

    /// The default property group of the type (where HubSpot's UI puts new properties).
    fn group(self) -> &'static str {
        match self {
            ObjectType::Contacts => "contactinformation",
            ObjectType::Companies => "companyinformation",
            ObjectType::Deals => "dealinformation",
            ObjectType::Tickets => "ticketinformation",
        }
    }
}

/// List the properties of an object type (name, label, type, field type, group, and the
/// options of enumerations): the names to use in create, update and search.
#[derive(Deserialize, JsonSchema)]
pub struct ListProperties {
    object_type: ObjectType,
}

async fn list_properties(ctx: Ctx, a: ListProperties) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("/crm/v3/properties/{}", a.object_type.path()),
        )?
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|p| p.get("hidden").and_then(Value::as_bool) != Some(true))
        .map(property)
        .collect();
    Ok(json!({ "items": items }))
}

fn property(p: &Value) -> Value {
    let mut out = Map::new();
    for k in ["name", "label", "type", "fieldType", "groupName"] {
        out.insert(k.into(), p.get(k).cloned().unwrap_or(Value::Null));
    }
    if let Some(d) = p
        .get("description")
        .and_then(Value::as_str)
        .filter(|d| !d.is_empty())
    {
        out.insert("description".into(), json!(d));
    }
    if p.get("calculated").and_then(Value::as_bool) == Some(true)
        || p.pointer("/modificationMetadata/readOnlyValue")
            .and_then(Value::as_bool)
            == Some(true)
    {
        out.insert("readOnly".into(), json!(true));
    }
    let options: Vec<Value> = p
        .get("options")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|o| o.get("hidden").and_then(Value::as_bool) != Some(true))
        .filter_map(|o| o.get("value").cloned())
        .collect();
    if !options.is_empty() {
        out.insert("options".into(), Value::Array(options));
    }
    Value::Object(out)
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum PropertyType {
    String,
    Number,
    Date,
    Datetime,
    Enumeration,
    Bool,
}

/// Create a custom property on an object type. Returns the new property.
#[derive(Deserialize, JsonSchema)]
pub struct CreateProperty {
    /// Internal name: lowercase letters, digits and underscores
    name: String,
    label: String,
    description: String,
    object_type: ObjectType,
    #[serde(rename = "type")]
    #[schemars(extend("default" = "string"))]
    property_type: Option<PropertyType>,
    /// How it is edited in HubSpot (text, textarea, number, date, select, checkbox, booleancheckbox...); default text, or the usual one for `type`
    field_type: Option<String>,
    /// Property group; default the type's main group (e.g. contactinformation)
    group_name: Option<String>,
}

async fn create_property(ctx: Ctx, a: CreateProperty) -> Result<Value, ToolError> {
    let name = non_empty(&a.name, "name")?;
    if !name
        .chars()
        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        || name.starts_with(|c: char| c.is_ascii_digit())
    {
        return Err(ToolError::invalid_input(format!(
            "name {name:?} must be lowercase letters, digits and underscores, starting with a letter (e.g. favorite_color)"
        )));
    }
    let ty = a.property_type.unwrap_or(PropertyType::String);
    let field_type = a.field_type.unwrap_or_else(|| {
        match ty {
            PropertyType::String => "text",
            PropertyType::Number => "number",
            PropertyType::Date | PropertyType::Datetime => "date",
            PropertyType::Enumeration => "select",
            PropertyType::Bool => "booleancheckbox",
        }
        .to_owned()
    });
    let mut body = Map::new();
    body.insert("name".into(), json!(name));
    body.insert("label".into(), json!(non_empty(&a.label, "label")?));
    body.insert("description".into(), json!(a.description));
    body.insert(
        "groupName".into(),
        json!(
            a.group_name
                .unwrap_or_else(|| a.object_type.group().to_owned())
        ),
    );
    body.insert("type".into(), json!(ty));
    body.insert("fieldType".into(), json!(field_type));
    if matches!(ty, PropertyType::Bool) {
        // HubSpot requires the two options of a boolean checkbox.
        body.insert(
            "options".into(),
            json!([
                {"label": "Yes", "value": "true", "displayOrder": 0, "hidden": false},
                {"label": "No", "value": "false", "displayOrder": 1, "hidden": false}
            ]),
        );
    }
    let v: Value = ctx
        .authorized(
            Method::POST,
            &format!("/crm/v3/properties/{}", a.object_type.path()),
        )?
        .json(&body)
        .send_json()
        .await?;
    Ok(property(&v))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Operator {
    Eq,
    Neq,
    Lt,
    Lte,
    Gt,
    Gte,
    Between,
    In,
    NotIn,
    HasProperty,
    NotHasProperty,
    ContainsToken,
    NotContainsToken,
}

/// Search records of an object type by one property (HubSpot's CRM search). Returns the
/// matches with the properties asked for, `total`, and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    object_type: ObjectType,
    /// Property to filter on, e.g. email
    property_name: String,
    operator: Operator,
    /// Value to compare; IN/NOT_IN take a comma-separated list, BETWEEN "low,high"; ignored by HAS_PROPERTY/NOT_HAS_PROPERTY. CONTAINS_TOKEN takes * wildcards
    value: String,
    /// Properties to return, e.g. ["email","firstname"]
    properties: Vec<String>,
    /// 1-200
    #[schemars(extend("default" = 10))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let name = non_empty(&a.property_name, "property_name")?;
    let mut filter = Map::new();
    filter.insert("propertyName".into(), json!(name));
    filter.insert("operator".into(), json!(a.operator));
    let list = || -> Vec<String> {
        a.value
            .split(',')
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect()
    };
    match a.operator {
        Operator::HasProperty | Operator::NotHasProperty => {}
        Operator::In | Operator::NotIn => {
            filter.insert("values".into(), json!(list()));
        }
        Operator::Between => {
            let parts = list();
            let [low, high] = parts.as_slice() else {
                return Err(ToolError::invalid_input(format!(
                    "BETWEEN takes value \"low,high\" (got {:?})",
                    a.value
                )));
            };
            filter.insert("value".into(), json!(low));
            filter.insert("highValue".into(), json!(high));
        }
        _ => {
            filter.insert("value".into(), json!(a.value));
        }
    }
    let properties: Vec<&str> = a
        .properties
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    let mut body = Map::new();
    body.insert("filterGroups".into(), json!([{ "filters": [filter] }]));
    body.insert("properties".into(), json!(properties));
    body.insert("sorts".into(), json!([]));
    body.insert("limit".into(), json!(api::page_size(a.limit, 200)?));
    // The spec requires `after`; "0" is the first page.
    body.insert(
        "after".into(),
        json!(api::cursor(a.cursor.as_deref()).unwrap_or("0")),
    );
    // A search reads: it may be retried after a gateway error.
    let v: Value = ctx
        .authorized(
            Method::POST,
            &format!("/crm/v3/objects/{}/search", a.object_type.path()),
        )?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::records_page(&v))
}
