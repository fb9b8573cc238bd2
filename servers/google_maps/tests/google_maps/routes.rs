//! `maps_directions` (`POST /directions/v2:computeRoutes`) and `maps_distance_matrix`
//! (`POST /distanceMatrix/v2:computeRouteMatrix`): Klavis's modes and string waypoints mapped
//! to Routes API waypoints and travel modes, `"123s"` durations as seconds, Google's errors.

use serde_json::json;

use crate::common::{assert_field_mask, google_error, routes, setup};

const ROUTE_MASK: &str = "routes.description,routes.distanceMeters,routes.duration,routes.localizedValues,routes.warnings,routes.legs.distanceMeters,routes.legs.duration,routes.legs.localizedValues,routes.legs.startLocation,routes.legs.endLocation,routes.legs.steps.distanceMeters,routes.legs.steps.staticDuration,routes.legs.steps.localizedValues,routes.legs.steps.navigationInstruction.instructions,routes.legs.steps.travelMode";
const MATRIX_MASK: &str =
    "originIndex,destinationIndex,status,condition,distanceMeters,duration,localizedValues";

#[tokio::test]
async fn directions_contract() {
    let s = setup().await;
    routes(
        "/directions/v2:computeRoutes",
        json!({
            "origin": {"address": "1800 Amphitheatre Parkway, Mountain View, CA 94043"},
            "destination": {"location": {"latLng": {"latitude": 37.417670, "longitude": -122.079595}}},
            "travelMode": "BICYCLE"
        }),
    )
    .respond(
        &s.fake,
        200,
        json!({"routes": [{
            "legs": [{
                "distanceMeters": 772,
                "duration": "165s",
                "startLocation": {"latLng": {"latitude": 37.4194, "longitude": -122.0893}},
                "endLocation": {"latLng": {"latitude": 37.4177, "longitude": -122.0796}, "heading": 90},
                "steps": [
                    {
                        "distanceMeters": 250,
                        "staticDuration": "52s",
                        "navigationInstruction": {"maneuver": "DEPART", "instructions": "Head east on Amphitheatre Pkwy"},
                        "localizedValues": {"distance": {"text": "0.2 mi"}, "staticDuration": {"text": "1 min"}},
                        "travelMode": "BICYCLE"
                    },
                    {
                        "distanceMeters": 522,
                        "staticDuration": "113s",
                        "navigationInstruction": {"maneuver": "TURN_RIGHT", "instructions": "Turn right onto Charleston Rd"},
                        "travelMode": "BICYCLE"
                    }
                ]
            }],
            "distanceMeters": 772,
            "duration": "165s",
            "description": "Charleston Rd",
            "localizedValues": {"distance": {"text": "0.5 mi"}, "duration": {"text": "3 mins"}, "staticDuration": {"text": "3 mins"}},
            "warnings": []
        }]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "maps_directions",
            json!({
                "origin": "1800 Amphitheatre Parkway, Mountain View, CA 94043",
                "destination": "37.417670,-122.079595",
                "mode": "bicycling"
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({"routes": [{
            "summary": "Charleston Rd",
            "distance_meters": 772,
            "distance_text": "0.5 mi",
            "duration_seconds": 165,
            "duration_text": "3 mins",
            "legs": [{
                "distance_meters": 772,
                "distance_text": "772 m",
                "duration_seconds": 165,
                "duration_text": "3 min",
                "start_location": {"latitude": 37.4194, "longitude": -122.0893},
                "end_location": {"latitude": 37.4177, "longitude": -122.0796},
                "steps": [
                    {"instruction": "Head east on Amphitheatre Pkwy", "distance_meters": 250, "distance_text": "0.2 mi",
                     "duration_seconds": 52, "duration_text": "1 min", "travel_mode": "BICYCLE"},
                    {"instruction": "Turn right onto Charleston Rd", "distance_meters": 522, "distance_text": "522 m",
                     "duration_seconds": 113, "duration_text": "2 min", "travel_mode": "BICYCLE"}
                ]
            }]
        }]})
    );
    assert_field_mask(&s.fake, "/directions/v2:computeRoutes", ROUTE_MASK).await;
}

#[tokio::test]
async fn directions_defaults_to_drive_and_takes_place_ids() {
    let s = setup().await;
    routes(
        "/directions/v2:computeRoutes",
        json!({
            "origin": {"placeId": "ChIJj61dQgK6j4AR4GeTYWZsKWw"},
            "destination": {"address": "San Francisco, CA"},
            "travelMode": "DRIVE"
        }),
    )
    .respond(&s.fake, 200, json!({}))
    .await;
    let v = s
        .client
        .call_ok(
            "maps_directions",
            json!({"origin": "place_id:ChIJj61dQgK6j4AR4GeTYWZsKWw", "destination": "San Francisco, CA"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"routes": [], "note": "no route found for travel mode DRIVE"})
    );
}

#[tokio::test]
async fn directions_failures() {
    let s = setup().await;
    for (args, want) in [
        (
            json!({"origin": " ", "destination": "x"}),
            "`origin` must not be empty",
        ),
        (
            json!({"origin": "x", "destination": "95,10"}),
            "latitude must be between -90 and 90",
        ),
        (
            json!({"origin": "x", "destination": "y", "mode": "flying"}),
            "invalid arguments",
        ),
    ] {
        let err = s.client.call_err("maps_directions", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());

    routes(
        "/directions/v2:computeRoutes",
        json!({"origin": {"address": "a"}, "destination": {"address": "b"}, "travelMode": "TRANSIT"}),
    )
    .respond(
        &s.fake,
        403,
        google_error(
            403,
            "PERMISSION_DENIED",
            "Routes API has not been used in project 123456789 before or it is disabled.",
            "SERVICE_DISABLED",
            "routes.googleapis.com",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "maps_directions",
            json!({"origin": "a", "destination": "b", "mode": "transit"}),
        )
        .await;
    assert!(err.contains("Google Routes API error 403"), "{err}");
    assert!(err.contains("SERVICE_DISABLED"), "{err}");
    assert!(err.contains("enable routes.googleapis.com"), "{err}");
}

#[tokio::test]
async fn distance_matrix_contract() {
    let s = setup().await;
    routes(
        "/distanceMatrix/v2:computeRouteMatrix",
        json!({
            "origins": [
                {"waypoint": {"address": "Berlin"}},
                {"waypoint": {"location": {"latLng": {"latitude": 48.1351, "longitude": 11.582}}}}
            ],
            "destinations": [
                {"waypoint": {"address": "Hamburg"}},
                {"waypoint": {"placeId": "ChIJuRMYfoNhsUcRoDrWe_I9JgQ"}}
            ],
            "travelMode": "WALK"
        }),
    )
    .respond(
        &s.fake,
        200,
        // The Routes API streams the elements in any order.
        json!([
            {"originIndex": 1, "destinationIndex": 1, "status": {}, "distanceMeters": 1200, "duration": "900s", "condition": "ROUTE_EXISTS"},
            {"originIndex": 0, "destinationIndex": 0, "status": {}, "distanceMeters": 288_974, "duration": "213456s", "condition": "ROUTE_EXISTS",
             "localizedValues": {"distance": {"text": "289 km"}, "duration": {"text": "2 days 11 hours"}, "staticDuration": {"text": "2 days 11 hours"}}},
            {"originIndex": 1, "destinationIndex": 0, "status": {"code": 3, "message": "Waypoint could not be geocoded."}},
            {"originIndex": 0, "destinationIndex": 1, "status": {}, "condition": "ROUTE_NOT_FOUND"}
        ]),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "maps_distance_matrix",
            json!({
                "origins": ["Berlin", "48.1351,11.582"],
                "destinations": ["Hamburg", "place_id:ChIJuRMYfoNhsUcRoDrWe_I9JgQ"],
                "mode": "walking"
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({"rows": [
            {"origin": "Berlin", "elements": [
                {"destination": "Hamburg", "status": "OK", "distance_meters": 288_974, "distance_text": "289 km",
                 "duration_seconds": 213_456, "duration_text": "2 days 11 hours"},
                {"destination": "place_id:ChIJuRMYfoNhsUcRoDrWe_I9JgQ", "status": "ROUTE_NOT_FOUND"}
            ]},
            {"origin": "48.1351,11.582", "elements": [
                {"destination": "Hamburg", "status": "ERROR", "error": "Waypoint could not be geocoded."},
                {"destination": "place_id:ChIJuRMYfoNhsUcRoDrWe_I9JgQ", "status": "OK", "distance_meters": 1200,
                 "distance_text": "1.2 km", "duration_seconds": 900, "duration_text": "15 min"}
            ]}
        ]})
    );
    assert_field_mask(
        &s.fake,
        "/distanceMatrix/v2:computeRouteMatrix",
        MATRIX_MASK,
    )
    .await;
}

#[tokio::test]
async fn distance_matrix_takes_pipe_joined_strings() {
    let s = setup().await;
    routes(
        "/distanceMatrix/v2:computeRouteMatrix",
        json!({
            "origins": [{"waypoint": {"address": "Paris"}}, {"waypoint": {"address": "Lyon"}}],
            "destinations": [{"waypoint": {"address": "Nice"}}],
            "travelMode": "DRIVE"
        }),
    )
    .respond(
        &s.fake,
        200,
        json!([
            {"originIndex": 0, "destinationIndex": 0, "status": {}, "distanceMeters": 932_000, "duration": "31500s", "condition": "ROUTE_EXISTS"},
            {"originIndex": 1, "destinationIndex": 0, "status": {}, "distanceMeters": 471_000, "duration": "16200s", "condition": "ROUTE_EXISTS"}
        ]),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "maps_distance_matrix",
            json!({"origins": "Paris|Lyon", "destinations": "Nice"}),
        )
        .await;
    assert_eq!(v["rows"][0]["elements"][0]["duration_text"], "8 h 45 min");
    assert_eq!(v["rows"][1]["elements"][0]["distance_text"], "471 km");
    assert_eq!(v["rows"][1]["origin"], "Lyon");
}

#[tokio::test]
async fn distance_matrix_failures() {
    let s = setup().await;
    let many: Vec<String> = (0..26).map(|i| format!("Stop {i}")).collect();
    for (args, want) in [
        (
            json!({"origins": [], "destinations": ["x"]}),
            "`origins` must name at least one place",
        ),
        (
            json!({"origins": ["x"], "destinations": ["a", ""]}),
            "`destinations` must not be empty",
        ),
        (
            json!({"origins": many, "destinations": many}),
            "origins x destinations is 676",
        ),
        (json!({"origins": ["x"]}), "destinations"),
    ] {
        let err = s.client.call_err("maps_distance_matrix", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());

    routes(
        "/distanceMatrix/v2:computeRouteMatrix",
        json!({"origins": [{"waypoint": {"address": "a"}}], "destinations": [{"waypoint": {"address": "b"}}], "travelMode": "DRIVE"}),
    )
    .respond(
        &s.fake,
        400,
        json!({"error": {"code": 400, "message": "Invalid JSON payload received. Unknown name \"foo\".", "status": "INVALID_ARGUMENT"}}),
    )
    .await;
    let err = s
        .client
        .call_err(
            "maps_distance_matrix",
            json!({"origins": ["a"], "destinations": ["b"]}),
        )
        .await;
    assert!(err.contains("Google Routes API error 400"), "{err}");
    assert!(
        err.contains("INVALID_ARGUMENT") && err.contains("Invalid JSON payload"),
        "{err}"
    );
}
