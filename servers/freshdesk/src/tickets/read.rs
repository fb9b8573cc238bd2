//! Reading tickets: get, list, search, and the ticket fields.

use crate::api::{self, opt, request, search_date};
use mcp_shared::{Count, Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// Get a ticket: properties, description text, attachments; `include` embeds more.
#[derive(Deserialize, JsonSchema)]
pub struct GetTicket {
    ticket_id: Count,
    /// Comma-separated: conversations (first 10), requester, company, stats
    include: Option<String>,
}

pub(super) async fn get_ticket(ctx: Ctx, a: GetTicket) -> Result<Value, ToolError> {
    let v: Value = request(
        &ctx,
        Method::GET,
        &format!("/tickets/{}", a.ticket_id.get()),
    )?
    .query_opt("include", opt(&a.include))
    .send_json()
    .await?;
    Ok(api::ticket(&v))
}

/// List tickets, newest first (without filters: those of the last 30 days). Requester,
/// company and `updated_since` use the list API; status, priority, agent, group, type,
/// `created_since` and `due_by` use the search API (30 a page, 10 pages) and cannot be mixed
/// with the former. Returns `tickets` and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTickets {
    #[schemars(extend("enum" = [2, 3, 4, 5]))]
    status: Option<Count>,
    #[schemars(extend("enum" = [1, 2, 3, 4]))]
    priority: Option<Count>,
    requester_id: Option<Count>,
    /// Requester's address
    email: Option<String>,
    /// Assigned agent
    agent_id: Option<Count>,
    company_id: Option<Count>,
    group_id: Option<Count>,
    ticket_type: Option<String>,
    /// ISO 8601
    updated_since: Option<String>,
    /// Date (yyyy-mm-dd)
    created_since: Option<String>,
    /// Due on or before this date (yyyy-mm-dd)
    due_by: Option<String>,
    /// created_at (default), due_by, updated_at or status
    order_by: Option<String>,
    #[schemars(extend("enum" = ["asc", "desc"]))]
    order_type: Option<String>,
    /// Comma-separated: requester, stats, description, company
    include: Option<String>,
    page: Option<Count>,
    /// 1-100 (default 30)
    per_page: Option<Count>,
}

pub(super) async fn list_tickets(ctx: Ctx, a: ListTickets) -> Result<Value, ToolError> {
    let mut terms: Vec<String> = Vec::new();
    if let Some(s) = a.status {
        terms.push(format!("status:{}", s.get()));
    }
    if let Some(p) = a.priority {
        terms.push(format!("priority:{}", p.get()));
    }
    if let Some(x) = a.agent_id {
        terms.push(format!("agent_id:{}", x.get()));
    }
    if let Some(x) = a.group_id {
        terms.push(format!("group_id:{}", x.get()));
    }
    if let Some(t) = opt(&a.ticket_type) {
        if t.contains('\'') || t.contains('"') {
            return Err(ToolError::invalid_input(
                "`ticket_type` may not contain quotes",
            ));
        }
        terms.push(format!("type:'{t}'"));
    }
    if let Some(d) = opt(&a.created_since) {
        terms.push(format!(
            "created_at:>'{}'",
            search_date(d, "created_since")?
        ));
    }
    if let Some(d) = opt(&a.due_by) {
        terms.push(format!("due_by:<'{}'", search_date(d, "due_by")?));
    }
    let order = opt(&a.order_by).is_some() || opt(&a.order_type).is_some();
    if !terms.is_empty() {
        let list_only = [
            ("requester_id", a.requester_id.is_some()),
            ("email", opt(&a.email).is_some()),
            ("company_id", a.company_id.is_some()),
            ("include", opt(&a.include).is_some()),
            ("order_by/order_type", order),
        ];
        if let Some((name, _)) = list_only.iter().find(|(_, given)| *given) {
            return Err(ToolError::invalid_input(format!(
                "`{name}` cannot be combined with status, priority, agent_id, group_id, ticket_type, created_since or due_by: Freshdesk filters those only through its search API. Call twice, or use freshdesk_filter_tickets."
            )));
        }
        if let Some(d) = opt(&a.updated_since) {
            terms.push(format!(
                "updated_at:>'{}'",
                search_date(d, "updated_since")?
            ));
        }
        return api::search(
            &ctx,
            "tickets",
            &terms.join(" AND "),
            a.page,
            a.per_page,
            "tickets",
            api::ticket_brief,
        )
        .await;
    }
    let mut q: Vec<(&'static str, String)> = Vec::new();
    if let Some(x) = a.requester_id {
        q.push(("requester_id", x.get().to_string()));
    }
    if let Some(x) = opt(&a.email) {
        q.push(("email", x.to_owned()));
    }
    if let Some(x) = a.company_id {
        q.push(("company_id", x.get().to_string()));
    }
    if let Some(x) = opt(&a.updated_since) {
        q.push(("updated_since", x.to_owned()));
    }
    if let Some(x) = opt(&a.order_by) {
        q.push(("order_by", x.to_owned()));
    }
    if let Some(x) = opt(&a.order_type) {
        q.push(("order_type", x.to_owned()));
    }
    if let Some(x) = opt(&a.include) {
        q.push(("include", x.to_owned()));
    }
    api::list(
        &ctx,
        "/tickets",
        q,
        a.page,
        a.per_page,
        "tickets",
        api::ticket_brief,
    )
    .await
}

/// Search tickets with Freshdesk's query language, e.g. `status:2 AND priority:3`,
/// `tag:'vip'`, `created_at:>'2026-01-01'`, `cf_region:'EU'` (quotes are added). 30 results a
/// page, pages 1-10. Returns `tickets`, `total`, `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct FilterTickets {
    query: String,
    /// 1-10
    page: Option<Count>,
    /// Not used: search pages are always 30
    per_page: Option<Count>,
}

pub(super) async fn filter_tickets(ctx: Ctx, a: FilterTickets) -> Result<Value, ToolError> {
    api::search(
        &ctx,
        "tickets",
        &a.query,
        a.page,
        a.per_page,
        "tickets",
        api::ticket_brief,
    )
    .await
}

/// List ticket fields: names (`cf_...` for custom ones), types, whether required, and the
/// choices, e.g. the account's statuses and priorities with their ids.
#[derive(Deserialize, JsonSchema)]
pub struct ListTicketFields {
    /// Only fields of this type, e.g. `default_status`, `custom_dropdown`
    #[serde(rename = "type")]
    field_type: Option<String>,
}

pub(super) async fn list_ticket_fields(ctx: Ctx, a: ListTicketFields) -> Result<Value, ToolError> {
    let v: Value = request(&ctx, Method::GET, "/ticket_fields")?
        .query_opt("type", opt(&a.field_type))
        .send_json()
        .await?;
    let fields: Vec<Value> = v
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            mcp_shared::json::pick(
                f,
                &[
                    "id",
                    "name",
                    "label",
                    "type",
                    "default",
                    "required_for_closure",
                    "required_for_agents",
                    "required_for_customers",
                    "choices",
                    "nested_ticket_fields",
                ],
            )
        })
        .collect();
    Ok(json!({ "ticket_fields": fields }))
}
