//! The token's account: `GET /api/whoami-v2`.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, compact};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("hf_whoami", "Who am I", Effect::Read, whoami)
            .toolset("account")
            .output::<Account>(),
        tool(
            "Authenticate",
            "Check authentication",
            Effect::Read,
            authenticate,
        )
        .toolset("account"),
    ]
}

/// The result of `hf_whoami`.
#[derive(JsonSchema)]
#[allow(dead_code)] // the shape of the JSON result, for its output schema
pub struct Account {
    name: Option<String>,
    fullname: Option<String>,
    /// user or org
    #[serde(rename = "type")]
    kind: Option<String>,
    email: Option<String>,
    is_pro: Option<bool>,
    token_name: Option<String>,
    token_role: Option<String>,
    url: String,
    /// Organization names
    orgs: Option<Vec<String>>,
}

/// The token's Hugging Face account: name, full name, type, PRO status, organizations and
/// the token's name and role. Needs a token.
#[derive(Deserialize, JsonSchema)]
pub struct Whoami {}

async fn whoami(ctx: Ctx, _: Whoami) -> Result<Value, ToolError> {
    let v = api::whoami(&ctx).await?;
    Ok(account(&v))
}

fn account(v: &Value) -> Value {
    let name = at(v, "name").and_then(Value::as_str).unwrap_or_default();
    let mut out = pick(
        v,
        &[
            "name",
            "fullname",
            "type",
            "email",
            "is_pro=isPro",
            "token_name=auth.accessToken.displayName",
            "token_role=auth.accessToken.role",
        ],
    );
    out["url"] = json!(format!("{}/{name}", api::HUB));
    out["orgs"] = Value::Array(
        at(v, "orgs")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(|o| at(o, "name").cloned()).collect())
            .unwrap_or_default(),
    );
    compact(out)
}

/// Whether this call is authenticated: the account when a token came with it, else how to
/// send one (public reads work without).
#[derive(Deserialize, JsonSchema)]
pub struct Authenticate {}

async fn authenticate(ctx: Ctx, _: Authenticate) -> Result<Value, ToolError> {
    if !api::has_token(&ctx) {
        return Ok(json!({
            "authenticated": false,
            "how": "create a token at https://huggingface.co/settings/tokens and send it as x-auth-data (base64 of {\"access_token\":\"hf_...\"}), `Authorization: Bearer hf_...` or `hf-token: hf_...`, or set DEFAULT_HF_TOKEN for the server",
        }));
    }
    let v = api::whoami(&ctx).await?;
    Ok(json!({"authenticated": true, "account": account(&v)}))
}
