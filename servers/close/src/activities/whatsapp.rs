//! WhatsApp message activities.

use super::common::{ListCommon, WaDirection, filters, get_delete_search};
use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, ToolError, non_empty};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

const WHATSAPP: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "message_markdown",
    "external_whatsapp_message_id",
    "response_to_id",
    "integration_link",
    "attachments",
    "date_created",
];

get_delete_search!(
    "/activity/whatsapp_message/",
    WHATSAPP,
    whatsapp_id,
    GetWhatsapp,
    get_whatsapp,
    "Get a WhatsApp message activity.",
    DeleteWhatsapp,
    delete_whatsapp,
    "Delete a WhatsApp message activity.",
    SearchWhatsapp,
    search_whatsapp,
    "Find WhatsApp message activities containing `query`."
);

/// List WhatsApp message activities, newest first. `direction` filters the page read.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWhatsapp {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<WaDirection>,
    date_created__gte: Option<String>,
    date_created__lte: Option<String>,
}

pub(super) async fn list_whatsapp(ctx: Ctx, a: ListWhatsapp) -> Result<Value, ToolError> {
    let extra = filters(vec![
        ("date_created__gte", a.date_created__gte),
        ("date_created__lte", a.date_created__lte),
    ]);
    let keep = filters(vec![(
        "direction",
        a.direction.map(|d| mcp_shared::json::enum_str(&d)),
    )]);
    a.common
        .run(&ctx, "/activity/whatsapp_message/", extra, keep, WHATSAPP)
        .await
}

/// Log a WhatsApp message exchanged outside Close on a lead. Returns the activity.
#[derive(Deserialize, JsonSchema)]
pub struct CreateWhatsapp {
    lead_id: String,
    /// The message's id in WhatsApp
    external_whatsapp_message_id: String,
    message_markdown: String,
    direction: Option<WaDirection>,
    /// Files already uploaded to Close: `[{"url", "filename", "content_type"}]`
    attachments: Option<Vec<Map<String, Value>>>,
    /// URL of the message in the integration
    integration_link: Option<String>,
    /// Close activity id (`acti_...`) of the WhatsApp message this replies to
    response_to_id: Option<String>,
    user_id: Option<String>,
    contact_id: Option<String>,
    date_created: Option<String>,
    /// With `incoming`: also notify the user's inbox
    send_to_inbox: Option<bool>,
}

pub(super) async fn create_whatsapp(ctx: Ctx, a: CreateWhatsapp) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert(
        "external_whatsapp_message_id".into(),
        json!(non_empty(
            &a.external_whatsapp_message_id,
            "external_whatsapp_message_id"
        )?),
    );
    b.insert("message_markdown".into(), json!(a.message_markdown));
    insert_opt(&mut b, "direction", a.direction);
    insert_opt(&mut b, "attachments", a.attachments);
    insert_opt(&mut b, "integration_link", a.integration_link);
    insert_opt(&mut b, "response_to_id", a.response_to_id);
    insert_opt(&mut b, "user_id", a.user_id);
    insert_opt(&mut b, "contact_id", a.contact_id);
    insert_opt(&mut b, "date_created", a.date_created);
    let q: Vec<(&str, String)> = match a.send_to_inbox {
        Some(true) => vec![("send_to_inbox", "true".to_owned())],
        _ => Vec::new(),
    };
    api::create(&ctx, "/activity/whatsapp_message/", &q, b, WHATSAPP).await
}

/// Update a WhatsApp message activity. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateWhatsapp {
    whatsapp_id: String,
    message_markdown: Option<String>,
    attachments: Option<Vec<Map<String, Value>>>,
    integration_link: Option<String>,
}

pub(super) async fn update_whatsapp(ctx: Ctx, a: UpdateWhatsapp) -> Result<Value, ToolError> {
    let path = format!(
        "/activity/whatsapp_message/{}/",
        id(&a.whatsapp_id, "whatsapp_id")?
    );
    let mut b = Map::new();
    insert_opt(&mut b, "message_markdown", a.message_markdown);
    insert_opt(&mut b, "attachments", a.attachments);
    insert_opt(&mut b, "integration_link", a.integration_link);
    api::update(&ctx, &path, b, WHATSAPP).await
}
