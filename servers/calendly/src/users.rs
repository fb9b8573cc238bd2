//! The current user and their organization: `GET /users/me`,
//! `GET /user_availability_schedules`, `GET /organization_memberships`.

use crate::api::{count, me, opt, paged, user_or_me};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "calendly_get_user_info",
            "Get current user",
            Effect::Read,
            get_user_info,
        )
        .toolset("users"),
        tool(
            "calendly_list_availability_schedules",
            "List availability schedules",
            Effect::Read,
            list_availability_schedules,
        )
        .toolset("users"),
        tool(
            "calendly_list_organization_memberships",
            "List organization memberships",
            Effect::Read,
            list_organization_memberships,
        )
        .toolset("users"),
    ]
}

fn user(u: &Value) -> Value {
    pick(
        u,
        &[
            "uri",
            "name",
            "slug",
            "email",
            "scheduling_url",
            "timezone",
            "current_organization",
            "locale",
            "created_at",
        ],
    )
}

/// The token's own Calendly user: URI (the `user` other tools take), name, email, scheduling
/// URL, time zone and current organization URI.
#[derive(Deserialize, JsonSchema)]
pub struct GetUserInfo {}

async fn get_user_info(ctx: Ctx, _a: GetUserInfo) -> Result<Value, ToolError> {
    Ok(user(&me(&ctx).await?.resource))
}

fn schedule(s: &Value) -> Value {
    pick(s, &["uri", "name", "default", "timezone", "user", "rules"])
}

/// A user's availability schedules: name, default flag, time zone and rules (weekday and
/// date intervals, `from`/`to` as `HH:MM`).
#[derive(Deserialize, JsonSchema)]
pub struct ListAvailabilitySchedules {
    /// User URI; the token's own user when not given
    user_uri: Option<String>,
    /// At most this many (Calendly returns them all at once)
    #[schemars(extend("default" = 20))]
    count: Option<Count>,
}

async fn list_availability_schedules(
    ctx: Ctx,
    a: ListAvailabilitySchedules,
) -> Result<Value, ToolError> {
    let n = count(a.count)?;
    let user = user_or_me(&ctx, opt(&a.user_uri)).await?;
    let v: Value = ctx
        .authorized(Method::GET, "/user_availability_schedules")?
        .query("user", &user)
        .send_json()
        .await?;
    let all = v
        .get("collection")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let items: Vec<Value> = all
        .iter()
        .take(usize::try_from(n).unwrap_or(usize::MAX))
        .map(schedule)
        .collect();
    let mut out = json!({ "items": items });
    if all.len() as u64 > n
        && let Some(m) = out.as_object_mut()
    {
        m.insert(
            "note".into(),
            json!(format!(
                "{} of {} schedules shown; raise count for more",
                n,
                all.len()
            )),
        );
    }
    Ok(out)
}

fn membership(m: &Value) -> Value {
    let mut v = pick(m, &["uri", "role", "organization", "created_at"]);
    if let (Some(o), Some(u)) = (v.as_object_mut(), m.get("user")) {
        o.insert(
            "user".into(),
            pick(u, &["uri", "name", "email", "slug", "timezone"]),
        );
    }
    v
}

/// List the members of an organization (the token's current one by default): role and user
/// (URI, name, email). Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListOrganizationMemberships {
    /// Organization URI; the token's current organization when not given
    organization: Option<String>,
    /// Only this member
    email: Option<String>,
    /// Only this user URI
    user: Option<String>,
    /// 1-100
    #[schemars(extend("default" = 20))]
    count: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_organization_memberships(
    ctx: Ctx,
    a: ListOrganizationMemberships,
) -> Result<Value, ToolError> {
    let n = count(a.count)?;
    let organization = match opt(&a.organization) {
        Some(o) => o.to_owned(),
        None => me(&ctx).await?.organization.ok_or_else(|| {
            ToolError::invalid_input(
                "the token's user belongs to no organization; give `organization`",
            )
        })?,
    };
    let v: Value = ctx
        .authorized(Method::GET, "/organization_memberships")?
        .query("organization", &organization)
        .query_opt("email", opt(&a.email))
        .query_opt("user", opt(&a.user))
        .query("count", n)
        .query_opt("page_token", opt(&a.cursor))
        .send_json()
        .await?;
    let mut out = paged(&v, membership);
    if let Some(m) = out.as_object_mut() {
        m.insert("organization".into(), json!(organization));
    }
    Ok(out)
}
