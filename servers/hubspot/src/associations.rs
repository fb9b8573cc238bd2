//! Associations v4 between records (contacts, companies, deals, tickets): single and batch.

use crate::api::{self, Count};
use crate::properties::ObjectType;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "hubspot_create_association",
            "Create association",
            Effect::IdempotentWrite,
            create,
        )
        .toolset("associations"),
        tool(
            "hubspot_delete_association",
            "Delete association",
            Effect::Destructive,
            delete,
        )
        .toolset("associations"),
        tool(
            "hubspot_get_associations",
            "Get associations",
            Effect::Read,
            get,
        )
        .toolset("associations"),
        tool(
            "hubspot_batch_create_associations",
            "Batch create associations",
            Effect::IdempotentWrite,
            batch_create,
        )
        .toolset("associations"),
    ]
}

// Who defined an association type.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default)]
pub enum Category {
    #[default]
    #[serde(rename = "HUBSPOT_DEFINED")]
    Hubspot,
    #[serde(rename = "USER_DEFINED")]
    User,
    #[serde(rename = "INTEGRATOR_DEFINED")]
    Integrator,
}

fn spec(type_id: Count, category: Option<Category>) -> Value {
    json!({"associationCategory": category.unwrap_or_default(), "associationTypeId": type_id.get()})
}

/// Associate two records. Without `association_type_id` HubSpot's default (unlabeled) type
/// is used; with one (e.g. a label's id from HubSpot's association labels) that type.
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    from_object_type: ObjectType,
    from_object_id: String,
    to_object_type: ObjectType,
    to_object_id: String,
    association_type_id: Option<Count>,
    /// Category of `association_type_id`
    #[schemars(extend("default" = "HUBSPOT_DEFINED"))]
    association_category: Option<Category>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let from = api::id(&a.from_object_id, "from_object_id")?;
    let to = api::id(&a.to_object_id, "to_object_id")?;
    let (f, t) = (a.from_object_type.path(), a.to_object_type.path());
    let v: Value = match a.association_type_id {
        None => {
            ctx.authorized(
                Method::PUT,
                &format!("/crm/v4/objects/{f}/{from}/associations/default/{t}/{to}"),
            )?
            .send_json()
            .await?
        }
        Some(id) => {
            ctx.authorized(
                Method::PUT,
                &format!("/crm/v4/objects/{f}/{from}/associations/{t}/{to}"),
            )?
            .json(&json!([spec(id, a.association_category)]))
            .send_json()
            .await?
        }
    };
    Ok(associated(&v))
}

/// The answer of an association write, kept short: the pairs (`from`, `to`, and the
/// association type or labels), the batch status and any errors.
fn associated(v: &Value) -> Value {
    let pair = |r: &Value| {
        let id = |a: &str, b: &str| {
            r.pointer(a)
                .or_else(|| r.get(b))
                .cloned()
                .unwrap_or(Value::Null)
        };
        let mut p =
            json!({"from": id("/from/id", "fromObjectId"), "to": id("/to/id", "toObjectId")});
        if let Some(t) = r.pointer("/associationSpec/associationTypeId") {
            p["associationTypeId"] = t.clone();
        }
        if let Some(l) = r.get("labels") {
            p["labels"] = l.clone();
        }
        p
    };
    let Some(results) = v.get("results").and_then(Value::as_array) else {
        return pair(v);
    };
    let mut out = json!({
        "status": v.get("status").cloned().unwrap_or(Value::Null),
        "items": results.iter().map(pair).collect::<Vec<_>>(),
    });
    if let Some(e) = v
        .get("errors")
        .and_then(Value::as_array)
        .filter(|e| !e.is_empty())
    {
        let msgs: Vec<Value> = e.iter().filter_map(|x| x.get("message").cloned()).collect();
        out["errors"] = json!(msgs);
    }
    out
}

/// Remove associations between two records: all of them, or only the type
/// `association_type_id`.
#[derive(Deserialize, JsonSchema)]
pub struct Delete {
    from_object_type: ObjectType,
    from_object_id: String,
    to_object_type: ObjectType,
    to_object_id: String,
    /// Remove only this association type (label); the records stay associated by others
    association_type_id: Option<Count>,
    /// Category of `association_type_id`
    #[schemars(extend("default" = "HUBSPOT_DEFINED"))]
    association_category: Option<Category>,
}

async fn delete(ctx: Ctx, a: Delete) -> Result<Value, ToolError> {
    let from = api::id(&a.from_object_id, "from_object_id")?;
    let to = api::id(&a.to_object_id, "to_object_id")?;
    let (f, t) = (a.from_object_type.path(), a.to_object_type.path());
    match a.association_type_id {
        None => {
            api::delete(
                &ctx,
                &format!("/crm/v4/objects/{f}/{from}/associations/{t}/{to}"),
            )
            .await?;
        }
        Some(id) => {
            ctx.authorized(
                Method::POST,
                &format!("/crm/v4/associations/{f}/{t}/batch/labels/archive"),
            )?
            .json(&json!({"inputs": [{
                "from": {"id": from},
                "to": {"id": to},
                "types": [spec(id, a.association_category)],
            }]}))
            .idempotent(true)
            .send()
            .await?;
        }
    }
    Ok(json!({"from": from, "to": to, "removed": true}))
}

/// List the records of one type associated with a record: their ids and association types
/// (labels), a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct Get {
    from_object_type: ObjectType,
    from_object_id: String,
    to_object_type: ObjectType,
    /// 1-500
    #[schemars(extend("default" = 500))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let from = api::id(&a.from_object_id, "from_object_id")?;
    let limit = match a.limit.map(Count::get) {
        None => 500,
        Some(n @ 1..=500) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "limit must be between 1 and 500 (got {n})"
            )));
        }
    };
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!(
                "/crm/v4/objects/{}/{from}/associations/{}",
                a.from_object_type.path(),
                a.to_object_type.path()
            ),
        )?
        .query("limit", limit)
        .query_opt("after", api::cursor(a.cursor.as_deref()))
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|r| {
            let types: Vec<Value> = r
                .get("associationTypes")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .map(|t| {
                    json!({
                        "typeId": t.get("typeId").cloned().unwrap_or(Value::Null),
                        "category": t.get("category").cloned().unwrap_or(Value::Null),
                        "label": t.get("label").cloned().unwrap_or(Value::Null),
                    })
                })
                .collect();
            json!({"id": r.get("toObjectId").cloned().unwrap_or(Value::Null), "types": types})
        })
        .collect();
    Ok(json!({"items": items, "next_cursor": api::next_cursor(&v)}))
}

/// Associate one record with several records of one type (at most 100 at once), with the
/// default type or `association_type_id`. Returns the pairs created and any errors.
#[derive(Deserialize, JsonSchema)]
pub struct BatchCreate {
    from_object_type: ObjectType,
    from_object_id: String,
    to_object_type: ObjectType,
    to_object_ids: Vec<String>,
    association_type_id: Option<Count>,
    /// Category of `association_type_id`
    #[schemars(extend("default" = "HUBSPOT_DEFINED"))]
    association_category: Option<Category>,
}

async fn batch_create(ctx: Ctx, a: BatchCreate) -> Result<Value, ToolError> {
    let from = api::id(&a.from_object_id, "from_object_id")?;
    let to: Vec<String> = a
        .to_object_ids
        .iter()
        .filter(|s| !s.trim().is_empty())
        .map(|s| api::id(s, "to_object_ids"))
        .collect::<Result<_, _>>()?;
    if to.is_empty() || to.len() > 100 {
        return Err(ToolError::invalid_input(format!(
            "to_object_ids must list 1 to 100 ids (got {})",
            to.len()
        )));
    }
    let (f, t) = (a.from_object_type.path(), a.to_object_type.path());
    let req = match a.association_type_id {
        None => ctx
            .authorized(
                Method::POST,
                &format!("/crm/v4/associations/{f}/{t}/batch/associate/default"),
            )?
            .json(&json!({"inputs": to.iter().map(|id| json!({"from": {"id": from}, "to": {"id": id}})).collect::<Vec<_>>()})),
        Some(type_id) => {
            let s = spec(type_id, a.association_category);
            ctx.authorized(
                Method::POST,
                &format!("/crm/v4/associations/{f}/{t}/batch/create"),
            )?
            .json(&json!({"inputs": to.iter().map(|id| json!({"from": {"id": from}, "to": {"id": id}, "types": [s]})).collect::<Vec<_>>()}))
        }
    };
    // Associating twice leaves one association: safe to retry after a gateway error.
    let v: Value = req.idempotent(true).send_json().await?;
    Ok(associated(&v))
}
