//! Opportunities, tasks and users.

use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

const OPPORTUNITY: &[&str] = &[
    "id",
    "lead_id",
    "lead_name",
    "status_id",
    "status_label",
    "status_type",
    "pipeline_name",
    "value",
    "value_period",
    "value_currency",
    "value_formatted",
    "confidence",
    "note",
    "date_won",
    "user_name",
    "contact_id",
    "date_created",
    "date_updated",
];
const TASK: &[&str] = &[
    "id",
    "_type",
    "lead_id",
    "lead_name",
    "text",
    "assigned_to",
    "assigned_to_name",
    "date",
    "due_date",
    "is_complete",
    "view",
    "date_created",
    "date_updated",
];
const USER: &[&str] = &[
    "id",
    "first_name",
    "last_name",
    "email",
    "image",
    "date_created",
];
const ME: &[&str] = &[
    "id",
    "first_name",
    "last_name",
    "email",
    "organizations",
    "date_created",
];

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "close_create_opportunity",
            "Create opportunity",
            Effect::Write,
            create_opportunity,
        )
        .toolset("opportunities"),
        tool(
            "close_list_opportunities",
            "List opportunities",
            Effect::Read,
            list_opportunities,
        )
        .toolset("opportunities"),
        tool(
            "close_get_opportunity",
            "Get opportunity",
            Effect::Read,
            get_opportunity,
        )
        .toolset("opportunities"),
        tool(
            "close_update_opportunity",
            "Update opportunity",
            Effect::IdempotentWrite,
            update_opportunity,
        )
        .toolset("opportunities"),
        tool(
            "close_delete_opportunity",
            "Delete opportunity",
            Effect::Destructive,
            delete_opportunity,
        )
        .toolset("opportunities"),
        tool(
            "close_create_task",
            "Create task",
            Effect::Write,
            create_task,
        )
        .toolset("tasks"),
        tool("close_get_task", "Get task", Effect::Read, get_task).toolset("tasks"),
        tool(
            "close_update_task",
            "Update task",
            Effect::IdempotentWrite,
            update_task,
        )
        .toolset("tasks"),
        tool(
            "close_delete_task",
            "Delete task",
            Effect::Destructive,
            delete_task,
        )
        .toolset("tasks"),
        tool("close_list_tasks", "List tasks", Effect::Read, list_tasks).toolset("tasks"),
        tool(
            "close_get_current_user",
            "Get current user",
            Effect::Read,
            get_current_user,
        )
        .toolset("users"),
        tool("close_list_users", "List users", Effect::Read, list_users).toolset("users"),
        tool("close_get_user", "Get user", Effect::Read, get_user).toolset("users"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ValuePeriod {
    OneTime,
    Monthly,
    Annual,
}

/// Fields of an opportunity, shared by create and update.
#[derive(Deserialize, JsonSchema)]
pub struct OpportunityFields {
    note: Option<String>,
    /// Win probability, 0-100
    confidence: Option<Count>,
    /// In cents (whole number): 150000 is 1,500.00
    value: Option<f64>,
    value_period: Option<ValuePeriod>,
    /// Opportunity status id (`stat_...`)
    status_id: Option<String>,
    /// Expected or actual close date, YYYY-MM-DD (Close's `date_won`)
    expected_date: Option<String>,
}

impl OpportunityFields {
    fn body(self) -> Result<Map<String, Value>, ToolError> {
        let mut b = Map::new();
        insert_opt(&mut b, "note", self.note);
        if let Some(c) = self.confidence {
            if c.get() > 100 {
                return Err(ToolError::invalid_input(format!(
                    "confidence is a percentage, 0 to 100 (got {})",
                    c.get()
                )));
            }
            b.insert("confidence".into(), json!(c.get()));
        }
        if let Some(v) = self.value {
            if !v.is_finite() || v < 0.0 || v.fract() != 0.0 {
                return Err(ToolError::invalid_input(format!(
                    "value is in cents and must be a whole number of at least 0 (got {v})"
                )));
            }
            b.insert("value".into(), json!(v as u64));
        }
        insert_opt(&mut b, "value_period", self.value_period);
        insert_opt(&mut b, "status_id", self.status_id);
        insert_opt(&mut b, "date_won", self.expected_date);
        Ok(b)
    }
}

/// Create an opportunity (a deal) on a lead. Returns the opportunity.
#[derive(Deserialize, JsonSchema)]
pub struct CreateOpportunity {
    lead_id: String,
    #[serde(flatten)]
    fields: OpportunityFields,
}

async fn create_opportunity(ctx: Ctx, a: CreateOpportunity) -> Result<Value, ToolError> {
    let mut b = a.fields.body()?;
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    api::create(&ctx, "/opportunity/", &[], b, OPPORTUNITY).await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StatusType {
    Active,
    Won,
    Lost,
}

/// List opportunities, newest first, a page at a time. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListOpportunities {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    lead_id: Option<String>,
    /// Owner (`user_...`)
    user_id: Option<String>,
    status_id: Option<String>,
    status_type: Option<StatusType>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_opportunities(ctx: Ctx, a: ListOpportunities) -> Result<Value, ToolError> {
    let mut q = Vec::new();
    for (k, v) in [
        ("lead_id", a.lead_id),
        ("user_id", a.user_id),
        ("status_id", a.status_id),
        (
            "status_type",
            a.status_type.as_ref().map(mcp_shared::json::enum_str),
        ),
    ] {
        if let Some(v) = v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
            q.push((k, v));
        }
    }
    q.push(("_order_by", "-date_created".to_owned()));
    api::list(
        &ctx,
        "/opportunity/",
        q,
        a.limit,
        None,
        a.cursor.as_deref(),
        OPPORTUNITY,
    )
    .await
}

/// Get an opportunity: status, value, confidence, close date, note and lead.
#[derive(Deserialize, JsonSchema)]
pub struct GetOpportunity {
    opportunity_id: String,
}

async fn get_opportunity(ctx: Ctx, a: GetOpportunity) -> Result<Value, ToolError> {
    let path = format!("/opportunity/{}/", id(&a.opportunity_id, "opportunity_id")?);
    api::get(&ctx, &path, OPPORTUNITY).await
}

/// Update an opportunity (a status with type won or lost closes it). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateOpportunity {
    opportunity_id: String,
    #[serde(flatten)]
    fields: OpportunityFields,
}

async fn update_opportunity(ctx: Ctx, a: UpdateOpportunity) -> Result<Value, ToolError> {
    let path = format!("/opportunity/{}/", id(&a.opportunity_id, "opportunity_id")?);
    api::update(&ctx, &path, a.fields.body()?, OPPORTUNITY).await
}

/// Delete an opportunity.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteOpportunity {
    opportunity_id: String,
}

async fn delete_opportunity(ctx: Ctx, a: DeleteOpportunity) -> Result<Value, ToolError> {
    let oid = id(&a.opportunity_id, "opportunity_id")?;
    api::delete(&ctx, &format!("/opportunity/{oid}/"), &oid).await
}

/// Create a to-do task on a lead. Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTask {
    lead_id: String,
    text: String,
    /// User id (`user_...`); the caller when omitted
    assigned_to: Option<String>,
    /// Due date YYYY-MM-DD, or a date-time with offset
    date: Option<String>,
    is_complete: Option<bool>,
}

async fn create_task(ctx: Ctx, a: CreateTask) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("_type".into(), json!("lead"));
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("text".into(), json!(non_empty(&a.text, "text")?));
    insert_opt(&mut b, "assigned_to", a.assigned_to);
    insert_opt(&mut b, "date", a.date);
    insert_opt(&mut b, "is_complete", a.is_complete);
    api::create(&ctx, "/task/", &[], b, TASK).await
}

/// Get a task.
#[derive(Deserialize, JsonSchema)]
pub struct GetTask {
    task_id: String,
}

async fn get_task(ctx: Ctx, a: GetTask) -> Result<Value, ToolError> {
    let path = format!("/task/{}/", id(&a.task_id, "task_id")?);
    api::get(&ctx, &path, TASK).await
}

/// Update a task: text, assignee, due date, or mark it complete. Returns the task.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTask {
    task_id: String,
    text: Option<String>,
    assigned_to: Option<String>,
    date: Option<String>,
    is_complete: Option<bool>,
}

async fn update_task(ctx: Ctx, a: UpdateTask) -> Result<Value, ToolError> {
    let path = format!("/task/{}/", id(&a.task_id, "task_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "text", a.text);
    insert_opt(&mut b, "assigned_to", a.assigned_to);
    insert_opt(&mut b, "date", a.date);
    insert_opt(&mut b, "is_complete", a.is_complete);
    api::update(&ctx, &path, b, TASK).await
}

/// Delete a task.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteTask {
    task_id: String,
}

async fn delete_task(ctx: Ctx, a: DeleteTask) -> Result<Value, ToolError> {
    let tid = id(&a.task_id, "task_id")?;
    api::delete(&ctx, &format!("/task/{tid}/"), &tid).await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    Inbox,
    Future,
    Archive,
}

/// List tasks, a page at a time. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTasks {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Tasks to skip (prefer `cursor`)
    skip: Option<Count>,
    lead_id: Option<String>,
    /// User id
    assigned_to: Option<String>,
    is_complete: Option<bool>,
    /// e.g. `lead`, `incoming_email`, `missed_call`, `outgoing_call`
    task_type: Option<String>,
    /// inbox: due now; future: due later; archive: complete
    view: Option<View>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_tasks(ctx: Ctx, a: ListTasks) -> Result<Value, ToolError> {
    let mut q = Vec::new();
    let mut opt = |k: &'static str, v: Option<String>| {
        if let Some(v) = v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty()) {
            q.push((k, v));
        }
    };
    opt("lead_id", a.lead_id);
    opt("assigned_to", a.assigned_to);
    opt("is_complete", a.is_complete.map(|b| b.to_string()));
    opt("_type", a.task_type);
    opt("view", a.view.as_ref().map(mcp_shared::json::enum_str));
    api::list(
        &ctx,
        "/task/",
        q,
        a.limit,
        a.skip,
        a.cursor.as_deref(),
        TASK,
    )
    .await
}

/// The user the credentials act as, with their organizations.
#[derive(Deserialize, JsonSchema)]
pub struct GetCurrentUser {}

async fn get_current_user(ctx: Ctx, _a: GetCurrentUser) -> Result<Value, ToolError> {
    let mut v = api::get(&ctx, "/me/", ME).await?;
    if let Some(orgs) = v.get_mut("organizations").and_then(Value::as_array_mut) {
        for o in orgs.iter_mut() {
            *o = api::trim(o, &["id", "name"]);
        }
    }
    Ok(v)
}

/// List the users of the organization. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Users to skip (prefer `cursor`)
    skip: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_users(ctx: Ctx, a: ListUsers) -> Result<Value, ToolError> {
    api::list(
        &ctx,
        "/user/",
        Vec::new(),
        a.limit,
        a.skip,
        a.cursor.as_deref(),
        USER,
    )
    .await
}

/// Get a user by id (`user_...`).
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    user_id: String,
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let path = format!("/user/{}/", id(&a.user_id, "user_id")?);
    api::get(&ctx, &path, USER).await
}
