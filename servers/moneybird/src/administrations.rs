//! Administrations and their settings: `GET /administrations.json`, and under
//! `/{administration_id}`: financial accounts, tax rates, ledger accounts.

use crate::api::{admin_path, filter, list_all, list_page, page};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "moneybird_list_administrations",
            "List administrations",
            Effect::Read,
            list_administrations,
        )
        .toolset("administrations"),
        tool(
            "moneybird_list_financial_accounts",
            "List financial accounts",
            Effect::Read,
            list_financial_accounts,
        )
        .toolset("administrations"),
        tool(
            "moneybird_list_tax_rates",
            "List tax rates",
            Effect::Read,
            list_tax_rates,
        )
        .toolset("administrations"),
        tool(
            "moneybird_list_ledger_accounts",
            "List ledger accounts",
            Effect::Read,
            list_ledger_accounts,
        )
        .toolset("administrations"),
    ]
}

fn administration(a: &Value) -> Value {
    pick(
        a,
        &[
            "id",
            "name",
            "language",
            "currency",
            "country",
            "time_zone",
            "access",
            "suspended",
            "period_start_date",
        ],
    )
}

/// List the administrations (bookkeepings) the token can reach: their `id` is the
/// `administration_id` every other tool takes. Returns `items`.
#[derive(Deserialize, JsonSchema)]
pub struct ListAdministrations {}

async fn list_administrations(ctx: Ctx, _a: ListAdministrations) -> Result<Value, ToolError> {
    list_all(&ctx, "/administrations.json", administration).await
}

fn financial_account(a: &Value) -> Value {
    pick(
        a,
        &[
            "id",
            "type",
            "name",
            "identifier",
            "currency",
            "provider",
            "active",
        ],
    )
}

/// List the administration's financial accounts (bank, cash, credit card, payment service
/// accounts). Returns `items`.
#[derive(Deserialize, JsonSchema)]
pub struct ListFinancialAccounts {
    /// Digits, as a string (from moneybird_list_administrations)
    administration_id: String,
}

async fn list_financial_accounts(ctx: Ctx, a: ListFinancialAccounts) -> Result<Value, ToolError> {
    let path = admin_path(&a.administration_id, "financial_accounts")?;
    list_all(&ctx, &path, financial_account).await
}

fn tax_rate(t: &Value) -> Value {
    pick(
        t,
        &[
            "id",
            "name",
            "percentage",
            "tax_rate_type",
            "show_tax",
            "active",
            "country",
        ],
    )
}

/// List tax rates (their `id` is the `tax_rate_id` of invoice lines). Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListTaxRates {
    /// Digits, as a string
    administration_id: String,
    /// `sales_invoice`, `purchase_invoice`, `general_journal_document` or `all`
    tax_rate_type: Option<String>,
    /// Substring of the name
    partial_name: Option<String>,
    /// Per page, 1-100
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_tax_rates(ctx: Ctx, a: ListTaxRates) -> Result<Value, ToolError> {
    let (per_page, page) = page(a.limit, a.cursor.as_deref(), None)?;
    let path = admin_path(&a.administration_id, "tax_rates")?;
    let f = filter(&[
        ("tax_rate_type", a.tax_rate_type.as_deref()),
        ("partial_name", a.partial_name.as_deref()),
    ])?;
    let req = ctx.authorized(Method::GET, &path)?.query_opt("filter", f);
    list_page(req, per_page, page, tax_rate).await
}

fn ledger_account(l: &Value) -> Value {
    pick(
        l,
        &[
            "id",
            "name",
            "account_type",
            "account_id",
            "parent_id",
            "active",
            "allowed_document_types",
        ],
    )
}

/// List the ledger accounts (their `id` is the `ledger_account_id` of invoice lines and
/// products). Returns `items`.
#[derive(Deserialize, JsonSchema)]
pub struct ListLedgerAccounts {
    /// Digits, as a string
    administration_id: String,
}

async fn list_ledger_accounts(ctx: Ctx, a: ListLedgerAccounts) -> Result<Value, ToolError> {
    let path = admin_path(&a.administration_id, "ledger_accounts")?;
    list_all(&ctx, &path, ledger_account).await
}
