//! Taxes: rates (`/taxes`) and classes (`/taxes/classes`).

use crate::api::{self, Call};
use mcp_shared::json::insert_opt;
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("taxes");
    vec![
        t(tool(
            "woo_tax_rates_list",
            "List tax rates",
            Effect::Read,
            rates_list,
        )),
        t(tool(
            "woo_tax_rates_get",
            "Get tax rate",
            Effect::Read,
            rates_get,
        )),
        t(tool(
            "woo_tax_rates_create",
            "Create tax rate",
            Effect::Write,
            rates_create,
        )),
        t(tool(
            "woo_tax_classes_list",
            "List tax classes",
            Effect::Read,
            classes_list,
        )),
    ]
}

/// List tax rates (GET /taxes), of one tax class or all. Returns `rates` (id, country, state,
/// postcode, city, rate, name, priority, compound, shipping, order, class), `page`,
/// `per_page`, `total`, `total_pages` and `next_page`.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatesList {
    /// Only rates of this tax class slug (standard, reduced-rate, zero-rate...)
    tax_class: Option<String>,
    /// Rates per page, 1-100
    per_page: Option<Count>,
    /// Page number, from 1
    page: Option<Count>,
}

async fn rates_list(ctx: Ctx, a: RatesList) -> Result<Value, ToolError> {
    let call = Call::get("/taxes").q_opt(
        "class",
        a.tax_class
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty()),
    );
    api::list(&ctx, call, "rates", a.page, a.per_page).await
}

/// Get one tax rate (GET /taxes/<id>).
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RatesGet {
    rate_id: Count,
}

async fn rates_get(ctx: Ctx, a: RatesGet) -> Result<Value, ToolError> {
    api::get_one(&ctx, "/taxes", a.rate_id.get()).await
}

/// Create a tax rate (POST /taxes). Returns the rate.
#[derive(Deserialize, JsonSchema)]
pub struct RatesCreate {
    /// ISO 3166 country code, e.g. US
    country: String,
    /// State code, e.g. CA
    state: Option<String>,
    /// The rate in percent, e.g. "7.25"
    rate: String,
    /// The rate's name, e.g. "State Tax"
    name: Option<String>,
    /// Priority (one rate per priority applies)
    #[serde(default = "one")]
    #[schemars(extend("default" = 1))]
    priority: i64,
    /// Applied on top of other taxes
    #[serde(default)]
    #[schemars(extend("default" = false))]
    compound: bool,
    /// Also applied to shipping
    #[serde(default = "yes")]
    #[schemars(extend("default" = true))]
    shipping: bool,
    /// Tax class slug
    #[serde(default = "standard")]
    #[schemars(extend("default" = "standard"))]
    class: String,
}

fn one() -> i64 {
    1
}
fn yes() -> bool {
    true
}
fn standard() -> String {
    "standard".to_owned()
}

async fn rates_create(ctx: Ctx, a: RatesCreate) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("country".into(), json!(non_empty(&a.country, "country")?));
    insert_opt(&mut b, "state", a.state.filter(|s| !s.trim().is_empty()));
    b.insert("rate".into(), json!(non_empty(&a.rate, "rate")?));
    insert_opt(&mut b, "name", a.name.filter(|s| !s.trim().is_empty()));
    b.insert("priority".into(), json!(a.priority));
    b.insert("compound".into(), json!(a.compound));
    b.insert("shipping".into(), json!(a.shipping));
    b.insert("class".into(), json!(non_empty(&a.class, "class")?));
    api::value(&ctx, Call::post("/taxes", Value::Object(b))).await
}

/// List tax classes (GET /taxes/classes): slug and name of each.
#[derive(Deserialize, JsonSchema)]
pub struct ClassesList {}

async fn classes_list(ctx: Ctx, _a: ClassesList) -> Result<Value, ToolError> {
    api::keyed(&ctx, Call::get("/taxes/classes"), "classes").await
}
