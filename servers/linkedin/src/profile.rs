//! The authenticated member's profile: OpenID Connect `GET /v2/userinfo`.

use crate::api::opt;
use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "linkedin_get_profile_info",
            "Get profile info",
            Effect::Read,
            get_profile_info,
        )
        .toolset("profile"),
    ]
}

/// The member's OpenID Connect userinfo.
pub async fn userinfo(ctx: &Ctx) -> Result<Value, ToolError> {
    ctx.authorized(Method::GET, "/v2/userinfo")?
        .send_json()
        .await
}

/// The member id (`sub`) of the token's member, for `urn:li:person:{id}`.
pub fn person_id(info: &Value) -> Result<String, ToolError> {
    info.get("sub")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| {
            ToolError::transport("LinkedIn's userinfo answer has no member id (`sub`).")
                .with_hint("the token needs the `openid` and `profile` scopes.")
        })
}

/// The authenticated member's profile: id (`sub`, the person id of `urn:li:person:{id}`),
/// name, email, picture, locale.
#[derive(Deserialize, JsonSchema)]
pub struct GetProfileInfo {
    /// The member's own id or URN only (other profiles are partner-only)
    person_id: Option<String>,
}

async fn get_profile_info(ctx: Ctx, a: GetProfileInfo) -> Result<Value, ToolError> {
    let info = userinfo(&ctx).await?;
    let id = person_id(&info)?;
    if let Some(asked) = opt(&a.person_id) {
        let asked = asked.strip_prefix("urn:li:person:").unwrap_or(asked);
        if asked != id {
            return Err(ToolError::invalid_input(format!(
                "only the authenticated member's own profile can be read (id {id}); LinkedIn gives other members' profiles to approved partners only"
            )));
        }
    }
    let mut v = pick(
        &info,
        &[
            "name",
            "given_name",
            "family_name",
            "email",
            "email_verified",
            "picture",
            "locale",
        ],
    );
    if let Some(m) = v.as_object_mut() {
        m.insert("person_urn".into(), json!(format!("urn:li:person:{id}")));
        m.insert("id".into(), json!(id));
    }
    Ok(v)
}
