//! `maps_elevation`: `GET /elevation/json?locations=lat,lng|lat,lng`.

use serde_json::json;

use crate::common::{setup, status_body, web};

#[tokio::test]
async fn elevation_contract() {
    let s = setup().await;
    web(
        "/elevation/json",
        &[("locations", "39.7391536,-104.9847034|36.455556,-116.866667")],
    )
    .respond(
        &s.fake,
        200,
        json!({
            "results": [
                {"elevation": 1608.637939453125, "location": {"lat": 39.7391536, "lng": -104.9847034}, "resolution": 4.771975994110107},
                {"elevation": -52.79492568969727, "location": {"lat": 36.455556, "lng": -116.866667}, "resolution": 19.08790397644043}
            ],
            "status": "OK"
        }),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "maps_elevation",
            json!({"locations": [
                {"latitude": 39.7391536, "longitude": -104.9847034},
                {"latitude": 36.455556, "longitude": -116.866667}
            ]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"results": [
            {"elevation": 1608.637939453125, "location": {"latitude": 39.7391536, "longitude": -104.9847034}, "resolution": 4.771975994110107},
            {"elevation": -52.79492568969727, "location": {"latitude": 36.455556, "longitude": -116.866667}, "resolution": 19.08790397644043}
        ]})
    );
}

#[tokio::test]
async fn elevation_bad_arguments_reach_no_vendor() {
    let s = setup().await;
    for (args, want) in [
        (json!({"locations": []}), "takes 1 to 512 points (got 0)"),
        (
            json!({"locations": [{"latitude": 10, "longitude": 200}]}),
            "longitude must be between -180 and 180",
        ),
        (
            json!({"locations": vec![json!({"latitude": 1, "longitude": 1}); 513]}),
            "(got 513)",
        ),
        (
            json!({"locations": [{"lat": 1, "lng": 2}]}),
            "invalid arguments",
        ),
    ] {
        let err = s.client.call_err("maps_elevation", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn elevation_status_error() {
    let s = setup().await;
    web("/elevation/json", &[("locations", "1,2")])
        .respond(
            &s.fake,
            200,
            status_body(
                "REQUEST_DENIED",
                "This API project is not authorized to use this API.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "maps_elevation",
            json!({"locations": [{"latitude": 1, "longitude": 2}]}),
        )
        .await;
    assert!(
        err.contains(
            "Google Maps Elevation API error (REQUEST_DENIED): This API project is not authorized"
        ),
        "{err}"
    );
    assert!(err.contains("enable the Elevation API"), "{err}");
}
