//! Initiatives and the projects they group.

use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, gql, list, page_vars, payload};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("initiatives");
    vec![
        t(tool(
            "linear_get_initiatives",
            "Get initiatives",
            Effect::Read,
            get_initiatives,
        )),
        t(tool(
            "linear_get_initiative_by_id",
            "Get initiative",
            Effect::Read,
            get_initiative_by_id,
        )),
        t(tool(
            "linear_create_initiative",
            "Create initiative",
            Effect::Write,
            create_initiative,
        )),
        t(tool(
            "linear_update_initiative",
            "Update initiative",
            Effect::IdempotentWrite,
            update_initiative,
        )),
        t(tool(
            "linear_add_project_to_initiative",
            "Add project to initiative",
            Effect::Write,
            add_project_to_initiative,
        )),
        t(tool(
            "linear_remove_project_from_initiative",
            "Remove project from initiative",
            Effect::Destructive,
            remove_project_from_initiative,
        )),
    ]
}

const LIST: &str = "query Initiatives($first: Int, $after: String, $filter: InitiativeFilter) { initiatives(first: $first, after: $after, filter: $filter) { nodes { id name description status targetDate url color icon owner { id name } } pageInfo { hasNextPage endCursor } } }";

/// List initiatives: name, status, owner, target date.
#[derive(Deserialize, JsonSchema)]
pub struct GetInitiatives {
    /// At most this many (default 50, max 250)
    limit: Option<u64>,
    /// A Linear InitiativeFilter object, e.g. {"status": {"eq": "Active"}}
    filter: Option<Map<String, Value>>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_initiatives(ctx: Ctx, a: GetInitiatives) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 50);
    insert_opt(&mut vars, "filter", a.filter.map(Value::Object));
    let data = gql(&ctx, "Initiatives", LIST, Value::Object(vars)).await?;
    Ok(list(
        data.get("initiatives"),
        "initiatives",
        api::initiative,
    ))
}

const GET: &str = "query Initiative($id: String!) { initiative(id: $id) { id name description status targetDate url color icon owner { id name } projects(first: 50) { nodes { id name url status { name } } } } }";

/// Get one initiative with its projects.
#[derive(Deserialize, JsonSchema)]
pub struct GetInitiativeById {
    initiative_id: String,
}

async fn get_initiative_by_id(ctx: Ctx, a: GetInitiativeById) -> Result<Value, ToolError> {
    let data = gql(&ctx, "Initiative", GET, json!({"id": a.initiative_id})).await?;
    let i = &data["initiative"];
    let mut out = api::initiative(i);
    if let Some(p) = i["projects"]["nodes"].as_array() {
        out["projects"] = p
            .iter()
            .map(|p| pick(p, &["id", "name", "status=status.name", "url"]))
            .collect();
    }
    Ok(out)
}

// Initiative statuses: Proposed, Planned, Active, Completed, Canceled.
const STATUSES: &[&str] = &["Proposed", "Planned", "Active", "Completed", "Canceled"];

fn status(s: Option<String>) -> Result<Option<&'static str>, ToolError> {
    match s {
        None => Ok(None),
        Some(s) => STATUSES
            .iter()
            .find(|v| v.eq_ignore_ascii_case(s.trim()))
            .copied()
            .map(Some)
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "status {s:?} is not an initiative status: use one of {}.",
                    STATUSES.join(", ")
                ))
            }),
    }
}

#[derive(Deserialize, JsonSchema)]
pub struct InitiativeFields {
    description: Option<String>,
    /// User id of the owner
    owner_id: Option<String>,
    /// YYYY-MM-DD
    target_date: Option<String>,
    /// Proposed, Planned, Active, Completed or Canceled
    status: Option<String>,
    /// Hex color, e.g. #5e6ad2
    color: Option<String>,
    /// Emoji or icon name
    icon: Option<String>,
}

fn initiative_input(
    f: InitiativeFields,
    name: Option<String>,
) -> Result<Map<String, Value>, ToolError> {
    let mut m = Map::new();
    insert_opt(&mut m, "name", name);
    insert_opt(&mut m, "description", f.description);
    insert_opt(&mut m, "ownerId", f.owner_id);
    insert_opt(&mut m, "targetDate", f.target_date);
    insert_opt(&mut m, "status", status(f.status)?);
    insert_opt(&mut m, "color", f.color);
    insert_opt(&mut m, "icon", f.icon);
    Ok(m)
}

const CREATE: &str = "mutation InitiativeCreate($input: InitiativeCreateInput!) { initiativeCreate(input: $input) { success initiative { id name description status targetDate url color icon owner { id name } } } }";

/// Create an initiative.
#[derive(Deserialize, JsonSchema)]
pub struct CreateInitiative {
    name: String,
    #[serde(flatten)]
    fields: InitiativeFields,
}

async fn create_initiative(ctx: Ctx, a: CreateInitiative) -> Result<Value, ToolError> {
    let input = initiative_input(a.fields, Some(a.name))?;
    let data = gql(&ctx, "InitiativeCreate", CREATE, json!({"input": input})).await?;
    Ok(api::initiative(payload(
        &data,
        "initiativeCreate",
        "initiative",
    )?))
}

const UPDATE: &str = "mutation InitiativeUpdate($id: String!, $input: InitiativeUpdateInput!) { initiativeUpdate(id: $id, input: $input) { success initiative { id name description status targetDate url color icon owner { id name } } } }";

/// Update an initiative's fields (only those given).
#[derive(Deserialize, JsonSchema)]
pub struct UpdateInitiative {
    initiative_id: String,
    name: Option<String>,
    #[serde(flatten)]
    fields: InitiativeFields,
}

async fn update_initiative(ctx: Ctx, a: UpdateInitiative) -> Result<Value, ToolError> {
    let input = initiative_input(a.fields, a.name)?;
    if input.is_empty() {
        return Err(ToolError::invalid_input(
            "Nothing to update: give at least one of name, description, owner_id, target_date, status, color, icon.",
        ));
    }
    let vars = json!({"id": a.initiative_id, "input": input});
    let data = gql(&ctx, "InitiativeUpdate", UPDATE, vars).await?;
    Ok(api::initiative(payload(
        &data,
        "initiativeUpdate",
        "initiative",
    )?))
}

const ADD: &str = "mutation InitiativeToProjectCreate($input: InitiativeToProjectCreateInput!) { initiativeToProjectCreate(input: $input) { success initiativeToProject { id initiative { id name } project { id name } } } }";

/// Add a project to an initiative. Returns the link's `initiative_to_project_id` (what
/// linear_remove_project_from_initiative takes).
#[derive(Deserialize, JsonSchema)]
pub struct AddProjectToInitiative {
    initiative_id: String,
    project_id: String,
}

async fn add_project_to_initiative(
    ctx: Ctx,
    a: AddProjectToInitiative,
) -> Result<Value, ToolError> {
    let input = json!({"initiativeId": a.initiative_id, "projectId": a.project_id});
    let data = gql(
        &ctx,
        "InitiativeToProjectCreate",
        ADD,
        json!({"input": input}),
    )
    .await?;
    let link = payload(&data, "initiativeToProjectCreate", "initiativeToProject")?;
    Ok(pick(
        link,
        &[
            "initiative_to_project_id=id",
            "initiative=initiative.name",
            "initiative_id=initiative.id",
            "project=project.name",
            "project_id=project.id",
        ],
    ))
}

const REMOVE: &str = "mutation InitiativeToProjectDelete($id: String!) { initiativeToProjectDelete(id: $id) { success entityId } }";

/// Remove a project from an initiative (deletes the link, not the project).
#[derive(Deserialize, JsonSchema)]
pub struct RemoveProjectFromInitiative {
    /// The link's id, from linear_add_project_to_initiative
    initiative_to_project_id: String,
}

async fn remove_project_from_initiative(
    ctx: Ctx,
    a: RemoveProjectFromInitiative,
) -> Result<Value, ToolError> {
    let vars = json!({"id": a.initiative_to_project_id});
    let data = gql(&ctx, "InitiativeToProjectDelete", REMOVE, vars).await?;
    let p = &data["initiativeToProjectDelete"];
    if p["success"] != json!(true) {
        return Err(ToolError::invalid_input(
            "Linear did not remove the project from the initiative (success: false).",
        ));
    }
    Ok(json!({"removed": true, "initiative_to_project_id": p["entityId"]}))
}
