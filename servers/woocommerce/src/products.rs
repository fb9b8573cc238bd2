//! Products and their variations: `/products` (list, get, create, update, delete, batch) and
//! `/products/<id>/variations`.

use crate::api::{self, Call, Order};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("products");
    vec![
        t(tool(
            "woo_products_list",
            "List products",
            Effect::Read,
            list,
        )),
        t(tool("woo_products_get", "Get product", Effect::Read, get)),
        t(tool(
            "woo_products_create",
            "Create product",
            Effect::Write,
            create,
        )),
        t(tool(
            "woo_products_update",
            "Update product",
            Effect::IdempotentWrite,
            update,
        )),
        t(tool(
            "woo_products_delete",
            "Delete product",
            Effect::Destructive,
            delete,
        )),
        t(tool(
            "woo_products_batch_update",
            "Create, update and delete products in one batch",
            Effect::Destructive,
            batch,
        )),
        t(tool(
            "woo_products_variations_list",
            "List product variations",
            Effect::Read,
            variations,
        )),
    ]
}

crate::str_enum!(
    /// Product status.
    ProductStatus { Publish = "publish", Draft = "draft", Private = "private", Pending = "pending" }
);
crate::str_enum!(
    /// Stock status.
    StockStatus { InStock = "instock", OutOfStock = "outofstock", OnBackorder = "onbackorder" }
);
crate::str_enum!(
    /// Sort products by.
    ProductOrderBy {
        Date = "date", Id = "id", Include = "include", Title = "title", Slug = "slug",
        Price = "price", Popularity = "popularity", Rating = "rating",
    }
);

/// List the store's products (GET /products), filtered and sorted. Returns `products` (each
/// WooCommerce's full product object), `page`, `per_page`, `total` and `total_pages` (from
/// the X-WP-Total headers) and `next_page` while there are more.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct List {
    /// Products per page, 1-100 (WooCommerce's default is 10)
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    /// Only products matching this text
    search: Option<String>,
    status: Option<ProductStatus>,
    /// Only products in this category id
    category: Option<String>,
    /// Only products with this tag id
    tag: Option<String>,
    /// Only the product with this SKU
    sku: Option<String>,
    /// Only featured products
    featured: Option<bool>,
    /// Only products on sale
    on_sale: Option<bool>,
    /// Lowest price, e.g. "10.00"
    min_price: Option<String>,
    /// Highest price
    max_price: Option<String>,
    stock_status: Option<StockStatus>,
    orderby: Option<ProductOrderBy>,
    order: Option<Order>,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let call = Call::get("/products")
        .q_opt("search", a.search)
        .q_opt("status", a.status)
        .q_opt("category", a.category)
        .q_opt("tag", a.tag)
        .q_opt("sku", a.sku)
        .q_opt("featured", a.featured)
        .q_opt("on_sale", a.on_sale)
        .q_opt("min_price", a.min_price)
        .q_opt("max_price", a.max_price)
        .q_opt("stock_status", a.stock_status)
        .q_opt("orderby", a.orderby)
        .q_opt("order", a.order);
    api::list(&ctx, call, "products", a.page, a.per_page).await
}

/// Get one product (GET /products/<id>): WooCommerce's product object.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Get {
    product_id: Count,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    api::get_one(&ctx, "/products", a.product_id.get()).await
}

/// Create a product (POST /products). `productData` is WooCommerce's product object: `name`,
/// `type` (simple, grouped, external, variable), `status`, `regular_price` and `sale_price`
/// (strings), `description`, `short_description`, `sku`, `manage_stock`, `stock_quantity`,
/// `stock_status`, `categories` ([{"id"}]), `tags` ([{"id"}]), `images` ([{"src"}]),
/// `attributes`, `meta_data`... Returns the created product.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Create {
    product_data: Map<String, Value>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    api::create(&ctx, "/products", a.product_data, "productData").await
}

/// Update a product (PUT /products/<id>) with the fields of `productData` (as in
/// woo_products_create; only those given change). Returns the updated product.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Update {
    product_id: Count,
    product_data: Map<String, Value>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    api::update(
        &ctx,
        "/products",
        a.product_id.get(),
        a.product_data,
        "productData",
    )
    .await
}

/// Delete a product (DELETE /products/<id>): to the trash, or for good with `force: true`.
/// Returns the deleted product.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delete {
    product_id: Count,
    /// Delete permanently instead of moving to the trash
    #[serde(default)]
    #[schemars(extend("default" = false))]
    force: bool,
}

async fn delete(ctx: Ctx, a: Delete) -> Result<Value, ToolError> {
    api::delete(&ctx, "/products", a.product_id.get(), a.force).await
}

/// Create, update and delete up to 100 products in one request (POST /products/batch).
/// `create`: product objects; `update`: product objects with their `id`; `delete`: product
/// ids (deleted for good). Returns WooCommerce's `create`, `update` and `delete` lists, each
/// item the product or an `error` for that item.
#[derive(Deserialize, JsonSchema)]
pub struct Batch {
    create: Option<Vec<Map<String, Value>>>,
    update: Option<Vec<Map<String, Value>>>,
    delete: Option<Vec<Count>>,
}

async fn batch(ctx: Ctx, a: Batch) -> Result<Value, ToolError> {
    let body = api::batch(a.create, a.update, a.delete)?;
    api::value(&ctx, Call::post("/products/batch", body)).await
}

/// List the variations of a variable product (GET /products/<id>/variations). Returns
/// `variations`, `page`, `per_page`, `total`, `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Variations {
    product_id: Count,
    /// Variations per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
}

async fn variations(ctx: Ctx, a: Variations) -> Result<Value, ToolError> {
    let call = Call::get(format!("/products/{}/variations", a.product_id.get()));
    api::list(&ctx, call, "variations", a.page, a.per_page).await
}
