//! Webhooks: `/webhooks` (list, create).

use crate::api::{self, Call};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("webhooks");
    vec![
        t(tool(
            "woo_webhooks_list",
            "List webhooks",
            Effect::Read,
            list,
        )),
        t(tool(
            "woo_webhooks_create",
            "Create webhook",
            Effect::Write,
            create,
        )),
    ]
}

crate::str_enum!(
    /// Webhook status.
    WebhookStatus { Active = "active", Paused = "paused", Disabled = "disabled" }
);

/// List webhooks (GET /webhooks). Returns `webhooks` (id, name, status, topic, resource,
/// event, delivery_url, date_created...), `page`, `per_page`, `total`, `total_pages` and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// Webhooks per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    status: Option<WebhookStatus>,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let call = Call::get("/webhooks").q_opt("status", a.status);
    api::list(&ctx, call, "webhooks", a.page, a.per_page).await
}

crate::str_enum!(
    /// What the webhook fires on.
    Topic {
        CouponCreated = "coupon.created", CouponUpdated = "coupon.updated",
        CouponDeleted = "coupon.deleted", CustomerCreated = "customer.created",
        CustomerUpdated = "customer.updated", CustomerDeleted = "customer.deleted",
        OrderCreated = "order.created", OrderUpdated = "order.updated",
        OrderDeleted = "order.deleted", ProductCreated = "product.created",
        ProductUpdated = "product.updated", ProductDeleted = "product.deleted",
    }
);

/// Create a webhook (POST /webhooks): from then on the store POSTs the resource (orders,
/// customers, products, coupons: personal data included) to `delivery_url` on every
/// `topic` event. Returns the webhook.
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    /// A name for the webhook
    name: String,
    topic: Topic,
    /// Where the store delivers the payloads (https URL)
    delivery_url: String,
    #[serde(default = "active")]
    #[schemars(extend("default" = "active"))]
    status: WebhookStatus,
    /// Key for the X-WC-Webhook-Signature HMAC of each payload
    secret: Option<String>,
}

fn active() -> WebhookStatus {
    WebhookStatus::Active
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let url = non_empty(&a.delivery_url, "delivery_url")?;
    let parsed = url::Url::parse(url)
        .map_err(|e| ToolError::invalid_input(format!("`delivery_url` is not a URL ({e})")))?;
    if !matches!(parsed.scheme(), "http" | "https") {
        return Err(ToolError::invalid_input(
            "`delivery_url` must be an http(s) URL",
        ));
    }
    let mut b = Map::new();
    b.insert("name".into(), json!(non_empty(&a.name, "name")?));
    b.insert("topic".into(), json!(a.topic.as_str()));
    b.insert("delivery_url".into(), json!(url));
    b.insert("status".into(), json!(a.status.as_str()));
    insert_opt(&mut b, "secret", a.secret.filter(|s| !s.is_empty()));
    api::value(&ctx, Call::post("/webhooks", Value::Object(b))).await
}
