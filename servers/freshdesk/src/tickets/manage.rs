//! Changing tickets: update, delete and restore, bulk delete, merge, watch, archived tickets.

use crate::api::{self, opt, request};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Method, ToolError};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_json::{Map, Value, json};

/// Update a ticket's properties; give only what changes. Returns the ticket.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateTicket {
    ticket_id: Count,
    subject: Option<String>,
    /// HTML
    description: Option<String>,
    #[schemars(extend("enum" = [1, 2, 3, 4]))]
    priority: Option<Count>,
    /// 2 Open, 3 Pending, 4 Resolved, 5 Closed, or a custom status id
    status: Option<Count>,
    /// Replaces the tags
    tags: Option<Vec<String>>,
    custom_fields: Option<Map<String, Value>>,
    /// Agent to assign
    responder_id: Option<Count>,
    group_id: Option<Count>,
    ticket_type: Option<String>,
}

pub(super) async fn update_ticket(ctx: Ctx, a: UpdateTicket) -> Result<Value, ToolError> {
    let mut b = Map::new();
    insert_opt(&mut b, "subject", opt(&a.subject));
    insert_opt(&mut b, "description", opt(&a.description));
    insert_opt(&mut b, "priority", a.priority);
    insert_opt(&mut b, "status", a.status);
    insert_opt(&mut b, "tags", a.tags);
    insert_opt(&mut b, "custom_fields", a.custom_fields);
    insert_opt(&mut b, "responder_id", a.responder_id);
    insert_opt(&mut b, "group_id", a.group_id);
    insert_opt(&mut b, "type", opt(&a.ticket_type));
    if b.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give subject, description, priority, status, tags, custom_fields, responder_id, group_id or ticket_type",
        ));
    }
    let v: Value = request(
        &ctx,
        Method::PUT,
        &format!("/tickets/{}", a.ticket_id.get()),
    )?
    .json(&b)
    .send_json()
    .await?;
    Ok(api::ticket(&v))
}

/// Delete a ticket (it goes to Trash; freshdesk_restore_ticket brings it back).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteTicket {
    ticket_id: Count,
}

pub(super) async fn delete_ticket(ctx: Ctx, a: DeleteTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(&ctx, Method::DELETE, &format!("/tickets/{id}"))?).await?;
    Ok(json!({"deleted": true, "ticket_id": id}))
}

/// Restore a deleted ticket from Trash.
#[derive(Deserialize, JsonSchema)]
pub struct RestoreTicket {
    ticket_id: Count,
}

pub(super) async fn restore_ticket(ctx: Ctx, a: RestoreTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(
        &ctx,
        Method::PUT,
        &format!("/tickets/{id}/restore"),
    )?)
    .await?;
    Ok(json!({"restored": true, "ticket_id": id}))
}

/// Delete several tickets in a background job (to Trash). Returns the `job_id`
/// (freshdesk_get_job).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMultipleTickets {
    ticket_ids: Vec<Count>,
}

pub(super) async fn delete_multiple_tickets(
    ctx: Ctx,
    a: DeleteMultipleTickets,
) -> Result<Value, ToolError> {
    if a.ticket_ids.is_empty() {
        return Err(ToolError::invalid_input("`ticket_ids` must not be empty"));
    }
    let v: Value = request(&ctx, Method::POST, "/tickets/bulk_delete")?
        .json(&json!({"bulk_action": {"ids": a.ticket_ids}}))
        .send_json()
        .await?;
    Ok(mcp_shared::json::pick(&v, &["job_id", "href"]))
}

/// One id or a list of ids (the catalog types this argument as one integer).
pub struct Ids(Vec<u64>);

impl<'de> Deserialize<'de> for Ids {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum OneOrMany {
            One(Count),
            Many(Vec<Count>),
        }
        match OneOrMany::deserialize(d) {
            Ok(OneOrMany::One(c)) => Ok(Ids(vec![c.get()])),
            Ok(OneOrMany::Many(v)) => Ok(Ids(v.into_iter().map(Count::get).collect())),
            Err(_) => Err(serde::de::Error::custom(
                "expected a ticket id or a list of ticket ids",
            )),
        }
    }
}

impl JsonSchema for Ids {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Ids".into()
    }

    fn inline_schema() -> bool {
        true
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({"type": "integer", "minimum": 0})
    }
}

/// Merge tickets into a primary ticket (their conversations move there; the others are
/// closed). Cannot be undone.
#[derive(Deserialize, JsonSchema)]
pub struct MergeTickets {
    primary_ticket_id: Count,
    /// Ticket to merge in; a list of ids is accepted too
    ticket_ids: Ids,
    /// Add the merged tickets' requesters to the primary's CC
    convert_recepients_to_cc: Option<bool>,
}

pub(super) async fn merge_tickets(ctx: Ctx, a: MergeTickets) -> Result<Value, ToolError> {
    let primary = a.primary_ticket_id.get();
    let mut ids: Vec<u64> = Vec::new();
    for i in a.ticket_ids.0 {
        if i != primary && !ids.contains(&i) {
            ids.push(i);
        }
    }
    if ids.is_empty() {
        return Err(ToolError::invalid_input(
            "`ticket_ids` must name at least one ticket other than the primary",
        ));
    }
    // Freshdesk's own example lists the primary among `ticket_ids`.
    let mut all = vec![primary];
    all.extend(&ids);
    let mut b = Map::new();
    b.insert("primary_id".into(), json!(primary));
    b.insert("ticket_ids".into(), json!(all));
    insert_opt(
        &mut b,
        "convert_recepients_to_cc",
        a.convert_recepients_to_cc,
    );
    api::send_empty(request(&ctx, Method::PUT, "/tickets/merge")?.json(&b)).await?;
    Ok(json!({"merged": true, "primary_id": primary, "merged_ticket_ids": ids}))
}

/// Watch a ticket (get its notifications): the key's agent, or `user_id`.
#[derive(Deserialize, JsonSchema)]
pub struct WatchTicket {
    ticket_id: Count,
    /// Agent to add as watcher (default: the key's agent)
    user_id: Option<Count>,
}

pub(super) async fn watch_ticket(ctx: Ctx, a: WatchTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    let mut req = request(&ctx, Method::POST, &format!("/tickets/{id}/watch"))?.idempotent(true);
    if let Some(u) = a.user_id {
        req = req.json(&json!({"user_id": u}));
    }
    api::send_empty(req).await?;
    Ok(json!({"watching": true, "ticket_id": id}))
}

/// Stop watching a ticket (the key's agent).
#[derive(Deserialize, JsonSchema)]
pub struct UnwatchTicket {
    ticket_id: Count,
}

pub(super) async fn unwatch_ticket(ctx: Ctx, a: UnwatchTicket) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(
        &ctx,
        Method::PUT,
        &format!("/tickets/{id}/unwatch"),
    )?)
    .await?;
    Ok(json!({"watching": false, "ticket_id": id}))
}

/// Get an archived ticket (closed tickets archived by the account's rules).
#[derive(Deserialize, JsonSchema)]
pub struct GetArchivedTicket {
    ticket_id: Count,
}

pub(super) async fn get_archived_ticket(
    ctx: Ctx,
    a: GetArchivedTicket,
) -> Result<Value, ToolError> {
    let v = api::get(&ctx, &format!("/tickets/archived/{}", a.ticket_id.get())).await?;
    Ok(api::ticket(&v))
}

/// Delete an archived ticket for good.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteArchivedTicket {
    ticket_id: Count,
}

pub(super) async fn delete_archived_ticket(
    ctx: Ctx,
    a: DeleteArchivedTicket,
) -> Result<Value, ToolError> {
    let id = a.ticket_id.get();
    api::send_empty(request(
        &ctx,
        Method::DELETE,
        &format!("/tickets/archived/{id}"),
    )?)
    .await?;
    Ok(json!({"deleted": true, "ticket_id": id}))
}
