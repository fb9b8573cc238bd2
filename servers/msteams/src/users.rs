//! Users of the organization: list or search, read one.

use crate::api::user_path;
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use mcp_vendor_microsoft::{List, Query, page_size};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("msteams_list_users", "List users", Effect::Read, list_users)
            .scopes("User.ReadBasic.All")
            .toolset("users"),
        tool("msteams_get_user", "Get user", Effect::Read, get_user)
            .scopes("User.ReadBasic.All")
            .toolset("users"),
    ]
}

const USER_FIELDS: [&str; 7] = [
    "id",
    "displayName",
    "mail",
    "userPrincipalName",
    "jobTitle",
    "department",
    "officeLocation",
];

/// List the organization's users (id, name, email, user principal name, job), optionally
/// those whose name or email starts with `search`. Returns `next_cursor` for the next page.
#[derive(Deserialize, JsonSchema)]
pub struct ListUsers {
    /// Start of a display name or email address
    search: Option<String>,
    /// At most 100; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_users(ctx: Ctx, a: ListUsers) -> Result<Value, ToolError> {
    let mut q = Query::new().select(USER_FIELDS);
    let search = a.search.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if let Some(s) = search {
        let t = s.replace('\\', "\\\\").replace('"', "\\\"");
        q = q.search_raw(&format!("\"displayName:{t}\" OR \"mail:{t}\""));
    }
    let mut list = List::new("/users", q)
        .limit(page_size(a.limit.map(Count::get), 50, 100, "limit")?)
        .cursor(a.cursor.as_deref());
    if search.is_some() || a.cursor.as_deref().is_some_and(|c| c.contains("search=")) {
        // $search on directory objects needs eventual consistency, on every page.
        list = list.header("ConsistencyLevel", "eventual");
    }
    let page = list.send(&ctx).await?;
    Ok(page.into_json("users", |u| pick(u, &USER_FIELDS)))
}

/// Get one user (an id, a user principal name such as ada@contoso.com, or `me`): name,
/// email, job, department, office, phones.
#[derive(Deserialize, JsonSchema)]
pub struct GetUser {
    user_id: String,
}

async fn get_user(ctx: Ctx, a: GetUser) -> Result<Value, ToolError> {
    let fields = [
        "id",
        "displayName",
        "mail",
        "userPrincipalName",
        "jobTitle",
        "department",
        "officeLocation",
        "businessPhones",
        "mobilePhone",
    ];
    let path = Query::new().select(fields).on(&user_path(&a.user_id)?);
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(pick(&v, &fields))
}
