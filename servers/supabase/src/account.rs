//! Organizations, projects and the cost confirmation (`/v1/organizations`, `/v1/projects`).

use mcp_shared::json::{map_array, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, CostType, Recurrence, project_path};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "supabase_list_organizations",
            "List organizations",
            Effect::Read,
            list_organizations,
        )
        .toolset("account")
        .official_name("list_organizations"),
        tool(
            "supabase_get_organization",
            "Get organization",
            Effect::Read,
            get_organization,
        )
        .toolset("account")
        .official_name("get_organization"),
        tool(
            "supabase_list_projects",
            "List projects",
            Effect::Read,
            list_projects,
        )
        .toolset("account")
        .official_name("list_projects"),
        tool(
            "supabase_get_project",
            "Get project",
            Effect::Read,
            get_project,
        )
        .toolset("account")
        .official_name("get_project"),
        tool("supabase_get_cost", "Get cost", Effect::Read, get_cost)
            .toolset("account")
            .official_name("get_cost"),
        tool(
            "supabase_confirm_cost",
            "Confirm cost",
            Effect::Read,
            confirm_cost,
        )
        .toolset("account")
        .official_name("confirm_cost"),
        tool(
            "supabase_create_project",
            "Create project",
            Effect::Write,
            create_project,
        )
        .toolset("account")
        .official_name("create_project"),
        tool(
            "supabase_pause_project",
            "Pause project",
            Effect::IdempotentWrite,
            pause_project,
        )
        .toolset("account")
        .official_name("pause_project"),
        tool(
            "supabase_restore_project",
            "Restore project",
            Effect::IdempotentWrite,
            restore_project,
        )
        .toolset("account")
        .official_name("restore_project"),
    ]
}

/// List the organizations the token belongs to: id (the slug other tools take as
/// `organization_id`) and name.
#[derive(Deserialize, JsonSchema)]
pub struct ListOrganizations {}

async fn list_organizations(ctx: Ctx, _: ListOrganizations) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/v1/organizations")?
        .send_json()
        .await?;
    // `id` is deprecated for `slug` (the same value): prefer the slug.
    let org = |o: &Value| {
        let mut out = pick(o, &["id", "name"]);
        if let Some(slug) = o.get("slug").filter(|s| s.is_string()) {
            out["id"] = slug.clone();
        }
        out
    };
    Ok(json!({ "organizations": map_array(&v, org) }))
}

/// Get an organization: id (slug), name, plan, release channels and opt-in tags.
#[derive(Deserialize, JsonSchema)]
pub struct GetOrganization {
    /// Organization slug (the `id` supabase_list_organizations returns)
    #[schemars(length(max = 64))]
    id: String,
}

async fn get_organization(ctx: Ctx, a: GetOrganization) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(
            Method::GET,
            &format!("/v1/organizations/{}", seg_id(&a.id, "id")?),
        )?
        .send_json()
        .await?;
    let mut out = pick(
        &v,
        &[
            "id",
            "name",
            "plan",
            "allowed_release_channels",
            "opt_in_tags",
        ],
    );
    if let Some(slug) = v.get("slug").filter(|s| s.is_string()) {
        out["id"] = slug.clone();
    }
    Ok(out)
}

fn project(p: &Value) -> Value {
    pick(
        p,
        &[
            "id=ref",
            "name",
            "organization_id=organization_slug",
            "region",
            "status",
            "created_at",
            "database_host=database.host",
            "postgres_version=database.version",
        ],
    )
}

/// List every project the token can see: id (the ref), name, organization_id, region, status,
/// created_at and database host and version.
#[derive(Deserialize, JsonSchema)]
pub struct ListProjects {}

async fn list_projects(ctx: Ctx, _: ListProjects) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, "/v1/projects")?
        .send_json()
        .await?;
    Ok(json!({ "projects": map_array(&v, project) }))
}

/// Get a project: id (the ref), name, organization_id, region, status, created_at and
/// database host and version.
#[derive(Deserialize, JsonSchema)]
pub struct GetProject {
    /// Project ref (20 lowercase letters)
    #[schemars(length(max = 64))]
    id: String,
}

async fn get_project(ctx: Ctx, a: GetProject) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &project_path(&a.id)?)?
        .send_json()
        .await?;
    Ok(project(&v))
}

/// The cost of a new project (in organization `organization_id`) or a new branch, to show
/// the user before supabase_confirm_cost. Returns type, recurrence and amount (USD).
#[derive(Deserialize, JsonSchema)]
pub struct GetCost {
    #[serde(rename = "type")]
    kind: CostType,
    /// Organization slug (for a project; a branch costs the same everywhere)
    #[schemars(length(max = 64))]
    organization_id: String,
}

async fn get_cost(ctx: Ctx, a: GetCost) -> Result<Value, ToolError> {
    let (recurrence, amount) = match a.kind {
        CostType::Project => api::project_cost(&ctx, &a.organization_id).await?,
        CostType::Branch => (Recurrence::Hourly, api::BRANCH_HOURLY),
    };
    Ok(json!({ "type": a.kind, "recurrence": recurrence, "amount": amount, "currency": "USD" }))
}

/// Confirm that the user accepted a cost from supabase_get_cost; returns the
/// `confirm_cost_id` that supabase_create_project or supabase_create_branch needs. Ask the
/// user first: never confirm on their behalf.
#[derive(Deserialize, JsonSchema)]
pub struct ConfirmCost {
    #[serde(rename = "type")]
    kind: CostType,
    recurrence: Recurrence,
    /// The amount supabase_get_cost returned (USD)
    amount: f64,
}

async fn confirm_cost(_ctx: Ctx, a: ConfirmCost) -> Result<Value, ToolError> {
    if !a.amount.is_finite() || a.amount < 0.0 {
        return Err(ToolError::invalid_input(
            "`amount` must be the non-negative amount supabase_get_cost returned",
        ));
    }
    Ok(json!({ "confirm_cost_id": api::cost_id(a.kind, a.recurrence, a.amount) }))
}

/// Create a project in an organization (costs money: confirm first with supabase_get_cost
/// and supabase_confirm_cost). A random database password is set; reset it in the
/// dashboard to connect directly. Returns the new project (status COMING_UP).
#[derive(Deserialize, JsonSchema)]
pub struct CreateProject {
    #[schemars(length(max = 256))]
    name: String,
    /// Region code, e.g. us-east-1, eu-central-1, ap-southeast-1 (default: Supabase's choice)
    #[schemars(length(max = 32))]
    region: Option<String>,
    /// Organization slug
    #[schemars(length(max = 64))]
    organization_id: String,
    /// From supabase_confirm_cost
    #[schemars(length(max = 64))]
    confirm_cost_id: String,
}

async fn create_project(ctx: Ctx, a: CreateProject) -> Result<Value, ToolError> {
    let name = a.name.trim();
    if name.is_empty() {
        return Err(ToolError::invalid_input("`name` must not be empty"));
    }
    seg_id(&a.organization_id, "organization_id")?;
    let (recurrence, amount) = api::project_cost(&ctx, a.organization_id.trim()).await?;
    api::check_confirmed(&a.confirm_cost_id, CostType::Project, recurrence, amount)?;
    let mut body = Map::new();
    body.insert("name".into(), json!(name));
    body.insert("organization_slug".into(), json!(a.organization_id.trim()));
    body.insert("db_pass".into(), json!(database_password()));
    if let Some(region) = a.region.as_deref().map(str::trim).filter(|r| !r.is_empty()) {
        body.insert(
            "region_selection".into(),
            json!({"type": "specific", "code": region}),
        );
    }
    let v: Value = ctx
        .authorized(Method::POST, "/v1/projects")?
        .json(&body)
        .send_json()
        .await?;
    Ok(project(&v))
}

/// A random password for a new project's database (64 hex digits).
fn database_password() -> String {
    format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    )
}

/// Pause a project: its database and services stop until supabase_restore_project.
#[derive(Deserialize, JsonSchema)]
pub struct PauseProject {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
}

async fn pause_project(ctx: Ctx, a: PauseProject) -> Result<Value, ToolError> {
    ctx.authorized(
        Method::POST,
        &format!("{}/pause", project_path(&a.project_id)?),
    )?
    .send()
    .await?;
    Ok(json!({ "project_id": a.project_id.trim(), "status": "pausing" }))
}

/// Restore a paused project (it comes back up within minutes; check supabase_get_project).
#[derive(Deserialize, JsonSchema)]
pub struct RestoreProject {
    /// Project ref
    #[schemars(length(max = 64))]
    project_id: String,
}

async fn restore_project(ctx: Ctx, a: RestoreProject) -> Result<Value, ToolError> {
    ctx.authorized(
        Method::POST,
        &format!("{}/restore", project_path(&a.project_id)?),
    )?
    .send()
    .await?;
    Ok(json!({ "project_id": a.project_id.trim(), "status": "restoring" }))
}
