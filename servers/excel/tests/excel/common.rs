//! A fake Microsoft Graph, the Excel server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "EwBwA8l6BAAUbDba3x2OMJElkF7gJ4z/VbCPEz0AAQ";
pub const WB: &str = "/me/drive/items/W1/workbook";
pub const SESSION: &str = "cluster=PAR1&session=15.PA1PEPF00000C8D1.A118.1.V24.79620Nqu6ezd2";
pub const SHEET_ID: &str = "{00000000-0001-0000-0000-000000000000}";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&excel_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// Graph's error body.
pub fn graph_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message, "innerError": {
        "date": "2026-12-03T08:00:00", "request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"}}})
}

/// The workbook session of a write: created (persistent) once, closed once with its id.
pub async fn session(fake: &mcp_testkit::wiremock::MockServer, wb: &str) {
    expect("POST", format!("{wb}/createSession"))
        .bearer(TOKEN)
        .json_body(json!({"persistChanges": true}))
        .respond(fake, 201, json!({"id": SESSION, "persistChanges": true}))
        .await;
    expect("POST", format!("{wb}/closeSession"))
        .bearer(TOKEN)
        .header("workbook-session-id", SESSION)
        .respond_with(fake, mcp_testkit::wiremock::ResponseTemplate::new(204))
        .await;
}

/// The first-worksheet lookup (`$select` of id, name, position).
pub async fn first_sheet(fake: &mcp_testkit::wiremock::MockServer, wb: &str, in_session: bool) {
    let mut e = req(
        "GET",
        &format!("{wb}/worksheets"),
        &[("$select", "id,name,position")],
    );
    if in_session {
        e = e.header("workbook-session-id", SESSION);
    }
    e.respond(
        fake,
        200,
        json!({"value": [
            {"id": "{00000000-0002-0000-0000-000000000000}", "name": "Data", "position": 1},
            {"id": SHEET_ID, "name": "Sheet1", "position": 0}
        ]}),
    )
    .await;
}
