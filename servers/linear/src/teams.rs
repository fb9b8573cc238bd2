//! Teams, their workflow states (the ids an issue moves between) and issue labels.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{gql, list, page_vars};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("teams");
    vec![
        t(tool(
            "linear_get_teams",
            "Get teams",
            Effect::Read,
            get_teams,
        )),
        t(tool(
            "linear_get_workflow_states",
            "Get workflow states",
            Effect::Read,
            get_workflow_states,
        )),
        t(tool(
            "linear_get_labels",
            "Get labels",
            Effect::Read,
            get_labels,
        )),
    ]
}

const TEAMS: &str = "query Teams($first: Int, $after: String) { teams(first: $first, after: $after) { nodes { id key name description } pageInfo { hasNextPage endCursor } } }";

/// List the workspace's teams the caller can see: id, key (the issue prefix), name.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeams {
    /// At most this many teams (default 50, max 250)
    limit: Option<u64>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_teams(ctx: Ctx, a: GetTeams) -> Result<Value, ToolError> {
    let vars = page_vars(a.limit, a.cursor.as_deref(), 50);
    let data = gql(&ctx, "Teams", TEAMS, Value::Object(vars)).await?;
    Ok(list(data.get("teams"), "teams", |t| {
        pick(t, &["id", "key", "name", "description"])
    }))
}

const STATES: &str = "query WorkflowStates($first: Int, $after: String, $filter: WorkflowStateFilter) { workflowStates(first: $first, after: $after, filter: $filter) { nodes { id name type position team { id key } } pageInfo { hasNextPage endCursor } } }";

/// List workflow states (issue statuses) with their ids, for `state_id` when creating or
/// moving an issue. `type` is backlog, unstarted, started, completed, canceled or triage.
#[derive(Deserialize, JsonSchema)]
pub struct GetWorkflowStates {
    /// Only this team's states (a team has its own)
    team_id: Option<String>,
    /// At most this many (default 50, max 250)
    limit: Option<u64>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_workflow_states(ctx: Ctx, a: GetWorkflowStates) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 50);
    if let Some(team) = a.team_id {
        vars.insert("filter".into(), json!({"team": {"id": {"eq": team}}}));
    }
    let data = gql(&ctx, "WorkflowStates", STATES, Value::Object(vars)).await?;
    Ok(list(data.get("workflowStates"), "states", |s| {
        pick(
            s,
            &["id", "name", "type", "team=team.key", "team_id=team.id"],
        )
    }))
}

const LABELS: &str = "query IssueLabels($first: Int, $after: String, $filter: IssueLabelFilter) { issueLabels(first: $first, after: $after, filter: $filter) { nodes { id name color isGroup team { id key } parent { name } } pageInfo { hasNextPage endCursor } } }";

/// List issue labels with their ids (workspace labels have no team).
#[derive(Deserialize, JsonSchema)]
pub struct GetLabels {
    /// Only this team's labels
    team_id: Option<String>,
    /// At most this many (default 50, max 250)
    limit: Option<u64>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_labels(ctx: Ctx, a: GetLabels) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 50);
    if let Some(team) = a.team_id {
        vars.insert("filter".into(), json!({"team": {"id": {"eq": team}}}));
    }
    let data = gql(&ctx, "IssueLabels", LABELS, Value::Object(vars)).await?;
    Ok(list(data.get("issueLabels"), "labels", |l| {
        pick(
            l,
            &[
                "id",
                "name",
                "color",
                "is_group=isGroup",
                "parent=parent.name",
                "team=team.key",
            ],
        )
    }))
}
