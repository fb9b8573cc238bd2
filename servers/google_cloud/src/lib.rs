//! Google Cloud MCP server (Klavis's `google_cloud_toolathlon`): BigQuery (datasets, queries
//! run as jobs, loads, exports, job listing and cancel), Cloud Storage (buckets, objects,
//! upload from and download to the workspace, V4 signed URLs), Cloud Logging (entries, logs,
//! sinks, log buckets) and Compute Engine (instances, zones, zone operations).
//!
//! Every request follows Google's discovery documents (`bigquery.v2`, `storage.v1`,
//! `logging.v2`, `compute.v1`). Each API has its own host, overridable for tests and
//! proxies: `GOOGLE_CLOUD_API_BASE_URL` (BigQuery, `https://bigquery.googleapis.com`),
//! `GOOGLE_CLOUD_STORAGE_API_BASE_URL`, `GOOGLE_CLOUD_LOGGING_API_BASE_URL`,
//! `GOOGLE_CLOUD_COMPUTE_API_BASE_URL`, and `GOOGLE_OAUTH_API_BASE_URL` for the token
//! endpoint.
//!
//! Credentials per request: an `access_token`; the refresh-token form (`client_id`,
//! `client_secret`, `refresh_token`); or a service-account key (`type: service_account`,
//! `client_email`, `private_key`, ...) exchanged for a token with a signed JWT
//! ([`auth`]). The project is the credentials' `project_id`, else `--project-id` /
//! `GOOGLE_CLOUD_PROJECT` / `PROJECT_ID`.

mod api;
pub mod auth;
mod bigquery;
mod compute;
mod logging;
mod signed_url;
mod storage;
mod storage_objects;

use mcp_shared::server::spec::{ExtraApi, ServerOption};
use mcp_shared::{ServerSpec, ToolDef, Toolset, workspace};

/// The toolsets, after Google Cloud's products.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "bigquery",
        description: "BigQuery: datasets, queries (run as jobs), CSV loads from the workspace, exports to Cloud Storage, jobs.",
        default: true,
    },
    Toolset {
        name: "storage",
        description: "Cloud Storage: buckets, objects, uploads from and downloads to the workspace, signed URLs, versioning, lifecycle.",
        default: true,
    },
    Toolset {
        name: "logging",
        description: "Cloud Logging: write and read log entries, logs, sinks, log buckets, export to BigQuery.",
        default: true,
    },
    Toolset {
        name: "compute",
        description: "Compute Engine: list, create, get, start, stop, restart and delete instances; zones; operations.",
        default: true,
    },
];

/// Cloud Storage's JSON API (and its upload and media paths).
pub const STORAGE_API: ExtraApi = ExtraApi {
    name: "storage",
    display_name: "Cloud Storage",
    default_base_url: "https://storage.googleapis.com",
    base_url_var: "GOOGLE_CLOUD_STORAGE_API_BASE_URL",
    auth: None,
};

/// Cloud Logging v2.
pub const LOGGING_API: ExtraApi = ExtraApi {
    name: "logging",
    display_name: "Cloud Logging",
    default_base_url: "https://logging.googleapis.com",
    base_url_var: "GOOGLE_CLOUD_LOGGING_API_BASE_URL",
    auth: None,
};

/// Compute Engine v1.
pub const COMPUTE_API: ExtraApi = ExtraApi {
    name: "compute",
    display_name: "Compute Engine",
    default_base_url: "https://compute.googleapis.com",
    base_url_var: "GOOGLE_CLOUD_COMPUTE_API_BASE_URL",
    auth: None,
};

/// `--project-id` / `GOOGLE_CLOUD_PROJECT`: the project when the credentials name none.
pub const PROJECT_OPTION: ServerOption = ServerOption {
    name: "project-id",
    env: "GOOGLE_CLOUD_PROJECT",
    help: "The Google Cloud project when the credentials carry no project_id (also read from PROJECT_ID)",
};

/// The operator's allow-lists (comma lists; unset: every resource of the project): a named
/// resource outside is refused before any request, and listings leave it out.
pub const ALLOWED_BUCKETS: ServerOption = ServerOption {
    name: api::BUCKETS,
    env: "GOOGLE_CLOUD_ALLOWED_BUCKETS",
    help: "Cloud Storage buckets the tools may use (comma list) [default: all]",
};
pub const ALLOWED_DATASETS: ServerOption = ServerOption {
    name: api::DATASETS,
    env: "GOOGLE_CLOUD_ALLOWED_DATASETS",
    help: "BigQuery datasets the dataset tools may use (comma list; SQL in bigquery_run_query is not parsed) [default: all]",
};
pub const ALLOWED_LOG_BUCKETS: ServerOption = ServerOption {
    name: api::LOG_BUCKETS,
    env: "GOOGLE_CLOUD_ALLOWED_LOG_BUCKETS",
    help: "Cloud Logging buckets the tools may create (comma list) [default: all]",
};
pub const ALLOWED_INSTANCES: ServerOption = ServerOption {
    name: api::INSTANCES,
    env: "GOOGLE_CLOUD_ALLOWED_INSTANCES",
    help: "Compute Engine instances the tools may use (comma list) [default: all]",
};

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    t.extend(bigquery::tools());
    t.extend(storage::tools());
    t.extend(storage_objects::tools());
    t.extend(logging::tools());
    t.extend(compute::tools());
    t.into_iter()
        .map(|t| t.in_profile(mcp_shared::Profile::Toolathlon))
        .collect()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_cloud",
    display_name: "Google Cloud",
    binary: "google-cloud-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Cloud for AI agents: BigQuery, Cloud Storage, Cloud Logging, Compute Engine.",
    instructions: "Tools act on one Google Cloud project: the project_id of the request's credentials \
        (an access token, a refresh token with its OAuth client, or a service-account key). \
        BigQuery queries use standard SQL and run as jobs; results are capped. Files named by \
        csv_file_path, source_file_path and destination_file_path are paths in the server's \
        workspace directory. Compute instance creation and deletion cost money or lose data: \
        confirm with the user first.",
    base: mcp_shared::Base::Fixed("https://bigquery.googleapis.com"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("GOOGLE_CLOUD_ACCESS_TOKEN", "access_token")],
    state: Some(workspace::make_state),
    toolsets: TOOLSETS,
    tools,
    error_parser: mcp_vendor_google::parse_error,
    extra_apis: &[STORAGE_API, LOGGING_API, COMPUTE_API],
    options: &[
        workspace::OPTION,
        PROJECT_OPTION,
        ALLOWED_BUCKETS,
        ALLOWED_DATASETS,
        ALLOWED_LOG_BUCKETS,
        ALLOWED_INSTANCES,
    ],
    credential_exchange: Some(auth::EXCHANGE),
    oauth: Some(mcp_vendor_google::oauth(
        &["https://www.googleapis.com/auth/cloud-platform"],
        &[
            "https://www.googleapis.com/auth/bigquery",
            "https://www.googleapis.com/auth/devstorage.read_write",
            "https://www.googleapis.com/auth/logging.admin",
            "https://www.googleapis.com/auth/compute",
        ],
        "https://developers.google.com/identity/protocols/oauth2/scopes",
    )),
    ..ServerSpec::DEFAULT
};
