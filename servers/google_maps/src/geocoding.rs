//! Geocoding API (`GET /geocode/json`): addresses to coordinates and back.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{LatLng, from_lat_lng, web_service};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("maps_geocode", "Geocode an address", Effect::Read, geocode).toolset("geocoding"),
        tool(
            "maps_reverse_geocode",
            "Reverse geocode coordinates",
            Effect::Read,
            reverse_geocode,
        )
        .toolset("geocoding"),
    ]
}

/// Turn an address into coordinates: matches with formatted_address, location, place_id and
/// types (empty when nothing matches).
#[derive(Deserialize, JsonSchema)]
pub struct Geocode {
    /// Address or place name
    #[schemars(length(max = 2048))]
    address: String,
}

/// Turn coordinates into addresses: formatted_address, place_id and types, most specific first.
#[derive(Deserialize, JsonSchema)]
pub struct ReverseGeocode {
    latitude: f64,
    longitude: f64,
}

fn result(r: &Value) -> Value {
    let mut out = json!({});
    for (key, path) in [
        ("formatted_address", "formatted_address"),
        ("place_id", "place_id"),
        ("types", "types"),
        ("partial_match", "partial_match"),
    ] {
        if let Some(x) = at(r, path) {
            out[key] = x.clone();
        }
    }
    if let Some(loc) = from_lat_lng(at(r, "geometry.location")) {
        out["location"] = loc;
    }
    out
}

fn results(v: &Value) -> Value {
    let items: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .map(|a| a.iter().map(result).collect())
        .unwrap_or_default();
    json!({ "results": items })
}

async fn geocode(ctx: Ctx, a: Geocode) -> Result<Value, ToolError> {
    let address = non_empty(&a.address, "address")?;
    let v: Value = ctx
        .authorized(Method::GET, "/geocode/json")?
        .query("address", address)
        .send_json()
        .await?;
    Ok(results(&web_service(v, "Geocoding")?))
}

async fn reverse_geocode(ctx: Ctx, a: ReverseGeocode) -> Result<Value, ToolError> {
    let p = LatLng {
        latitude: a.latitude,
        longitude: a.longitude,
    }
    .checked("latitude/longitude")?;
    let v: Value = ctx
        .authorized(Method::GET, "/geocode/json")?
        .query("latlng", p.param())
        .send_json()
        .await?;
    Ok(results(&web_service(v, "Geocoding")?))
}
