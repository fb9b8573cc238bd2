//! Elevation API (`GET /elevation/json`).

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{LatLng, from_lat_lng, web_service};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "maps_elevation",
            "Elevation of points",
            Effect::Read,
            elevation,
        )
        .toolset("elevation"),
    ]
}

/// Google's largest number of locations per request.
const MAX_LOCATIONS: usize = 512;

/// Elevation above sea level in meters of each point, with the resolution (meters between
/// the data points it was interpolated from).
#[derive(Deserialize, JsonSchema)]
pub struct Elevation {
    /// 1-512 points
    locations: Vec<LatLng>,
}

async fn elevation(ctx: Ctx, a: Elevation) -> Result<Value, ToolError> {
    if a.locations.is_empty() || a.locations.len() > MAX_LOCATIONS {
        return Err(ToolError::invalid_input(format!(
            "`locations` takes 1 to {MAX_LOCATIONS} points (got {})",
            a.locations.len()
        )));
    }
    let points = a
        .locations
        .iter()
        .map(|p| p.checked("locations").map(LatLng::param))
        .collect::<Result<Vec<_>, _>>()?;
    let v: Value = ctx
        .authorized(Method::GET, "/elevation/json")?
        .query("locations", points.join("|"))
        .send_json()
        .await?;
    let v = web_service(v, "Elevation")?;
    let results: Vec<Value> = v
        .get("results")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|r| {
            let mut out = json!({});
            if let Some(loc) = from_lat_lng(at(r, "location")) {
                out["location"] = loc;
            }
            for key in ["elevation", "resolution"] {
                if let Some(x) = at(r, key) {
                    out[key] = x.clone();
                }
            }
            out
        })
        .collect();
    Ok(json!({ "results": results }))
}
