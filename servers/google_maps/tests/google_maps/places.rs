//! `maps_search_places` (`POST /v1/places:searchText`) and `maps_place_details`
//! (`GET /v1/places/{id}`): key header, field masks, Klavis's `location` + `radius` as a
//! circle bias, paging, Google's JSON errors.

use serde_json::json;

use crate::common::{KEY, assert_field_mask, google_error, places, setup};

const SEARCH_MASK: &str = "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.types,places.businessStatus,nextPageToken";
const DETAILS_MASK: &str = "id,displayName,formattedAddress,location,nationalPhoneNumber,internationalPhoneNumber,websiteUri,googleMapsUri,rating,userRatingCount,priceLevel,businessStatus,types,regularOpeningHours,currentOpeningHours,editorialSummary,reviews";

fn search_body() -> serde_json::Value {
    json!({
        "places": [
            {
                "id": "ChIJs5ydyTiuEmsR0fRSlU0C7k0",
                "types": ["vegetarian_restaurant", "restaurant", "food", "point_of_interest", "establishment"],
                "formattedAddress": "1/12 Nelson St, Chippendale NSW 2008, Australia",
                "location": {"latitude": -33.8869, "longitude": 151.1977},
                "rating": 4.6,
                "userRatingCount": 1204,
                "businessStatus": "OPERATIONAL",
                "displayName": {"text": "Spice Alley Vegetarian", "languageCode": "en"}
            },
            {
                "id": "ChIJ7yE0kkCuEmsRpVKeaXk7z6c",
                "formattedAddress": "Shop 2/185 Elizabeth St, Sydney NSW 2000, Australia",
                "location": {"latitude": -33.8746, "longitude": 151.2101},
                "displayName": {"text": "Green Leaf", "languageCode": "en"}
            }
        ],
        "nextPageToken": "AeeoHcKg1N7s"
    })
}

#[tokio::test]
async fn search_places_contract_with_location_bias_and_paging() {
    let s = setup().await;
    places("POST", "/places:searchText")
        .json_body(json!({
            "textQuery": "Spicy Vegetarian Food in Sydney, Australia",
            "locationBias": {"circle": {"center": {"latitude": -33.8688, "longitude": 151.2093}, "radius": 2000.0}},
            "pageSize": 2,
            "pageToken": "AeeoHcKprev"
        }))
        .respond(&s.fake, 200, search_body())
        .await;
    let v = s
        .client
        .call_ok(
            "maps_search_places",
            json!({
                "query": "Spicy Vegetarian Food in Sydney, Australia",
                "location": {"latitude": -33.8688, "longitude": 151.2093},
                "radius": 2000,
                "limit": 2,
                "page_token": "AeeoHcKprev"
            }),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "places": [
                {
                    "place_id": "ChIJs5ydyTiuEmsR0fRSlU0C7k0",
                    "name": "Spice Alley Vegetarian",
                    "formatted_address": "1/12 Nelson St, Chippendale NSW 2008, Australia",
                    "location": {"latitude": -33.8869, "longitude": 151.1977},
                    "rating": 4.6,
                    "user_rating_count": 1204,
                    "types": ["vegetarian_restaurant", "restaurant", "food", "point_of_interest", "establishment"],
                    "business_status": "OPERATIONAL"
                },
                {
                    "place_id": "ChIJ7yE0kkCuEmsRpVKeaXk7z6c",
                    "name": "Green Leaf",
                    "formatted_address": "Shop 2/185 Elizabeth St, Sydney NSW 2000, Australia",
                    "location": {"latitude": -33.8746, "longitude": 151.2101}
                }
            ],
            "next_page_token": "AeeoHcKg1N7s"
        })
    );
    assert_field_mask(&s.fake, "/v1/places:searchText", SEARCH_MASK).await;
}

#[tokio::test]
async fn search_places_query_only_and_default_radius() {
    let s = setup().await;
    places("POST", "/places:searchText")
        .json_body(json!({"textQuery": "coffee"}))
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok("maps_search_places", json!({"query": "coffee"}))
        .await;
    // Places API (New) answers `{}` when nothing matches.
    assert_eq!(v, json!({"places": []}));

    places("POST", "/places:searchText")
        .json_body(json!({
            "textQuery": "tea",
            "locationBias": {"circle": {"center": {"latitude": 52.52, "longitude": 13.405}, "radius": 5000.0}}
        }))
        .respond(&s.fake, 200, search_body())
        .await;
    let v = s
        .client
        .call_ok(
            "maps_search_places",
            json!({"query": "tea", "location": {"latitude": 52.52, "longitude": 13.405}}),
        )
        .await;
    assert_eq!(v["places"].as_array().unwrap().len(), 2);
    assert_field_mask(&s.fake, "/v1/places:searchText", SEARCH_MASK).await;
}

#[tokio::test]
async fn search_places_bad_arguments_reach_no_vendor() {
    let s = setup().await;
    for (args, want) in [
        (json!({"query": " "}), "`query` must not be empty"),
        (
            json!({"query": "x", "radius": 100}),
            "`radius` needs `location`",
        ),
        (
            json!({"query": "x", "location": {"latitude": 1, "longitude": 2}, "radius": 50001}),
            "between 0 and 50000 meters",
        ),
        (
            json!({"query": "x", "location": {"latitude": 100, "longitude": 2}}),
            "latitude must be between -90 and 90",
        ),
        (json!({"query": "x", "limit": 21}), "between 1 and 20"),
    ] {
        let err = s.client.call_err("maps_search_places", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn search_places_invalid_key_says_so() {
    let s = setup().await;
    places("POST", "/places:searchText")
        .json_body(json!({"textQuery": "coffee"}))
        .respond(
            &s.fake,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "API key not valid. Please pass a valid API key.",
                "API_KEY_INVALID",
                "places.googleapis.com",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("maps_search_places", json!({"query": "coffee"}))
        .await;
    assert!(
        err.contains("400") && err.contains("API_KEY_INVALID"),
        "{err}"
    );
    assert!(err.contains("API key not valid"), "{err}");
    assert!(err.contains("the API key is not valid"), "{err}");
    assert!(!err.contains(KEY), "{err}");
}

#[tokio::test]
async fn place_details_contract() {
    let s = setup().await;
    places("GET", "/places/ChIJj61dQgK6j4AR4GeTYWZsKWw")
        .respond(
            &s.fake,
            200,
            json!({
                "name": "places/ChIJj61dQgK6j4AR4GeTYWZsKWw",
                "id": "ChIJj61dQgK6j4AR4GeTYWZsKWw",
                "types": ["corporate_office", "point_of_interest", "establishment"],
                "nationalPhoneNumber": "(650) 253-0000",
                "internationalPhoneNumber": "+1 650-253-0000",
                "formattedAddress": "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
                "location": {"latitude": 37.4220541, "longitude": -122.08532419999999},
                "rating": 4.2,
                "googleMapsUri": "https://maps.google.com/?cid=7811351218213677024",
                "websiteUri": "http://about.google/",
                "businessStatus": "OPERATIONAL",
                "userRatingCount": 13474,
                "displayName": {"text": "Googleplex", "languageCode": "en"},
                "regularOpeningHours": {"weekdayDescriptions": ["Monday: Open 24 hours", "Tuesday: Open 24 hours"]},
                "currentOpeningHours": {"openNow": true},
                "editorialSummary": {"text": "Google's headquarters campus.", "languageCode": "en"},
                "reviews": [{
                    "name": "places/ChIJj61dQgK6j4AR4GeTYWZsKWw/reviews/ChdDSUhNMG9nS0VJQ0FnSUN",
                    "relativePublishTimeDescription": "a month ago",
                    "rating": 5,
                    "text": {"text": "Great campus.", "languageCode": "en"},
                    "originalText": {"text": "Great campus.", "languageCode": "en"},
                    "authorAttribution": {"displayName": "Ada L.", "uri": "https://www.google.com/maps/contrib/1", "photoUri": "https://lh3.googleusercontent.com/a/x"},
                    "publishTime": "2026-10-30T17:04:21Z"
                }]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "maps_place_details",
            json!({"place_id": "ChIJj61dQgK6j4AR4GeTYWZsKWw"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "place_id": "ChIJj61dQgK6j4AR4GeTYWZsKWw",
            "name": "Googleplex",
            "formatted_address": "1600 Amphitheatre Pkwy, Mountain View, CA 94043, USA",
            "location": {"latitude": 37.4220541, "longitude": -122.08532419999999},
            "rating": 4.2,
            "user_rating_count": 13474,
            "types": ["corporate_office", "point_of_interest", "establishment"],
            "business_status": "OPERATIONAL",
            "phone": "(650) 253-0000",
            "international_phone": "+1 650-253-0000",
            "website": "http://about.google/",
            "google_maps_uri": "https://maps.google.com/?cid=7811351218213677024",
            "summary": "Google's headquarters campus.",
            "opening_hours": {"open_now": true, "weekday_text": ["Monday: Open 24 hours", "Tuesday: Open 24 hours"]},
            "reviews": [{"author": "Ada L.", "rating": 5, "text": "Great campus.", "time": "a month ago", "publish_time": "2026-10-30T17:04:21Z"}]
        })
    );
    assert_field_mask(
        &s.fake,
        "/v1/places/ChIJj61dQgK6j4AR4GeTYWZsKWw",
        DETAILS_MASK,
    )
    .await;
}

#[tokio::test]
async fn place_details_takes_the_resource_name_and_reports_not_found() {
    let s = setup().await;
    places("GET", "/places/ChIJnope")
        .respond(
            &s.fake,
            404,
            json!({"error": {"code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}}),
        )
        .await;
    let err = s
        .client
        .call_err("maps_place_details", json!({"place_id": "places/ChIJnope"}))
        .await;
    assert!(err.contains("404") && err.contains("NOT_FOUND"), "{err}");
    assert!(err.contains("Requested entity was not found"), "{err}");

    let err = s
        .client
        .call_err("maps_place_details", json!({"place_id": " "}))
        .await;
    assert!(err.contains("`place_id` must not be empty"), "{err}");
}

#[tokio::test]
async fn place_details_service_disabled_names_the_api() {
    let s = setup().await;
    places("GET", "/places/ChIJx")
        .respond(
            &s.fake,
            403,
            google_error(
                403,
                "PERMISSION_DENIED",
                "Places API (New) has not been used in project 123456789 before or it is disabled.",
                "SERVICE_DISABLED",
                "places.googleapis.com",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("maps_place_details", json!({"place_id": "ChIJx"}))
        .await;
    assert!(
        err.contains("403") && err.contains("SERVICE_DISABLED"),
        "{err}"
    );
    assert!(err.contains("enable places.googleapis.com"), "{err}");
}

const NEARBY_MASK: &str = "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.types,places.businessStatus";

#[tokio::test]
async fn search_nearby_contract() {
    let s = setup().await;
    places("POST", "/places:searchNearby")
        .json_body(json!({
            "locationRestriction": {"circle": {"center": {"latitude": 37.7937, "longitude": -122.3965}, "radius": 500.0}},
            "includedTypes": ["restaurant", "cafe"],
            "maxResultCount": 2,
            "rankPreference": "DISTANCE"
        }))
        .respond(&s.fake, 200, search_body())
        .await;
    let v = s
        .client
        .call_ok(
            "maps_search_nearby",
            json!({
                "location": {"latitude": 37.7937, "longitude": -122.3965},
                "radius": 500,
                "types": ["restaurant", " cafe "],
                "limit": 2,
                "rank_by": "distance"
            }),
        )
        .await;
    let places = v["places"].as_array().unwrap();
    assert_eq!(places.len(), 2);
    assert_eq!(places[0]["place_id"], "ChIJs5ydyTiuEmsR0fRSlU0C7k0");
    assert_eq!(places[0]["name"], "Spice Alley Vegetarian");
    assert_eq!(
        places[1]["location"],
        json!({"latitude": -33.8746, "longitude": 151.2101})
    );
    // Nearby search does not page: no token, even if one came.
    assert!(v.get("next_page_token").is_none(), "{v}");
    assert_field_mask(&s.fake, "/v1/places:searchNearby", NEARBY_MASK).await;
}

#[tokio::test]
async fn search_nearby_failures() {
    let s = setup().await;
    for (args, want) in [
        (
            json!({"location": {"latitude": 1, "longitude": 2}, "radius": -1}),
            "between 0 and 50000 meters",
        ),
        (
            json!({"location": {"latitude": 1, "longitude": 2}}),
            "radius",
        ),
        (json!({"radius": 10}), "location"),
        (
            json!({"location": {"latitude": 1, "longitude": 2}, "radius": 10, "rank_by": "rating"}),
            "invalid arguments",
        ),
        (
            json!({"location": {"latitude": 1, "longitude": 2}, "radius": 10, "types": vec!["bar"; 51]}),
            "up to 50 place types (got 51)",
        ),
    ] {
        let err = s.client.call_err("maps_search_nearby", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());

    places("POST", "/places:searchNearby")
        .json_body(json!({
            "locationRestriction": {"circle": {"center": {"latitude": 1.0, "longitude": 2.0}, "radius": 10.0}},
            "includedTypes": ["no_such_type"]
        }))
        .respond(
            &s.fake,
            400,
            json!({"error": {"code": 400, "message": "Unsupported types: no_such_type.", "status": "INVALID_ARGUMENT"}}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "maps_search_nearby",
            json!({"location": {"latitude": 1, "longitude": 2}, "radius": 10, "types": ["no_such_type"]}),
        )
        .await;
    assert!(err.contains("Google Places API error 400"), "{err}");
    assert!(err.contains("Unsupported types: no_such_type."), "{err}");
}
