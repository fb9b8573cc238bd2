//! The tenant's host and company, and Intuit's error bodies across tools.

use crate::common::{CO, TOKEN, creds, one, req, setup};
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{TestServer, expect, settings_for};
use serde_json::json;

#[tokio::test]
async fn sandbox_environment_uses_the_sandbox_host() {
    let production = MockServer::start().await;
    let sandbox = MockServer::start().await;
    let server = TestServer::start(
        &quickbooks_mcp_server::SPEC,
        settings_for(&production.uri()).with_api("sandbox", &sandbox.uri()),
    )
    .await;
    expect("GET", format!("{CO}/customer/1"))
        .bearer(TOKEN)
        .query("minorversion", "75")
        .respond(
            &sandbox,
            200,
            one("Customer", json!({"Id": "1", "DisplayName": "Sandbox Co"})),
        )
        .await;
    expect("GET", format!("{CO}/customer/1"))
        .bearer(TOKEN)
        .query("minorversion", "75")
        .respond(
            &production,
            200,
            one("Customer", json!({"Id": "1", "DisplayName": "Real Co"})),
        )
        .await;
    let auth = |env: &str| {
        let mut c = creds();
        c["environment"] = json!(env);
        mcp_shared::auth::encode_auth_data(&c)
    };
    let c = server
        .client_with(&[("x-auth-data", &auth("sandbox"))])
        .await;
    let v = c
        .call_ok("quickbooks_get_customer", json!({"id": "1"}))
        .await;
    assert_eq!(v["DisplayName"], "Sandbox Co");
    let c = server
        .client_with(&[("x-auth-data", &auth("Production"))])
        .await;
    let v = c
        .call_ok("quickbooks_get_customer", json!({"id": "1"}))
        .await;
    assert_eq!(v["DisplayName"], "Real Co");
    let c = server
        .client_with(&[("x-auth-data", &auth("staging"))])
        .await;
    let err = c
        .call_err("quickbooks_get_customer", json!({"id": "1"}))
        .await;
    assert!(err.contains("`sandbox` or `production`"), "{err}");
}

#[tokio::test]
async fn realm_id_is_required_and_checked() {
    let s = setup().await;
    let c = s.client_with(json!({"access_token": TOKEN})).await;
    let err = c
        .call_err("quickbooks_get_invoice", json!({"id": "1"}))
        .await;
    assert!(err.contains("realm_id"), "{err}");
    let c = s
        .client_with(json!({"access_token": TOKEN, "realm_id": "../../admin"}))
        .await;
    let err = c
        .call_err("quickbooks_get_invoice", json!({"id": "1"}))
        .await;
    assert!(err.contains("digits only"), "{err}");
    assert!(
        s.fake
            .received_requests()
            .await
            .unwrap_or_default()
            .is_empty()
    );
}

#[tokio::test]
async fn minor_version_option_is_sent() {
    let fake = MockServer::start().await;
    let server = TestServer::start(
        &quickbooks_mcp_server::SPEC,
        settings_for(&fake.uri()).with_option("minor-version", "76"),
    )
    .await;
    expect("GET", format!("{CO}/invoice/5"))
        .bearer(TOKEN)
        .query("minorversion", "76")
        .respond(&fake, 200, one("Invoice", json!({"Id": "5"})))
        .await;
    let c = server
        .client_with(&[("x-auth-data", &mcp_shared::auth::encode_auth_data(&creds()))])
        .await;
    let v = c
        .call_ok("quickbooks_get_invoice", json!({"id": "5"}))
        .await;
    assert_eq!(v["Id"], "5");
}

#[tokio::test]
async fn throttling_is_retried_for_reads_then_reported() {
    let s = setup().await;
    req("GET", "/vendor/1", &[])
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(429)
                .insert_header("retry-after", "0")
                .insert_header("intuit_tid", "1-abc-429")
                .set_body_json(json!({"Fault": {"Error": [{"Message": "message=ThrottleExceeded; errorCode=003001; statusCode=429", "Detail": "The request limit was reached.", "code": "003001"}], "type": "SERVICE"}})),
        )
        .await;
    let err = s
        .client
        .call_err("quickbooks_get_vendor", json!({"id": "1"}))
        .await;
    assert!(
        err.contains("003001") && err.contains("ThrottleExceeded"),
        "{err}"
    );
    assert!(err.contains("1-abc-429"), "{err}");
    assert!(err.contains("rate limited"), "{err}");
}

/// Each tool's exact request answered with Intuit's `Fault` (HTTP 400 and HTTP 200): a clear
/// error with the code, the detail and the `intuit_tid`.
#[tokio::test]
async fn faults_of_each_remaining_tool() {
    let s = setup().await;
    let cases: Vec<(&str, serde_json::Value, mcp_testkit::Expect)> = vec![
        (
            "quickbooks_get_invoice",
            json!({"id": "7"}),
            req("GET", "/invoice/7", &[]),
        ),
        (
            "quickbooks_get_payment",
            json!({"id": "8"}),
            req("GET", "/payment/8", &[]),
        ),
        (
            "quickbooks_list_payments",
            json!({"limit": 5}),
            crate::common::query("SELECT * FROM Payment STARTPOSITION 1 MAXRESULTS 5"),
        ),
        (
            "quickbooks_list_vendors",
            json!({"active_only": false}),
            crate::common::query(
                "SELECT * FROM Vendor WHERE Active IN (true, false) STARTPOSITION 1 MAXRESULTS 100",
            ),
        ),
        (
            "quickbooks_update_invoice",
            json!({"id": "7", "sync_token": "2", "tracking_number": "1Z999"}),
            req("POST", "/invoice", &[]).json_body(
                json!({"TrackingNum": "1Z999", "Id": "7", "SyncToken": "2", "sparse": true}),
            ),
        ),
        (
            "quickbooks_activate_customer",
            json!({"id": "9"}),
            req("GET", "/customer/9", &[]),
        ),
        (
            "quickbooks_activate_vendor",
            json!({"id": "9"}),
            req("GET", "/vendor/9", &[]),
        ),
        (
            "quickbooks_get_company_info",
            json!({}),
            req(
                "GET",
                &format!("/companyinfo/{}", crate::common::REALM),
                &[],
            ),
        ),
    ];
    for (i, (tool, args, expect)) in cases.into_iter().enumerate() {
        let status = if i % 2 == 0 { 400 } else { 200 };
        expect
            .respond_with(
                &s.fake,
                ResponseTemplate::new(status)
                    .insert_header("intuit_tid", "1-tid-fault")
                    .set_body_json(crate::common::fault(
                        "ValidationFault",
                        "2010",
                        "Request has invalid or unsupported property",
                        "Property Name:Can not construct instance of X specified is unsupported or invalid",
                        "",
                    )),
            )
            .await;
        let err = s.client.call_err(tool, args).await;
        assert!(err.contains("2010"), "{tool}: {err}");
        assert!(err.contains("unsupported or invalid"), "{tool}: {err}");
        assert!(err.contains("1-tid-fault"), "{tool}: {err}");
        s.fake.reset().await;
    }
}
