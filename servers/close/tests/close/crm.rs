use crate::common::{call, field_errors, not_found, page, setup};
use serde_json::json;

fn opportunity() -> serde_json::Value {
    json!({"id": "oppo_8eB77gAdf8FMy6GsNHEy84f7uoeEWv55slvUjKQZpJt", "lead_id": "lead_1", "lead_name": "Wayne",
        "status_id": "stat_4ZdiZqcSIkoGVnNOyxiEY58eTGQmFNG3LPlEVQ4V7Nk", "status_label": "Active", "status_type": "active",
        "value": 50000, "value_period": "monthly", "value_currency": "USD", "value_formatted": "$500/mo",
        "confidence": 75, "note": "Big deal", "date_won": "2026-03-01", "user_id": "user_1", "user_name": "Jo",
        "organization_id": "orga_1", "expected_value": 37500,
        "date_created": "2013-02-01T00:02:33.598000+00:00", "date_updated": "2013-02-20T05:30:24.854000+00:00"})
}

#[tokio::test]
async fn opportunities() {
    let s = setup().await;
    call("POST", "/opportunity/")
        .json_body(
            json!({"lead_id": "lead_1", "note": "Big deal", "confidence": 75, "value": 50000,
            "value_period": "monthly", "date_won": "2026-03-01"}),
        )
        .respond(&s.fake, 200, opportunity())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_opportunity",
            json!({"lead_id": "lead_1", "note": "Big deal", "confidence": 75, "value": 50000,
                "value_period": "monthly", "expected_date": "2026-03-01"}),
        )
        .await;
    assert_eq!(v["value_formatted"], "$500/mo");
    assert!(v.get("expected_value").is_none());

    call("GET", "/opportunity/oppo_1/")
        .respond(&s.fake, 200, opportunity())
        .await;
    let v = s
        .client
        .call_ok("close_get_opportunity", json!({"opportunity_id": "oppo_1"}))
        .await;
    assert_eq!(v["status_type"], "active");

    call("PUT", "/opportunity/oppo_1/")
        .json_body(json!({"status_id": "stat_won", "confidence": 100}))
        .respond(&s.fake, 200, opportunity())
        .await;
    s.client
        .call_ok(
            "close_update_opportunity",
            json!({"opportunity_id": "oppo_1", "status_id": "stat_won", "confidence": 100}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "close_update_opportunity",
            json!({"opportunity_id": "oppo_1", "confidence": 150}),
        )
        .await;
    assert!(err.contains("0 to 100"), "{err}");
    let err = s
        .client
        .call_err(
            "close_create_opportunity",
            json!({"lead_id": "lead_1", "value": 12.5}),
        )
        .await;
    assert!(err.contains("cents"), "{err}");

    call("DELETE", "/opportunity/oppo_1/")
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "close_delete_opportunity",
            json!({"opportunity_id": "oppo_1"}),
        )
        .await;
    assert_eq!(v["deleted"], "oppo_1");

    call("POST", "/opportunity/")
        .json_body(json!({"lead_id": "lead_x"}))
        .respond(
            &s.fake,
            400,
            field_errors("lead_id", "Object does not exist."),
        )
        .await;
    let err = s
        .client
        .call_err("close_create_opportunity", json!({"lead_id": "lead_x"}))
        .await;
    assert!(err.contains("lead_id: Object does not exist."), "{err}");
}

#[tokio::test]
async fn list_opportunities() {
    let s = setup().await;
    call("GET", "/opportunity/")
        .query("lead_id", "lead_1")
        .query("status_type", "won")
        .query("_order_by", "-date_created")
        .query("_limit", "25")
        .query("_skip", "25")
        .respond(
            &s.fake,
            200,
            json!({"data": [opportunity()], "has_more": false, "total_results": 26,
            "total_value_one_time": 0, "total_value_monthly": 50000}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_opportunities",
            json!({"lead_id": "lead_1", "status_type": "won", "cursor": "25"}),
        )
        .await;
    assert_eq!(v["items"][0]["value"], 50000);
    assert_eq!(v["next_cursor"], json!(null));
    call("GET", "/opportunity/")
        .query("_order_by", "-date_created")
        .query("_limit", "25")
        .respond(&s.fake, 401, json!({"error": "The API key is invalid."}))
        .await;
    let err = s
        .client
        .call_err("close_list_opportunities", json!({}))
        .await;
    assert!(
        err.contains("401") && err.contains("The API key is invalid."),
        "{err}"
    );
}

fn task() -> serde_json::Value {
    json!({"id": "task_1", "_type": "lead", "lead_id": "lead_1", "lead_name": "Wayne", "text": "Call back",
        "assigned_to": "user_1", "assigned_to_name": "Jo", "date": "2026-05-01", "due_date": "2026-05-01",
        "is_complete": false, "is_dateless": false, "view": "inbox", "organization_id": "orga_1",
        "date_created": "2026-04-01T10:00:00+00:00", "date_updated": "2026-04-01T10:00:00+00:00"})
}

#[tokio::test]
async fn tasks() {
    let s = setup().await;
    call("POST", "/task/")
        .json_body(json!({"_type": "lead", "lead_id": "lead_1", "text": "Call back", "date": "2026-05-01"}))
        .respond(&s.fake, 200, task())
        .await;
    let v = s
        .client
        .call_ok(
            "close_create_task",
            json!({"lead_id": "lead_1", "text": "Call back", "date": "2026-05-01"}),
        )
        .await;
    assert_eq!(v["assigned_to_name"], "Jo");
    assert!(v.get("is_dateless").is_none());

    call("GET", "/task/task_1/")
        .respond(&s.fake, 200, task())
        .await;
    let v = s
        .client
        .call_ok("close_get_task", json!({"task_id": "task_1"}))
        .await;
    assert_eq!(v["view"], "inbox");

    call("PUT", "/task/task_1/")
        .json_body(json!({"is_complete": true}))
        .respond(&s.fake, 200, task())
        .await;
    s.client
        .call_ok(
            "close_update_task",
            json!({"task_id": "task_1", "is_complete": true}),
        )
        .await;

    call("DELETE", "/task/task_1/")
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok("close_delete_task", json!({"task_id": "task_1"}))
        .await;
    assert_eq!(v["deleted"], "task_1");

    call("GET", "/task/")
        .query("lead_id", "lead_1")
        .query("assigned_to", "user_1")
        .query("is_complete", "false")
        .query("_type", "lead")
        .query("view", "future")
        .query("_limit", "10")
        .respond(&s.fake, 200, page(json!([task()]), true))
        .await;
    let v = s
        .client
        .call_ok(
            "close_list_tasks",
            json!({"lead_id": "lead_1", "assigned_to": "user_1", "is_complete": false,
                "task_type": "lead", "view": "future", "limit": 10}),
        )
        .await;
    assert_eq!(v["next_cursor"], "1");
    assert_eq!(v["items"][0]["text"], "Call back");
    let err = s
        .client
        .call_err("close_list_tasks", json!({"view": "today"}))
        .await;
    assert!(
        err.contains("view") || err.contains("unknown variant"),
        "{err}"
    );
    call("GET", "/task/task_9/")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("close_get_task", json!({"task_id": "task_9"}))
        .await;
    assert!(err.contains("Object does not exist"), "{err}");
}

fn user() -> serde_json::Value {
    json!({"id": "user_1", "first_name": "Jo", "last_name": "Doe", "email": "jo@acme.example",
        "image": "https://secure.gravatar.com/avatar/x", "date_created": "2013-02-01T00:02:33.598000+00:00",
        "date_updated": "2013-02-01T00:02:33.598000+00:00", "organizations": ["orga_1"]})
}

#[tokio::test]
async fn users() {
    let s = setup().await;
    let mut me = user();
    me["organizations"] =
        json!([{"id": "orga_1", "name": "Acme", "memberships": [], "date_created": "x"}]);
    me["email_accounts"] = json!([{"id": "emailacct_1"}]);
    call("GET", "/me/").respond(&s.fake, 200, me).await;
    let v = s.client.call_ok("close_get_current_user", json!({})).await;
    assert_eq!(
        v["organizations"],
        json!([{"id": "orga_1", "name": "Acme"}])
    );
    assert!(v.get("email_accounts").is_none());

    call("GET", "/user/")
        .query("_limit", "25")
        .query("_skip", "25")
        .respond(&s.fake, 200, page(json!([user()]), false))
        .await;
    let v = s
        .client
        .call_ok("close_list_users", json!({"skip": 25}))
        .await;
    assert_eq!(v["items"][0]["email"], "jo@acme.example");
    assert_eq!(v["next_cursor"], json!(null));

    call("GET", "/user/user_1/")
        .respond(&s.fake, 200, user())
        .await;
    let v = s
        .client
        .call_ok("close_get_user", json!({"user_id": "user_1"}))
        .await;
    assert_eq!(v["last_name"], "Doe");
    assert!(v.get("organizations").is_none());

    call("GET", "/user/user_9/")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err("close_get_user", json!({"user_id": "user_9"}))
        .await;
    assert!(err.contains("Object does not exist"), "{err}");
    let err = s
        .client
        .call_err("close_get_user", json!({"user_id": " "}))
        .await;
    assert!(err.contains("user_id"), "{err}");
}
