//! Vendors (`/vendor`): create, read, full update (the only update Intuit documents for
//! Vendor), activate and deactivate (an update of `Active`), list and search.

use crate::accounts::Page;
use crate::api::{self, Decimal, Entity, PageFilter, Select, Want};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, json::insert_opt, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub const VENDOR: Entity = Entity {
    name: "Vendor",
    path: "vendor",
    fields: &[
        "Id",
        "DisplayName",
        "GivenName",
        "MiddleName",
        "FamilyName",
        "CompanyName",
        "PrintOnCheckName",
        "Email=PrimaryEmailAddr.Address",
        "Phone=PrimaryPhone.FreeFormNumber",
        "Website=WebAddr.URI",
        "Active",
        "Vendor1099",
        "AcctNum",
        "Balance",
        "BillRate",
        "CostRate",
        "Currency=CurrencyRef.value",
        "BillAddr",
        "SyncToken",
        "Created=MetaData.CreateTime",
        "Updated=MetaData.LastUpdatedTime",
    ],
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "quickbooks_create_vendor",
            "Create vendor",
            Effect::Write,
            create,
        )
        .toolset("vendors"),
        tool("quickbooks_get_vendor", "Get vendor", Effect::Read, get).toolset("vendors"),
        tool(
            "quickbooks_list_vendors",
            "List vendors",
            Effect::Read,
            list,
        )
        .toolset("vendors"),
        tool(
            "quickbooks_search_vendors",
            "Search vendors",
            Effect::Read,
            search,
        )
        .toolset("vendors"),
        tool(
            "quickbooks_update_vendor",
            "Update vendor",
            Effect::IdempotentWrite,
            update,
        )
        .toolset("vendors"),
        tool(
            "quickbooks_activate_vendor",
            "Activate vendor",
            Effect::IdempotentWrite,
            |ctx: Ctx, a: Activate| async move { set_active(ctx, a.id, true).await },
        )
        .toolset("vendors"),
        tool(
            "quickbooks_deactivate_vendor",
            "Deactivate vendor",
            Effect::IdempotentWrite,
            |ctx: Ctx, a: Deactivate| async move { set_active(ctx, a.id, false).await },
        )
        .toolset("vendors"),
    ]
}

/// The writable fields of a vendor.
#[derive(Deserialize, JsonSchema)]
pub struct Fields {
    display_name: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    middle_name: Option<String>,
    company: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    website: Option<String>,
    /// Name printed on checks
    check_name: Option<String>,
    is_1099_vendor: Option<bool>,
    cost_rate: Option<Decimal>,
    bill_rate: Option<Decimal>,
    /// Tax id (SSN, EIN): sent to QuickBooks, never returned
    tax_id: Option<String>,
    /// Your account number with the vendor
    account_number: Option<String>,
    /// ISO 4217 code
    currency: Option<String>,
    street: Option<String>,
    street2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    postal_code: Option<String>,
    country: Option<String>,
}

impl Fields {
    fn body(self) -> Map<String, Value> {
        let mut m = Map::new();
        insert_opt(&mut m, "DisplayName", self.display_name);
        insert_opt(&mut m, "GivenName", self.first_name);
        insert_opt(&mut m, "FamilyName", self.last_name);
        insert_opt(&mut m, "MiddleName", self.middle_name);
        insert_opt(&mut m, "CompanyName", self.company);
        api::insert_wrapped(&mut m, "PrimaryEmailAddr", "Address", self.email.as_deref());
        api::insert_wrapped(
            &mut m,
            "PrimaryPhone",
            "FreeFormNumber",
            self.phone.as_deref(),
        );
        api::insert_wrapped(&mut m, "WebAddr", "URI", self.website.as_deref());
        insert_opt(&mut m, "PrintOnCheckName", self.check_name);
        insert_opt(&mut m, "Vendor1099", self.is_1099_vendor);
        insert_opt(&mut m, "CostRate", self.cost_rate);
        insert_opt(&mut m, "BillRate", self.bill_rate);
        insert_opt(&mut m, "TaxIdentifier", self.tax_id);
        insert_opt(&mut m, "AcctNum", self.account_number);
        api::insert_ref(&mut m, "CurrencyRef", self.currency.as_deref());
        api::insert_address(
            &mut m,
            "BillAddr",
            [
                self.street.as_ref(),
                self.street2.as_ref(),
                self.city.as_ref(),
                self.state.as_ref(),
                self.postal_code.as_ref(),
                self.country.as_ref(),
            ],
        );
        m
    }
}

/// Create a vendor. Needs display_name or a first, middle or last name. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    #[serde(flatten)]
    fields: Fields,
    /// Idempotency key, max 50 chars
    request_id: Option<String>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let body = a.fields.body();
    if !["DisplayName", "GivenName", "MiddleName", "FamilyName"]
        .iter()
        .any(|k| {
            body.get(*k)
                .and_then(Value::as_str)
                .is_some_and(|s| !s.trim().is_empty())
        })
    {
        return Err(ToolError::invalid_input(
            "QuickBooks needs display_name, or a first, middle or last name, to create a vendor",
        ));
    }
    api::create(&ctx, &VENDOR, body, a.request_id.as_deref()).await
}

/// Get one vendor by id.
#[derive(Deserialize, JsonSchema)]
pub struct Get {
    id: String,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let v = api::read(&ctx, &VENDOR, &a.id).await?;
    Ok(api::concise(&VENDOR, &v))
}

/// List vendors, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct List {
    /// false includes inactive vendors
    #[schemars(extend("default" = true))]
    active_only: Option<bool>,
    #[schemars(extend("default" = 100))]
    max_results: Option<Count>,
    #[serde(flatten)]
    page: Page,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let page = api::page_args(a.page.limit, a.max_results, a.page.cursor.as_deref(), None)?;
    let q = api::active(Select::from("Vendor"), a.active_only);
    api::query(&ctx, &VENDOR, &q, page, &[]).await
}

/// Search vendors. Names, company and email are partial matches.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Matches the display name (as display_name does)
    name: Option<String>,
    display_name: Option<String>,
    company: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    /// Default: active only
    is_active: Option<bool>,
    is_1099_vendor: Option<bool>,
    account_number: Option<String>,
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
    let q = Select::from("Vendor")
        .like("DisplayName", a.name.as_deref())?
        .like("DisplayName", a.display_name.as_deref())?
        .like("CompanyName", a.company.as_deref())?
        .like("GivenName", a.first_name.as_deref())?
        .like("FamilyName", a.last_name.as_deref())?
        .like("PrimaryEmailAddr", a.email.as_deref())?
        .flag("Active", a.is_active);
    let mut f = Vec::new();
    api::page_filter(
        &mut f,
        "phone",
        "PrimaryPhone.FreeFormNumber",
        a.phone.as_deref(),
        true,
    );
    api::page_filter(
        &mut f,
        "account_number",
        "AcctNum",
        a.account_number.as_deref(),
        false,
    );
    if let Some(b) = a.is_1099_vendor {
        f.push(PageFilter {
            arg: "is_1099_vendor",
            path: "Vendor1099",
            want: Want::Flag(b),
        });
    }
    api::query(&ctx, &VENDOR, &q, page, &f).await
}

/// Change a vendor: the vendor is read and sent back whole with these changes (a full update,
/// as Intuit documents for vendors).
#[derive(Deserialize, JsonSchema)]
pub struct Update {
    id: String,
    #[serde(flatten)]
    fields: Fields,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    let body = a.fields.body();
    api::full_update(&ctx, &VENDOR, &a.id, a.sync_token.as_deref(), body).await
}

/// Deactivate a vendor (QuickBooks does not delete vendors; inactive ones are hidden from lists).
#[derive(Deserialize, JsonSchema)]
pub struct Deactivate {
    id: String,
}

/// Activate an inactive vendor again.
#[derive(Deserialize, JsonSchema)]
pub struct Activate {
    id: String,
}

async fn set_active(ctx: Ctx, id: String, active: bool) -> Result<Value, ToolError> {
    let mut f = Map::new();
    f.insert("Active".into(), Value::Bool(active));
    api::full_update(&ctx, &VENDOR, &id, None, f).await
}
