use crate::{hg_error, req, setup};
use serde_json::json;

#[tokio::test]
async fn get_voices_contract() {
    let s = setup().await;
    req("GET", "/v3/voices")
        .queries(&[("limit", "2"), ("token", "tok1"), ("type", "public"), ("language", "English"), ("gender", "female")])
        .respond(
            &s.fake,
            200,
            json!({"data": [{"voice_id": "1bd001e7e50f421d891986aad5c8bbd2", "name": "Sara", "language": "English",
                             "gender": "female", "preview_audio_url": "https://files.heygen.ai/voice/preview/sara.mp3",
                             "support_pause": true, "support_locale": true, "type": "public"}],
                   "has_more": true, "next_token": "eyJsYXN0X2lkIjoiMTIzIn0"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "heygen_get_voices",
            json!({"limit": 2, "token": "tok1", "type": "public", "language": "English", "gender": "female"}),
        )
        .await;
    assert_eq!(
        v["items"][0]["voice_id"],
        "1bd001e7e50f421d891986aad5c8bbd2"
    );
    assert_eq!(v["items"][0]["support_locale"], true);
    assert_eq!(v["has_more"], true);
    assert_eq!(v["next_token"], "eyJsYXN0X2lkIjoiMTIzIn0");
}

#[tokio::test]
async fn get_voices_default_limit_and_bad_limit() {
    let s = setup().await;
    req("GET", "/v3/voices")
        .query("limit", "20")
        .respond(
            &s.fake,
            200,
            json!({"data": [], "has_more": false, "next_token": null}),
        )
        .await;
    let v = s.client.call_ok("heygen_get_voices", json!({})).await;
    assert_eq!(
        v,
        json!({"items": [], "has_more": false, "next_token": null})
    );
    let err = s
        .client
        .call_err("heygen_get_voices", json!({"limit": 500}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn voice_locales_contract_keeps_the_first_ones() {
    let s = setup().await;
    req("GET", "/v2/voices/locales")
        .respond(
            &s.fake,
            200,
            json!({"error": null, "data": {"locales": [
                {"value": "English (United States)", "label": "English (US)", "language": "English", "tag": "en-US", "locale": "en-US", "language_code": "en"},
                {"value": "Portuguese (Brazil)", "label": "Portuguese (BR)", "language": "Portuguese", "tag": "pt-BR", "locale": "pt-BR", "language_code": "pt"},
                {"value": "German (Germany)", "label": "German", "language": "German", "tag": "de-DE", "locale": "de-DE", "language_code": "de"}]}}),
        )
        .await;
    let v = s
        .client
        .call_ok("heygen_get_voice_locales", json!({"limit": 2}))
        .await;
    assert_eq!(v["total"], 3);
    assert_eq!(v["items"].as_array().unwrap().len(), 2);
    assert_eq!(v["items"][1]["locale"], "pt-BR");
    assert_eq!(v["items"][1]["language"], "Portuguese");
}

#[tokio::test]
async fn voice_locales_gone_says_what_to_use() {
    let s = setup().await;
    req("GET", "/v2/voices/locales")
        .respond(&s.fake, 404, hg_error("not_found", "Endpoint not found"))
        .await;
    let err = s
        .client
        .call_err("heygen_get_voice_locales", json!({}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("support_locale"), "{err}");
}
