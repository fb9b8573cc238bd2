use crate::{hg_error, req, setup};
use serde_json::json;

fn look() -> serde_json::Value {
    json!({"id": "Angela-inblackskirt-20220820", "name": "Angela in Black Skirt", "avatar_type": "studio_avatar",
           "group_id": "grp_angela", "gender": "female", "default_voice_id": "1bd001e7e50f421d891986aad5c8bbd2",
           "preferred_orientation": "landscape", "supported_api_engines": ["avatar_iv", "avatar_v"],
           "preview_image_url": "https://files.heygen.ai/avatar/angela.png", "tags": ["AVATAR_IV"],
           "image_width": 1920, "image_height": 1080})
}

#[tokio::test]
async fn avatar_groups_contract() {
    let s = setup().await;
    req("GET", "/v3/avatars")
        .queries(&[("limit", "20"), ("ownership", "private")])
        .respond(
            &s.fake,
            200,
            json!({"data": [{"id": "grp_angela", "name": "Angela", "created_at": 1711382400, "looks_count": 4,
                             "gender": "female", "default_voice_id": "v1", "preview_image_url": "https://x/p.png",
                             "status": "completed", "consent_status": null}],
                   "has_more": false, "next_token": null}),
        )
        .await;
    let v = s
        .client
        .call_ok("heygen_get_avatar_groups", json!({"ownership": "private"}))
        .await;
    assert_eq!(
        v["items"][0],
        json!({"id": "grp_angela", "name": "Angela", "looks_count": 4, "gender": "female", "default_voice_id": "v1",
               "status": "completed", "preview_image_url": "https://x/p.png", "created_at": 1711382400})
    );
    assert_eq!(v["next_token"], serde_json::Value::Null);
}

#[tokio::test]
async fn avatar_groups_bad_limit() {
    let s = setup().await;
    let err = s
        .client
        .call_err("heygen_get_avatar_groups", json!({"limit": 51}))
        .await;
    assert!(err.contains("between 1 and 50"), "{err}");
}

#[tokio::test]
async fn avatars_in_group_contract() {
    let s = setup().await;
    req("GET", "/v3/avatars/looks")
        .queries(&[("limit", "20"), ("group_id", "grp_angela")])
        .respond(
            &s.fake,
            200,
            json!({"data": [look()], "has_more": true, "next_token": "n2"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "heygen_get_avatars_in_avatar_group",
            json!({"group_id": "grp_angela"}),
        )
        .await;
    assert_eq!(v["items"][0]["avatar_id"], "Angela-inblackskirt-20220820");
    assert_eq!(
        v["items"][0]["supported_api_engines"],
        json!(["avatar_iv", "avatar_v"])
    );
    assert!(v["items"][0].get("tags").is_none());
    assert_eq!(v["next_token"], "n2");
}

#[tokio::test]
async fn avatars_in_group_not_found_and_blank_id() {
    let s = setup().await;
    req("GET", "/v3/avatars/looks")
        .queries(&[("limit", "20"), ("group_id", "nope")])
        .respond(
            &s.fake,
            404,
            hg_error("not_found", "Avatar group nope not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "heygen_get_avatars_in_avatar_group",
            json!({"group_id": "nope"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Avatar group nope not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "heygen_get_avatars_in_avatar_group",
            json!({"group_id": " "}),
        )
        .await;
    assert!(err.contains("group_id"), "{err}");
}

#[tokio::test]
async fn list_avatars_contract() {
    let s = setup().await;
    req("GET", "/v3/avatars/looks")
        .queries(&[
            ("limit", "5"),
            ("token", "t1"),
            ("avatar_type", "digital_twin"),
            ("ownership", "private"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"data": [look()], "has_more": false, "next_token": null}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "heygen_list_avatars",
            json!({"limit": 5, "token": "t1", "avatar_type": "digital_twin", "ownership": "private"}),
        )
        .await;
    assert_eq!(v["items"][0]["avatar_type"], "studio_avatar");
    assert_eq!(v["has_more"], false);
}

#[tokio::test]
async fn list_avatars_rate_limited() {
    let s = setup().await;
    req("GET", "/v3/avatars/looks")
        .query("limit", "20")
        .times(3)
        .respond(
            &s.fake,
            429,
            hg_error("rate_limit_exceeded", "Too many requests"),
        )
        .await;
    let err = s.client.call_err("heygen_list_avatars", json!({})).await;
    assert!(
        err.contains("429") && err.contains("rate_limit_exceeded"),
        "{err}"
    );
}
