//! Supabase helpers: the error body, project and branch paths, SQL through the project's
//! query endpoint, and the cost confirmation that project and branch creation need.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Method, ToolError, seg_id};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

/// Supabase's error body: `{"message": "..."}` (some endpoints add `error` or `code`).
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    status_hints: &[
        (
            401,
            "the Supabase access token was refused: create a personal access token at supabase.com/dashboard/account/tokens.",
        ),
        (
            403,
            "the token lacks access to this organization or project (or the OAuth app lacks the scope).",
        ),
        (
            429,
            "Supabase allows 60 Management API requests a minute per user; wait for the minute to pass.",
        ),
    ],
    ..mcp_shared::ErrorShape::DEFAULT
};

/// `/v1/projects/{ref}` for a project ref argument.
pub fn project_path(project_id: &str) -> Result<String, ToolError> {
    Ok(format!(
        "/v1/projects/{}",
        seg_id(project_id, "project_id")?
    ))
}

/// `/v1/branches/{id}` for a branch id (or branch project ref) argument.
pub fn branch_path(branch_id: &str) -> Result<String, ToolError> {
    Ok(format!("/v1/branches/{}", seg_id(branch_id, "branch_id")?))
}

/// Most rows of a SQL result a tool returns (the rest is counted, not sent).
pub const MAX_ROWS: usize = 500;

/// Run `query` through `POST /v1/projects/{ref}/database/query`; with `read_only` the
/// endpoint runs it as a read-only transaction. Returns the rows.
pub async fn run_sql(
    ctx: &Ctx,
    project_id: &str,
    query: &str,
    read_only: bool,
) -> Result<Vec<Value>, ToolError> {
    let mut body = json!({ "query": query });
    if read_only {
        body["read_only"] = json!(true);
    }
    let v: Value = ctx
        .authorized(
            Method::POST,
            &format!("{}/database/query", project_path(project_id)?),
        )?
        .json(&body)
        // A read-only query changed nothing: safe to repeat after a gateway error.
        .idempotent(read_only)
        .send_json()
        .await?;
    Ok(match v {
        Value::Array(rows) => rows,
        Value::Null => Vec::new(),
        other => vec![other],
    })
}

/// Rows as a result: at most [`MAX_ROWS`], with the count and whether some were left out.
pub fn rows_result(rows: Vec<Value>) -> Value {
    let total = rows.len();
    let truncated = total > MAX_ROWS;
    let rows: Vec<Value> = rows.into_iter().take(MAX_ROWS).collect();
    let mut out = json!({ "rows": rows, "row_count": total });
    if truncated {
        out["truncated"] = json!(format!(
            "only the first {MAX_ROWS} of {total} rows are shown; add a LIMIT or narrow the query"
        ));
    }
    out
}

/// A SQL string literal (`'it''s'`).
pub fn sql_literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// What a new project or branch costs.
#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum CostType {
    Project,
    Branch,
}

#[derive(Deserialize, JsonSchema, Serialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Recurrence {
    Hourly,
    Monthly,
}

/// Supabase's price of a compute instance beyond the first project of a paid organization
/// (Micro, USD a month) and of a development branch (USD an hour).
pub const PROJECT_MONTHLY: f64 = 10.0;
pub const BRANCH_HOURLY: f64 = 0.01344;

/// The id `supabase_confirm_cost` hands out for a cost: a digest of what was confirmed, so a
/// create call can check that the user saw the cost it would incur.
pub fn cost_id(kind: CostType, recurrence: Recurrence, amount: f64) -> String {
    let text = format!(
        "{}:{}:{amount:.5}",
        mcp_shared::json::enum_str(&kind),
        mcp_shared::json::enum_str(&recurrence)
    );
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().take(8).map(|b| format!("{b:02x}")).collect()
}

/// The cost of the next project in organization `slug`: free on the free plan and for the
/// first active project of a paid organization, else a Micro compute instance a month.
pub async fn project_cost(ctx: &Ctx, slug: &str) -> Result<(Recurrence, f64), ToolError> {
    let org: Value = ctx
        .authorized(
            Method::GET,
            &format!("/v1/organizations/{}", seg_id(slug, "organization_id")?),
        )?
        .send_json()
        .await?;
    let plan = at(&org, "plan").and_then(Value::as_str).unwrap_or("free");
    if plan == "free" {
        return Ok((Recurrence::Monthly, 0.0));
    }
    let projects: Value = ctx
        .authorized(Method::GET, "/v1/projects")?
        .send_json()
        .await?;
    let active = projects
        .as_array()
        .map(|a| {
            a.iter()
                .filter(|p| at(p, "organization_slug").and_then(Value::as_str) == Some(slug))
                .filter(|p| {
                    !matches!(
                        at(p, "status").and_then(Value::as_str),
                        Some("INACTIVE" | "GOING_DOWN" | "REMOVED")
                    )
                })
                .count()
        })
        .unwrap_or(0);
    let amount = if active > 0 { PROJECT_MONTHLY } else { 0.0 };
    Ok((Recurrence::Monthly, amount))
}

/// Check that `confirm_cost_id` confirms this cost; a clear error saying what to do when not.
pub fn check_confirmed(
    confirm_cost_id: &str,
    kind: CostType,
    recurrence: Recurrence,
    amount: f64,
) -> Result<(), ToolError> {
    if confirm_cost_id.trim() == cost_id(kind, recurrence, amount) {
        return Ok(());
    }
    let what = mcp_shared::json::enum_str(&kind);
    let per = mcp_shared::json::enum_str(&recurrence);
    Err(ToolError::invalid_input(format!(
        "`confirm_cost_id` does not confirm the current cost of this {what} (${amount} {per}). Nothing was created."
    ))
    .with_hint(format!(
        "call supabase_get_cost (type `{what}`), show the cost to the user, then supabase_confirm_cost with that type, recurrence and amount, and pass its id."
    )))
}
