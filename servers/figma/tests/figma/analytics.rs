use crate::{KEY, figma_error_bool, req, setup};
use serde_json::{Value, json};

#[tokio::test]
async fn library_analytics_defaults_to_component_usages() {
    let s = setup().await;
    let row = json!({"component_key": "ck", "component_name": "Button", "usages": 120, "teams_using": 4, "files_using": 17});
    req(
        "GET",
        &format!("/v1/analytics/libraries/{KEY}/component/usages"),
    )
    .query("group_by", "component")
    .respond(
        &s.fake,
        200,
        json!({"rows": [row], "next_page": true, "cursor": "c2"}),
    )
    .await;
    let v = s
        .client
        .call_ok("figma_get_library_analytics", json!({"file_key": KEY}))
        .await;
    assert_eq!(v, json!({"rows": [row], "next_cursor": "c2"}));
}

#[tokio::test]
async fn library_analytics_actions_by_team() {
    let s = setup().await;
    req(
        "GET",
        &format!("/v1/analytics/libraries/{KEY}/variable/actions"),
    )
    .queries(&[
        ("group_by", "team"),
        ("cursor", "c2"),
        ("start_date", "2026-01-05"),
        ("end_date", "2026-11-30"),
    ])
    .respond(
        &s.fake,
        200,
        json!({"rows": [{"week": "2026-11-23", "team_name": "Web", "detachments": 1, "insertions": 9}], "next_page": false}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "figma_get_library_analytics",
            json!({"file_key": KEY, "asset": "variable", "metric": "actions", "group_by": "team",
                   "cursor": "c2", "start_date": "2026-01-05", "end_date": "2026-11-30"}),
        )
        .await;
    assert_eq!(v["rows"][0]["insertions"], 9);
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn library_analytics_style_usages_by_file() {
    let s = setup().await;
    req(
        "GET",
        &format!("/v1/analytics/libraries/{KEY}/style/usages"),
    )
    .query("group_by", "file")
    .respond(
            &s.fake,
            200,
            json!({"rows": [{"file_name": "Checkout", "team_name": "Web", "workspace_name": "Acme", "usages": 12}], "next_page": false}),
        )
    .await;
    let v = s
        .client
        .call_ok(
            "figma_get_library_analytics",
            json!({"file_key": KEY, "asset": "style", "group_by": "file"}),
        )
        .await;
    assert_eq!(v["rows"][0]["usages"], 12);
    assert_eq!(v["next_cursor"], Value::Null);
}

#[tokio::test]
async fn library_analytics_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_get_library_analytics",
            json!({"file_key": KEY, "group_by": "team"}),
        )
        .await;
    assert!(err.contains("team"), "{err}");
    let err = s
        .client
        .call_err(
            "figma_get_library_analytics",
            json!({"file_key": KEY, "metric": "actions", "start_date": "Jan 5"}),
        )
        .await;
    assert!(err.contains("start_date"), "{err}");
    req(
        "GET",
        &format!("/v1/analytics/libraries/{KEY}/component/usages"),
    )
    .query("group_by", "component")
    .respond(
        &s.fake,
        403,
        figma_error_bool(
            403,
            "Library analytics is only available on Enterprise plans",
        ),
    )
    .await;
    let err = s
        .client
        .call_err("figma_get_library_analytics", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("Enterprise"), "{err}");
}
