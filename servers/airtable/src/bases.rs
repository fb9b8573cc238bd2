//! Bases and their schema (Airtable's metadata API): `GET /meta/bases`, `GET /meta/whoami`,
//! `GET|POST /meta/bases/{baseId}/tables`, `PATCH /meta/bases/{baseId}/tables/{tableIdOrName}`,
//! `POST /meta/bases/{baseId}/tables/{tableId}/fields` and
//! `PATCH /meta/bases/{baseId}/tables/{tableId}/fields/{columnId}`.

use crate::api::{base, opt, send};
use crate::atlas;
use mcp_shared::json::{map_array, pick, update_body};
use mcp_shared::{
    Ctx, Effect, Method, Output, Profile, ToolDef, ToolError, non_empty, seg_id, tool,
};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "airtable_list_bases_info",
            "List bases",
            Effect::Read,
            list_bases,
        )
        .toolset("bases")
        .profile(Profile::Atlas, "list_bases"),
        tool(
            "airtable_list_tables_info",
            "List tables",
            Effect::Read,
            list_tables,
        )
        .toolset("bases")
        .profile(Profile::Atlas, "list_tables"),
        tool(
            "airtable_get_base_schema",
            "Get base schema",
            Effect::Read,
            get_base_schema,
        )
        .toolset("bases"),
        tool(
            "airtable_get_user_info",
            "Get token user and scopes",
            Effect::Read,
            whoami,
        )
        .toolset("bases"),
        tool(
            "airtable_create_table",
            "Create table",
            Effect::Write,
            create_table,
        )
        .toolset("tables"),
        tool(
            "airtable_update_table",
            "Update table",
            Effect::IdempotentWrite,
            update_table,
        )
        .toolset("tables"),
        tool(
            "airtable_create_field",
            "Create field",
            Effect::Write,
            create_field,
        )
        .toolset("tables"),
        tool(
            "airtable_update_field",
            "Update field",
            Effect::IdempotentWrite,
            update_field,
        )
        .toolset("tables"),
    ]
}

/// A field as listed: id, name, type (Airtable's, e.g. `singleLineText`, `singleSelect`,
/// `multipleRecordLinks`) and description.
fn field(f: &Value) -> Value {
    pick(f, &["id", "name", "type", "description"])
}

/// A table as listed: its fields with their types, its views.
fn table(t: &Value) -> Value {
    let mut out = pick(t, &["id", "name", "description", "primaryFieldId"]);
    if let Some(m) = out.as_object_mut() {
        m.insert(
            "fields".into(),
            map_array(t.get("fields").unwrap_or(&Value::Null), field),
        );
        if let Some(views) = t.get("views") {
            m.insert(
                "views".into(),
                map_array(views, |v| pick(v, &["id", "name", "type"])),
            );
        }
    }
    out
}

/// List the bases the token can reach: id, name, `permissionLevel`. A page at a time: pass
/// the returned `offset` for the next (null on the last page).
#[derive(Deserialize, JsonSchema)]
pub struct ListBases {
    /// `offset` of the previous page
    offset: Option<String>,
}

async fn list_bases(ctx: Ctx, a: ListBases) -> Result<Output, ToolError> {
    let req = ctx
        .authorized(Method::GET, "/meta/bases")?
        .query_opt("offset", opt(&a.offset));
    let v = send(&ctx, None, req).await?;
    let bases = map_array(v.get("bases").unwrap_or(&Value::Null), |b| {
        pick(b, &["id", "name", "permissionLevel"])
    });
    let offset = v.get("offset").cloned().unwrap_or(Value::Null);
    if ctx.profile() == Profile::Atlas {
        // That server prints the bases array; the next page, if any, is said after it.
        let note = offset
            .as_str()
            .map(|o| format!("More bases: call list_bases again with offset \"{o}\"."));
        let items = bases.as_array().cloned().unwrap_or_default();
        return Ok(atlas::array(items, note));
    }
    Ok(json!({ "bases": bases, "offset": offset }).into())
}

/// List a base's tables: id, name, description, primary field, fields (id, name, type) and
/// views. Field options (select choices, linked tables) are in airtable_get_base_schema.
#[derive(Deserialize, JsonSchema)]
pub struct ListTables {
    /// Base id (`app...`)
    base_id: String,
}

async fn list_tables(ctx: Ctx, a: ListTables) -> Result<Output, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let req = ctx.authorized(Method::GET, &format!("/meta/bases/{b}/tables"))?;
    let v = send(&ctx, Some(&key), req).await?;
    let tables = v.get("tables").unwrap_or(&Value::Null);
    if ctx.profile() == Profile::Atlas {
        // That server prints Airtable's tables as they come: fields with their options
        // (select choices, linked tables), which its profile has no other tool to read.
        let items = tables.as_array().cloned().unwrap_or_default();
        return Ok(atlas::array(items, None));
    }
    Ok(json!({ "tables": map_array(tables, table) }).into())
}

/// Get the full schema of a base, or of the tables named: each field as Airtable defines it
/// (type and `options`: select choices, linked table, number precision...) and each view
/// with its visible field ids.
#[derive(Deserialize, JsonSchema)]
pub struct GetBaseSchema {
    /// Base id (`app...`)
    base_id: String,
    /// Only these tables (ids or names); all when absent
    tables: Option<Vec<String>>,
}

async fn get_base_schema(ctx: Ctx, a: GetBaseSchema) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let req = ctx
        .authorized(Method::GET, &format!("/meta/bases/{b}/tables"))?
        .query("include[]", "visibleFieldIds");
    let v = send(&ctx, Some(&key), req).await?;
    let all = v
        .get("tables")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let wanted: Vec<&str> = a
        .tables
        .iter()
        .flatten()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect();
    if wanted.is_empty() {
        return Ok(json!({ "tables": all }));
    }
    let named = |t: &Value, w: &str| t["id"] == w || t["name"] == w;
    let missing: Vec<&str> = wanted
        .iter()
        .copied()
        .filter(|w| !all.iter().any(|t| named(t, w)))
        .collect();
    if !missing.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "no table {} in base {key}; its tables are: {}",
            missing.join(", "),
            all.iter()
                .filter_map(|t| t["name"].as_str())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let tables: Vec<Value> = all
        .into_iter()
        .filter(|t| wanted.iter().any(|w| named(t, w)))
        .collect();
    Ok(json!({ "tables": tables }))
}

/// Who the token acts as: user id, email (with the `user.email:read` scope) and, for OAuth
/// tokens, their scopes.
#[derive(Deserialize, JsonSchema)]
pub struct Whoami {}

async fn whoami(ctx: Ctx, _: Whoami) -> Result<Value, ToolError> {
    let req = ctx.authorized(Method::GET, "/meta/whoami")?;
    let v = send(&ctx, None, req).await?;
    Ok(pick(&v, &["id", "email", "scopes"]))
}

/// Create a table in a base. Returns it with its fields (ids, types) and views.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTable {
    /// Base id (`app...`)
    base_id: String,
    name: String,
    description: Option<String>,
    /// `{"name", "type", "description"?, "options"?}` each, the first the primary field;
    /// types as for airtable_create_field
    fields: Vec<Map<String, Value>>,
}

async fn create_table(ctx: Ctx, a: CreateTable) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let name = non_empty(&a.name, "name")?;
    if a.fields.is_empty() {
        return Err(ToolError::invalid_input(
            "`fields` must name at least one field (the first is the table's primary field), e.g. [{\"name\": \"Name\", \"type\": \"singleLineText\"}]",
        ));
    }
    let named = |f: &Map<String, Value>, k: &str| {
        f.get(k)
            .and_then(Value::as_str)
            .is_some_and(|s| !s.trim().is_empty())
    };
    if let Some(i) = a
        .fields
        .iter()
        .position(|f| !(named(f, "name") && named(f, "type")))
    {
        return Err(ToolError::invalid_input(format!(
            "`fields[{i}]` needs a `name` and a `type` (e.g. {{\"name\": \"Notes\", \"type\": \"multilineText\"}})"
        )));
    }
    let mut body = json!({ "name": name, "fields": a.fields });
    if let (Some(m), Some(d)) = (body.as_object_mut(), opt(&a.description)) {
        m.insert("description".into(), json!(d));
    }
    let req = ctx
        .authorized(Method::POST, &format!("/meta/bases/{b}/tables"))?
        .json(&body);
    let v = send(&ctx, Some(&key), req).await?;
    Ok(table(&v))
}

#[derive(Serialize, JsonSchema)]
struct Changes<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<&'a str>,
}

/// Rename a table or change its description (at least one). Returns the table.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTable {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`) or name
    table_id: String,
    name: Option<String>,
    description: Option<String>,
}

async fn update_table(ctx: Ctx, a: UpdateTable) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    let body = update_body(&Changes {
        name: opt(&a.name),
        description: a.description.as_deref(),
    })?;
    let req = ctx
        .authorized(Method::PATCH, &format!("/meta/bases/{b}/tables/{t}"))?
        .json(&body)
        .idempotent(true);
    let v = send(&ctx, Some(&key), req).await?;
    Ok(table(&v))
}

/// Add a field to a table; returns it with its id. `type` is an Airtable field type
/// (`singleLineText`, `number`, `singleSelect`, `multipleRecordLinks`...), `options` what it
/// takes (`{"choices": [{"name": "A"}]}`, `{"precision": 2}`, `{"linkedTableId": "tbl..."}`).
#[derive(Deserialize, JsonSchema)]
pub struct CreateField {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`)
    table_id: String,
    name: String,
    #[serde(rename = "type")]
    kind: String,
    description: Option<String>,
    options: Option<Map<String, Value>>,
}

async fn create_field(ctx: Ctx, a: CreateField) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    let mut body = Map::new();
    body.insert("name".into(), json!(non_empty(&a.name, "name")?));
    body.insert("type".into(), json!(non_empty(&a.kind, "type")?));
    if let Some(d) = opt(&a.description) {
        body.insert("description".into(), json!(d));
    }
    if let Some(o) = a.options {
        body.insert("options".into(), Value::Object(o));
    }
    let req = ctx
        .authorized(Method::POST, &format!("/meta/bases/{b}/tables/{t}/fields"))?
        .json(&body);
    let v = send(&ctx, Some(&key), req).await?;
    Ok(pick(&v, &["id", "name", "type", "description", "options"]))
}

/// Rename a field or change its description (at least one); its type cannot be changed
/// through the API. Returns the field.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateField {
    /// Base id (`app...`)
    base_id: String,
    /// Table id (`tbl...`)
    table_id: String,
    /// Field id (`fld...`)
    field_id: String,
    name: Option<String>,
    description: Option<String>,
}

async fn update_field(ctx: Ctx, a: UpdateField) -> Result<Value, ToolError> {
    let (key, b) = base(&a.base_id)?;
    let t = seg_id(&a.table_id, "table_id")?;
    let f = seg_id(&a.field_id, "field_id")?;
    let body = update_body(&Changes {
        name: opt(&a.name),
        description: a.description.as_deref(),
    })?;
    let req = ctx
        .authorized(
            Method::PATCH,
            &format!("/meta/bases/{b}/tables/{t}/fields/{f}"),
        )?
        .json(&body)
        .idempotent(true);
    let v = send(&ctx, Some(&key), req).await?;
    Ok(pick(&v, &["id", "name", "type", "description", "options"]))
}
