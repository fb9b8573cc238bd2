//! Connection checks. Every database tool uses the connection string of the request's
//! credentials; these tools test one.

use bson::doc;
use mcp_shared::{Ctx, Effect, Secret, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "connect",
            "Check a connection string",
            Effect::Read,
            connect,
        )
        .toolset("database"),
        tool(
            "switch-connection",
            "Check the connection",
            Effect::Read,
            switch_connection,
        )
        .toolset("database"),
    ]
}

/// Check that a connection string reaches MongoDB; returns the server version. The other
/// tools use the connection string of the request's credentials (`connection_string` in
/// x-auth-data), not this one.
#[derive(Deserialize, JsonSchema)]
pub struct Connect {
    /// mongodb:// or mongodb+srv:// connection string
    #[serde(rename = "connectionString")]
    connection_string: String,
}

/// Check the request's connection string, or the one given; returns the server version.
#[derive(Deserialize, JsonSchema)]
pub struct SwitchConnection {
    /// Connection string to check instead of the request's
    #[serde(rename = "connectionString")]
    connection_string: Option<String>,
}

async fn check(ctx: &Ctx, uri: Secret, given: bool) -> Result<Value, ToolError> {
    let client = db::client_for(ctx, &uri).await?;
    let info = db::run_on(&client, &uri, "admin", doc! { "buildInfo": 1 }).await?;
    let mut out = json!({
        "connected": true,
        "version": info.get_str("version").unwrap_or_default(),
    });
    if given {
        out["note"] = json!(
            "The other tools use the request's connection string (x-auth-data `connection_string`); send this one there to use it."
        );
    }
    Ok(out)
}

async fn connect(ctx: Ctx, a: Connect) -> Result<Value, ToolError> {
    check(&ctx, Secret::new(a.connection_string), true).await
}

async fn switch_connection(ctx: Ctx, a: SwitchConnection) -> Result<Value, ToolError> {
    match a.connection_string {
        Some(s) => check(&ctx, Secret::new(s), true).await,
        None => check(&ctx, ctx.connection()?, false).await,
    }
}
