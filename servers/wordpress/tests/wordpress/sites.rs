use crate::{SITE, req, setup, wp_error};
use serde_json::json;

fn site() -> serde_json::Value {
    json!({
        "ID": 12345678, "name": "Example", "description": "Just another site", "URL": format!("https://{SITE}"),
        "jetpack": false, "is_private": false, "visible": true, "post_count": 12, "subscribers_count": 40,
        "lang": "en", "icon": {"img": "https://example.files.wordpress.com/icon.png"},
        "options": {"timezone": "Europe/Paris", "gmt_offset": 1, "admin_url": format!("https://{SITE}/wp-admin/")},
        "capabilities": {"edit_posts": true}
    })
}

#[tokio::test]
async fn get_user_sites() {
    let s = setup().await;
    req("GET", "/me/sites")
        .respond(&s.fake, 200, json!({"sites": [site()]}))
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_user_sites", json!({}))
        .await;
    assert_eq!(
        v["sites"][0],
        json!({
            "ID": 12345678, "name": "Example", "description": "Just another site", "URL": format!("https://{SITE}"),
            "jetpack": false, "is_private": false, "visible": true, "post_count": 12, "subscribers_count": 40,
            "lang": "en", "timezone": "Europe/Paris", "admin_url": format!("https://{SITE}/wp-admin/")
        })
    );
}

#[tokio::test]
async fn get_site_info() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}"))
        .respond(&s.fake, 200, site())
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_site_info", json!({"site": SITE}))
        .await;
    assert_eq!(v["ID"], 12345678);
    assert_eq!(v["timezone"], "Europe/Paris");
    assert!(v.get("capabilities").is_none());
}

#[tokio::test]
async fn get_site_info_unknown() {
    let s = setup().await;
    req("GET", "/sites/nosuch.example")
        .respond(&s.fake, 404, wp_error("unknown_blog", "Unknown blog"))
        .await;
    let err = s
        .client
        .call_err("wordpress_get_site_info", json!({"site": "nosuch.example"}))
        .await;
    assert!(err.contains("404"), "{err}");
    assert!(err.contains("unknown_blog"), "{err}");
}

#[tokio::test]
async fn get_site_stats_names_visit_columns() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}/stats"))
        .respond(
            &s.fake,
            200,
            json!({
                "date": "2024-05-02",
                "stats": {"visitors_today": 3, "visitors_yesterday": 5, "visitors": 900, "views_today": 7,
                          "views_yesterday": 9, "views_best_day": "2023-11-02", "views_best_day_total": 120,
                          "views": 2500, "comments": 14, "posts": 12, "followers_blog": 40},
                "visits": {"unit": "day", "fields": ["period", "views", "visitors"],
                           "data": [["2024-05-01", 9, 5], ["2024-05-02", 7, 3]]}
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_site_stats", json!({"site": SITE}))
        .await;
    assert_eq!(v["stats"]["views"], 2500);
    assert_eq!(v["visits_unit"], "day");
    assert_eq!(
        v["visits"][1],
        json!({"period": "2024-05-02", "views": 7, "visitors": 3})
    );
}

#[tokio::test]
async fn get_site_stats_needs_stats_access() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}/stats"))
        .respond(
            &s.fake,
            403,
            wp_error("unauthorized", "user cannot view stats"),
        )
        .await;
    let err = s
        .client
        .call_err("wordpress_get_site_stats", json!({"site": SITE}))
        .await;
    assert!(err.contains("user cannot view stats"), "{err}");
    assert!(err.contains("viewing stats"), "{err}");
}

#[tokio::test]
async fn get_top_posts() {
    let s = setup().await;
    req("GET", &format!("/sites/{SITE}/stats/top-posts"))
        .respond(
            &s.fake,
            200,
            json!({
                "date": "2024-05-02", "period": "day",
                "days": {
                    "2024-05-01": {"postviews": [{"id": 7, "href": format!("https://{SITE}/p7/"), "date": "2024-04-01 10:00:00", "title": "First", "type": "post", "views": 4}], "total_views": 4},
                    "2024-05-02": {"postviews": [{"id": 0, "href": format!("https://{SITE}/"), "date": null, "title": "Home page / Archives", "type": "homepage", "views": 6}], "total_views": 6}
                }
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("wordpress_get_top_posts", json!({"site": SITE}))
        .await;
    assert_eq!(v["period"], "day");
    assert_eq!(v["periods"][0]["date"], "2024-05-02");
    assert_eq!(v["periods"][1]["total_views"], 4);
    assert_eq!(
        v["periods"][1]["posts"][0],
        json!({"id": 7, "title": "First", "href": format!("https://{SITE}/p7/"), "type": "post", "views": 4})
    );

    req("GET", &format!("/sites/{SITE}/stats/top-posts"))
        .queries(&[
            ("period", "week"),
            ("num", "2"),
            ("date", "2024-05-05"),
            ("max", "3"),
        ])
        .respond(
            &s.fake,
            200,
            json!({"date": "2024-05-05", "period": "week", "days": {}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "wordpress_get_top_posts",
            json!({"site": SITE, "period": "week", "num": 2, "date": "2024-05-05", "max": 3}),
        )
        .await;
    assert_eq!(v["periods"], json!([]));
}

#[tokio::test]
async fn get_top_posts_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "wordpress_get_top_posts",
            json!({"site": SITE, "date": "May 5"}),
        )
        .await;
    assert!(err.contains("YYYY-MM-DD"), "{err}");
    req("GET", &format!("/sites/{SITE}/stats/top-posts"))
        .respond(
            &s.fake,
            403,
            wp_error("unauthorized", "user cannot view stats"),
        )
        .await;
    let err = s
        .client
        .call_err("wordpress_get_top_posts", json!({"site": SITE}))
        .await;
    assert!(err.contains("403"), "{err}");
}
