//! `maps_geocode` and `maps_reverse_geocode`: `GET /geocode/json` with `address` / `latlng`
//! and `key`, concise results, ZERO_RESULTS as an empty list, status errors.

use serde_json::json;

use crate::common::{KEY, setup, status_body, web};

fn geocode_body() -> serde_json::Value {
    json!({
        "results": [{
            "address_components": [
                {"long_name": "1600", "short_name": "1600", "types": ["street_number"]},
                {"long_name": "Amphitheatre Parkway", "short_name": "Amphitheatre Pkwy", "types": ["route"]}
            ],
            "formatted_address": "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
            "geometry": {
                "location": {"lat": 37.4224428, "lng": -122.0842467},
                "location_type": "ROOFTOP",
                "viewport": {"northeast": {"lat": 37.4239627802915, "lng": -122.0829089197085},
                             "southwest": {"lat": 37.4212648197085, "lng": -122.0856068802915}}
            },
            "place_id": "ChIJeRpOeF67j4AR9ydy_PIzPuM",
            "plus_code": {"compound_code": "CWC8+X8 Mountain View, CA", "global_code": "849VCWC8+X8"},
            "types": ["street_address"]
        }],
        "status": "OK"
    })
}

#[tokio::test]
async fn geocode_contract() {
    let s = setup().await;
    web(
        "/geocode/json",
        &[("address", "1600 Amphitheatre Parkway, Mountain View, CA")],
    )
    .respond(&s.fake, 200, geocode_body())
    .await;
    let v = s
        .client
        .call_ok(
            "maps_geocode",
            json!({"address": " 1600 Amphitheatre Parkway, Mountain View, CA "}),
        )
        .await;
    assert_eq!(
        v,
        json!({"results": [{
            "formatted_address": "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
            "location": {"latitude": 37.4224428, "longitude": -122.0842467},
            "place_id": "ChIJeRpOeF67j4AR9ydy_PIzPuM",
            "types": ["street_address"]
        }]})
    );
}

#[tokio::test]
async fn geocode_zero_results_is_an_empty_list() {
    let s = setup().await;
    web("/geocode/json", &[("address", "xyzzy nowhere 99999")])
        .respond(
            &s.fake,
            200,
            json!({"results": [], "status": "ZERO_RESULTS"}),
        )
        .await;
    let v = s
        .client
        .call_ok("maps_geocode", json!({"address": "xyzzy nowhere 99999"}))
        .await;
    assert_eq!(v, json!({"results": []}));
}

#[tokio::test]
async fn geocode_request_denied_is_a_tool_error() {
    let s = setup().await;
    web("/geocode/json", &[("address", "Berlin")])
        .respond(
            &s.fake,
            200,
            status_body("REQUEST_DENIED", "The provided API key is invalid. "),
        )
        .await;
    let err = s
        .client
        .call_err("maps_geocode", json!({"address": "Berlin"}))
        .await;
    assert!(
        err.contains(
            "Google Maps Geocoding API error (REQUEST_DENIED): The provided API key is invalid."
        ),
        "{err}"
    );
    assert!(err.contains("enable the Geocoding API"), "{err}");
    assert!(!err.contains(KEY), "{err}");
}

#[tokio::test]
async fn geocode_over_query_limit_says_to_wait() {
    let s = setup().await;
    web("/geocode/json", &[("address", "Berlin")])
        .respond(
            &s.fake,
            200,
            status_body(
                "OVER_QUERY_LIMIT",
                "You have exceeded your rate-limit for this API.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("maps_geocode", json!({"address": "Berlin"}))
        .await;
    assert!(err.contains("(OVER_QUERY_LIMIT)"), "{err}");
    assert!(err.contains("wait and retry"), "{err}");
}

#[tokio::test]
async fn geocode_empty_address_reaches_no_vendor() {
    let s = setup().await;
    let err = s
        .client
        .call_err("maps_geocode", json!({"address": "  "}))
        .await;
    assert!(err.contains("`address` must not be empty"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn reverse_geocode_contract() {
    let s = setup().await;
    web("/geocode/json", &[("latlng", "40.714224,-73.961452")])
        .respond(
            &s.fake,
            200,
            json!({
                "plus_code": {"compound_code": "P27Q+MC New York, NY, USA", "global_code": "87G8P27Q+MC"},
                "results": [
                    {
                        "address_components": [{"long_name": "277", "short_name": "277", "types": ["street_number"]}],
                        "formatted_address": "277 Bedford Ave, Brooklyn, NY 11211, USA",
                        "geometry": {"location": {"lat": 40.7142205, "lng": -73.9612903}, "location_type": "ROOFTOP"},
                        "place_id": "ChIJd8BlQ2BZwokRAFUEcm_qrcA",
                        "types": ["street_address"]
                    },
                    {
                        "formatted_address": "Williamsburg, Brooklyn, NY, USA",
                        "geometry": {"location": {"lat": 40.7081156, "lng": -73.9570696}},
                        "place_id": "ChIJi27VXGBZwokRM8ErPyB91yU",
                        "types": ["neighborhood", "political"]
                    }
                ],
                "status": "OK"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "maps_reverse_geocode",
            json!({"latitude": 40.714224, "longitude": -73.961452}),
        )
        .await;
    let results = v["results"].as_array().unwrap();
    assert_eq!(results.len(), 2);
    assert_eq!(
        results[0],
        json!({
            "formatted_address": "277 Bedford Ave, Brooklyn, NY 11211, USA",
            "location": {"latitude": 40.7142205, "longitude": -73.9612903},
            "place_id": "ChIJd8BlQ2BZwokRAFUEcm_qrcA",
            "types": ["street_address"]
        })
    );
    assert_eq!(results[1]["types"], json!(["neighborhood", "political"]));
}

#[tokio::test]
async fn reverse_geocode_bad_coordinates_and_invalid_request() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "maps_reverse_geocode",
            json!({"latitude": 91.0, "longitude": 0.0}),
        )
        .await;
    assert!(err.contains("latitude must be between -90 and 90"), "{err}");
    let err = s
        .client
        .call_err(
            "maps_reverse_geocode",
            json!({"latitude": 0.0, "longitude": -180.5}),
        )
        .await;
    assert!(
        err.contains("longitude must be between -180 and 180"),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());

    web("/geocode/json", &[("latlng", "0,0")])
        .respond(
            &s.fake,
            200,
            status_body(
                "INVALID_REQUEST",
                "Invalid request. Invalid 'latlng' parameter.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "maps_reverse_geocode",
            json!({"latitude": 0, "longitude": 0}),
        )
        .await;
    assert!(
        err.contains("(INVALID_REQUEST): Invalid request. Invalid 'latlng' parameter."),
        "{err}"
    );
}
