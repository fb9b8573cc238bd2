//! SMS activities.

use super::common::{Direction, ListCommon, dir, filters, get_delete_search, outbox};
use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, ToolError, non_empty};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

const SMS: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "status",
    "text",
    "local_phone",
    "remote_phone",
    "date_created",
    "date_sent",
];

get_delete_search!(
    "/activity/sms/",
    SMS,
    sms_id,
    GetSms,
    get_sms,
    "Get an SMS activity.",
    DeleteSms,
    delete_sms,
    "Delete an SMS activity.",
    SearchSms,
    search_sms,
    "Find SMS activities containing `query`."
);

/// List SMS activities, newest first. `direction` filters the page read. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListSms {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<Direction>,
}

pub(super) async fn list_sms(ctx: Ctx, a: ListSms) -> Result<Value, ToolError> {
    let keep = filters(vec![("direction", dir(a.direction))]);
    a.common
        .run(&ctx, "/activity/sms/", Vec::new(), keep, SMS)
        .await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SmsStatus {
    Inbox,
    Draft,
    Scheduled,
    Outbox,
    Sent,
}

/// Create an SMS activity on a lead: outbound ones are drafts by default (`outbox` sends
/// now), inbound ones `inbox`. Returns the SMS.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSms {
    lead_id: String,
    text: String,
    direction: Direction,
    /// The contact's number, E.164
    remote_phone: Option<String>,
    /// Your Close number, E.164 (needed to send)
    local_phone: Option<String>,
    contact_id: Option<String>,
    status: Option<SmsStatus>,
}

pub(super) async fn create_sms(ctx: Ctx, a: CreateSms) -> Result<Value, ToolError> {
    let status = a.status.unwrap_or(match a.direction {
        Direction::Inbound => SmsStatus::Inbox,
        Direction::Outbound => SmsStatus::Draft,
    });
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("text".into(), json!(a.text));
    b.insert("direction".into(), json!(a.direction));
    b.insert("status".into(), json!(status));
    insert_opt(&mut b, "remote_phone", a.remote_phone);
    insert_opt(&mut b, "local_phone", a.local_phone);
    insert_opt(&mut b, "contact_id", a.contact_id);
    api::create(&ctx, "/activity/sms/", &[], b, SMS).await
}

/// Update an SMS draft's text or status. Returns the SMS.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSms {
    sms_id: String,
    text: Option<String>,
    status: Option<SmsStatus>,
}

pub(super) async fn update_sms(ctx: Ctx, a: UpdateSms) -> Result<Value, ToolError> {
    let path = format!("/activity/sms/{}/", id(&a.sms_id, "sms_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "text", a.text);
    insert_opt(&mut b, "status", a.status);
    api::update(&ctx, &path, b, SMS).await
}

/// Send a draft SMS now (sets its status to `outbox`). Returns the SMS.
#[derive(Deserialize, JsonSchema)]
pub struct SendSms {
    sms_id: String,
}

pub(super) async fn send_sms(ctx: Ctx, a: SendSms) -> Result<Value, ToolError> {
    let path = format!("/activity/sms/{}/", id(&a.sms_id, "sms_id")?);
    outbox(&ctx, &path, SMS).await
}
