//! Agents and the account: `/agents` (list, view, me, create, update, delete, autocomplete,
//! bulk create), `/groups`, `/jobs/{id}`, `/account`.

use crate::api::{self, opt, request};
use crate::contacts::agent_type;
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("agents");
    vec![
        tool(
            "freshdesk_get_current_account",
            "Get account",
            Effect::Read,
            get_account,
        )
        .toolset("account"),
        t(tool(
            "freshdesk_list_agents",
            "List agents",
            Effect::Read,
            list_agents,
        )),
        t(tool(
            "freshdesk_get_agent_by_id",
            "Get agent",
            Effect::Read,
            get_agent,
        )),
        t(tool(
            "freshdesk_get_current_agent",
            "Get current agent",
            Effect::Read,
            get_current_agent,
        )),
        t(tool(
            "freshdesk_search_agents",
            "Find agents",
            Effect::Read,
            search_agents,
        )),
        t(tool(
            "freshdesk_create_agent",
            "Create agent",
            Effect::Write,
            create_agent,
        )),
        t(tool(
            "freshdesk_bulk_create_agents",
            "Create agents in bulk",
            Effect::Write,
            bulk_create_agents,
        )),
        t(tool(
            "freshdesk_update_agent",
            "Update agent",
            Effect::IdempotentWrite,
            update_agent,
        )),
        t(tool(
            "freshdesk_delete_agent",
            "Delete agent",
            Effect::Destructive,
            delete_agent,
        )),
        t(tool(
            "freshdesk_list_groups",
            "List groups",
            Effect::Read,
            list_groups,
        )),
        tool("freshdesk_get_job", "Get job", Effect::Read, get_job).toolset("account"),
    ]
}

/// The account: name, domain, plan, time zone, agent count, data centre.
#[derive(Deserialize, JsonSchema)]
pub struct GetAccount {}

async fn get_account(ctx: Ctx, _: GetAccount) -> Result<Value, ToolError> {
    let v = api::get(&ctx, "/account").await?;
    Ok(pick(
        &v,
        &[
            "account_id",
            "account_name",
            "account_domain",
            "organisation_id",
            "organisation_name",
            "total_agents",
            "tier_type",
            "timezone",
            "data_center",
            "account_state",
        ],
    ))
}

/// List agents with exact-match filters. Returns `agents` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListAgents {
    email: Option<String>,
    mobile: Option<String>,
    phone: Option<String>,
    #[schemars(extend("enum" = ["fulltime", "occasional"]))]
    state: Option<String>,
    #[schemars(extend("default" = 1))]
    page: Option<Count>,
    /// 1-100
    #[schemars(extend("default" = 30))]
    per_page: Option<Count>,
}

async fn list_agents(ctx: Ctx, a: ListAgents) -> Result<Value, ToolError> {
    let mut q: Vec<(&'static str, String)> = Vec::new();
    for (k, v) in [
        ("email", opt(&a.email)),
        ("mobile", opt(&a.mobile)),
        ("phone", opt(&a.phone)),
        ("state", opt(&a.state)),
    ] {
        if let Some(v) = v {
            q.push((k, v.to_owned()));
        }
    }
    api::list(&ctx, "/agents", q, a.page, a.per_page, "agents", api::agent).await
}

/// Get an agent: contact details, type, scope, groups, roles, skills.
#[derive(Deserialize, JsonSchema)]
pub struct GetAgent {
    agent_id: Count,
}

async fn get_agent(ctx: Ctx, a: GetAgent) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("/agents/{}", a.agent_id.get())).await?;
    Ok(api::agent(&v))
}

/// The agent whose API key this is.
#[derive(Deserialize, JsonSchema)]
pub struct GetCurrentAgent {}

async fn get_current_agent(ctx: Ctx, _: GetCurrentAgent) -> Result<Value, ToolError> {
    let v = api::get(&ctx, "/agents/me").await?;
    Ok(api::agent(&v))
}

/// Find agents whose name or address starts with `term` (autocomplete).
#[derive(Deserialize, JsonSchema)]
pub struct SearchAgents {
    term: String,
}

async fn search_agents(ctx: Ctx, a: SearchAgents) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/agents/autocomplete")?
        .query("term", non_empty(&a.term, "term")?)
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .as_array()
        .into_iter()
        .flatten()
        .map(|x| pick(x, &["id", "name", "email", "avatar"]))
        .collect();
    Ok(json!({ "agents": items }))
}

/// Create an agent (sends an activation e-mail). Returns the agent.
#[derive(Deserialize, JsonSchema)]
pub struct CreateAgent {
    email: String,
    name: String,
    /// 1 all tickets, 2 group tickets, 3 own tickets
    #[schemars(extend("enum" = [1, 2, 3]))]
    ticket_scope: Count,
    /// At least one role id
    role_ids: Vec<Count>,
    group_ids: Option<Vec<Count>>,
    skill_ids: Option<Vec<Count>>,
    /// Occasional (day-pass) agent
    #[schemars(extend("default" = false))]
    occasional: Option<bool>,
    /// HTML
    signature: Option<String>,
    #[schemars(extend("default" = "en"))]
    language: Option<String>,
    /// e.g. `Eastern Time (US & Canada)`
    time_zone: Option<String>,
    /// 1 support agent, 2 field agent, 3 collaborator
    #[schemars(extend("enum" = [1, 2, 3], "default" = 1))]
    agent_type: Option<Count>,
    #[schemars(extend("default" = true))]
    focus_mode: Option<bool>,
}

async fn create_agent(ctx: Ctx, a: CreateAgent) -> Result<Value, ToolError> {
    if a.role_ids.is_empty() {
        return Err(ToolError::invalid_input(
            "`role_ids` needs at least one role id",
        ));
    }
    let mut b = Map::new();
    b.insert("email".into(), json!(non_empty(&a.email, "email")?));
    b.insert("name".into(), json!(non_empty(&a.name, "name")?));
    b.insert("ticket_scope".into(), json!(a.ticket_scope));
    b.insert("role_ids".into(), json!(a.role_ids));
    insert_opt(&mut b, "group_ids", a.group_ids);
    insert_opt(&mut b, "skill_ids", a.skill_ids);
    insert_opt(&mut b, "occasional", a.occasional);
    insert_opt(&mut b, "signature", opt(&a.signature));
    insert_opt(&mut b, "language", opt(&a.language));
    insert_opt(&mut b, "time_zone", opt(&a.time_zone));
    insert_opt(&mut b, "agent_type", a.agent_type);
    insert_opt(&mut b, "focus_mode", a.focus_mode);
    let v: Value = request(&ctx, Method::POST, "/agents")?
        .json(&b)
        .send_json()
        .await?;
    Ok(api::agent(&v))
}

/// Create up to 25 agents in a background job; each object takes freshdesk_create_agent's
/// fields (`email`, `ticket_scope`, `role_ids` required; `agent_type` by name or number).
/// Returns the `job_id` (freshdesk_get_job).
#[derive(Deserialize, JsonSchema)]
pub struct BulkCreateAgents {
    agents_data: Vec<Map<String, Value>>,
}

async fn bulk_create_agents(ctx: Ctx, a: BulkCreateAgents) -> Result<Value, ToolError> {
    if a.agents_data.is_empty() || a.agents_data.len() > 25 {
        return Err(ToolError::invalid_input(format!(
            "`agents_data` must hold 1 to 25 agents (got {})",
            a.agents_data.len()
        )));
    }
    let mut agents = Vec::new();
    for (i, mut ag) in a.agents_data.into_iter().enumerate() {
        for k in ["email", "ticket_scope", "role_ids"] {
            if ag.get(k).is_none_or(Value::is_null) {
                return Err(ToolError::invalid_input(format!(
                    "agents_data[{i}] needs `{k}`"
                )));
            }
        }
        if let Some(Value::String(t)) = ag.get("agent_type").cloned() {
            ag.insert("agent_type".into(), json!(agent_type(&t)?));
        }
        agents.push(Value::Object(ag));
    }
    let v: Value = request(&ctx, Method::POST, "/agents/bulk")?
        .json(&json!({ "agents": agents }))
        .send_json()
        .await?;
    Ok(pick(&v, &["job_id", "href"]))
}

/// Update an agent; give only what changes. Returns the agent.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateAgent {
    agent_id: Count,
    email: Option<String>,
    #[schemars(extend("enum" = [1, 2, 3]))]
    ticket_scope: Option<Count>,
    /// Replaces the roles
    role_ids: Option<Vec<Count>>,
    /// Replaces the groups
    group_ids: Option<Vec<Count>>,
    skill_ids: Option<Vec<Count>>,
    occasional: Option<bool>,
    signature: Option<String>,
    language: Option<String>,
    time_zone: Option<String>,
    focus_mode: Option<bool>,
}

async fn update_agent(ctx: Ctx, a: UpdateAgent) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "email", opt(&a.email));
    insert_opt(&mut b, "ticket_scope", a.ticket_scope);
    insert_opt(&mut b, "role_ids", a.role_ids);
    insert_opt(&mut b, "group_ids", a.group_ids);
    insert_opt(&mut b, "skill_ids", a.skill_ids);
    insert_opt(&mut b, "occasional", a.occasional);
    insert_opt(&mut b, "signature", opt(&a.signature));
    insert_opt(&mut b, "language", opt(&a.language));
    insert_opt(&mut b, "time_zone", opt(&a.time_zone));
    insert_opt(&mut b, "focus_mode", a.focus_mode);
    if b.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one field of the agent",
        ));
    }
    let v: Value = request(&ctx, Method::PUT, &format!("/agents/{}", a.agent_id.get()))?
        .json(&b)
        .send_json()
        .await?;
    Ok(api::agent(&v))
}

/// Delete an agent: it becomes a contact (its tickets stay).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteAgent {
    agent_id: Count,
}

async fn delete_agent(ctx: Ctx, a: DeleteAgent) -> Result<Value, ToolError> {
    let id = a.agent_id.get();
    api::send_empty(request(&ctx, Method::DELETE, &format!("/agents/{id}"))?).await?;
    Ok(json!({"deleted": true, "agent_id": id}))
}

/// List agent groups (for `group_id` on tickets): ids, names, members.
#[derive(Deserialize, JsonSchema)]
pub struct ListGroups {
    page: Option<Count>,
    /// 1-100 (default 30)
    per_page: Option<Count>,
}

fn group(g: &Value) -> Value {
    pick(
        g,
        &[
            "id",
            "name",
            "description",
            "agent_ids",
            "escalate_to",
            "unassigned_for",
            "auto_ticket_assign",
            "created_at",
            "updated_at",
        ],
    )
}

async fn list_groups(ctx: Ctx, a: ListGroups) -> Result<Value, ToolError> {
    api::list(
        &ctx,
        "/groups",
        Vec::new(),
        a.page,
        a.per_page,
        "groups",
        group,
    )
    .await
}

/// The status of a background job (bulk delete, bulk agent creation): `status`,
/// `progress` and per-item results.
#[derive(Deserialize, JsonSchema)]
pub struct GetJob {
    job_id: String,
}

async fn get_job(ctx: Ctx, a: GetJob) -> Result<Value, ToolError> {
    let id = seg_id(&a.job_id, "job_id")?;
    let v = api::get(&ctx, &format!("/jobs/{id}")).await?;
    Ok(pick(
        &v,
        &[
            "id",
            "status",
            "action",
            "progress",
            "data",
            "created_at",
            "status_updated_at",
        ],
    ))
}
