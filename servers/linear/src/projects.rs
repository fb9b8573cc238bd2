//! Projects.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, and_filter, gql, list, page_vars, payload};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("projects");
    vec![
        t(tool(
            "linear_get_projects",
            "Get projects",
            Effect::Read,
            get_projects,
        )),
        t(tool(
            "linear_create_project",
            "Create project",
            Effect::Write,
            create_project,
        )),
        t(tool(
            "linear_update_project",
            "Update project",
            Effect::IdempotentWrite,
            update_project,
        )),
    ]
}

const PROJECTS: &str = "query Projects($first: Int, $after: String, $filter: ProjectFilter) { projects(first: $first, after: $after, filter: $filter, orderBy: updatedAt) { nodes { id name description url targetDate startDate progress status { id name type } lead { id name } teams { nodes { id key } } } pageInfo { hasNextPage endCursor } } }";

/// List projects, most recently updated first: name, status, lead, dates, progress, teams.
#[derive(Deserialize, JsonSchema)]
pub struct GetProjects {
    /// Only projects of this team
    team_id: Option<String>,
    /// At most this many (default 50, max 250)
    limit: Option<u64>,
    /// A Linear ProjectFilter object, e.g. {"status": {"type": {"eq": "started"}}}
    filter: Option<Map<String, Value>>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_projects(ctx: Ctx, a: GetProjects) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 50);
    let team = a
        .team_id
        .map(|t| json!({"accessibleTeams": {"some": {"id": {"eq": t}}}}));
    insert_opt(
        &mut vars,
        "filter",
        and_filter(a.filter.map(Value::Object), team),
    );
    let data = gql(&ctx, "Projects", PROJECTS, Value::Object(vars)).await?;
    Ok(list(data.get("projects"), "projects", api::project))
}

const CREATE: &str = "mutation ProjectCreate($input: ProjectCreateInput!) { projectCreate(input: $input) { success project { id name description url targetDate startDate progress status { id name type } lead { id name } teams { nodes { id key } } } } }";

/// Create a project for one or more teams.
#[derive(Deserialize, JsonSchema)]
pub struct CreateProject {
    name: String,
    description: Option<String>,
    /// Team ids (Linear requires at least one)
    team_ids: Option<Vec<String>>,
    /// User id of the lead
    lead_id: Option<String>,
    /// YYYY-MM-DD
    target_date: Option<String>,
}

async fn create_project(ctx: Ctx, a: CreateProject) -> Result<Value, ToolError> {
    let teams = a.team_ids.unwrap_or_default();
    if teams.is_empty() {
        return Err(ToolError::invalid_input(
            "team_ids must name at least one team: Linear creates a project for teams (ids from linear_get_teams).",
        ));
    }
    let mut input = Map::new();
    input.insert("name".into(), json!(a.name));
    input.insert("teamIds".into(), json!(teams));
    insert_opt(&mut input, "description", a.description);
    insert_opt(&mut input, "leadId", a.lead_id);
    insert_opt(&mut input, "targetDate", a.target_date);
    let data = gql(&ctx, "ProjectCreate", CREATE, json!({"input": input})).await?;
    Ok(api::project(payload(&data, "projectCreate", "project")?))
}

const STATUSES: &str =
    "query ProjectStatuses { projectStatuses(first: 100) { nodes { id name type } } }";

const UPDATE: &str = "mutation ProjectUpdate($id: String!, $input: ProjectUpdateInput!) { projectUpdate(id: $id, input: $input) { success project { id name description url targetDate startDate progress status { id name type } lead { id name } teams { nodes { id key } } } } }";

/// Update a project's fields (only those given).
#[derive(Deserialize, JsonSchema)]
pub struct UpdateProject {
    project_id: String,
    name: Option<String>,
    description: Option<String>,
    /// Status by name or type (backlog, planned, started, paused, completed, canceled)
    state: Option<String>,
    /// Status id, instead of `state`
    status_id: Option<String>,
    /// YYYY-MM-DD
    target_date: Option<String>,
    /// User id of the lead
    lead_id: Option<String>,
}

/// The id of the workspace's project status named `state` (by name first, then by type).
async fn status_id(ctx: &Ctx, state: &str) -> Result<String, ToolError> {
    let data = gql(ctx, "ProjectStatuses", STATUSES, json!({})).await?;
    let nodes = data["projectStatuses"]["nodes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let eq = |k: &str, n: &Value| n[k].as_str().is_some_and(|v| v.eq_ignore_ascii_case(state));
    nodes
        .iter()
        .find(|n| eq("name", n))
        .or_else(|| nodes.iter().find(|n| eq("type", n)))
        .and_then(|n| n["id"].as_str())
        .map(str::to_owned)
        .ok_or_else(|| {
            let names: Vec<&str> = nodes.iter().filter_map(|n| n["name"].as_str()).collect();
            ToolError::invalid_input(format!(
                "No project status named {state:?}; this workspace has: {}.",
                names.join(", ")
            ))
        })
}

async fn update_project(ctx: Ctx, a: UpdateProject) -> Result<Value, ToolError> {
    let mut input = Map::new();
    insert_opt(&mut input, "name", a.name);
    insert_opt(&mut input, "description", a.description);
    insert_opt(&mut input, "targetDate", a.target_date);
    insert_opt(&mut input, "leadId", a.lead_id);
    let status = match (a.status_id, a.state) {
        (Some(id), _) => Some(id),
        (None, Some(s)) => Some(status_id(&ctx, &s).await?),
        _ => None,
    };
    insert_opt(&mut input, "statusId", status);
    if input.is_empty() {
        return Err(ToolError::invalid_input(
            "Nothing to update: give at least one of name, description, state, status_id, target_date, lead_id.",
        ));
    }
    let vars = json!({"id": a.project_id, "input": input});
    let data = gql(&ctx, "ProjectUpdate", UPDATE, vars).await?;
    Ok(api::project(payload(&data, "projectUpdate", "project")?))
}
