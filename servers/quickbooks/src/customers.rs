//! Customers (`/customer`): create, read, sparse update, activate and deactivate (a sparse
//! update of `Active`: QuickBooks does not delete customers), list and search.

use crate::accounts::Page;
use crate::api::{self, Decimal, Entity, PageFilter, Select, Want};
use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, json::insert_opt, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

pub const CUSTOMER: Entity = Entity {
    name: "Customer",
    path: "customer",
    fields: &[
        "Id",
        "DisplayName",
        "GivenName",
        "MiddleName",
        "FamilyName",
        "CompanyName",
        "Email=PrimaryEmailAddr.Address",
        "Phone=PrimaryPhone.FreeFormNumber",
        "Website=WebAddr.URI",
        "Active",
        "Balance",
        "BalanceWithJobs",
        "Currency=CurrencyRef.value",
        "Taxable",
        "BillAddr",
        "ShipAddr",
        "Notes",
        "SyncToken",
        "Created=MetaData.CreateTime",
        "Updated=MetaData.LastUpdatedTime",
    ],
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "quickbooks_create_customer",
            "Create customer",
            Effect::Write,
            create,
        )
        .toolset("customers"),
        tool("quickbooks_get_customer", "Get customer", Effect::Read, get).toolset("customers"),
        tool(
            "quickbooks_list_customers",
            "List customers",
            Effect::Read,
            list,
        )
        .toolset("customers"),
        tool(
            "quickbooks_update_customer",
            "Update customer",
            Effect::IdempotentWrite,
            update,
        )
        .toolset("customers"),
        tool(
            "quickbooks_deactivate_customer",
            "Deactivate customer",
            Effect::IdempotentWrite,
            |ctx: Ctx, a: Deactivate| async move { set_active(ctx, a.id, false).await },
        )
        .toolset("customers"),
        tool(
            "quickbooks_activate_customer",
            "Activate customer",
            Effect::IdempotentWrite,
            |ctx: Ctx, a: Activate| async move { set_active(ctx, a.id, true).await },
        )
        .toolset("customers"),
        tool(
            "quickbooks_search_customers",
            "Search customers",
            Effect::Read,
            search,
        )
        .toolset("customers"),
    ]
}

/// The writable fields of a customer.
#[derive(Deserialize, JsonSchema)]
pub struct Fields {
    display_name: Option<String>,
    first_name: Option<String>,
    middle_name: Option<String>,
    last_name: Option<String>,
    company: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    website: Option<String>,
    notes: Option<String>,
    is_taxable: Option<bool>,
    bill_with_parent: Option<bool>,
    /// ISO 4217 code
    currency: Option<String>,
    payment_method_id: Option<String>,
    /// Default tax code id
    tax_code_id: Option<String>,
    /// Opening balance (create only)
    balance: Option<Decimal>,
    /// Date of the opening balance, YYYY-MM-DD (create only)
    open_balance_date: Option<String>,
    billing_street: Option<String>,
    billing_street2: Option<String>,
    billing_city: Option<String>,
    billing_state: Option<String>,
    billing_postal_code: Option<String>,
    billing_country: Option<String>,
    shipping_street: Option<String>,
    shipping_street2: Option<String>,
    shipping_city: Option<String>,
    shipping_state: Option<String>,
    shipping_postal_code: Option<String>,
    shipping_country: Option<String>,
}

impl Fields {
    fn body(self, creating: bool) -> Result<Map<String, Value>, ToolError> {
        if !creating && (self.balance.is_some() || self.open_balance_date.is_some()) {
            return Err(ToolError::invalid_input(
                "balance and open_balance_date set a customer's opening balance and can only be given when creating it; QuickBooks keeps the balance from transactions afterwards",
            ));
        }
        let mut m = Map::new();
        insert_opt(&mut m, "DisplayName", self.display_name);
        insert_opt(&mut m, "GivenName", self.first_name);
        insert_opt(&mut m, "MiddleName", self.middle_name);
        insert_opt(&mut m, "FamilyName", self.last_name);
        insert_opt(&mut m, "CompanyName", self.company);
        api::insert_wrapped(&mut m, "PrimaryEmailAddr", "Address", self.email.as_deref());
        api::insert_wrapped(
            &mut m,
            "PrimaryPhone",
            "FreeFormNumber",
            self.phone.as_deref(),
        );
        api::insert_wrapped(&mut m, "WebAddr", "URI", self.website.as_deref());
        insert_opt(&mut m, "Notes", self.notes);
        insert_opt(&mut m, "Taxable", self.is_taxable);
        insert_opt(&mut m, "BillWithParent", self.bill_with_parent);
        api::insert_ref(&mut m, "CurrencyRef", self.currency.as_deref());
        api::insert_ref(
            &mut m,
            "PaymentMethodRef",
            self.payment_method_id.as_deref(),
        );
        api::insert_ref(&mut m, "DefaultTaxCodeRef", self.tax_code_id.as_deref());
        insert_opt(&mut m, "Balance", self.balance);
        insert_opt(&mut m, "OpenBalanceDate", self.open_balance_date);
        api::insert_address(
            &mut m,
            "BillAddr",
            [
                self.billing_street.as_ref(),
                self.billing_street2.as_ref(),
                self.billing_city.as_ref(),
                self.billing_state.as_ref(),
                self.billing_postal_code.as_ref(),
                self.billing_country.as_ref(),
            ],
        );
        api::insert_address(
            &mut m,
            "ShipAddr",
            [
                self.shipping_street.as_ref(),
                self.shipping_street2.as_ref(),
                self.shipping_city.as_ref(),
                self.shipping_state.as_ref(),
                self.shipping_postal_code.as_ref(),
                self.shipping_country.as_ref(),
            ],
        );
        Ok(m)
    }
}

/// Create a customer. Needs display_name or a first, middle or last name. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct Create {
    #[serde(flatten)]
    fields: Fields,
    /// Idempotency key, max 50 chars
    request_id: Option<String>,
}

async fn create(ctx: Ctx, a: Create) -> Result<Value, ToolError> {
    let body = a.fields.body(true)?;
    if !["DisplayName", "GivenName", "MiddleName", "FamilyName"]
        .iter()
        .any(|k| {
            body.get(*k)
                .and_then(Value::as_str)
                .is_some_and(|s| !s.trim().is_empty())
        })
    {
        return Err(ToolError::invalid_input(
            "QuickBooks needs display_name, or a first, middle or last name, to create a customer",
        ));
    }
    api::create(&ctx, &CUSTOMER, body, a.request_id.as_deref()).await
}

/// Get one customer by id (inactive ones too).
#[derive(Deserialize, JsonSchema)]
pub struct Get {
    id: String,
}

async fn get(ctx: Ctx, a: Get) -> Result<Value, ToolError> {
    let v = api::read(&ctx, &CUSTOMER, &a.id).await?;
    Ok(api::concise(&CUSTOMER, &v))
}

/// List customers, a page at a time.
#[derive(Deserialize, JsonSchema)]
pub struct List {
    #[schemars(extend("default" = 100))]
    max_results: Option<Count>,
    /// false includes inactive customers
    #[schemars(extend("default" = true))]
    active_only: Option<bool>,
    #[serde(flatten)]
    page: Page,
}

async fn list(ctx: Ctx, a: List) -> Result<Value, ToolError> {
    let page = api::page_args(a.page.limit, a.max_results, a.page.cursor.as_deref(), None)?;
    let q = api::active(Select::from("Customer"), a.active_only);
    api::query(&ctx, &CUSTOMER, &q, page, &[]).await
}

/// Change the fields given of a customer (a sparse update; the others stay).
#[derive(Deserialize, JsonSchema)]
pub struct Update {
    id: String,
    #[serde(flatten)]
    fields: Fields,
    /// Read first when left out
    sync_token: Option<String>,
}

async fn update(ctx: Ctx, a: Update) -> Result<Value, ToolError> {
    let body = a.fields.body(false)?;
    api::sparse_update(&ctx, &CUSTOMER, &a.id, a.sync_token.as_deref(), body).await
}

/// Deactivate a customer (QuickBooks does not delete customers; inactive ones are hidden from lists).
#[derive(Deserialize, JsonSchema)]
pub struct Deactivate {
    id: String,
}

/// Activate an inactive customer again.
#[derive(Deserialize, JsonSchema)]
pub struct Activate {
    id: String,
}

async fn set_active(ctx: Ctx, id: String, active: bool) -> Result<Value, ToolError> {
    let mut f = Map::new();
    f.insert("Active".into(), Value::Bool(active));
    api::sparse_update(&ctx, &CUSTOMER, &id, None, f).await
}

/// Search customers. Names, company and email are partial matches.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    display_name: Option<String>,
    first_name: Option<String>,
    last_name: Option<String>,
    company: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    /// Default: active only
    is_active: Option<bool>,
    is_taxable: Option<bool>,
    billing_city: Option<String>,
    billing_state: Option<String>,
    billing_postal_code: Option<String>,
    billing_country: Option<String>,
    shipping_city: Option<String>,
    shipping_state: Option<String>,
    shipping_postal_code: Option<String>,
    shipping_country: Option<String>,
    min_balance: Option<Decimal>,
    max_balance: Option<Decimal>,
    /// ISO 4217 code
    currency: Option<String>,
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
    let q = Select::from("Customer")
        .like("DisplayName", a.display_name.as_deref())?
        .like("GivenName", a.first_name.as_deref())?
        .like("FamilyName", a.last_name.as_deref())?
        .like("CompanyName", a.company.as_deref())?
        .like("PrimaryEmailAddr", a.email.as_deref())?
        .flag("Active", a.is_active)
        .amount("Balance", ">=", a.min_balance.as_ref())
        .amount("Balance", "<=", a.max_balance.as_ref());
    let mut f = Vec::new();
    api::page_filter(
        &mut f,
        "phone",
        "PrimaryPhone.FreeFormNumber",
        a.phone.as_deref(),
        true,
    );
    if let Some(t) = a.is_taxable {
        f.push(PageFilter {
            arg: "is_taxable",
            path: "Taxable",
            want: Want::Flag(t),
        });
    }
    for (arg, path, v) in [
        ("billing_city", "BillAddr.City", &a.billing_city),
        (
            "billing_state",
            "BillAddr.CountrySubDivisionCode",
            &a.billing_state,
        ),
        (
            "billing_postal_code",
            "BillAddr.PostalCode",
            &a.billing_postal_code,
        ),
        ("billing_country", "BillAddr.Country", &a.billing_country),
        ("shipping_city", "ShipAddr.City", &a.shipping_city),
        (
            "shipping_state",
            "ShipAddr.CountrySubDivisionCode",
            &a.shipping_state,
        ),
        (
            "shipping_postal_code",
            "ShipAddr.PostalCode",
            &a.shipping_postal_code,
        ),
        ("shipping_country", "ShipAddr.Country", &a.shipping_country),
        ("currency", "CurrencyRef.value", &a.currency),
    ] {
        api::page_filter(&mut f, arg, path, v.as_deref(), false);
    }
    api::query(&ctx, &CUSTOMER, &q, page, &f).await
}
