//! Google Maps MCP server: geocoding and elevation on the Maps web services
//! (`GOOGLE_MAPS_API_BASE_URL` overrides `https://maps.googleapis.com/maps/api`, key in the
//! `key` query parameter), place search and details on Places API (New), directions and
//! distance matrices on the Routes API (both with `X-Goog-Api-Key` and a field mask). The
//! legacy Places, Directions and Distance Matrix APIs that Klavis calls cannot be enabled for
//! new Cloud projects; the catalog's tools and parameters are kept and mapped.

mod api;
mod elevation;
mod geocoding;
mod places;
mod routes;

use mcp_shared::{Auth, Base, ExtraApi, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "geocoding",
        description: "Addresses to coordinates and back (Geocoding API).",
        default: true,
    },
    Toolset {
        name: "places",
        description: "Place search and details (Places API (New)).",
        default: true,
    },
    Toolset {
        name: "routes",
        description: "Directions and distance matrices (Routes API).",
        default: true,
    },
    Toolset {
        name: "elevation",
        description: "Elevation of points (Elevation API).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = geocoding::tools();
    t.extend(places::tools());
    t.extend(routes::tools());
    t.extend(elevation::tools());
    t
}

/// Places API (New) and the Routes API take the key in this header.
const KEY_HEADER: Auth = Auth::Header {
    name: "x-goog-api-key",
    prefix: "",
    fields: api::KEY_FIELDS,
};

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_maps",
    display_name: "Google Maps",
    binary: "google-maps-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Maps geocoding, places, directions, distance matrix and elevation for AI agents.",
    instructions: "Coordinates are decimal degrees ({latitude, longitude}); distances in meters, durations in seconds, each with a readable text. Places are named by their Places API place_id.",
    base: Base::Fixed("https://maps.googleapis.com/maps/api"),
    auth: Auth::Query {
        name: "key",
        fields: api::KEY_FIELDS,
    },
    credential_env: &[("GOOGLE_MAPS_API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    extra_apis: &[
        ExtraApi {
            name: api::PLACES,
            display_name: "Google Places",
            default_base_url: "https://places.googleapis.com/v1",
            base_url_var: "GOOGLE_MAPS_PLACES_API_BASE_URL",
            auth: Some(KEY_HEADER),
        },
        ExtraApi {
            name: api::ROUTES,
            display_name: "Google Routes",
            default_base_url: "https://routes.googleapis.com",
            base_url_var: "GOOGLE_MAPS_ROUTES_API_BASE_URL",
            auth: Some(KEY_HEADER),
        },
    ],
    ..ServerSpec::DEFAULT
};
