//! The chart of accounts (`/account`): create, read, full update (the only update Intuit
//! documents for Account), list and search through the query language.

use crate::api::{self, Entity, Select};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, json::insert_opt, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub const ACCOUNT: Entity = Entity {
    name: "Account",
    path: "account",
    fields: &[
        "Id",
        "Name",
        "FullyQualifiedName",
        "AccountType",
        "AccountSubType",
        "Classification",
        "Active",
        "CurrentBalance",
        "Currency=CurrencyRef.value",
        "Description",
        "ParentId=ParentRef.value",
        "SyncToken",
        "Created=MetaData.CreateTime",
        "Updated=MetaData.LastUpdatedTime",
    ],
};

/// The five classifications; Klavis's `type` filter of list_accounts takes these.
const CLASSIFICATIONS: [&str; 5] = ["Asset", "Liability", "Income", "Expense", "Equity"];

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "quickbooks_create_account",
            "Create account",
            Effect::Write,
            create,
        )
        .toolset("accounts"),
        tool("quickbooks_get_account", "Get account", Effect::Read, get).toolset("accounts"),
        tool(
            "quickbooks_list_accounts",
            "List accounts",
            Effect::Read,
            list,
        )
        .toolset("accounts"),
        tool(
            "quickbooks_update_account",
            "Update account",
            Effect::IdempotentWrite,
            update,
        )
        .toolset("accounts"),
        tool(
            "quickbooks_search_accounts",
            "Search accounts",
            Effect::Read,
            search,
        )
        .toolset("accounts"),
    ]
}

/// The page of a list: `limit` and `cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct Page {
    /// 1-1000, default 100
    pub limit: Option<Count>,
    /// From next_cursor
    pub cursor: Option<String>,
}

/// Create an account in the chart of accounts. Returns it (Id, Name, AccountType, ...).
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    /// Unique name, without `"` or `:`
    name: String,
    /// AccountType, e.g. Bank, Expense, Income, Other Current Asset, Accounts Payable, Credit Card
    #[serde(rename = "type")]
    kind: Option<String>,
    /// Idempotency key, max 50 chars
    request_id: Option<String>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let mut body = Map::new();
    body.insert("Name".into(), Value::String(name_arg(&a.name)?));
    insert_opt(&mut body, "AccountType", a.kind.as_deref().map(str::trim));
    api::create(&ctx, &ACCOUNT, body, a.request_id.as_deref()).await
}

fn name_arg(n: &str) -> Result<String, ToolError> {
    let n = mcp_shared::non_empty(n, "name")?;
    if n.contains(['"', ':']) {
        return Err(ToolError::invalid_input(
            "an account name must not contain double quotes (\") or colons (:)",
        ));
    }
    Ok(n.to_owned())
}

/// Get one account by id.
#[derive(Deserialize, JsonSchema)]
pub struct Get {
    id: String,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let v = api::read(&ctx, &ACCOUNT, &a.id).await?;
    Ok(api::concise(&ACCOUNT, &v))
}

/// List accounts of the chart of accounts, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct List {
    #[schemars(extend("default" = 100))]
    max_results: Option<Count>,
    /// A classification (Asset, Liability, Income, Expense, Equity) or an AccountType
    #[serde(rename = "type")]
    kind: Option<String>,
    /// false includes inactive accounts
    #[schemars(extend("default" = true))]
    active_only: Option<bool>,
    #[serde(flatten)]
    page: Page,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let page = api::page_args(a.page.limit, a.max_results, a.page.cursor.as_deref(), None)?;
    let mut q = api::active(Select::from("Account"), a.active_only);
    if let Some(k) = a.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()) {
        q = match CLASSIFICATIONS.iter().find(|c| c.eq_ignore_ascii_case(k)) {
            Some(c) => q.eq("Classification", Some(c))?,
            None => q.eq("AccountType", Some(k))?,
        };
    }
    api::query(&ctx, &ACCOUNT, &q, page, &[]).await
}

/// Change an account: the account is read and sent back whole with these changes (a full
/// update, as Intuit documents for accounts).
#[derive(Deserialize, JsonSchema)]
pub struct Update {
    id: String,
    name: String,
    /// AccountType
    #[serde(rename = "type")]
    kind: Option<String>,
    description: Option<String>,
    is_active: Option<bool>,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    let mut f = Map::new();
    f.insert("Name".into(), Value::String(name_arg(&a.name)?));
    insert_opt(&mut f, "AccountType", a.kind.as_deref().map(str::trim));
    insert_opt(&mut f, "Description", a.description);
    insert_opt(&mut f, "Active", a.is_active);
    api::full_update(&ctx, &ACCOUNT, &a.id, a.sync_token.as_deref(), f).await
}

/// Search accounts. `name` is a partial match; dates are YYYY-MM-DD or ISO-8601.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    name: Option<String>,
    /// AccountType
    #[serde(rename = "type")]
    kind: Option<String>,
    /// Asset, Liability, Income, Expense or Equity
    classification: Option<String>,
    /// Default: active only
    is_active: Option<bool>,
    /// ISO 4217 code, e.g. USD
    currency: Option<String>,
    created_after: Option<String>,
    created_before: Option<String>,
    updated_after: Option<String>,
    updated_before: Option<String>,
    #[schemars(extend("default" = 100))]
    max_results: Option<Count>,
    /// 1-based
    #[schemars(extend("default" = 1))]
    start_position: Option<Count>,
    #[serde(flatten)]
    page: Page,
}

async fn search(ctx: Ctx, a: Search) -> Result<Value, ToolError> {
    let page = api::page_args(
        a.page.limit,
        a.max_results,
        a.page.cursor.as_deref(),
        a.start_position,
    )?;
    let q = Select::from("Account")
        .like("Name", a.name.as_deref())?
        .eq("AccountType", a.kind.as_deref())?
        .eq("Classification", a.classification.as_deref())?
        .flag("Active", a.is_active)
        .date(
            "MetaData.CreateTime",
            ">=",
            a.created_after.as_deref(),
            "created_after",
        )?
        .date(
            "MetaData.CreateTime",
            "<=",
            a.created_before.as_deref(),
            "created_before",
        )?
        .date(
            "MetaData.LastUpdatedTime",
            ">=",
            a.updated_after.as_deref(),
            "updated_after",
        )?
        .date(
            "MetaData.LastUpdatedTime",
            "<=",
            a.updated_before.as_deref(),
            "updated_before",
        )?;
    let mut f = Vec::new();
    api::page_filter(
        &mut f,
        "currency",
        "CurrencyRef.value",
        a.currency.as_deref(),
        false,
    );
    api::query(&ctx, &ACCOUNT, &q, page, &f).await
}
