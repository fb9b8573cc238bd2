//! Routes API: `POST /directions/v2:computeRoutes` and
//! `POST /distanceMatrix/v2:computeRouteMatrix`, each with a field mask naming only what the
//! tool returns.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{Mode, ROUTES, list_or_pipe, measures, waypoint};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "maps_distance_matrix",
            "Distance matrix",
            Effect::Read,
            distance_matrix,
        )
        .toolset("routes"),
        tool("maps_directions", "Directions", Effect::Read, directions).toolset("routes"),
    ]
}

/// What `maps_directions` asks for.
const ROUTE_MASK: &str = "routes.description,routes.distanceMeters,routes.duration,routes.localizedValues,routes.warnings,routes.legs.distanceMeters,routes.legs.duration,routes.legs.localizedValues,routes.legs.startLocation,routes.legs.endLocation,routes.legs.steps.distanceMeters,routes.legs.steps.staticDuration,routes.legs.steps.localizedValues,routes.legs.steps.navigationInstruction.instructions,routes.legs.steps.travelMode";

/// What `maps_distance_matrix` asks for (`status` too: without it every element looks OK).
const MATRIX_MASK: &str =
    "originIndex,destinationIndex,status,condition,distanceMeters,duration,localizedValues";

/// The Routes API's largest matrix (origins x destinations).
const MAX_ELEMENTS: usize = 625;

/// Travel distance (meters) and time (seconds) between each origin and each destination, with
/// readable texts; one row per origin. Origins and destinations: address, `lat,lng` or
/// `place_id:<id>`.
#[derive(Deserialize, JsonSchema)]
pub struct DistanceMatrix {
    /// A list, or one `|`-separated string
    #[serde(deserialize_with = "list_or_pipe")]
    origins: Vec<String>,
    /// A list, or one `|`-separated string
    #[serde(deserialize_with = "list_or_pipe")]
    destinations: Vec<String>,
    /// Default driving
    mode: Option<Mode>,
}

/// Directions from origin to destination (address, `lat,lng` or `place_id:<id>`): distance,
/// duration, and each leg's turn-by-turn steps.
#[derive(Deserialize, JsonSchema)]
pub struct Directions {
    origin: String,
    destination: String,
    /// Default driving
    mode: Option<Mode>,
}

fn lat_lng(loc: Option<&Value>) -> Option<Value> {
    at(loc?, "latLng").cloned()
}

fn step(s: &Value) -> Value {
    let mut out = Map::new();
    if let Some(i) = at(s, "navigationInstruction.instructions") {
        out.insert("instruction".into(), i.clone());
    }
    measures(&mut out, s, "staticDuration");
    if let Some(m) = at(s, "travelMode") {
        out.insert("travel_mode".into(), m.clone());
    }
    Value::Object(out)
}

fn leg(l: &Value) -> Value {
    let mut out = Map::new();
    measures(&mut out, l, "duration");
    for (key, path) in [
        ("start_location", "startLocation"),
        ("end_location", "endLocation"),
    ] {
        if let Some(p) = lat_lng(l.get(path)) {
            out.insert(key.into(), p);
        }
    }
    let steps: Vec<Value> = l
        .get("steps")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(step)
        .collect();
    out.insert("steps".into(), Value::Array(steps));
    Value::Object(out)
}

fn route(r: &Value) -> Value {
    let mut out = Map::new();
    if let Some(d) = at(r, "description") {
        out.insert("summary".into(), d.clone());
    }
    measures(&mut out, r, "duration");
    if let Some(w) = at(r, "warnings").filter(|w| w.as_array().is_some_and(|a| !a.is_empty())) {
        out.insert("warnings".into(), w.clone());
    }
    let legs: Vec<Value> = r
        .get("legs")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(leg)
        .collect();
    out.insert("legs".into(), Value::Array(legs));
    Value::Object(out)
}

async fn directions(ctx: Ctx, a: Directions) -> Result<Value, ToolError> {
    let mode = a.mode.unwrap_or_default();
    let body = json!({
        "origin": waypoint(&a.origin, "origin")?,
        "destination": waypoint(&a.destination, "destination")?,
        "travelMode": mode.travel_mode(),
    });
    let v: Value = ctx
        .api_authorized(ROUTES, Method::POST, "/directions/v2:computeRoutes")?
        .header("x-goog-fieldmask", ROUTE_MASK)
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    let routes: Vec<Value> = v
        .get("routes")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(route)
        .collect();
    let mut out = json!({ "routes": routes });
    if routes_empty(&out) {
        out["note"] = json!(format!(
            "no route found for travel mode {}",
            mode.travel_mode()
        ));
    }
    Ok(out)
}

fn routes_empty(v: &Value) -> bool {
    v["routes"].as_array().is_none_or(Vec::is_empty)
}

fn waypoints(list: &[String], what: &str) -> Result<Vec<Value>, ToolError> {
    if list.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must name at least one place"
        )));
    }
    list.iter()
        .map(|s| waypoint(s, what).map(|w| json!({ "waypoint": w })))
        .collect()
}

/// One matrix element in our words.
fn element(e: &Value, destination: &str) -> Value {
    let mut out = Map::new();
    out.insert("destination".into(), json!(destination));
    let failed = e
        .pointer("/status/code")
        .and_then(Value::as_i64)
        .is_some_and(|c| c != 0);
    if failed {
        out.insert("status".into(), json!("ERROR"));
        if let Some(m) = e.pointer("/status/message") {
            out.insert("error".into(), m.clone());
        }
    } else if e.get("condition").and_then(Value::as_str) == Some("ROUTE_NOT_FOUND") {
        out.insert("status".into(), json!("ROUTE_NOT_FOUND"));
    } else {
        out.insert("status".into(), json!("OK"));
        measures(&mut out, e, "duration");
    }
    Value::Object(out)
}

async fn distance_matrix(ctx: Ctx, a: DistanceMatrix) -> Result<Value, ToolError> {
    let origins = waypoints(&a.origins, "origins")?;
    let destinations = waypoints(&a.destinations, "destinations")?;
    let n = origins.len().saturating_mul(destinations.len());
    if n > MAX_ELEMENTS {
        return Err(ToolError::invalid_input(format!(
            "origins x destinations is {n}; the Routes API computes at most {MAX_ELEMENTS} pairs per call: split the request"
        )));
    }
    let body = json!({
        "origins": origins,
        "destinations": destinations,
        "travelMode": a.mode.unwrap_or_default().travel_mode(),
    });
    let v: Value = ctx
        .api_authorized(
            ROUTES,
            Method::POST,
            "/distanceMatrix/v2:computeRouteMatrix",
        )?
        .header("x-goog-fieldmask", MATRIX_MASK)
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    let elements = v.as_array().map(Vec::as_slice).unwrap_or_default();
    let index = |e: &Value, k: &str| e.get(k).and_then(Value::as_u64).unwrap_or(0);
    let rows: Vec<Value> = a
        .origins
        .iter()
        .enumerate()
        .map(|(i, origin)| {
            let cells: Vec<Value> = a
                .destinations
                .iter()
                .enumerate()
                .map(|(j, destination)| {
                    match elements.iter().find(|e| {
                        index(e, "originIndex") == i as u64
                            && index(e, "destinationIndex") == j as u64
                    }) {
                        Some(e) => element(e, destination.trim()),
                        None => json!({"destination": destination.trim(), "status": "NO_ANSWER"}),
                    }
                })
                .collect();
            json!({"origin": origin.trim(), "elements": cells})
        })
        .collect();
    Ok(json!({ "rows": rows }))
}
