//! Google's errors through the tools: a missing scope named, not found, a range Google cannot
//! parse, rate limits retried (also for a POST: a 429 was not processed), expired tokens,
//! missing credentials.

use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use mcp_testkit::{NoBody, QueryExact, TestServer, expect, settings_for};
use mcp_vendor_google::testkit::{
    assert_calls_need_credentials, fail_then_succeed, not_found, permission_denied,
    write_quota_exceeded,
};
use serde_json::json;

use crate::common::{SID, TOKEN, google_error, insufficient_scope, setup, ss};

#[tokio::test]
async fn permission_denied_names_the_missing_scope() {
    let s = setup().await;
    expect("GET", ss("/values/Sheet1%21A1%3AB2"))
        .bearer(TOKEN)
        .respond_with(
            &s.fake,
            insufficient_scope(
                "https://www.googleapis.com/auth/spreadsheets.readonly",
                "sheets.googleapis.com",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "Sheet1!A1:B2"}),
        )
        .await;
    assert!(err.contains("Google Sheets API error 403"), "{err}");
    assert!(
        err.contains("PERMISSION_DENIED") || err.contains("ACCESS_TOKEN_SCOPE_INSUFFICIENT"),
        "{err}"
    );
    assert!(
        err.contains("lacks the OAuth scope") && err.contains("auth/spreadsheets.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn permission_denied_on_a_spreadsheet_not_shared() {
    let s = setup().await;
    expect("POST", ss("/values/A1:clear"))
        .bearer(TOKEN)
        .respond_with(&s.fake, permission_denied())
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_clear_range",
            json!({"spreadsheet_id": SID, "range": "A1"}),
        )
        .await;
    assert!(
        err.contains("(PERMISSION_DENIED): The caller does not have permission"),
        "{err}"
    );
    assert!(err.contains("no permission for this resource"), "{err}");
}

#[tokio::test]
async fn not_found_spreadsheet() {
    let s = setup().await;
    expect("GET", "/v4/spreadsheets/1NoSuchSheet/values/A1")
        .bearer(TOKEN)
        .respond_with(&s.fake, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_read_range",
            json!({"spreadsheet_id": "1NoSuchSheet", "range": "A1"}),
        )
        .await;
    assert!(err.contains("404 Not Found (NOT_FOUND)"), "{err}");
    assert!(err.contains("not shared with this account"), "{err}");
}

/// `A1B2` could be a named range, so it passes the A1 check; Google cannot parse it.
#[tokio::test]
async fn invalid_argument_for_a_range_google_cannot_parse() {
    let s = setup().await;
    expect("GET", ss("/values/A1B2"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            400,
            google_error(400, "INVALID_ARGUMENT", "Unable to parse range: A1B2"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "A1B2"}),
        )
        .await;
    assert!(err.contains("400 Bad Request (INVALID_ARGUMENT)"), "{err}");
    assert!(err.contains("Unable to parse range: A1B2"), "{err}");
    assert!(err.contains("Google rejected an argument"), "{err}");
}

fn append_mock() -> mcp_testkit::wiremock::MockBuilder {
    Mock::given(matchers::method("POST"))
        .and(matchers::path(ss("/values/Sheet1:append")))
        .and(QueryExact(vec![
            ("valueInputOption".into(), "USER_ENTERED".into()),
            ("insertDataOption".into(), "INSERT_ROWS".into()),
        ]))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .and(matchers::body_json(
            json!({"majorDimension": "ROWS", "values": [["a"]]}),
        ))
}

#[tokio::test]
async fn resource_exhausted_429_is_retried_then_succeeds() {
    let s = setup().await;
    fail_then_succeed(
        &s.fake,
        append_mock,
        write_quota_exceeded("sheets.googleapis.com").insert_header("retry-after", "0"),
        1,
        ResponseTemplate::new(200).set_body_json(json!({
            "spreadsheetId": SID,
            "tableRange": "Sheet1!A1:A3",
            "updates": {"spreadsheetId": SID, "updatedRange": "Sheet1!A4", "updatedRows": 1, "updatedColumns": 1, "updatedCells": 1}
        })),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_sheets_append_rows",
            json!({"spreadsheet_id": SID, "range": "Sheet1", "rows": [["a"]]}),
        )
        .await;
    assert_eq!(v["updatedRange"], "Sheet1!A4");
}

#[tokio::test]
async fn persistent_rate_limit_is_reported_after_three_attempts() {
    let s = setup().await;
    Mock::given(matchers::method("GET"))
        .and(matchers::path(ss("/values/A1")))
        .and(NoBody)
        .respond_with(ResponseTemplate::new(429).set_body_json(google_error(
            429,
            "RESOURCE_EXHAUSTED",
            "Quota exceeded for quota metric 'Read requests'",
        )))
        .expect(3)
        .mount(&s.fake)
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "A1"}),
        )
        .await;
    assert!(
        err.contains("429") && err.contains("RESOURCE_EXHAUSTED"),
        "{err}"
    );
    assert!(err.contains("rate limited by Google Sheets"), "{err}");
}

#[tokio::test]
async fn expired_token() {
    let s = setup().await;
    expect("GET", ss("/values/A1"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            401,
            google_error(401, "UNAUTHENTICATED", "Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_sheets_read_range",
            json!({"spreadsheet_id": SID, "range": "A1"}),
        )
        .await;
    assert!(
        err.contains("401") && err.contains("invalid or expired"),
        "{err}"
    );
    assert!(!err.contains(TOKEN));
}

/// The standard suite checks the smoke call (a Sheets read); the listing goes to Drive.
#[tokio::test]
async fn without_credentials_neither_sheets_nor_drive_is_called() {
    let s = setup().await;
    assert_calls_need_credentials(
        &s.server,
        &[
            ("google_sheets_list_sheets", json!({"spreadsheet_id": SID})),
            ("google_sheets_list_spreadsheets", json!({})),
        ],
        &[&s.fake, &s.drive],
    )
    .await;
}

#[tokio::test]
async fn bearer_header_works_as_credentials() {
    let fake = mcp_testkit::wiremock::MockServer::start().await;
    let server =
        TestServer::start(&google_sheets_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server
        .client_with(&[("authorization", "Bearer ya29.from-bearer")])
        .await;
    expect("POST", ss("/values/A1:clear"))
        .bearer("ya29.from-bearer")
        .respond(
            &fake,
            200,
            json!({"spreadsheetId": SID, "clearedRange": "Sheet1!A1"}),
        )
        .await;
    let v = client
        .call_ok(
            "google_sheets_clear_range",
            json!({"spreadsheet_id": SID, "range": "A1"}),
        )
        .await;
    assert_eq!(v["clearedRange"], "Sheet1!A1");
}
