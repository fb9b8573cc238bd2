//! Mixpanel MCP server: the Query API (events, properties, segmentation, funnels, retention,
//! frequency), the Raw Export API and the Ingestion API's `/import`, with a service account's
//! HTTP Basic credentials and the project's data residency (US, EU or India) chosen per
//! request by the `region` credential field.

mod api;
mod events;
mod export;
mod ingestion;
mod reports;

use mcp_shared::{Auth, Base, ExtraApi, Part, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "events",
        description: "Event names, their properties and property values, and the account's projects (Query API).",
        default: true,
    },
    Toolset {
        name: "reports",
        description: "Segmentation, funnels, retention and frequency reports (Query API).",
        default: true,
    },
    Toolset {
        name: "export",
        description: "Raw event export (Raw Export API).",
        default: true,
    },
    Toolset {
        name: "ingestion",
        description: "Event import (Ingestion API /import).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = events::tools();
    t.extend(reports::tools());
    t.extend(export::tools());
    t.extend(ingestion::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "mixpanel",
    display_name: "Mixpanel",
    binary: "mixpanel-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Mixpanel events, reports, raw export and event import for AI agents.",
    instructions: "Every tool takes the numeric project_id (mixpanel_get_projects lists them). Dates are yyyy-mm-dd. The Query API allows 60 queries an hour per project: prefer one segmentation with `on` over many calls.",
    base: Base::Fixed(api::QUERY_US),
    auth: Auth::Basic {
        user: Part::Field(api::USER_FIELDS),
        password: Part::Field(api::SECRET_FIELDS),
    },
    credential_env: &[
        (
            "MIXPANEL_SERVICE_ACCOUNT_USERNAME",
            "serviceaccount_username",
        ),
        ("MIXPANEL_SERVICE_ACCOUNT_SECRET", "serviceaccount_secret"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[
        ExtraApi {
            name: "export",
            display_name: "Mixpanel Export",
            default_base_url: api::EXPORT_US,
            base_url_var: "MIXPANEL_EXPORT_API_BASE_URL",
            auth: None,
        },
        ExtraApi {
            name: "ingestion",
            display_name: "Mixpanel Ingestion",
            default_base_url: api::INGESTION_US,
            base_url_var: "MIXPANEL_INGESTION_API_BASE_URL",
            auth: None,
        },
    ],
    options: &[ServerOption {
        name: "region",
        env: "MIXPANEL_REGION",
        help: "Data residency of callers whose credentials name none: us (default), eu or in",
    }],
    ..ServerSpec::DEFAULT
};

/// The base URL of Mixpanel's `api` (`query`, `export` or `ingestion`) for a data
/// residency (`us`, `eu`, `in`), as requests use it when no base URL override is set (for
/// the tests: real hosts cannot be reached from them).
#[doc(hidden)]
pub fn base_url_for(api: &str, region: &str) -> Option<&'static str> {
    api::base_url_for(api, region)
}
