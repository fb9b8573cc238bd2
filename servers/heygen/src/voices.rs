//! Voices: `GET /v3/voices` and `GET /v2/voices/locales` (v3 has no locale list).

use crate::api::{data, limit, list, opt, paged};
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("heygen_get_voices", "List voices", Effect::Read, get_voices).toolset("voices"),
        tool(
            "heygen_get_voice_locales",
            "List voice locales",
            Effect::Read,
            get_voice_locales,
        )
        .toolset("voices"),
    ]
}

fn voice(v: &Value) -> Value {
    pick(
        v,
        &[
            "voice_id",
            "name",
            "language",
            "gender",
            "type",
            "support_locale",
            "support_pause",
            "preview_audio_url",
        ],
    )
}

/// List voices for text-to-speech: voice_id, name, language, gender, public/private, whether it
/// takes a locale, preview URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetVoices {
    /// 1-100
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    /// `next_token` of the previous page
    token: Option<String>,
    /// `public` (default) or `private` (cloned)
    #[serde(rename = "type")]
    kind: Option<String>,
    /// e.g. `English`
    language: Option<String>,
    /// `male` or `female`
    gender: Option<String>,
}

async fn get_voices(ctx: Ctx, a: GetVoices) -> Result<Value, ToolError> {
    let n = limit(a.limit, 20, 100)?;
    let v: Value = list(&ctx, "/v3/voices", n, &a.token)?
        .query_opt("type", opt(&a.kind))
        .query_opt("language", opt(&a.language))
        .query_opt("gender", opt(&a.gender))
        .send_json()
        .await?;
    Ok(paged(&v, voice))
}

/// List the locales (`en-US`, `pt-BR`...) a voice with `support_locale` can speak in: locale,
/// language and label. HeyGen returns them all; `limit` keeps the first ones.
#[derive(Deserialize, JsonSchema)]
pub struct GetVoiceLocales {
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
}

async fn get_voice_locales(ctx: Ctx, a: GetVoiceLocales) -> Result<Value, ToolError> {
    let n = usize::try_from(limit(a.limit, 20, 10_000)?).unwrap_or(usize::MAX);
    let v: Value = ctx
        .authorized(Method::GET, "/v2/voices/locales")?
        .send_json()
        .await
        .map_err(|e| {
            if matches!(e.status, Some(404 | 410)) {
                e.with_hint("HeyGen may have retired this v2 endpoint (v3 has no locale list); heygen_get_voices says which voices take a locale (support_locale).")
            } else {
                e
            }
        })?;
    let all: Vec<Value> = data(&v)
        .get("locales")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let total = all.len();
    let items: Vec<Value> = all
        .iter()
        .take(n)
        .map(|l| {
            pick(
                l,
                &[
                    "locale",
                    "language",
                    "language_code",
                    "label",
                    "value",
                    "tag",
                ],
            )
        })
        .collect();
    Ok(json!({ "items": items, "total": total }))
}
