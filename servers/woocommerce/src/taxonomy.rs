//! Product categories, tags and reviews: `/products/categories`, `/products/tags`,
//! `/products/reviews`.

use crate::api::{self, Call};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("products");
    vec![
        t(tool(
            "woo_products_categories_list",
            "List product categories",
            Effect::Read,
            categories_list,
        )),
        t(tool(
            "woo_products_categories_create",
            "Create product category",
            Effect::Write,
            categories_create,
        )),
        t(tool(
            "woo_products_tags_list",
            "List product tags",
            Effect::Read,
            tags_list,
        )),
        t(tool(
            "woo_products_reviews_list",
            "List product reviews",
            Effect::Read,
            reviews_list,
        )),
    ]
}

/// List product categories (GET /products/categories). Returns `categories` (id, name, slug,
/// parent, description, display, image, menu_order, count), `page`, `per_page`, `total`,
/// `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoriesList {
    /// Categories per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    /// Only categories matching this text
    search: Option<String>,
    /// Only the children of this category id (0: top-level categories)
    parent: Option<Count>,
    /// Leave out categories without products
    hide_empty: Option<bool>,
}

async fn categories_list(ctx: Ctx, a: CategoriesList) -> Result<Value, ToolError> {
    let call = Call::get("/products/categories")
        .q_opt("search", a.search)
        .q_opt("parent", a.parent.map(Count::get))
        .q_opt("hide_empty", a.hide_empty);
    api::list(&ctx, call, "categories", a.page, a.per_page).await
}

/// Create a product category (POST /products/categories). `categoryData`: `name` (required),
/// `slug`, `parent` (a category id), `description`, `display` (default, products,
/// subcategories, both), `image` ({"src"}), `menu_order`. Returns the category.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoriesCreate {
    category_data: Map<String, Value>,
}

async fn categories_create(ctx: Ctx, a: CategoriesCreate) -> Result<Value, ToolError> {
    api::require_text(
        &a.category_data,
        "categoryData",
        "name",
        "the category's name",
    )?;
    api::create(
        &ctx,
        "/products/categories",
        a.category_data,
        "categoryData",
    )
    .await
}

/// List product tags (GET /products/tags). Returns `tags` (id, name, slug, description,
/// count), `page`, `per_page`, `total`, `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TagsList {
    /// Tags per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    /// Only tags matching this text
    search: Option<String>,
    /// Leave out tags without products
    hide_empty: Option<bool>,
}

async fn tags_list(ctx: Ctx, a: TagsList) -> Result<Value, ToolError> {
    let call = Call::get("/products/tags")
        .q_opt("search", a.search)
        .q_opt("hide_empty", a.hide_empty);
    api::list(&ctx, call, "tags", a.page, a.per_page).await
}

crate::str_enum!(
    /// Review status (WooCommerce's default: approved).
    ReviewStatus { All = "all", Hold = "hold", Approved = "approved", Spam = "spam", Trash = "trash" }
);

/// List product reviews (GET /products/reviews), of one product or all. Returns `reviews`
/// (id, product_id, status, reviewer, reviewer_email, review, rating, verified,
/// date_created), `page`, `per_page`, `total`, `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewsList {
    /// Only reviews of this product id
    product_id: Option<Count>,
    /// Reviews per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
    status: Option<ReviewStatus>,
}

async fn reviews_list(ctx: Ctx, a: ReviewsList) -> Result<Value, ToolError> {
    let call = Call::get("/products/reviews")
        .q_opt("product", a.product_id.map(Count::get))
        .q_opt("status", a.status);
    api::list(&ctx, call, "reviews", a.page, a.per_page).await
}
