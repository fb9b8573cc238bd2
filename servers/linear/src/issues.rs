//! Issues and their comments.

use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, ISSUE_FIELDS, and_filter, check_priority, gql, list, page_vars, payload};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("issues");
    vec![
        t(tool(
            "linear_get_issues",
            "Get issues",
            Effect::Read,
            get_issues,
        )),
        t(tool(
            "linear_get_issue_by_id",
            "Get issue",
            Effect::Read,
            get_issue_by_id,
        )),
        t(tool(
            "linear_search_issues",
            "Search issues",
            Effect::Read,
            search_issues,
        )),
        t(tool(
            "linear_create_issue",
            "Create issue",
            Effect::Write,
            create_issue,
        )),
        t(tool(
            "linear_update_issue",
            "Update issue",
            Effect::IdempotentWrite,
            update_issue,
        )),
        t(tool(
            "linear_get_comments",
            "Get comments",
            Effect::Read,
            get_comments,
        )),
        t(tool(
            "linear_create_comment",
            "Create comment",
            Effect::Write,
            create_comment,
        )),
        t(tool(
            "linear_update_comment",
            "Update comment",
            Effect::IdempotentWrite,
            update_comment,
        )),
    ]
}

fn issues_doc(op: &str) -> String {
    format!(
        "query {op}($first: Int, $after: String, $filter: IssueFilter) {{ issues(first: $first, after: $after, filter: $filter, orderBy: updatedAt) {{ nodes {{ {ISSUE_FIELDS} }} pageInfo {{ hasNextPage endCursor }} }} }}"
    )
}

/// List issues, most recently updated first: identifier, title, state, assignee, priority,
/// labels, url. Returns `next_cursor` when there are more.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssues {
    /// Only this team's issues
    team_id: Option<String>,
    /// At most this many (default 10, max 250)
    limit: Option<u64>,
    /// A Linear IssueFilter object, e.g. {"state": {"type": {"eq": "started"}}, "assignee": {"isMe": {"eq": true}}}
    filter: Option<Map<String, Value>>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_issues(ctx: Ctx, a: GetIssues) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 10);
    let team = a.team_id.map(|t| json!({"team": {"id": {"eq": t}}}));
    insert_opt(
        &mut vars,
        "filter",
        and_filter(a.filter.map(Value::Object), team),
    );
    let data = gql(&ctx, "Issues", &issues_doc("Issues"), Value::Object(vars)).await?;
    Ok(list(data.get("issues"), "issues", api::issue))
}

const ISSUE: &str = "query Issue($id: String!) { issue(id: $id) { id identifier title description priority priorityLabel dueDate url createdAt updatedAt state { id name type } assignee { id name } team { id key } project { id name } labels { nodes { name } } } }";

/// Get one issue with its description.
#[derive(Deserialize, JsonSchema)]
pub struct GetIssueById {
    /// Issue id (UUID) or identifier such as ENG-123
    issue_id: String,
}

async fn get_issue_by_id(ctx: Ctx, a: GetIssueById) -> Result<Value, ToolError> {
    let data = gql(&ctx, "Issue", ISSUE, json!({"id": a.issue_id})).await?;
    Ok(api::issue(&data["issue"]))
}

const SEARCH: &str = "query SearchIssues($term: String!, $teamId: String, $first: Int, $after: String) { searchIssues(term: $term, teamId: $teamId, first: $first, after: $after) { nodes { id identifier title priority priorityLabel dueDate url createdAt updatedAt state { id name type } assignee { id name } team { id key } project { id name } labels { nodes { name } } } pageInfo { hasNextPage endCursor } } }";

/// Full-text search of issues (title, description, identifier) with Linear's search.
#[derive(Deserialize, JsonSchema)]
pub struct SearchIssues {
    /// Search text
    query: String,
    /// Only this team's issues
    team_id: Option<String>,
    /// At most this many (default 20, max 250)
    limit: Option<u64>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn search_issues(ctx: Ctx, a: SearchIssues) -> Result<Value, ToolError> {
    if a.query.trim().is_empty() {
        return Err(ToolError::invalid_input("query must not be empty."));
    }
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 20);
    vars.insert("term".into(), json!(a.query));
    insert_opt(&mut vars, "teamId", a.team_id);
    let data = gql(&ctx, "SearchIssues", SEARCH, Value::Object(vars)).await?;
    Ok(list(data.get("searchIssues"), "issues", api::issue))
}

/// Fields an issue is created or updated with (Linear's input names).
fn issue_input(f: &IssueFields, title: Option<&String>) -> Result<Map<String, Value>, ToolError> {
    check_priority(f.priority)?;
    let mut m = Map::new();
    insert_opt(&mut m, "title", title);
    insert_opt(&mut m, "description", f.description.as_ref());
    insert_opt(&mut m, "assigneeId", f.assignee_id.as_ref());
    insert_opt(&mut m, "priority", f.priority);
    insert_opt(&mut m, "stateId", f.state_id.as_ref());
    insert_opt(&mut m, "projectId", f.project_id.as_ref());
    insert_opt(&mut m, "dueDate", f.due_date.as_ref());
    insert_opt(&mut m, "labelIds", f.label_ids.as_ref());
    Ok(m)
}

#[derive(Deserialize, JsonSchema)]
pub struct IssueFields {
    /// Markdown
    description: Option<String>,
    /// User id
    assignee_id: Option<String>,
    /// 0 none, 1 urgent, 2 high, 3 medium, 4 low
    priority: Option<i64>,
    /// Workflow state id (linear_get_workflow_states)
    state_id: Option<String>,
    project_id: Option<String>,
    /// YYYY-MM-DD
    due_date: Option<String>,
    /// Label ids (linear_get_labels); on update they replace the issue's labels
    label_ids: Option<Vec<String>>,
}

const CREATE_ISSUE: &str = "mutation IssueCreate($input: IssueCreateInput!) { issueCreate(input: $input) { success issue { id identifier title priority priorityLabel dueDate url createdAt updatedAt state { id name type } assignee { id name } team { id key } project { id name } labels { nodes { name } } } } }";

/// Create an issue in a team. Returns its id, identifier and url.
#[derive(Deserialize, JsonSchema)]
pub struct CreateIssue {
    team_id: String,
    title: String,
    #[serde(flatten)]
    fields: IssueFields,
}

async fn create_issue(ctx: Ctx, a: CreateIssue) -> Result<Value, ToolError> {
    let mut input = issue_input(&a.fields, Some(&a.title))?;
    input.insert("teamId".into(), json!(a.team_id));
    let data = gql(&ctx, "IssueCreate", CREATE_ISSUE, json!({"input": input})).await?;
    Ok(api::issue(payload(&data, "issueCreate", "issue")?))
}

const UPDATE_ISSUE: &str = "mutation IssueUpdate($id: String!, $input: IssueUpdateInput!) { issueUpdate(id: $id, input: $input) { success issue { id identifier title priority priorityLabel dueDate url createdAt updatedAt state { id name type } assignee { id name } team { id key } project { id name } labels { nodes { name } } } } }";

/// Update an issue's fields (only those given); move it with `state_id`.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateIssue {
    /// Issue id or identifier (ENG-123)
    issue_id: String,
    title: Option<String>,
    #[serde(flatten)]
    fields: IssueFields,
}

async fn update_issue(ctx: Ctx, a: UpdateIssue) -> Result<Value, ToolError> {
    let input = issue_input(&a.fields, a.title.as_ref())?;
    if input.is_empty() {
        return Err(ToolError::invalid_input(
            "Nothing to update: give at least one of title, description, assignee_id, priority, state_id, project_id, due_date, label_ids.",
        ));
    }
    let data = gql(
        &ctx,
        "IssueUpdate",
        UPDATE_ISSUE,
        json!({"id": a.issue_id, "input": input}),
    )
    .await?;
    Ok(api::issue(payload(&data, "issueUpdate", "issue")?))
}

const COMMENTS: &str = "query IssueComments($id: String!, $first: Int, $after: String) { issue(id: $id) { comments(first: $first, after: $after) { nodes { id body createdAt editedAt url user { name } } pageInfo { hasNextPage endCursor } } } }";

/// List an issue's comments, oldest first.
#[derive(Deserialize, JsonSchema)]
pub struct GetComments {
    /// Issue id or identifier (ENG-123)
    issue_id: String,
    /// At most this many (default 50, max 250)
    limit: Option<u64>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn get_comments(ctx: Ctx, a: GetComments) -> Result<Value, ToolError> {
    let mut vars = page_vars(a.limit, a.cursor.as_deref(), 50);
    vars.insert("id".into(), json!(a.issue_id));
    let data = gql(&ctx, "IssueComments", COMMENTS, Value::Object(vars)).await?;
    Ok(list(
        data["issue"].get("comments"),
        "comments",
        api::comment,
    ))
}

const CREATE_COMMENT: &str = "mutation CommentCreate($input: CommentCreateInput!) { commentCreate(input: $input) { success comment { id body createdAt editedAt url user { name } } } }";

/// Comment on an issue (markdown body).
#[derive(Deserialize, JsonSchema)]
pub struct CreateComment {
    /// Issue id or identifier (ENG-123)
    issue_id: String,
    body: String,
}

async fn create_comment(ctx: Ctx, a: CreateComment) -> Result<Value, ToolError> {
    let input = json!({"issueId": a.issue_id, "body": a.body});
    let data = gql(
        &ctx,
        "CommentCreate",
        CREATE_COMMENT,
        json!({"input": input}),
    )
    .await?;
    Ok(api::comment(payload(&data, "commentCreate", "comment")?))
}

const UPDATE_COMMENT: &str = "mutation CommentUpdate($id: String!, $input: CommentUpdateInput!) { commentUpdate(id: $id, input: $input) { success comment { id body createdAt editedAt url user { name } } } }";

/// Replace a comment's body.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateComment {
    comment_id: String,
    body: String,
}

async fn update_comment(ctx: Ctx, a: UpdateComment) -> Result<Value, ToolError> {
    let vars = json!({"id": a.comment_id, "input": {"body": a.body}});
    let data = gql(&ctx, "CommentUpdate", UPDATE_COMMENT, vars).await?;
    Ok(api::comment(payload(&data, "commentUpdate", "comment")?))
}
