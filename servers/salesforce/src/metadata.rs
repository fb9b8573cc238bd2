//! SOQL queries, the org's object list (describe global) and one object's description.

use crate::api::{self, Count, api_name, record_id};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("salesforce_query", "SOQL query", Effect::Read, query).toolset("metadata"),
        tool(
            "salesforce_describe_object",
            "Describe object",
            Effect::Read,
            describe_object,
        )
        .toolset("metadata"),
        tool(
            "salesforce_describe_global",
            "List objects",
            Effect::Read,
            describe_global,
        )
        .toolset("metadata"),
        tool(
            "salesforce_get_record",
            "Get record",
            Effect::Read,
            get_record,
        )
        .toolset("metadata"),
    ]
}

/// Run a SOQL query, e.g. `SELECT Id, Name FROM Account WHERE Industry = 'Energy'`. Follows
/// result pages up to `limit` records; returns totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct Query {
    /// The SOQL statement
    query: String,
    /// Most records to return (max 2000)
    #[schemars(extend("default" = 200))]
    limit: Option<Count>,
}

async fn query(ctx: Ctx, a: Query) -> Result<Value, ToolError> {
    let q = mcp_shared::non_empty(&a.query, "query")?;
    let n = api::limit(a.limit, 200)?;
    api::query(&ctx, q, n).await
}

/// Describe an object: label, key prefix, permissions and its fields (name, label, type,
/// references). `detailed` adds each field's required flag, length and picklist values.
#[derive(Deserialize, JsonSchema)]
pub struct DescribeObject {
    /// Object API name, e.g. Account, Custom__c
    object_name: String,
    #[schemars(extend("default" = false))]
    detailed: Option<bool>,
}

async fn describe_object(ctx: Ctx, a: DescribeObject) -> Result<Value, ToolError> {
    let name = api_name(&a.object_name, "object_name", false)?;
    let detailed = a.detailed.unwrap_or(false);
    let root = api::data_root(&ctx)?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("{root}/sobjects/{name}/describe"))?
        .send_json()
        .await?;
    let fields: Vec<Value> = v["fields"]
        .as_array()
        .map(|fs| fs.iter().map(|f| field(f, detailed)).collect())
        .unwrap_or_default();
    let mut out = json!({
        "name": v.get("name"), "label": v.get("label"), "keyPrefix": v.get("keyPrefix"),
        "custom": v.get("custom"), "createable": v.get("createable"),
        "updateable": v.get("updateable"), "deletable": v.get("deletable"),
        "queryable": v.get("queryable"), "fields": fields,
    });
    if detailed {
        let rels: Vec<Value> = v["childRelationships"]
            .as_array()
            .map(|rs| {
                rs.iter()
                    .filter(|r| r.get("relationshipName").is_some_and(|n| !n.is_null()))
                    .map(|r| json!({"object": r.get("childSObject"), "field": r.get("field"), "relationship": r.get("relationshipName")}))
                    .collect()
            })
            .unwrap_or_default();
        out["childRelationships"] = Value::Array(rels);
    }
    Ok(out)
}

fn field(f: &Value, detailed: bool) -> Value {
    let mut o = json!({"name": f.get("name"), "label": f.get("label"), "type": f.get("type")});
    if let Some(r) = f
        .get("referenceTo")
        .filter(|r| r.as_array().is_some_and(|a| !a.is_empty()))
    {
        o["referenceTo"] = r.clone();
    }
    if detailed {
        let b = |k: &str| f.get(k).and_then(Value::as_bool).unwrap_or(false);
        o["required"] = json!(b("createable") && !b("nillable") && !b("defaultedOnCreate"));
        o["updateable"] = json!(b("updateable"));
        if let Some(l) = f
            .get("length")
            .filter(|l| l.as_u64().is_some_and(|n| n > 0))
        {
            o["length"] = l.clone();
        }
        if let Some(r) = f.get("relationshipName").filter(|r| !r.is_null()) {
            o["relationshipName"] = r.clone();
        }
        let values: Vec<Value> = f["picklistValues"]
            .as_array()
            .map(|ps| {
                ps.iter()
                    .filter(|p| p.get("active") != Some(&Value::Bool(false)))
                    .filter_map(|p| p.get("value").cloned())
                    .collect()
            })
            .unwrap_or_default();
        if !values.is_empty() {
            o["picklistValues"] = Value::Array(values);
        }
    }
    o
}

/// List the org's objects (standard and custom): API name, label, custom flag, key prefix.
#[derive(Deserialize, JsonSchema)]
pub struct DescribeGlobal {
    /// Only objects whose name or label contains this text (case-insensitive)
    search: Option<String>,
    /// Only custom objects
    #[schemars(extend("default" = false))]
    custom_only: Option<bool>,
    #[schemars(extend("default" = 200))]
    limit: Option<Count>,
}

async fn describe_global(ctx: Ctx, a: DescribeGlobal) -> Result<Value, ToolError> {
    let root = api::data_root(&ctx)?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("{root}/sobjects/"))?
        .send_json()
        .await?;
    let needle = a
        .search
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_lowercase);
    let custom_only = a.custom_only.unwrap_or(false);
    let max = usize::try_from(a.limit.map_or(200, Count::get).max(1)).unwrap_or(usize::MAX);
    let matching: Vec<&Value> = v["sobjects"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|o| !custom_only || o.get("custom") == Some(&Value::Bool(true)))
                .filter(|o| {
                    needle.as_deref().is_none_or(|n| {
                        ["name", "label"].iter().any(|k| {
                            o.get(*k)
                                .and_then(Value::as_str)
                                .is_some_and(|s| s.to_lowercase().contains(n))
                        })
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let objects: Vec<Value> = matching
        .iter()
        .take(max)
        .map(|o| json!({"name": o.get("name"), "label": o.get("label"), "custom": o.get("custom"), "keyPrefix": o.get("keyPrefix")}))
        .collect();
    let mut out = json!({"total": matching.len(), "objects": objects});
    if matching.len() > max {
        out["note"] = json!(format!(
            "{} more objects match; narrow with search or raise limit",
            matching.len() - max
        ));
    }
    Ok(out)
}

/// Get one record of any object by id, with the fields asked for (all fields by default).
#[derive(Deserialize, JsonSchema)]
pub struct GetRecord {
    /// Object API name, e.g. Account, Custom__c
    object_name: String,
    record_id: String,
    /// Field API names to return
    fields: Option<Vec<String>>,
}

async fn get_record(ctx: Ctx, a: GetRecord) -> Result<Value, ToolError> {
    let name = api_name(&a.object_name, "object_name", false)?;
    let id = record_id(&a.record_id, "record_id")?;
    let fields = a
        .fields
        .unwrap_or_default()
        .iter()
        .map(|f| api_name(f, "fields", true))
        .collect::<Result<Vec<_>, _>>()?;
    let root = api::data_root(&ctx)?;
    let mut req = ctx.authorized(Method::GET, &format!("{root}/sobjects/{name}/{id}"))?;
    if !fields.is_empty() {
        req = req.query("fields", fields.join(","));
    }
    let v: Value = req.send_json().await?;
    Ok(api::clean(&v))
}
