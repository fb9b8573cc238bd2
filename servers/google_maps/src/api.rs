//! Google Maps helpers: the credential fields, both error formats (the web services' `status`
//! bodies and Google's JSON errors), coordinates, waypoints, travel modes and readable
//! durations and distances.

use mcp_shared::reexports::http;
use mcp_shared::{ErrorKind, ToolError, VendorError};
use schemars::JsonSchema;
use serde::{Deserialize, Deserializer};
use serde_json::{Value, json};

/// Credential fields that may carry the API key (Klavis reads `api_key`; a bare key in
/// `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["api_key", "access_token"];

/// The extra APIs of the spec.
pub const PLACES: &str = "places";
pub const ROUTES: &str = "routes";

/// A point in decimal degrees.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
pub struct LatLng {
    pub latitude: f64,
    pub longitude: f64,
}

impl LatLng {
    /// The point, or a clear error naming `what` when it is off the globe.
    pub fn checked(self, what: &str) -> Result<Self, ToolError> {
        if !(-90.0..=90.0).contains(&self.latitude) {
            return Err(ToolError::invalid_input(format!(
                "`{what}` latitude must be between -90 and 90 (got {})",
                self.latitude
            )));
        }
        if !(-180.0..=180.0).contains(&self.longitude) {
            return Err(ToolError::invalid_input(format!(
                "`{what}` longitude must be between -180 and 180 (got {})",
                self.longitude
            )));
        }
        Ok(self)
    }

    /// `lat,lng` as the web services take it.
    pub fn param(self) -> String {
        format!("{},{}", self.latitude, self.longitude)
    }

    /// A `google.type.LatLng` as Places and Routes take it.
    pub fn json(self) -> Value {
        json!({"latitude": self.latitude, "longitude": self.longitude})
    }
}

/// `{latitude, longitude}` from the web services' `{lat, lng}`.
pub fn from_lat_lng(v: Option<&Value>) -> Option<Value> {
    let v = v?;
    Some(json!({"latitude": v.get("lat")?, "longitude": v.get("lng")?}))
}

// Travel mode, as Klavis names it.
#[derive(Deserialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    #[default]
    Driving,
    Walking,
    Bicycling,
    Transit,
}

impl Mode {
    /// The Routes API's `RouteTravelMode`.
    pub fn travel_mode(self) -> &'static str {
        match self {
            Mode::Driving => "DRIVE",
            Mode::Walking => "WALK",
            Mode::Bicycling => "BICYCLE",
            Mode::Transit => "TRANSIT",
        }
    }
}

/// A Routes API `Waypoint` from Klavis's string forms: `place_id:<id>`, `lat,lng`, or an
/// address.
pub fn waypoint(s: &str, what: &str) -> Result<Value, ToolError> {
    let s = s.trim();
    if s.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty: give an address, `lat,lng` or `place_id:<id>`"
        )));
    }
    if let Some(id) = s.strip_prefix("place_id:") {
        let id = id.trim();
        if id.is_empty() {
            return Err(ToolError::invalid_input(format!(
                "`{what}`: `place_id:` needs the place id after it"
            )));
        }
        return Ok(json!({"placeId": id}));
    }
    if let Some((lat, lng)) = s.split_once(',')
        && let (Ok(latitude), Ok(longitude)) = (lat.trim().parse(), lng.trim().parse())
    {
        let p = LatLng {
            latitude,
            longitude,
        }
        .checked(what)?;
        return Ok(json!({"location": {"latLng": p.json()}}));
    }
    Ok(json!({"address": s}))
}

/// A list given as a JSON array or as one `|`-joined string (the web services' syntax).
pub fn list_or_pipe<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        List(Vec<String>),
        Joined(String),
    }
    Ok(match Either::deserialize(d)? {
        Either::List(v) => v,
        Either::Joined(s) => s.split('|').map(str::to_owned).collect(),
    })
}

/// Seconds from a protobuf `Duration` in JSON (`"123s"`, `"3.5s"`).
pub fn seconds(v: Option<&Value>) -> Option<u64> {
    let s = v?.as_str()?.strip_suffix('s')?;
    let secs: f64 = s.parse().ok()?;
    (secs.is_finite() && secs >= 0.0).then(|| secs.round() as u64)
}

/// `2 h 5 min`, `12 min`, `40 s`.
pub fn duration_text(secs: u64) -> String {
    let (d, h, m) = (secs / 86_400, secs % 86_400 / 3_600, secs % 3_600 / 60);
    match (d, h, m) {
        (0, 0, 0) => format!("{secs} s"),
        (0, 0, m) => format!("{} min", m + u64::from(secs % 60 >= 30)),
        (0, h, m) => format!("{h} h {m} min"),
        (d, h, _) => format!("{d} d {h} h"),
    }
}

/// `850 m`, `12.3 km`.
pub fn distance_text(meters: u64) -> String {
    if meters < 1_000 {
        format!("{meters} m")
    } else {
        let tenths = (meters + 50) / 100;
        match tenths % 10 {
            0 => format!("{} km", tenths / 10),
            t => format!("{}.{t} km", tenths / 10),
        }
    }
}

/// Distance and duration of a route, leg, step or matrix element: meters and seconds as
/// numbers, with Google's localized texts where the answer has them and ours otherwise.
pub fn measures(out: &mut serde_json::Map<String, Value>, v: &Value, duration_field: &str) {
    let text = |field: &str| {
        v.pointer(&format!("/localizedValues/{field}/text"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    if let Some(m) = v.get("distanceMeters").and_then(Value::as_u64) {
        out.insert("distance_meters".into(), json!(m));
        out.insert(
            "distance_text".into(),
            json!(text("distance").unwrap_or_else(|| distance_text(m))),
        );
    }
    if let Some(s) = seconds(v.get(duration_field)) {
        out.insert("duration_seconds".into(), json!(s));
        out.insert(
            "duration_text".into(),
            json!(text(duration_field).unwrap_or_else(|| duration_text(s))),
        );
    }
}

/// A web service answer (`{"status": ..., "error_message": ...}` with HTTP 200): `OK` and
/// `ZERO_RESULTS` (an empty result) pass, every other status is a tool error.
pub fn web_service(v: Value, api: &str) -> Result<Value, ToolError> {
    let status = v.get("status").and_then(Value::as_str).unwrap_or("OK");
    if matches!(status, "OK" | "ZERO_RESULTS") {
        return Ok(v);
    }
    let mut message = format!("Google Maps {api} API error ({status})");
    match v.get("error_message").and_then(Value::as_str) {
        Some(m) => message.push_str(&format!(": {m}")),
        None => message.push('.'),
    }
    let kind = if matches!(status, "OVER_QUERY_LIMIT" | "OVER_DAILY_LIMIT") {
        ErrorKind::RateLimited
    } else {
        ErrorKind::Upstream
    };
    let mut err = ToolError::new(kind, message).with_code(status);
    if let Some(hint) = status_hint(status, api) {
        err = err.with_hint(hint);
    }
    Err(err)
}

/// What a web service `status` asks the caller to do.
fn status_hint(status: &str, api: &str) -> Option<String> {
    Some(match status {
        "REQUEST_DENIED" => format!(
            "the API key was refused: check it, enable the {api} API for its Cloud project (with billing), and allow that API in the key's restrictions."
        ),
        "OVER_QUERY_LIMIT" | "OVER_DAILY_LIMIT" => "quota or rate limit exceeded, or billing is not enabled for the key's project: wait and retry, or raise the quota.".to_owned(),
        "INVALID_REQUEST" => "a parameter is missing or invalid: check the arguments.".to_owned(),
        "UNKNOWN_ERROR" => "a server error at Google: retry.".to_owned(),
        "NOT_FOUND" => "a location could not be found: check the address or coordinates.".to_owned(),
        _ => return None,
    })
}

/// Both error bodies: Google's JSON error (`{"error": {"code", "message", "status",
/// "details"}}`, Places and Routes) read by the shared Google parser with API-key hints, and the
/// web services' `{"status", "error_message"}` on an HTTP error status.
pub fn parse_error(status: u16, headers: &http::HeaderMap, body: &Value) -> VendorError {
    if body.get("error").is_none_or(|e| !e.is_object())
        && let Some(code) = body.get("status").and_then(Value::as_str)
    {
        return VendorError {
            code: Some(code.to_owned()),
            message: body
                .get("error_message")
                .and_then(Value::as_str)
                .map(str::to_owned),
            hint: status_hint(code, "Maps"),
            rate_limited: status == 429 || matches!(code, "OVER_QUERY_LIMIT" | "OVER_DAILY_LIMIT"),
            missing_scopes: None,
        };
    }
    let mut e = mcp_vendor_google::parse_error(status, headers, body);
    let reasons: Vec<&str> = body
        .pointer("/error/details")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|d| d.get("reason").and_then(Value::as_str))
        .collect();
    let service = body
        .pointer("/error/details")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .find_map(|d| d.pointer("/metadata/service").and_then(Value::as_str))
        .unwrap_or("this API");
    let has = |r: &str| reasons.contains(&r);
    let key_hint = if has("API_KEY_INVALID") {
        Some(
            "the API key is not valid: check the `api_key` sent (or GOOGLE_MAPS_API_KEY)."
                .to_owned(),
        )
    } else if has("SERVICE_DISABLED") {
        Some(format!(
            "enable {service} (Places API (New) or Routes API) for the key's Cloud project, with billing."
        ))
    } else if has("API_KEY_SERVICE_BLOCKED") {
        Some(format!(
            "the key's API restrictions do not allow {service}: add it in the key's settings."
        ))
    } else if has("BILLING_DISABLED") {
        Some("enable billing for the key's Cloud project.".to_owned())
    } else if reasons
        .iter()
        .any(|r| r.starts_with("API_KEY_") && r.ends_with("_BLOCKED"))
    {
        Some("the key's application restrictions refuse this server: allow its IP address, or use a key restricted by IP.".to_owned())
    } else if matches!(status, 401 | 403) {
        Some("the API key was refused: check it, and that the API is enabled and allowed for the key.".to_owned())
    } else {
        None
    };
    if !e.rate_limited && key_hint.is_some() {
        e.hint = key_hint;
    }
    e
}
