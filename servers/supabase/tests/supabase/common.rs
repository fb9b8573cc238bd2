//! A fake Management API, a server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "sbp_0123456789abcdef0123456789abcdef01234567";
pub const REF: &str = "abcdefghijklmnopqrst";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&supabase_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the token as Bearer (and no body unless the test adds one).
pub fn sb(method: &'static str, path: &str) -> Expect {
    expect(method, path).bearer(TOKEN)
}

/// A project as `GET /v1/projects/{ref}` returns it (V1ProjectWithDatabaseResponse).
pub fn project_body(r: &str, org: &str, status: &str) -> Value {
    json!({
        "id": r,
        "ref": r,
        "organization_id": org,
        "organization_slug": org,
        "name": "acme-prod",
        "region": "us-east-1",
        "created_at": "2025-03-01T12:00:00.000Z",
        "status": status,
        "database": {
            "host": format!("db.{r}.supabase.co"),
            "version": "15.8.1.093",
            "postgres_engine": "15",
            "release_channel": "ga"
        }
    })
}

pub fn project_concise(r: &str, org: &str, status: &str) -> Value {
    json!({
        "id": r,
        "name": "acme-prod",
        "organization_id": org,
        "region": "us-east-1",
        "status": status,
        "created_at": "2025-03-01T12:00:00.000Z",
        "database_host": format!("db.{r}.supabase.co"),
        "postgres_version": "15.8.1.093"
    })
}
