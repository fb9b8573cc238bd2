//! Moneybird server tests: each tool against a fake Moneybird API that asserts the exact
//! request (paths, query and bodies as in Moneybird's OpenAPI description), through a real
//! MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]
#![recursion_limit = "256"]

mod administrations;
mod contacts;
mod invoices;
mod lists;

use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "mb-4d2c7e1f9a8b6c5d3e2f1a0b9c8d7e6f";
/// Ids above 2^53, as Moneybird's are.
pub const ADMIN: &str = "178732006888903010";
pub const CONTACT: &str = "496081411808167496";

pub async fn setup() -> Setup {
    Setup::start(
        &moneybird_mcp_server::SPEC,
        json!({ "access_token": TOKEN }),
    )
    .await
}

pub fn req(method: &'static str, rest: &str) -> Expect {
    expect(method, format!("/{ADMIN}/{rest}.json")).bearer(TOKEN)
}

/// A `Link` header as Moneybird sends it, with a next page.
pub fn link_next(rest: &str, page: u64, per_page: u64) -> String {
    format!(
        "<https://moneybird.com/api/v2/{ADMIN}/{rest}.json?page={page}&per_page={per_page}>; rel=\"next\", \
         <https://moneybird.com/api/v2/{ADMIN}/{rest}.json?page=1&per_page={per_page}>; rel=\"prev\""
    )
}

/// A contact as Moneybird returns it (OpenAPI example `ReturnAContact`).
pub fn contact_json() -> Value {
    json!({
        "id": CONTACT, "administration_id": 123, "company_name": "Foobar Holding B.V.",
        "firstname": null, "lastname": "Appleseed", "address1": "Hoofdstraat 12", "address2": "",
        "zipcode": "1234 AB", "city": "Amsterdam", "country": "NL", "phone": "",
        "delivery_method": "Email", "customer_id": "1", "tax_number": "", "chamber_of_commerce": "",
        "bank_account": "", "is_trusted": false, "max_transfer_amount": null, "attention": "",
        "email": "info@example.com", "email_ubl": true, "send_invoices_to_attention": "",
        "send_invoices_to_email": "info@example.com", "sepa_active": false, "sepa_iban": "",
        "invoice_workflow_id": null, "created_at": "2026-08-21T13:48:43.008Z",
        "updated_at": "2026-08-21T13:48:43.027Z", "version": 1787320123,
        "sales_invoices_url": "https://moneybird.com/123/sales_invoices/1161245883b8/all",
        "notes": [], "custom_fields": [],
        "contact_people": [{"id": 496081411813410378u64, "contact_id": CONTACT, "administration_id": 123,
            "firstname": "John", "lastname": "Appleseed", "phone": null, "email": null, "department": null,
            "created_at": "2026-08-21T13:48:43.013Z", "updated_at": "2026-08-21T13:48:43.013Z", "version": 1787320123}],
        "archived": false,
        "events": [{"administration_id": 123, "user_id": "496081346724103269", "action": "contact_created"}]
    })
}

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(moneybird_mcp_server::SPEC, "moneybird-mcp-server");

#[tokio::test]
async fn catalog_tools_and_extras() {
    let s = setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "moneybird");
    extra.sort();
    assert_eq!(
        extra,
        ["moneybird_list_ledger_accounts", "moneybird_list_tax_rates"]
    );
}
