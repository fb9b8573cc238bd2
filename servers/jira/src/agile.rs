//! Boards and sprints (Jira Software, `/rest/agile/1.0`).

use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, csv, issue};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("jira_get_boards", "Get boards", Effect::Read, get_boards).toolset("agile"),
        tool(
            "jira_get_sprints_from_board",
            "Get sprints from board",
            Effect::Read,
            get_sprints,
        )
        .toolset("agile"),
        tool(
            "jira_get_sprint_issues",
            "Get sprint issues",
            Effect::Read,
            get_sprint_issues,
        )
        .toolset("agile"),
        tool(
            "jira_create_sprint",
            "Create sprint",
            Effect::Write,
            create_sprint,
        )
        .toolset("agile"),
        tool(
            "jira_update_sprint",
            "Update sprint",
            Effect::IdempotentWrite,
            update_sprint,
        )
        .toolset("agile"),
    ]
}

const SPRINT_FIELDS: &[&str] = &[
    "id",
    "name",
    "state",
    "goal",
    "startDate",
    "endDate",
    "completeDate",
    "originBoardId",
];

fn sprint(v: &Value) -> Value {
    mcp_shared::json::pick(v, SPRINT_FIELDS)
}

/// `startAt` of the next page of an agile list, null on the last.
fn next_start(v: &Value, got: usize) -> Value {
    if v.get("isLast").and_then(Value::as_bool) == Some(true) || got == 0 {
        return Value::Null;
    }
    let start = v.get("startAt").and_then(Value::as_u64).unwrap_or(0);
    json!(start + got as u64)
}

fn state_of(s: &str) -> Result<String, ToolError> {
    let out: Vec<String> = csv(Some(s)).iter().map(|x| x.to_lowercase()).collect();
    if out.is_empty()
        || out
            .iter()
            .any(|x| !["future", "active", "closed"].contains(&x.as_str()))
    {
        return Err(ToolError::invalid_input(format!(
            "state must be future, active or closed (got {s:?})"
        )));
    }
    Ok(out.join(","))
}

/// An agile id (board, sprint): a number.
fn numeric(v: &str, what: &str) -> Result<u64, ToolError> {
    v.trim()
        .parse::<u64>()
        .map_err(|_| ToolError::invalid_input(format!("{what} must be a numeric id (got {v:?})")))
}

/// List boards, optionally of one project or by name. Returns ids for the sprint tools and `next_start_at`.
#[derive(Deserialize, JsonSchema)]
pub struct GetBoards {
    /// Project key or id
    project_key: Option<String>,
    /// Part of the board name
    name: Option<String>,
    #[serde(rename = "startAt")]
    start_at: Option<Int>,
    /// 1-50
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
}

async fn get_boards(ctx: Ctx, a: GetBoards) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/rest/agile/1.0/board")?
        .query("startAt", a.start_at.map(Int::get).unwrap_or(0))
        .query("maxResults", api::page_size(a.limit, 10, 50)?)
        .query_opt(
            "projectKeyOrId",
            a.project_key
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty()),
        )
        .query_opt(
            "name",
            a.name.as_deref().map(str::trim).filter(|s| !s.is_empty()),
        )
        .send_json()
        .await?;
    let boards: Vec<Value> = v
        .get("values")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .map(|b| {
                    json!({
                        "id": b.get("id"),
                        "name": b.get("name"),
                        "type": b.get("type"),
                        "project": b.get("location").and_then(|l| l.get("projectKey")),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let next = next_start(&v, boards.len());
    Ok(json!({"boards": boards, "next_start_at": next}))
}

/// List a board's sprints (id, name, state, dates, goal). Returns `next_start_at` for more.
#[derive(Deserialize, JsonSchema)]
pub struct GetSprints {
    /// Numeric board id (see jira_get_boards)
    board_id: Option<String>,
    /// `future`, `active` or `closed`, comma-separated for several
    state: Option<String>,
    #[serde(rename = "startAt")]
    start_at: Option<Int>,
    /// 1-50
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
}

async fn get_sprints(ctx: Ctx, a: GetSprints) -> Result<Value, ToolError> {
    let Some(board) = a.board_id.as_deref().filter(|b| !b.trim().is_empty()) else {
        return Err(ToolError::invalid_input(
            "board_id is required: find it with jira_get_boards",
        ));
    };
    let board = numeric(board, "board_id")?;
    let state = match a.state.as_deref().filter(|s| !s.trim().is_empty()) {
        Some(s) => Some(state_of(s)?),
        None => None,
    };
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("/rest/agile/1.0/board/{board}/sprint"),
        )?
        .query("startAt", a.start_at.map(Int::get).unwrap_or(0))
        .query("maxResults", api::page_size(a.limit, 10, 50)?)
        .query_opt("state", state)
        .send_json()
        .await?;
    let sprints: Vec<Value> = v
        .get("values")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(sprint).collect())
        .unwrap_or_default();
    let next = next_start(&v, sprints.len());
    Ok(json!({"sprints": sprints, "next_start_at": next}))
}

/// List a sprint's issues. Returns `issues`, `total` and `next_start_at`.
#[derive(Deserialize, JsonSchema)]
pub struct GetSprintIssues {
    /// Numeric sprint id
    sprint_id: String,
    /// Comma-separated field ids
    #[schemars(extend("default" = "summary,status,assignee,priority,issuetype,updated"))]
    fields: Option<String>,
    #[serde(rename = "startAt")]
    start_at: Option<Int>,
    /// 1-100
    #[schemars(extend("default" = 10))]
    limit: Option<Int>,
}

async fn get_sprint_issues(ctx: Ctx, a: GetSprintIssues) -> Result<Value, ToolError> {
    let id = numeric(&a.sprint_id, "sprint_id")?;
    let fields = match csv(a.fields.as_deref()).join(",") {
        f if f.is_empty() => "summary,status,assignee,priority,issuetype,updated".to_owned(),
        f => f,
    };
    let start = a.start_at.map(Int::get).unwrap_or(0);
    let v: Value = ctx
        .authorized(Method::GET, &format!("/rest/agile/1.0/sprint/{id}/issue"))?
        .query("startAt", start)
        .query("maxResults", api::page_size(a.limit, 10, 100)?)
        .query("fields", &fields)
        .send_json()
        .await?;
    let issues: Vec<Value> = v
        .get("issues")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(issue).collect())
        .unwrap_or_default();
    let total = v.get("total").and_then(Value::as_u64);
    let end = start + issues.len() as u64;
    let next = match total {
        Some(t) if end < t && !issues.is_empty() => json!(end),
        _ => Value::Null,
    };
    Ok(json!({"issues": issues, "total": total, "next_start_at": next}))
}

/// Create a future sprint on a board. Returns the sprint.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSprint {
    /// Numeric board id (see jira_get_boards)
    board_id: String,
    sprint_name: String,
    /// ISO 8601, e.g. `2026-05-01T09:00:00.000Z`
    start_date: String,
    /// ISO 8601
    end_date: String,
    goal: Option<String>,
}

async fn create_sprint(ctx: Ctx, a: CreateSprint) -> Result<Value, ToolError> {
    let board = numeric(&a.board_id, "board_id")?;
    if a.sprint_name.trim().is_empty() {
        return Err(ToolError::invalid_input("sprint_name must not be empty"));
    }
    let mut body = Map::new();
    body.insert("name".into(), json!(a.sprint_name.trim()));
    body.insert("originBoardId".into(), json!(board));
    body.insert("startDate".into(), json!(a.start_date.trim()));
    body.insert("endDate".into(), json!(a.end_date.trim()));
    mcp_shared::json::insert_opt(&mut body, "goal", a.goal.filter(|g| !g.is_empty()));
    let v: Value = ctx
        .authorized(Method::POST, "/rest/agile/1.0/sprint")?
        .json(&body)
        .send_json()
        .await?;
    Ok(sprint(&v))
}

/// Update a sprint: only the given fields change. `state` `active` starts it, `closed` completes it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSprint {
    /// Numeric sprint id
    sprint_id: String,
    sprint_name: Option<String>,
    /// `future`, `active` or `closed`
    state: Option<String>,
    /// ISO 8601
    start_date: Option<String>,
    /// ISO 8601
    end_date: Option<String>,
    goal: Option<String>,
}

async fn update_sprint(ctx: Ctx, a: UpdateSprint) -> Result<Value, ToolError> {
    let id = numeric(&a.sprint_id, "sprint_id")?;
    let mut body = Map::new();
    let keep = |s: Option<String>| s.map(|x| x.trim().to_owned()).filter(|x| !x.is_empty());
    mcp_shared::json::insert_opt(&mut body, "name", keep(a.sprint_name));
    if let Some(s) = keep(a.state) {
        let s = state_of(&s)?;
        if s.contains(',') {
            return Err(ToolError::invalid_input("state takes one value"));
        }
        body.insert("state".into(), json!(s));
    }
    mcp_shared::json::insert_opt(&mut body, "startDate", keep(a.start_date));
    mcp_shared::json::insert_opt(&mut body, "endDate", keep(a.end_date));
    mcp_shared::json::insert_opt(&mut body, "goal", a.goal);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "give at least one of sprint_name, state, start_date, end_date, goal",
        ));
    }
    let v: Value = ctx
        .authorized(Method::POST, &format!("/rest/agile/1.0/sprint/{id}"))?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(sprint(&v))
}
