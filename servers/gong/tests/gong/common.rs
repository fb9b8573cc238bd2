//! The fake Gong, a server pointed at it, and a client sending an access key and secret.

use mcp_testkit::Setup;
use serde_json::{Value, json};

pub const KEY: &str = "AK123";
pub const SECRET: &str = "s3cr3t";
/// `Basic base64("AK123:s3cr3t")`.
pub const BASIC: &str = "Basic QUsxMjM6czNjcjN0";

pub fn creds() -> Value {
    json!({"access_key": KEY, "access_key_secret": SECRET})
}

pub async fn setup() -> Setup {
    Setup::start(&gong_mcp_server::SPEC, creds()).await
}

/// Gong's error body.
pub fn gong_error(msg: &str) -> Value {
    json!({"requestId": "4al018gzaztcr8nbukw", "errors": [msg]})
}

pub fn records(cursor: Option<&str>) -> Value {
    let mut r = json!({"totalRecords": 263, "currentPageSize": 100, "currentPageNumber": 0});
    if let Some(c) = cursor {
        r["cursor"] = json!(c);
    }
    r
}
