//! The fake Salesforce org, a server pointed at it, and a client sending the access token.

use mcp_testkit::wiremock::ResponseTemplate;
use mcp_testkit::{Expect, Setup, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "00Dxx0000001gPL!AR8AQJXg5oj8jXSgxJfA0lBog";
pub const V: &str = "/services/data/v67.0";

pub fn creds() -> Value {
    json!({"access_token": TOKEN, "instance_url": "https://acme.my.salesforce.com"})
}

pub async fn setup() -> Setup {
    Setup::start(&salesforce_mcp_server::SPEC, creds()).await
}

/// `GET /query?q=<soql>` with the token.
pub fn soql(q: &str) -> Expect {
    expect("GET", format!("{V}/query"))
        .bearer(TOKEN)
        .query("q", q)
}

/// A query answer: one page, done.
pub fn page(records: Vec<Value>) -> Value {
    json!({"totalSize": records.len(), "done": true, "records": records})
}

/// A record as Salesforce returns it, with its `attributes`.
pub fn rec(object: &str, id: &str, mut fields: Value) -> Value {
    fields["attributes"] = json!({"type": object, "url": format!("{V}/sobjects/{object}/{id}")});
    fields["Id"] = json!(id);
    fields
}

/// Salesforce's error array.
pub fn sf_error(code: &str, message: &str, fields: &[&str]) -> Value {
    json!([{"message": message, "errorCode": code, "fields": fields}])
}

pub fn no_content() -> ResponseTemplate {
    ResponseTemplate::new(204)
}
