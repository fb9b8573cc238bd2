//! One GraphQL call, page arguments and the shapes the tools return.

use mcp_shared::graphql::{execute, relay_list, relay_vars};
use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Method, ToolError};
use serde_json::{Map, Value, json};

/// Run a named operation against `/graphql` and return its `data`.
pub async fn gql(ctx: &Ctx, op: &str, doc: &str, vars: Value) -> Result<Value, ToolError> {
    execute(ctx.authorized(Method::POST, "/graphql")?, op, doc, vars).await
}

/// `first`/`after` for a list tool (Linear pages hold at most 250 nodes).
pub fn page_vars(limit: Option<u64>, cursor: Option<&str>, default: u64) -> Map<String, Value> {
    relay_vars(limit, cursor, default, 250)
}

/// A list result: the items (each shaped by `f`) and the next cursor when there is one.
pub fn list(connection: Option<&Value>, key: &str, f: fn(&Value) -> Value) -> Value {
    relay_list(connection, key, f)
}

/// Both filters when both are given (`and`), else the one given.
pub fn and_filter(a: Option<Value>, b: Option<Value>) -> Option<Value> {
    match (a, b) {
        (Some(a), Some(b)) => Some(json!({ "and": [a, b] })),
        (a, b) => a.or(b),
    }
}

/// A mutation's payload: `success` false (or the entity missing) is an error.
pub fn payload<'a>(data: &'a Value, field: &str, entity: &str) -> Result<&'a Value, ToolError> {
    let p = &data[field];
    if p.get("success") == Some(&Value::Bool(false)) {
        return Err(ToolError::invalid_input(format!(
            "Linear did not apply {field} (success: false)."
        )));
    }
    match p.get(entity) {
        Some(e) if !e.is_null() => Ok(e),
        _ => Err(ToolError::invalid_input(format!(
            "Linear answered {field} without the {entity}."
        ))),
    }
}

/// Reject a priority Linear does not have.
pub fn check_priority(p: Option<i64>) -> Result<(), ToolError> {
    match p {
        Some(p) if !(0..=4).contains(&p) => Err(ToolError::invalid_input(format!(
            "priority {p} is not a Linear priority: use 0 (none), 1 (urgent), 2 (high), 3 (medium) or 4 (low)."
        ))),
        _ => Ok(()),
    }
}

pub const ISSUE_FIELDS: &str = "id identifier title priority priorityLabel dueDate url createdAt updatedAt state { id name type } assignee { id name } team { id key } project { id name } labels { nodes { name } }";

pub fn issue(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "identifier",
            "title",
            "state=state.name",
            "state_id=state.id",
            "priority=priorityLabel",
            "assignee=assignee.name",
            "assignee_id=assignee.id",
            "team=team.key",
            "project=project.name",
            "project_id=project.id",
            "due_date=dueDate",
            "description",
            "url",
            "created_at=createdAt",
            "updated_at=updatedAt",
        ],
    );
    if let Some(labels) = at(v, "labels.nodes").and_then(Value::as_array)
        && !labels.is_empty()
    {
        o["labels"] = labels.iter().map(|l| l["name"].clone()).collect();
    }
    o
}

pub fn project(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "name",
            "description",
            "status=status.name",
            "status_type=status.type",
            "lead=lead.name",
            "lead_id=lead.id",
            "progress",
            "start_date=startDate",
            "target_date=targetDate",
            "url",
        ],
    );
    if let Some(teams) = at(v, "teams.nodes").and_then(Value::as_array) {
        o["teams"] = teams.iter().map(|t| t["key"].clone()).collect();
    }
    o
}

pub fn initiative(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "name",
            "description",
            "status",
            "owner=owner.name",
            "owner_id=owner.id",
            "target_date=targetDate",
            "color",
            "icon",
            "url",
        ],
    )
}

pub fn comment(v: &Value) -> Value {
    pick(
        v,
        &[
            "id",
            "body",
            "user=user.name",
            "created_at=createdAt",
            "edited_at=editedAt",
            "url",
        ],
    )
}
