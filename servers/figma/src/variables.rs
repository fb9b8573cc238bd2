//! Variables (Enterprise orgs): `GET /v1/files/{key}/variables/local|published`,
//! `POST /v1/files/{key}/variables`.

use crate::api::{file_key, request};
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_local_variables",
            "Get local variables",
            Effect::Read,
            get_local_variables,
        )
        .toolset("variables"),
        tool(
            "figma_get_published_variables",
            "Get published variables",
            Effect::Read,
            get_published_variables,
        )
        .toolset("variables"),
        tool(
            "figma_post_variables",
            "Create, update or delete variables",
            Effect::Destructive,
            post_variables,
        )
        .toolset("variables"),
    ]
}

/// `meta.variables` and `meta.variableCollections` (maps by id) as lists of these fields.
fn lists(v: &Value, var: &[&str], coll: &[&str]) -> Value {
    let list = |k: &str, fields: &[&str]| -> Vec<Value> {
        v.pointer(&format!("/meta/{k}"))
            .and_then(Value::as_object)
            .map(|m| m.values().map(|x| pick(x, fields)).collect())
            .unwrap_or_default()
    };
    json!({
        "variableCollections": list("variableCollections", coll),
        "variables": list("variables", var),
    })
}

/// The file's local variables and the remote ones it uses, with their collections: names,
/// types, values by mode (mode ids are in the collection's `modes`).
#[derive(Deserialize, JsonSchema)]
pub struct GetLocalVariables {
    /// File key from the file's URL, or the URL
    file_key: String,
}

async fn get_local_variables(ctx: Ctx, a: GetLocalVariables) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(
        &ctx,
        Method::GET,
        &format!("/v1/files/{key}/variables/local"),
    )?
    .send_json()
    .await?;
    Ok(lists(
        &v,
        &[
            "id",
            "name",
            "key",
            "variableCollectionId",
            "resolvedType",
            "valuesByMode",
            "description",
            "remote",
            "scopes",
        ],
        &[
            "id",
            "name",
            "key",
            "modes",
            "defaultModeId",
            "remote",
            "hiddenFromPublishing",
        ],
    ))
}

/// The variables and collections the file publishes, with the `subscribed_id` other files
/// use for them.
#[derive(Deserialize, JsonSchema)]
pub struct GetPublishedVariables {
    /// Main file key (not a branch), or the file's URL
    file_key: String,
}

async fn get_published_variables(ctx: Ctx, a: GetPublishedVariables) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let v: Value = request(
        &ctx,
        Method::GET,
        &format!("/v1/files/{key}/variables/published"),
    )?
    .send_json()
    .await?;
    Ok(lists(
        &v,
        &[
            "id",
            "subscribed_id",
            "name",
            "key",
            "variableCollectionId",
            "resolvedDataType",
            "updatedAt",
        ],
        &["id", "subscribed_id", "name", "key", "updatedAt"],
    ))
}

/// Bulk create, update and delete variables, collections, modes and values, applied in
/// that order, all or nothing. Each change has `action` (`CREATE`, `UPDATE`, `DELETE`); new
/// objects take a temporary `id` that later changes may refer to. Returns
/// `tempIdToRealId`.
#[derive(Deserialize, JsonSchema)]
pub struct PostVariables {
    /// File key from the file's URL, or the URL
    file_key: String,
    /// Collection changes, e.g. `{"action":"CREATE","id":"c1","name":"Colors"}`
    #[serde(rename = "variableCollections")]
    variable_collections: Option<Vec<Value>>,
    /// Variable changes, e.g. `{"action":"CREATE","id":"v1","name":"primary","variableCollectionId":"c1","resolvedType":"COLOR"}`
    variables: Option<Vec<Value>>,
    /// Mode changes, e.g. `{"action":"CREATE","id":"m1","name":"Dark","variableCollectionId":"c1"}`
    #[serde(rename = "variableModes")]
    variable_modes: Option<Vec<Value>>,
    /// Values, e.g. `{"variableId":"v1","modeId":"m1","value":{"r":1,"g":0,"b":0}}`
    #[serde(rename = "variableModeValues")]
    variable_mode_values: Option<Vec<Value>>,
}

async fn post_variables(ctx: Ctx, a: PostVariables) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let mut body = Map::new();
    for (k, list) in [
        ("variableCollections", a.variable_collections),
        ("variableModes", a.variable_modes),
        ("variables", a.variables),
        ("variableModeValues", a.variable_mode_values),
    ] {
        let Some(list) = list.filter(|l| !l.is_empty()) else {
            continue;
        };
        if let Some(i) = list.iter().position(|x| !x.is_object()) {
            return Err(ToolError::invalid_input(format!(
                "`{k}[{i}]` must be an object"
            )));
        }
        body.insert(k.into(), Value::Array(list));
    }
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "give at least one change in `variableCollections`, `variables`, `variableModes` or `variableModeValues`",
        ));
    }
    let v: Value = request(&ctx, Method::POST, &format!("/v1/files/{key}/variables"))?
        .json(&body)
        .send_json()
        .await?;
    Ok(json!({
        "tempIdToRealId": v.pointer("/meta/tempIdToRealId").cloned().unwrap_or_else(|| json!({}))
    }))
}
