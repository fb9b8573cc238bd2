use crate::{TOKEN, li_error, req, setup, userinfo};
use serde_json::json;

#[tokio::test]
async fn get_profile_info_contract() {
    let s = setup().await;
    req("GET", "/v2/userinfo")
        .respond(&s.fake, 200, userinfo())
        .await;
    let v = s
        .client
        .call_ok("linkedin_get_profile_info", json!({}))
        .await;
    assert_eq!(v["id"], "782bbtaQ");
    assert_eq!(v["person_urn"], "urn:li:person:782bbtaQ");
    assert_eq!(v["name"], "John Doe");
    assert_eq!(v["email"], "doe@email.com");
    assert_eq!(v["email_verified"], true);
}

#[tokio::test]
async fn get_profile_info_own_id_and_other_member() {
    let s = setup().await;
    req("GET", "/v2/userinfo")
        .times(2)
        .respond(&s.fake, 200, userinfo())
        .await;
    let v = s
        .client
        .call_ok(
            "linkedin_get_profile_info",
            json!({"person_id": "urn:li:person:782bbtaQ"}),
        )
        .await;
    assert_eq!(v["given_name"], "John");
    let err = s
        .client
        .call_err(
            "linkedin_get_profile_info",
            json!({"person_id": "someoneElse"}),
        )
        .await;
    assert!(err.contains("own profile"), "{err}");
}

#[tokio::test]
async fn get_profile_info_expired_token() {
    let s = setup().await;
    req("GET", "/v2/userinfo")
        .respond(
            &s.fake,
            401,
            li_error(
                401,
                65601,
                "REVOKED_ACCESS_TOKEN",
                "The token used in the request has been revoked by the user",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("linkedin_get_profile_info", json!({}))
        .await;
    assert!(err.contains("has been revoked"), "{err}");
    assert!(err.contains("REVOKED_ACCESS_TOKEN"), "{err}");
    assert!(err.contains("65601"), "{err}");
    assert!(err.contains("401"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}
