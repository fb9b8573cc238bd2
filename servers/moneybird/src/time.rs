//! Projects and time entries: `GET /{administration_id}/projects.json`,
//! `GET /{administration_id}/time_entries.json`.

use crate::api::{admin_path, filter, id, list_page, page};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "moneybird_list_projects",
            "List projects",
            Effect::Read,
            list_projects,
        )
        .toolset("time_tracking"),
        tool(
            "moneybird_list_time_entries",
            "List time entries",
            Effect::Read,
            list_time_entries,
        )
        .toolset("time_tracking"),
    ]
}

fn project(p: &Value) -> Value {
    pick(p, &["id", "name", "state", "budget"])
}

/// List projects (active ones unless `state` says otherwise). Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListProjects {
    /// Digits, as a string (from moneybird_list_administrations)
    administration_id: String,
    /// `active` (Moneybird's default), `archived` or `all`
    state: Option<String>,
    /// Page number, from 1 (Klavis's paging; `cursor` wins)
    page: Option<Count>,
    /// Per page, 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_projects(ctx: Ctx, a: ListProjects) -> Result<Value, ToolError> {
    let (per_page, page) = page(a.limit, a.cursor.as_deref(), a.page)?;
    let path = admin_path(&a.administration_id, "projects")?;
    let state = a.state.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(s) = state
        && !["active", "archived", "all"].contains(&s)
    {
        return Err(ToolError::invalid_input(format!(
            "state must be active, archived or all (got {s:?})"
        )));
    }
    let f = filter(&[("state", state)])?;
    let req = ctx.authorized(Method::GET, &path)?.query_opt("filter", f);
    list_page(req, per_page, page, project).await
}

fn time_entry(t: &Value) -> Value {
    pick(
        t,
        &[
            "id",
            "description",
            "started_at",
            "ended_at",
            "paused_duration",
            "billable",
            "contact_id",
            "contact_company=contact.company_name",
            "project_id",
            "project_name=project.name",
            "user_id",
            "user_name=user.name",
            "sales_invoice_id",
        ],
    )
}

/// List time entries by period, contact, project or user. Returns `items`
/// (`paused_duration` in seconds) and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTimeEntries {
    /// Digits, as a string (from moneybird_list_administrations)
    administration_id: String,
    /// this_week, this_month, prev_month, this_year (Moneybird's default)... or a range
    /// `20260101..20260331`
    period: Option<String>,
    /// Digits, as a string
    contact_id: Option<String>,
    /// Digits, as a string
    project_id: Option<String>,
    /// Digits, as a string
    user_id: Option<String>,
    /// Page number, from 1 (Klavis's paging; `cursor` wins)
    page: Option<Count>,
    /// Per page, 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_time_entries(ctx: Ctx, a: ListTimeEntries) -> Result<Value, ToolError> {
    let (per_page, page) = page(a.limit, a.cursor.as_deref(), a.page)?;
    let path = admin_path(&a.administration_id, "time_entries")?;
    let opt_id = |v: &Option<String>, what: &str| v.as_deref().map(|v| id(v, what)).transpose();
    let contact = opt_id(&a.contact_id, "contact_id")?;
    let project = opt_id(&a.project_id, "project_id")?;
    let user = opt_id(&a.user_id, "user_id")?;
    let f = filter(&[
        ("period", a.period.as_deref()),
        ("contact_id", contact.as_deref()),
        ("project_id", project.as_deref()),
        ("user_id", user.as_deref()),
    ])?;
    let req = ctx.authorized(Method::GET, &path)?.query_opt("filter", f);
    list_page(req, per_page, page, time_entry).await
}
