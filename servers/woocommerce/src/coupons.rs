//! Coupons: `/coupons` (list, get, create, update, delete).

use crate::api::{self, Call};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("coupons");
    vec![
        t(tool("woo_coupons_list", "List coupons", Effect::Read, list)),
        t(tool("woo_coupons_get", "Get coupon", Effect::Read, get)),
        t(tool(
            "woo_coupons_create",
            "Create coupon",
            Effect::Write,
            create,
        )),
        t(tool(
            "woo_coupons_update",
            "Update coupon",
            Effect::IdempotentWrite,
            update,
        )),
        t(tool(
            "woo_coupons_delete",
            "Delete coupon",
            Effect::Destructive,
            delete,
        )),
    ]
}

/// List coupons (GET /coupons). Returns `coupons` (id, code, amount, discount_type,
/// date_expires, usage_count, usage_limit, ...), `page`, `per_page`, `total`, `total_pages`
/// and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// Coupons per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    /// Only coupons matching this text
    search: Option<String>,
    /// Only the coupon with this code
    code: Option<String>,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let call = Call::get("/coupons")
        .q_opt("search", a.search)
        .q_opt("code", a.code);
    api::list(&ctx, call, "coupons", a.page, a.per_page).await
}

/// Get one coupon (GET /coupons/<id>): WooCommerce's coupon object.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Get {
    coupon_id: Count,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    api::get_one(&ctx, "/coupons", a.coupon_id.get()).await
}

/// Create a coupon (POST /coupons). `couponData`: `code` (required), `discount_type`
/// (percent, fixed_cart, fixed_product), `amount` (a string), `individual_use`,
/// `exclude_sale_items`, `minimum_amount`, `maximum_amount`, `date_expires`, `usage_limit`,
/// `usage_limit_per_user`, `product_ids`, `excluded_product_ids`, `email_restrictions`,
/// `free_shipping`, `description`... Returns the coupon.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Create {
    coupon_data: Map<String, Value>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    api::require_text(
        &a.coupon_data,
        "couponData",
        "code",
        "the code customers enter",
    )?;
    api::create(&ctx, "/coupons", a.coupon_data, "couponData").await
}

/// Update a coupon (PUT /coupons/<id>) with the fields of `couponData`. Returns the coupon.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Update {
    coupon_id: Count,
    coupon_data: Map<String, Value>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    api::update(
        &ctx,
        "/coupons",
        a.coupon_id.get(),
        a.coupon_data,
        "couponData",
    )
    .await
}

/// Delete a coupon (DELETE /coupons/<id>), for good by default (`force: true`), or to the
/// trash with `force: false`. Returns the deleted coupon.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delete {
    coupon_id: Count,
    /// Delete permanently instead of moving to the trash
    #[serde(default = "yes")]
    #[schemars(extend("default" = true))]
    force: bool,
}

fn yes() -> bool {
    true
}

async fn delete(ctx: Ctx, a: Delete) -> Result<Value, ToolError> {
    api::delete(&ctx, "/coupons", a.coupon_id.get(), a.force).await
}
