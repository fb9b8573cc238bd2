//! Google Jobs MCP server: job search, listing details and refinements through SerpApi's
//! `google_jobs` and `google_jobs_listing` engines (`GOOGLE_JOBS_API_BASE_URL` overrides
//! `https://serpapi.com`), with the SerpApi key sent as the `api_key` query parameter.

mod api;
mod jobs;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "jobs",
    description: "Google Jobs search, company and remote searches, listing details and refinements (SerpApi).",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    jobs::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "google_jobs",
    display_name: "Google Jobs",
    binary: "google-jobs-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Google Jobs search through SerpApi for AI agents: jobs, listing details, refinements.",
    instructions: "Search tools return ranked jobs (title, company, location, posted_at, snippet, apply link) and a `next_page_token` for the next 10. Pass a job's `job_id` to google_jobs_get_details for apply links and salaries.",
    base: mcp_shared::Base::Fixed("https://serpapi.com"),
    auth: Auth::Query {
        name: "api_key",
        fields: api::KEY_FIELDS,
    },
    credential_env: &[("SERPAPI_API_KEY", "api_key"), ("API_KEY", "api_key")],
    toolsets: TOOLSETS,
    tools,
    error_shape: Some(&api::ERRORS),
    ..ServerSpec::DEFAULT
};
