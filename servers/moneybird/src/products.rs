//! Products: `GET /{administration_id}/products.json`.

use crate::api::{admin_path, list_page, page};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "moneybird_list_products",
            "List products",
            Effect::Read,
            list_products,
        )
        .toolset("products"),
    ]
}

fn product(p: &Value) -> Value {
    pick(
        p,
        &[
            "id",
            "description",
            "title",
            "identifier",
            "price",
            "currency",
            "frequency",
            "frequency_type",
            "tax_rate_id",
            "ledger_account_id",
        ],
    )
}

/// List active products, optionally by name (`query`). Returns `items` (prices as decimal
/// strings) and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListProducts {
    /// Digits, as a string (from moneybird_list_administrations)
    administration_id: String,
    query: Option<String>,
    /// Page number, from 1 (Klavis's paging; `cursor` wins)
    page: Option<Count>,
    /// Per page, 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_products(ctx: Ctx, a: ListProducts) -> Result<Value, ToolError> {
    let (per_page, page) = page(a.limit, a.cursor.as_deref(), a.page)?;
    let path = admin_path(&a.administration_id, "products")?;
    let q = a.query.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let req = ctx.authorized(Method::GET, &path)?.query_opt("query", q);
    list_page(req, per_page, page, product).await
}
