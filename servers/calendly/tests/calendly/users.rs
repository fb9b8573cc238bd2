use crate::{ME, ORG, calendly_error, expect_me, req, setup};
use serde_json::{Value, json};

#[tokio::test]
async fn get_user_info() {
    let s = setup().await;
    expect_me(&s).await;
    let v = s.client.call_ok("calendly_get_user_info", json!({})).await;
    assert_eq!(v["uri"], ME);
    assert_eq!(v["scheduling_url"], "https://calendly.com/acmesales");
    assert_eq!(v["current_organization"], ORG);
    assert!(v.get("avatar_url").is_none());
}

#[tokio::test]
async fn get_user_info_with_a_revoked_token() {
    let s = setup().await;
    req("GET", "/users/me")
        .respond(
            &s.fake,
            401,
            calendly_error(
                "Unauthenticated",
                "The access token is invalid",
                Value::Null,
            ),
        )
        .await;
    let err = s.client.call_err("calendly_get_user_info", json!({})).await;
    assert!(err.contains("The access token is invalid"), "{err}");
    assert!(err.contains("401"), "{err}");
}

fn schedule(name: &str, default: bool) -> Value {
    json!({
        "uri": "https://api.calendly.com/user_availability_schedules/abc",
        "default": default,
        "name": name,
        "user": ME,
        "timezone": "America/New_York",
        "rules": [
            {"type": "wday", "intervals": [{"from": "08:30", "to": "09:30"}], "wday": "sunday"},
            {"type": "date", "intervals": [{"from": "08:30", "to": "09:30"}], "date": "2026-05-01"}
        ]
    })
}

#[tokio::test]
async fn availability_schedules_of_the_token_user() {
    let s = setup().await;
    expect_me(&s).await;
    req("GET", "/user_availability_schedules")
        .query("user", ME)
        .respond(
            &s.fake,
            200,
            json!({"collection": [schedule("Working Hours", true), schedule("Weekends", false)]}),
        )
        .await;
    let v = s
        .client
        .call_ok("calendly_list_availability_schedules", json!({"count": 1}))
        .await;
    let items = v["items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["name"], "Working Hours");
    assert_eq!(items[0]["rules"][0]["wday"], "sunday");
    assert!(v["note"].as_str().unwrap().contains("1 of 2"));
}

#[tokio::test]
async fn availability_schedules_of_a_given_user_skip_the_lookup() {
    let s = setup().await;
    let other = "https://api.calendly.com/users/CCCCCCCCCCCCCCCC";
    req("GET", "/user_availability_schedules")
        .query("user", other)
        .respond(
            &s.fake,
            403,
            calendly_error(
                "Permission Denied",
                "You do not have permission to access this resource.",
                Value::Null,
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "calendly_list_availability_schedules",
            json!({"user_uri": other}),
        )
        .await;
    assert!(err.contains("You do not have permission"), "{err}");
    let err = s
        .client
        .call_err("calendly_list_availability_schedules", json!({"count": 0}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

fn membership(email: &str) -> Value {
    json!({
        "uri": "https://api.calendly.com/organization_memberships/AAAAAAAAAAAAAAAA",
        "role": "admin",
        "user": {
            "uri": ME, "name": "John Doe", "slug": "acmesales", "email": email,
            "scheduling_url": "https://calendly.com/acmesales", "timezone": "America/New York",
            "avatar_url": null, "locale": "en",
            "created_at": "2019-01-02T03:04:05.678123Z", "updated_at": "2019-08-07T06:05:04.321123Z"
        },
        "organization": ORG,
        "updated_at": "2019-08-07T06:05:04.321123Z",
        "created_at": "2019-01-02T03:04:05.678123Z"
    })
}

#[tokio::test]
async fn organization_memberships_of_the_current_organization() {
    let s = setup().await;
    expect_me(&s).await;
    req("GET", "/organization_memberships")
        .query("organization", ORG)
        .query("email", "test@example.com")
        .query("count", "10")
        .query("page_token", "tok1")
        .respond(
            &s.fake,
            200,
            json!({"collection": [membership("test@example.com")], "pagination": {
                "count": 1, "next_page": "https://api.calendly.com/organization_memberships?count=10&page_token=tok2",
                "previous_page": null, "next_page_token": "tok2", "previous_page_token": null}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "calendly_list_organization_memberships",
            json!({"email": "test@example.com", "count": 10, "cursor": "tok1"}),
        )
        .await;
    assert_eq!(v["items"][0]["role"], "admin");
    assert_eq!(v["items"][0]["user"]["email"], "test@example.com");
    assert_eq!(v["next_cursor"], "tok2");
    assert_eq!(v["organization"], ORG);
}

#[tokio::test]
async fn organization_memberships_invalid_argument() {
    let s = setup().await;
    req("GET", "/organization_memberships")
        .query("organization", "not-a-uri")
        .query("count", "20")
        .respond(
            &s.fake,
            400,
            calendly_error(
                "Invalid Argument",
                "The supplied parameters are invalid.",
                json!([{"parameter": "organization", "message": "must be a valid URI"}]),
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "calendly_list_organization_memberships",
            json!({"organization": "not-a-uri"}),
        )
        .await;
    assert!(err.contains("organization: must be a valid URI"), "{err}");
    assert!(err.contains("Invalid Argument"), "{err}");
}
