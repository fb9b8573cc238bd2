//! Subscriptions (Product Catalog 2.0): list (`GET /subscriptions`), get
//! (`GET /subscriptions/{id}`), create for a customer
//! (`POST /customers/{id}/subscription_for_items`), update
//! (`POST /subscriptions/{id}/update_for_items`), cancel
//! (`POST /subscriptions/{id}/cancel_for_items`).

use mcp_shared::json::{enum_str, insert_opt};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, Query};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "chargebee_list_subscriptions",
            "List subscriptions",
            Effect::Read,
            list_subscriptions,
        )
        .toolset("subscriptions"),
        tool(
            "chargebee_get_subscription",
            "Get a subscription",
            Effect::Read,
            get_subscription,
        )
        .toolset("subscriptions"),
        tool(
            "chargebee_create_subscription",
            "Create a subscription",
            Effect::Write,
            create_subscription,
        )
        .toolset("subscriptions"),
        tool(
            "chargebee_update_subscription",
            "Update a subscription",
            Effect::Write,
            update_subscription,
        )
        .toolset("subscriptions"),
        tool(
            "chargebee_cancel_subscription",
            "Cancel a subscription",
            Effect::Destructive,
            cancel_subscription,
        )
        .toolset("subscriptions"),
    ]
}

const STATUSES: &[&str] = &[
    "future",
    "in_trial",
    "active",
    "non_renewing",
    "paused",
    "cancelled",
    "transferred",
];

/// List subscriptions: id, customer, status, items and prices, term dates, MRR; and
/// next_offset.
#[derive(Deserialize, JsonSchema)]
pub struct ListSubscriptions {
    /// Page size
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    /// next_offset of the previous page
    offset: Option<String>,
    customer_id: Option<String>,
    /// Item price id of the plan (Product Catalog 2.0 has no plan ids of its own)
    plan_id: Option<String>,
    /// future, in_trial, active, non_renewing, paused, cancelled or transferred; several
    /// separated by commas
    status: Option<String>,
}

async fn list_subscriptions(ctx: Ctx, a: ListSubscriptions) -> Result<Value, ToolError> {
    let mut q = Query::page(a.limit, a.offset.as_deref())?;
    q.filter("customer_id", "is", a.customer_id.as_deref());
    q.filter("item_price_id", "is", a.plan_id.as_deref());
    q.one_of("status", "status", a.status.as_deref(), STATUSES)?;
    api::list(
        &ctx,
        "/subscriptions",
        q,
        "subscription",
        "subscriptions",
        api::subscription,
    )
    .await
}

/// One subscription: customer, status, items with quantities and prices, term and billing
/// dates, MRR and dues.
#[derive(Deserialize, JsonSchema)]
pub struct GetSubscription {
    subscription_id: String,
}

async fn get_subscription(ctx: Ctx, a: GetSubscription) -> Result<Value, ToolError> {
    let id = api::id(&a.subscription_id, "subscription_id")?;
    let v = api::get(&ctx, &format!("/subscriptions/{id}"), &[]).await?;
    Ok(api::one(&v, "subscription", api::subscription))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum AutoCollection {
    On,
    Off,
}

/// `subscription_items` with one item price and its quantity.
fn items(item_price_id: Option<&str>, quantity: Option<Count>) -> Result<Option<Value>, ToolError> {
    match (
        item_price_id.map(str::trim).filter(|s| !s.is_empty()),
        quantity,
    ) {
        (Some(id), q) => {
            let mut item = Map::new();
            item.insert("item_price_id".into(), id.into());
            insert_opt(&mut item, "quantity", q.map(Count::get));
            Ok(Some(json!([item])))
        }
        (None, Some(_)) => Err(ToolError::invalid_input(
            "`quantity` needs `item_price_id`: the item price whose quantity changes.",
        )),
        (None, None) => Ok(None),
    }
}

/// Subscribe a customer to an item price (a plan's price, e.g. `pro-USD-monthly`). May
/// charge the customer's payment method at once. Returns the subscription and the invoice
/// raised, if any.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSubscription {
    customer_id: String,
    /// A plan item price id (chargebee_list_item_prices)
    item_price_id: String,
    /// Units of the item price
    quantity: Option<Count>,
    /// Unix seconds; a future date makes a `future` subscription
    start_date: Option<Count>,
    /// Unix seconds; 0 for no trial
    trial_end: Option<Count>,
    /// Billing cycles before it ends (default: renews until cancelled)
    billing_cycles: Option<Count>,
    auto_collection: Option<AutoCollection>,
}

async fn create_subscription(ctx: Ctx, a: CreateSubscription) -> Result<Value, ToolError> {
    let customer = api::id(&a.customer_id, "customer_id")?;
    mcp_shared::non_empty(&a.item_price_id, "item_price_id")?;
    let mut body = Map::new();
    insert_opt(
        &mut body,
        "subscription_items",
        items(Some(&a.item_price_id), a.quantity)?,
    );
    insert_opt(&mut body, "start_date", a.start_date.map(Count::get));
    insert_opt(&mut body, "trial_end", a.trial_end.map(Count::get));
    insert_opt(
        &mut body,
        "billing_cycles",
        a.billing_cycles.map(Count::get),
    );
    insert_opt(
        &mut body,
        "auto_collection",
        a.auto_collection.as_ref().map(enum_str),
    );
    let v = api::post(
        &ctx,
        &format!("/customers/{customer}/subscription_for_items"),
        &body,
    )
    .await?;
    Ok(api::with_invoice(&v, "subscription", api::subscription))
}

/// Change a subscription: an item price's quantity (or add that item price), dates,
/// billing cycles, auto collection or PO number; other items stay. Changes apply now and
/// may prorate and charge. Returns the subscription and any invoice raised.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSubscription {
    subscription_id: String,
    /// Item price to add or change (required with quantity)
    item_price_id: Option<String>,
    quantity: Option<Count>,
    /// Unix seconds (future subscriptions only)
    start_date: Option<Count>,
    /// Unix seconds
    trial_end: Option<Count>,
    billing_cycles: Option<Count>,
    auto_collection: Option<AutoCollection>,
    po_number: Option<String>,
}

async fn update_subscription(ctx: Ctx, a: UpdateSubscription) -> Result<Value, ToolError> {
    let id = api::id(&a.subscription_id, "subscription_id")?;
    let mut body = Map::new();
    insert_opt(
        &mut body,
        "subscription_items",
        items(a.item_price_id.as_deref(), a.quantity)?,
    );
    insert_opt(&mut body, "start_date", a.start_date.map(Count::get));
    insert_opt(&mut body, "trial_end", a.trial_end.map(Count::get));
    insert_opt(
        &mut body,
        "billing_cycles",
        a.billing_cycles.map(Count::get),
    );
    insert_opt(
        &mut body,
        "auto_collection",
        a.auto_collection.as_ref().map(enum_str),
    );
    insert_opt(
        &mut body,
        "po_number",
        a.po_number.filter(|s| !s.trim().is_empty()),
    );
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "Nothing to change: give item_price_id (with quantity), start_date, trial_end, billing_cycles, auto_collection or po_number.",
        ));
    }
    let v = api::post(
        &ctx,
        &format!("/subscriptions/{id}/update_for_items"),
        &body,
    )
    .await?;
    Ok(api::with_invoice(&v, "subscription", api::subscription))
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CreditOption {
    None,
    Prorate,
    Full,
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum UnbilledOption {
    Invoice,
    Delete,
}

/// Cancel a subscription now (default), at the end of its term, or at `cancel_at`. Returns
/// the subscription and any invoice or credit notes raised.
#[derive(Deserialize, JsonSchema)]
pub struct CancelSubscription {
    subscription_id: String,
    /// Cancel when the current term ends instead of now
    end_of_term: Option<bool>,
    /// Unix seconds to cancel at (excludes end_of_term)
    cancel_at: Option<Count>,
    /// Credit for the unused part of the term
    credit_option_for_current_term_charges: Option<CreditOption>,
    /// Invoice or drop charges not yet billed
    unbilled_charges_option: Option<UnbilledOption>,
    /// A cancel reason code configured on the site
    cancel_reason_code: Option<String>,
}

async fn cancel_subscription(ctx: Ctx, a: CancelSubscription) -> Result<Value, ToolError> {
    let id = api::id(&a.subscription_id, "subscription_id")?;
    if a.end_of_term == Some(true) && a.cancel_at.is_some() {
        return Err(ToolError::invalid_input(
            "Give either end_of_term or cancel_at, not both.",
        ));
    }
    let mut body = Map::new();
    insert_opt(&mut body, "end_of_term", a.end_of_term);
    insert_opt(&mut body, "cancel_at", a.cancel_at.map(Count::get));
    insert_opt(
        &mut body,
        "credit_option_for_current_term_charges",
        a.credit_option_for_current_term_charges
            .as_ref()
            .map(enum_str),
    );
    insert_opt(
        &mut body,
        "unbilled_charges_option",
        a.unbilled_charges_option.as_ref().map(enum_str),
    );
    insert_opt(
        &mut body,
        "cancel_reason_code",
        a.cancel_reason_code.filter(|s| !s.trim().is_empty()),
    );
    let v = api::post(
        &ctx,
        &format!("/subscriptions/{id}/cancel_for_items"),
        &body,
    )
    .await?;
    Ok(api::with_invoice(&v, "subscription", api::subscription))
}
