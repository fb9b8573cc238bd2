//! Places API (New): `POST /places:searchText`, `POST /places:searchNearby` and
//! `GET /places/{id}`, each with a field mask
//! naming only what the tool returns.

use mcp_shared::json::{at, insert_opt};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{LatLng, PLACES};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "maps_search_places",
            "Search places",
            Effect::Read,
            search_places,
        )
        .toolset("places"),
        tool(
            "maps_place_details",
            "Place details",
            Effect::Read,
            place_details,
        )
        .toolset("places"),
        tool(
            "maps_search_nearby",
            "Search nearby places",
            Effect::Read,
            search_nearby,
        )
        .toolset("places"),
    ]
}

/// What `maps_search_places` asks for.
const SEARCH_MASK: &str = "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.types,places.businessStatus,nextPageToken";

/// What `maps_search_nearby` asks for (it does not page).
const NEARBY_MASK: &str = "places.id,places.displayName,places.formattedAddress,places.location,places.rating,places.userRatingCount,places.types,places.businessStatus";

/// What `maps_place_details` asks for.
const DETAILS_MASK: &str = "id,displayName,formattedAddress,location,nationalPhoneNumber,internationalPhoneNumber,websiteUri,googleMapsUri,rating,userRatingCount,priceLevel,businessStatus,types,regularOpeningHours,currentOpeningHours,editorialSummary,reviews";

/// Radius of the location bias when `location` comes without one.
const DEFAULT_RADIUS: f64 = 5_000.0;
/// Places API (New)'s largest circle radius, in meters.
const MAX_RADIUS: f64 = 50_000.0;

/// Search places by text ("pizza in Berlin"): place_id, name, formatted_address, location,
/// rating, types, business_status; `next_page_token` while more exist.
#[derive(Deserialize, JsonSchema)]
pub struct SearchPlaces {
    #[schemars(length(max = 1024))]
    query: String,
    /// Prefer results near this point
    location: Option<LatLng>,
    /// Meters around `location` (0-50000, default 5000)
    radius: Option<f64>,
    /// Results per page (default 20)
    #[schemars(range(min = 1, max = 20))]
    limit: Option<u32>,
    /// `next_page_token` of the previous page (same query)
    page_token: Option<String>,
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum RankBy {
    Popularity,
    Distance,
}

/// Places within `radius` meters of a point, optionally of some types (at most 20, no
/// paging): place_id, name, formatted_address, location, rating, types, business_status.
#[derive(Deserialize, JsonSchema)]
pub struct SearchNearby {
    location: LatLng,
    /// Meters (0-50000)
    radius: f64,
    /// Place types, e.g. restaurant, pharmacy (up to 50)
    types: Option<Vec<String>>,
    /// Default 20
    #[schemars(range(min = 1, max = 20))]
    limit: Option<u32>,
    /// Default popularity
    rank_by: Option<RankBy>,
}

/// Details of one place: address, location, phones, website, rating, opening hours, summary
/// and up to 5 reviews.
#[derive(Deserialize, JsonSchema)]
pub struct PlaceDetails {
    /// Place ID, e.g. from maps_search_places or maps_geocode
    place_id: String,
}

/// The fields every place answer shares, in our names.
fn place(p: &Value) -> Map<String, Value> {
    let mut out = Map::new();
    for (key, path) in [
        ("place_id", "id"),
        ("name", "displayName.text"),
        ("formatted_address", "formattedAddress"),
        ("location", "location"),
        ("rating", "rating"),
        ("user_rating_count", "userRatingCount"),
        ("types", "types"),
        ("business_status", "businessStatus"),
    ] {
        if let Some(x) = at(p, path) {
            out.insert(key.into(), x.clone());
        }
    }
    out
}

async fn search_places(ctx: Ctx, a: SearchPlaces) -> Result<Value, ToolError> {
    let query = non_empty(&a.query, "query")?;
    let mut body = Map::new();
    body.insert("textQuery".into(), json!(query));
    match (a.location, a.radius) {
        (Some(center), radius) => {
            let center = center.checked("location")?;
            let radius = check_radius(radius.unwrap_or(DEFAULT_RADIUS))?;
            body.insert(
                "locationBias".into(),
                json!({"circle": {"center": center.json(), "radius": radius}}),
            );
        }
        (None, Some(_)) => {
            return Err(ToolError::invalid_input(
                "`radius` needs `location` (the circle's center)",
            ));
        }
        (None, None) => {}
    }
    check_limit(a.limit)?;
    insert_opt(&mut body, "pageSize", a.limit);
    insert_opt(
        &mut body,
        "pageToken",
        a.page_token
            .as_deref()
            .map(str::trim)
            .filter(|t| !t.is_empty()),
    );
    let v: Value = ctx
        .api_authorized(PLACES, Method::POST, "/places:searchText")?
        .header("x-goog-fieldmask", SEARCH_MASK)
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    let mut out = json!({ "places": places_of(&v) });
    if let Some(t) = at(&v, "nextPageToken").filter(|t| t.as_str() != Some("")) {
        out["next_page_token"] = t.clone();
    }
    Ok(out)
}

fn check_limit(limit: Option<u32>) -> Result<(), ToolError> {
    match limit {
        Some(l) if !(1..=20).contains(&l) => Err(ToolError::invalid_input(format!(
            "`limit` must be between 1 and 20 (got {l})"
        ))),
        _ => Ok(()),
    }
}

fn check_radius(radius: f64) -> Result<f64, ToolError> {
    if (0.0..=MAX_RADIUS).contains(&radius) {
        Ok(radius)
    } else {
        Err(ToolError::invalid_input(format!(
            "`radius` must be between 0 and {MAX_RADIUS} meters (got {radius})"
        )))
    }
}

fn places_of(v: &Value) -> Vec<Value> {
    v.get("places")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|p| Value::Object(place(p)))
        .collect()
}

async fn search_nearby(ctx: Ctx, a: SearchNearby) -> Result<Value, ToolError> {
    let center = a.location.checked("location")?;
    let radius = check_radius(a.radius)?;
    check_limit(a.limit)?;
    let types: Vec<&str> = a
        .types
        .iter()
        .flatten()
        .map(|t| t.trim())
        .filter(|t| !t.is_empty())
        .collect();
    if types.len() > 50 {
        return Err(ToolError::invalid_input(format!(
            "`types` takes up to 50 place types (got {})",
            types.len()
        )));
    }
    let mut body = Map::new();
    body.insert(
        "locationRestriction".into(),
        json!({"circle": {"center": center.json(), "radius": radius}}),
    );
    if !types.is_empty() {
        body.insert("includedTypes".into(), json!(types));
    }
    insert_opt(&mut body, "maxResultCount", a.limit);
    insert_opt(
        &mut body,
        "rankPreference",
        a.rank_by.map(|r| match r {
            RankBy::Popularity => "POPULARITY",
            RankBy::Distance => "DISTANCE",
        }),
    );
    let v: Value = ctx
        .api_authorized(PLACES, Method::POST, "/places:searchNearby")?
        .header("x-goog-fieldmask", NEARBY_MASK)
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(json!({ "places": places_of(&v) }))
}

fn review(r: &Value) -> Value {
    let mut out = json!({});
    for (key, path) in [
        ("author", "authorAttribution.displayName"),
        ("rating", "rating"),
        ("text", "text.text"),
        ("time", "relativePublishTimeDescription"),
        ("publish_time", "publishTime"),
    ] {
        if let Some(x) = at(r, path) {
            out[key] = x.clone();
        }
    }
    out
}

async fn place_details(ctx: Ctx, a: PlaceDetails) -> Result<Value, ToolError> {
    // Accept the resource name (`places/<id>`) too.
    let raw = a.place_id.trim();
    let id = seg_id(raw.strip_prefix("places/").unwrap_or(raw), "place_id")?;
    let v: Value = ctx
        .api_authorized(PLACES, Method::GET, &format!("/places/{id}"))?
        .header("x-goog-fieldmask", DETAILS_MASK)
        .send_json()
        .await?;
    let mut out = place(&v);
    for (key, path) in [
        ("phone", "nationalPhoneNumber"),
        ("international_phone", "internationalPhoneNumber"),
        ("website", "websiteUri"),
        ("google_maps_uri", "googleMapsUri"),
        ("price_level", "priceLevel"),
        ("summary", "editorialSummary.text"),
    ] {
        if let Some(x) = at(&v, path) {
            out.insert(key.into(), x.clone());
        }
    }
    let mut hours = Map::new();
    if let Some(open) = at(&v, "currentOpeningHours.openNow") {
        hours.insert("open_now".into(), open.clone());
    }
    if let Some(days) = at(&v, "regularOpeningHours.weekdayDescriptions") {
        hours.insert("weekday_text".into(), days.clone());
    }
    if !hours.is_empty() {
        out.insert("opening_hours".into(), Value::Object(hours));
    }
    if let Some(reviews) = v.get("reviews").and_then(Value::as_array) {
        out.insert(
            "reviews".into(),
            Value::Array(reviews.iter().map(review).collect()),
        );
    }
    Ok(Value::Object(out))
}
