use crate::{req, setup};
use serde_json::{Value, json};

fn admin() -> Value {
    json!({"type": "admin", "email": "admin7@email.com", "id": "991267466", "name": "Ciaran7 Lee", "away_mode_enabled": false,
           "away_mode_reassign": false, "has_inbox_seat": true, "team_ids": [5017691],
           "avatar": {"type": "avatar", "image_url": "https://example.com/a.png"}})
}

#[tokio::test]
async fn teams() {
    let s = setup().await;
    req("GET", "/teams")
        .respond(&s.fake, 200, json!({"type": "team.list", "teams": [{"type": "team", "id": "5017691", "name": "Support", "admin_ids": [991267466]}]}))
        .await;
    let v = s.client.call_ok("intercom_list_teams", json!({})).await;
    assert_eq!(v["items"][0]["admin_ids"], json!([991267466]));
    req("GET", "/teams/5017691")
        .respond(&s.fake, 200, json!({"type": "team", "id": "5017691", "name": "Support", "admin_ids": [991267466],
                                       "admin_priority_level": {"primary_admin_ids": [], "secondary_admin_ids": []}}))
        .await;
    let v = s
        .client
        .call_ok("intercom_get_team", json!({"id": "5017691"}))
        .await;
    assert_eq!(v["name"], "Support");
}

#[tokio::test]
async fn admins_and_the_current_admin() {
    let s = setup().await;
    req("GET", "/admins")
        .respond(
            &s.fake,
            200,
            json!({"type": "admin.list", "admins": [admin()]}),
        )
        .await;
    let v = s.client.call_ok("intercom_list_admins", json!({})).await;
    assert_eq!(v["items"][0]["email"], "admin7@email.com");
    assert!(v["items"][0].get("avatar").is_none());
    req("GET", "/admins/991267466")
        .respond(&s.fake, 200, admin())
        .await;
    let v = s
        .client
        .call_ok("intercom_get_admin", json!({"id": 991267466}))
        .await;
    assert_eq!(v["team_ids"], json!([5017691]));
    let mut me = admin();
    me["app"] = json!({"type": "app", "id_code": "abc", "name": "MyApp 1", "created_at": 1, "secure": false, "region": "US"});
    req("GET", "/me").respond(&s.fake, 200, me).await;
    let v = s
        .client
        .call_ok("intercom_get_current_admin", json!({}))
        .await;
    assert_eq!(
        v["app"],
        json!({"id_code": "abc", "name": "MyApp 1", "region": "US"})
    );
}

#[tokio::test]
async fn set_admin_away() {
    let s = setup().await;
    req("PUT", "/admins/991267460/away")
        .json_body(json!({"away_mode_enabled": true, "away_mode_reassign": true, "away_status_reason_id": 12345}))
        .respond(&s.fake, 200, json!({"type": "admin", "id": "991267460", "name": "Ciaran2 Lee", "email": "admin2@email.com",
                                       "away_mode_enabled": true, "away_mode_reassign": true, "has_inbox_seat": true,
                                       "away_status_reason_id": "12345", "team_ids": []}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_set_admin_away",
            json!({"id": 991267460, "away_mode_enabled": true, "away_mode_reassign": true, "away_status_reason_id": 12345}),
        )
        .await;
    assert_eq!(v["away_mode_enabled"], true);
    req("PUT", "/admins/991267461/away")
        .json_body(json!({"away_mode_enabled": false, "away_mode_reassign": false}))
        .respond_with(
            &s.fake,
            crate::error_response(404, "admin_not_found", "Admin for admin_id not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "intercom_set_admin_away",
            json!({"id": 991267461, "away_mode_enabled": false, "away_mode_reassign": false}),
        )
        .await;
    assert!(
        err.contains("admin_not_found") && err.contains("intercom_list_admins"),
        "{err}"
    );
}

#[tokio::test]
async fn activity_logs_between_two_times() {
    let s = setup().await;
    req("GET", "/admins/activity_logs")
        .queries(&[("created_at_after", "1734537000"), ("created_at_before", "1734538000")])
        .respond(&s.fake, 200, json!({"type": "activity_log.list", "pages": {"type": "pages", "next": null, "page": 1, "per_page": 20, "total_pages": 1},
            "activity_logs": [{"id": "fca05814-4b72-4dce-ad4f-77a786a2c136", "performed_by": {"type": "admin", "id": "991267464", "email": "admin5@email.com", "ip": "127.0.0.1"},
                               "metadata": {"before": "before", "after": "after"}, "created_at": 1734537253, "activity_type": "app_name_change",
                               "activity_description": "Ciaran5 Lee changed your app name from before to after."}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "intercom_list_admin_activity_logs",
            json!({"created_at_after": "1734537000", "created_at_before": "1734538000"}),
        )
        .await;
    assert_eq!(v["items"][0]["activity_type"], "app_name_change");
    assert_eq!(v["items"][0]["admin_id"], "991267464");
    let err = s
        .client
        .call_err(
            "intercom_list_admin_activity_logs",
            json!({"created_at_after": "2024-12-01"}),
        )
        .await;
    assert!(err.contains("Unix timestamp"), "{err}");
}
