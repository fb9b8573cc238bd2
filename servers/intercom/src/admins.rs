//! Admins (teammates) and teams: `GET /me`, `GET /admins[/{id}]`, `PUT /admins/{id}/away`,
//! `GET /admins/activity_logs`, `GET /teams[/{id}]`.

use crate::api::{self, admin, team};
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("admins");
    vec![
        t(tool(
            "intercom_list_teams",
            "List teams",
            Effect::Read,
            list_teams,
        )),
        t(tool(
            "intercom_get_team",
            "Get team",
            Effect::Read,
            get_team,
        )),
        t(tool(
            "intercom_list_admins",
            "List admins",
            Effect::Read,
            list_admins,
        )),
        t(tool(
            "intercom_get_admin",
            "Get admin",
            Effect::Read,
            get_admin,
        )),
        t(tool(
            "intercom_get_current_admin",
            "Get current admin",
            Effect::Read,
            get_current_admin,
        )),
        t(tool(
            "intercom_set_admin_away",
            "Set admin away",
            Effect::IdempotentWrite,
            set_admin_away,
        )),
        t(tool(
            "intercom_list_admin_activity_logs",
            "List admin activity",
            Effect::Read,
            list_activity_logs,
        )),
    ]
}

/// List the workspace's teams with their admin ids.
#[derive(Deserialize, JsonSchema)]
pub struct ListTeams {}

async fn list_teams(ctx: Ctx, _: ListTeams) -> Result<Value, ToolError> {
    Ok(api::page(&api::get(&ctx, "/teams").await?, "teams", team))
}

/// Get a team: name and admin ids.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeam {
    /// Team id
    id: String,
}

async fn get_team(ctx: Ctx, a: GetTeam) -> Result<Value, ToolError> {
    Ok(team(
        &api::get(&ctx, &format!("/teams/{}", api::id(&a.id, "id")?)).await?,
    ))
}

/// List the workspace's admins (teammates): name, email, away mode, team ids.
#[derive(Deserialize, JsonSchema)]
pub struct ListAdmins {}

async fn list_admins(ctx: Ctx, _: ListAdmins) -> Result<Value, ToolError> {
    Ok(api::page(
        &api::get(&ctx, "/admins").await?,
        "admins",
        admin,
    ))
}

/// Get an admin: name, email, away mode, team ids.
#[derive(Deserialize, JsonSchema)]
pub struct GetAdmin {
    /// Admin id
    id: Count,
}

async fn get_admin(ctx: Ctx, a: GetAdmin) -> Result<Value, ToolError> {
    Ok(admin(
        &api::get(&ctx, &format!("/admins/{}", a.id.get())).await?,
    ))
}

/// Get the admin the access token acts as, with its workspace (`app`, including its
/// region). Its `id` is the `admin_id` replies and assignments take.
#[derive(Deserialize, JsonSchema)]
pub struct GetCurrentAdmin {}

async fn get_current_admin(ctx: Ctx, _: GetCurrentAdmin) -> Result<Value, ToolError> {
    Ok(admin(&api::get(&ctx, "/me").await?))
}

/// Turn an admin's away mode on or off; `away_mode_reassign` sends new replies to the
/// default inbox meanwhile. Returns the admin.
#[derive(Deserialize, JsonSchema)]
pub struct SetAdminAway {
    /// Admin id
    id: Count,
    #[schemars(extend("default" = true))]
    away_mode_enabled: bool,
    #[schemars(extend("default" = false))]
    away_mode_reassign: bool,
    /// Away status reason id
    away_status_reason_id: Option<Count>,
}

async fn set_admin_away(ctx: Ctx, a: SetAdminAway) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("away_mode_enabled".into(), json!(a.away_mode_enabled));
    body.insert("away_mode_reassign".into(), json!(a.away_mode_reassign));
    insert_opt(
        &mut body,
        "away_status_reason_id",
        a.away_status_reason_id.map(Count::get),
    );
    let path = format!("/admins/{}/away", a.id.get());
    Ok(admin(
        &api::send(&ctx, Method::PUT, &path, &Value::Object(body)).await?,
    ))
}

/// List what admins did in the workspace between two times (Unix seconds). Returns `items`:
/// activity type, description, who and when.
#[derive(Deserialize, JsonSchema)]
pub struct ListActivityLogs {
    /// Unix seconds
    created_at_after: String,
    /// Unix seconds
    created_at_before: Option<String>,
}

fn unix(v: &str, what: &str) -> Result<String, ToolError> {
    let v = non_empty(v, what)?;
    v.parse::<u64>().map(|n| n.to_string()).map_err(|_| {
        ToolError::invalid_input(format!(
            "{what} must be a Unix timestamp in seconds, such as 1734537253"
        ))
    })
}

fn activity(l: &Value) -> Value {
    pick(
        l,
        &[
            "id",
            "activity_type",
            "activity_description",
            "created_at",
            "admin_id=performed_by.id",
            "admin_email=performed_by.email",
            "metadata",
        ],
    )
}

async fn list_activity_logs(ctx: Ctx, a: ListActivityLogs) -> Result<Value, ToolError> {
    let after = unix(&a.created_at_after, "created_at_after")?;
    let before = a
        .created_at_before
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(|s| unix(s, "created_at_before"))
        .transpose()?;
    let v: Value = api::req(&ctx, Method::GET, "/admins/activity_logs")?
        .query("created_at_after", after)
        .query_opt("created_at_before", before)
        .send_json()
        .await?;
    Ok(api::page(&v, "activity_logs", activity))
}
