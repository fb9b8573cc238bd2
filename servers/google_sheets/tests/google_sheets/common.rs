//! Test setup shared by the Google Sheets tests: a fake Sheets API and a fake Drive API, a
//! server pointed at both, and Google's error bodies.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-sheets-token";
pub const SID: &str = "1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms";

/// A fake Sheets API, a fake Drive API, a server pointed at them, and a client sending `TOKEN`.
pub struct Setup {
    pub fake: MockServer,
    pub drive: MockServer,
    pub server: TestServer,
    pub client: Client,
}

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let drive = MockServer::start().await;
    let settings = settings_for(&fake.uri()).with_api("drive", &drive.uri());
    let server = TestServer::start(&google_sheets_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    Setup {
        fake,
        drive,
        server,
        client,
    }
}

impl Setup {
    /// The call was refused before any request: the fake Sheets API received none.
    pub async fn assert_nothing_sent(&self) {
        let got = self.fake.received_requests().await.unwrap_or_default();
        assert!(got.is_empty(), "refused, yet sent: {got:?}");
    }
}

/// `/v4/spreadsheets/{SID}{rest}`
pub fn ss(rest: &str) -> String {
    format!("/v4/spreadsheets/{SID}{rest}")
}

/// What `spreadsheets.batchUpdate` answers: one reply per request (no revision: Sheets has no
/// write control).
pub fn batch_reply(replies: Value) -> Value {
    mcp_vendor_google::testkit::batch_update_reply("spreadsheetId", SID, replies, None)
}

/// Google's error body (`{"error": {"code", "message", "status"}}`), as the Sheets API v4
/// sends it.
pub fn google_error(code: u16, status: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, None, message)
}

/// Google's 403 for a token without the scope a method needs, with its `WWW-Authenticate`.
pub fn insufficient_scope(scope: &str, service: &'static str) -> ResponseTemplate {
    mcp_vendor_google::testkit::insufficient_scope(
        &mcp_vendor_google::testkit::GoogleApi {
            service,
            method: "google.apps.sheets.v4.SpreadsheetsService.GetSpreadsheet",
            legacy_errors: false,
        },
        scope,
    )
}

/// The `sheets.properties(sheetId,title,hidden),namedRanges(name,range)` answer of a
/// spreadsheet whose first sheet is hidden, whose first visible sheet `Sheet1` has id 0
/// (which Google leaves out), with `Q1 Sales`, `Bob's data` and a named range `Totals`.
pub fn sheet_meta() -> Value {
    json!({
        "sheets": [
            {"properties": {"sheetId": 7, "title": "Archive", "hidden": true}},
            {"properties": {"title": "Sheet1"}},
            {"properties": {"sheetId": 222_222_222, "title": "Q1 Sales"}},
            {"properties": {"sheetId": 1_111_111, "title": "Bob's data"}}
        ],
        "namedRanges": [
            {"namedRangeId": "nr1", "name": "Totals", "range": {"sheetId": 222_222_222, "startRowIndex": 9, "endRowIndex": 10, "startColumnIndex": 0, "endColumnIndex": 4}}
        ]
    })
}
