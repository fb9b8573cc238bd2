//! Data residency: the `region` credential field (or the operator's `--region`) picks
//! Mixpanel's US, EU or India hosts.

use serde_json::json;

use crate::common::{PROJECT, SECRET, USER, creds, mp, setup, setup_with};

#[test]
fn documented_hosts_per_region() {
    use mixpanel_mcp_server::base_url_for as url;
    assert_eq!(url("query", "us"), Some("https://mixpanel.com/api"));
    assert_eq!(url("query", "EU"), Some("https://eu.mixpanel.com/api"));
    assert_eq!(url("query", "in"), Some("https://in.mixpanel.com/api"));
    assert_eq!(
        url("export", "us"),
        Some("https://data.mixpanel.com/api/2.0")
    );
    assert_eq!(
        url("export", "eu"),
        Some("https://data-eu.mixpanel.com/api/2.0")
    );
    assert_eq!(
        url("export", "india"),
        Some("https://data-in.mixpanel.com/api/2.0")
    );
    assert_eq!(url("ingestion", "us"), Some("https://api.mixpanel.com"));
    assert_eq!(url("ingestion", "eu"), Some("https://api-eu.mixpanel.com"));
    assert_eq!(url("ingestion", "in"), Some("https://api-in.mixpanel.com"));
    assert_eq!(url("query", "evil.example.com"), None);
}

#[tokio::test]
async fn an_unknown_region_is_refused_before_any_request() {
    let s = setup().await;
    let mut c = creds();
    c["region"] = json!("mars");
    let client = s.client_with(c).await;
    let err = client
        .call_err("mixpanel_get_events", json!({"project_id": PROJECT}))
        .await;
    assert!(
        err.contains("`mars`") && err.contains("us, eu or in"),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    // The operator's default region is checked the same way.
    let s = setup_with(vec![("region".into(), "moon".into())]).await;
    let err = s
        .client
        .call_err("mixpanel_get_events", json!({"project_id": PROJECT}))
        .await;
    assert!(
        err.contains("MIXPANEL_REGION") && err.contains("`moon`"),
        "{err}"
    );
}

/// With a base URL override (a proxy, this fake) the region changes nothing: the request
/// goes where the operator said, with the service account.
#[tokio::test]
async fn a_base_url_override_wins_over_the_region() {
    let s = setup().await;
    mp("GET", "/query/events/names")
        .query("type", "general")
        .respond(&s.fake, 200, json!(["a"]))
        .await;
    let client = s
        .client_with(json!({"serviceaccount_username": USER, "serviceaccount_secret": SECRET, "region": "eu"}))
        .await;
    let v = client
        .call_ok("mixpanel_get_events", json!({"project_id": PROJECT}))
        .await;
    assert_eq!(v, json!({"events": ["a"]}));
}

#[tokio::test]
async fn a_missing_secret_names_the_field() {
    let s = setup().await;
    let client = s
        .client_with(json!({"serviceaccount_username": USER}))
        .await;
    let err = client
        .call_err("mixpanel_get_events", json!({"project_id": PROJECT}))
        .await;
    assert!(err.contains("serviceaccount_secret"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
