//! The chart of accounts: create, get, list, full update, search.

use crate::common::{fault, one, query, query_response, req, setup};
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

fn account(id: &str, name: &str, token: &str) -> Value {
    json!({
        "FullyQualifiedName": name, "domain": "QBO", "Name": name,
        "Classification": "Expense", "AccountSubType": "OfficeGeneralAdministrativeExpenses",
        "CurrentBalanceWithSubAccounts": 0, "sparse": false,
        "MetaData": {"CreateTime": "2026-01-02T10:12:02-08:00", "LastUpdatedTime": "2026-01-03T15:09:07-08:00"},
        "AccountType": "Expense", "CurrentBalance": 1091.23, "Active": true,
        "SyncToken": token, "Id": id, "SubAccount": false
    })
}

#[tokio::test]
async fn create_account_with_request_id() {
    let s = setup().await;
    req("POST", "/account", &[("requestid", "acct-1")])
        .json_body(json!({"Name": "Office Supplies", "AccountType": "Expense"}))
        .respond(
            &s.fake,
            200,
            one("Account", account("94", "Office Supplies", "0")),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_create_account",
            json!({"name": "Office Supplies", "type": "Expense", "request_id": "acct-1"}),
        )
        .await;
    assert_eq!(v["Id"], "94");
    assert_eq!(v["CurrentBalance"], 1091.23);
    assert_eq!(v["Created"], "2026-01-02T10:12:02-08:00");
    assert!(v.get("domain").is_none(), "{v}");
}

#[tokio::test]
async fn create_account_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("quickbooks_create_account", json!({"name": "Bad: name"}))
        .await;
    assert!(err.contains("colons"), "{err}");
    req("POST", "/account", &[])
        .json_body(json!({"Name": "Office Supplies"}))
        .respond_with(
            &s.fake,
            ResponseTemplate::new(400)
                .insert_header("intuit_tid", "1-65a4f2c3-7d0e5b2f")
                .set_body_json(fault(
                    "ValidationFault",
                    "6240",
                    "Duplicate Name Exists Error",
                    "The name supplied already exists. : Another account is already using this name.",
                    "Name",
                )),
        )
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_account",
            json!({"name": "Office Supplies"}),
        )
        .await;
    assert!(err.contains("6240"), "{err}");
    assert!(err.contains("Duplicate Name Exists Error"), "{err}");
    assert!(err.contains("element Name"), "{err}");
    assert!(err.contains("1-65a4f2c3-7d0e5b2f"), "{err}");
    assert!(err.contains("choose another name"), "{err}");
}

#[tokio::test]
async fn get_account_and_fault_in_200() {
    let s = setup().await;
    req("GET", "/account/33", &[])
        .respond(
            &s.fake,
            200,
            one("Account", account("33", "Accounts Payable (A/P)", "0")),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_get_account", json!({"id": "33"}))
        .await;
    assert_eq!(v["Name"], "Accounts Payable (A/P)");
    assert_eq!(v["SyncToken"], "0");
    // Intuit also answers faults with HTTP 200.
    req("GET", "/account/999", &[])
        .respond(
            &s.fake,
            200,
            fault(
                "ValidationFault",
                "610",
                "Object Not Found",
                "Object Not Found : Something you're trying to use has been made inactive.",
                "Id",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("quickbooks_get_account", json!({"id": "999"}))
        .await;
    assert!(
        err.contains("(610)") && err.contains("Object Not Found"),
        "{err}"
    );
    let err = s
        .client
        .call_err("quickbooks_get_account", json!({"id": " "}))
        .await;
    assert!(err.contains("id"), "{err}");
}

#[tokio::test]
async fn list_accounts_pages() {
    let s = setup().await;
    query("SELECT * FROM Account WHERE Active = true STARTPOSITION 1 MAXRESULTS 100")
        .respond(
            &s.fake,
            200,
            query_response("Account", vec![account("33", "A/P", "0")], 1),
        )
        .await;
    let v = s
        .client
        .call_ok("quickbooks_list_accounts", json!({}))
        .await;
    assert_eq!(v["items"][0]["Id"], "33");
    assert_eq!(v["next_cursor"], Value::Null);
    s.fake.reset().await;
    query("SELECT * FROM Account WHERE Active IN (true, false) AND Classification = 'Expense' STARTPOSITION 3 MAXRESULTS 2")
        .respond(
            &s.fake,
            200,
            query_response("Account", vec![account("40", "Rent", "1"), account("41", "Travel", "0")], 3),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_list_accounts",
            json!({"type": "expense", "active_only": false, "max_results": 2, "cursor": "3"}),
        )
        .await;
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
    assert_eq!(v["next_cursor"], "5");
    s.fake.reset().await;
    query("SELECT * FROM Account WHERE Active = true AND AccountType = 'Credit Card' STARTPOSITION 1 MAXRESULTS 10")
        .respond(&s.fake, 200, query_response("Account", vec![], 1))
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_list_accounts",
            json!({"type": "Credit Card", "limit": 10}),
        )
        .await;
    assert_eq!(v["items"], json!([]));
    let err = s
        .client
        .call_err("quickbooks_list_accounts", json!({"limit": 0}))
        .await;
    assert!(err.contains("between 1 and 1000"), "{err}");
    let err = s
        .client
        .call_err("quickbooks_list_accounts", json!({"cursor": "abc"}))
        .await;
    assert!(err.contains("next_cursor"), "{err}");
}

#[tokio::test]
async fn update_account_is_a_full_update_with_the_current_sync_token() {
    let s = setup().await;
    req("GET", "/account/33", &[])
        .respond(&s.fake, 200, one("Account", account("33", "Supplies", "2")))
        .await;
    let mut want = account("33", "Supplies", "2");
    want["Name"] = json!("Office Supplies");
    want["Description"] = json!("Pens and paper");
    want["Active"] = json!(false);
    req("POST", "/account", &[])
        .json_body(want.clone())
        .respond(
            &s.fake,
            200,
            one("Account", {
                let mut a = want.clone();
                a["SyncToken"] = json!("3");
                a
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_update_account",
            json!({"id": "33", "name": "Office Supplies", "description": "Pens and paper", "is_active": false}),
        )
        .await;
    assert_eq!(v["SyncToken"], "3");
    assert_eq!(v["Description"], "Pens and paper");
}

#[tokio::test]
async fn update_account_stale_sync_token() {
    let s = setup().await;
    req("GET", "/account/33", &[])
        .respond(&s.fake, 200, one("Account", account("33", "Supplies", "5")))
        .await;
    let mut want = account("33", "Supplies", "4");
    want["Name"] = json!("Supplies 2");
    req("POST", "/account", &[])
        .json_body(want)
        .respond(
            &s.fake,
            400,
            fault(
                "ValidationFault",
                "5010",
                "Stale Object Error",
                "Stale Object Error : You and root were working on this at the same time.",
                "SyncToken",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_update_account",
            json!({"id": "33", "name": "Supplies 2", "sync_token": "4"}),
        )
        .await;
    assert!(
        err.contains("5010") && err.contains("Stale Object Error"),
        "{err}"
    );
    assert!(err.contains("read it again"), "{err}");
}

#[tokio::test]
async fn search_accounts_escapes_values() {
    let s = setup().await;
    query(concat!(
        r"SELECT * FROM Account WHERE Name LIKE '%O\'Brien\\%' AND AccountType = 'Bank' AND Classification = 'Asset'",
        " AND Active = false AND MetaData.CreateTime >= '2026-01-01'",
        " AND MetaData.LastUpdatedTime <= '2026-02-01T00:00:00Z' STARTPOSITION 21 MAXRESULTS 20"
    ))
    .respond(&s.fake, 200, query_response("Account", vec![
        {
            let mut a = account("50", "O'Brien\\ Bank", "0");
            a["CurrencyRef"] = json!({"value": "USD", "name": "United States Dollar"});
            a
        },
        {
            let mut a = account("51", "O'Brien\\ Euro", "0");
            a["CurrencyRef"] = json!({"value": "EUR", "name": "Euro"});
            a
        },
    ], 21))
    .await;
    let v = s
        .client
        .call_ok(
            "quickbooks_search_accounts",
            json!({
                "name": "O'Brien\\", "type": "Bank", "classification": "Asset", "is_active": false,
                "currency": "USD", "created_after": "2026-01-01", "updated_before": "2026-02-01T00:00:00Z",
                "max_results": 20, "start_position": 21
            }),
        )
        .await;
    // The currency is not filterable in a query: it is applied to the page.
    assert_eq!(v["items"].as_array().unwrap().len(), 1, "{v}");
    assert_eq!(v["items"][0]["Id"], "50");
    assert_eq!(v["items"][0]["Currency"], "USD");
    assert!(v["note"].as_str().unwrap().contains("currency"));
    assert_eq!(v["start_position"], 21);
    let err = s
        .client
        .call_err(
            "quickbooks_search_accounts",
            json!({"created_after": "yesterday' OR 1=1"}),
        )
        .await;
    assert!(err.contains("created_after must be a date"), "{err}");
    let err = s
        .client
        .call_err("quickbooks_search_accounts", json!({"name": "a\nb"}))
        .await;
    assert!(err.contains("control characters"), "{err}");
}

/// A create with `request_id` is retried after a server-side failure (QuickBooks runs one
/// `requestid` at most once), and the error names the key; one without is sent once and says
/// that it may have run.
#[tokio::test]
async fn a_create_that_failed_server_side_says_whether_a_repeat_is_safe() {
    let s = setup().await;
    req("POST", "/account", &[("requestid", "acct-9")])
        .json_body(json!({"Name": "Travel"}))
        .times(3)
        .respond(&s.fake, 503, json!({}))
        .await;
    let err = s
        .client
        .call_err(
            "quickbooks_create_account",
            json!({"name": "Travel", "request_id": "acct-9"}),
        )
        .await;
    assert!(
        err.contains("`acct-9` (in the requestid query parameter)"),
        "{err}"
    );
    assert!(err.contains("with that key is safe"), "{err}");
    req("POST", "/account", &[])
        .json_body(json!({"Name": "Meals"}))
        .respond(&s.fake, 502, json!({}))
        .await;
    let err = s
        .client
        .call_err("quickbooks_create_account", json!({"name": "Meals"}))
        .await;
    assert!(err.contains("may already have been processed"), "{err}");
    assert!(!err.contains("retry later"), "{err}");
}
