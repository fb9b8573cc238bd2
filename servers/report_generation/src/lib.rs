//! Report Generation MCP server: one tool that searches the web (Firecrawl `/v2/search`),
//! writes a report from the results (Anthropic Messages API) and stores it (Supabase
//! PostgREST insert into `generated_reports`), with progress notifications between steps.
//! The Supabase project URL comes from the caller's credentials and must be a
//! `*.supabase.co` host (or one the operator allows).

mod api;
mod report;

use mcp_shared::{Auth, Base, ExtraApi, ServerOption, ServerSpec, TenantUrl, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "reports",
    description: "Web research reports: search, write, store.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    report::tools()
}

/// The Supabase project's REST API, from the credentials' project URL.
const SUPABASE: &[TenantUrl] = &[TenantUrl {
    template: "{supabase_url}/rest/v1",
    hosts: &["*.supabase.co"],
    derive: None,
    requires: &[],
}];

pub static SPEC: ServerSpec = ServerSpec {
    service: "report_generation",
    display_name: "Report Generation",
    binary: "report-generation-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Web research reports for AI agents: Firecrawl search, Claude writing, Supabase storage.",
    instructions: "generate_web_reports searches the web for the query, writes an HTML report from the top results and stores it; it takes a minute or two and sends progress between its steps.",
    // The main API is the store (Supabase); search and writing are extra APIs.
    base: Base::Tenant(SUPABASE),
    auth: Auth::All(&[
        Auth::Header {
            name: "apikey",
            prefix: "",
            fields: api::SUPABASE_KEY,
        },
        Auth::Bearer(api::SUPABASE_KEY),
    ]),
    credential_env: &[
        ("FIRECRAWL_API_KEY", "firecrawl_api_key"),
        ("ANTHROPIC_API_KEY", "anthropic_api_key"),
        ("SUPABASE_URL", "supabase_url"),
        ("SUPABASE_API_KEY", "supabase_api_key"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[
        ExtraApi {
            name: "firecrawl",
            display_name: "Firecrawl",
            default_base_url: "https://api.firecrawl.dev",
            base_url_var: "FIRECRAWL_API_BASE_URL",
            auth: Some(Auth::Bearer(api::FIRECRAWL_KEY)),
        },
        ExtraApi {
            name: "anthropic",
            display_name: "Anthropic",
            default_base_url: "https://api.anthropic.com",
            base_url_var: "ANTHROPIC_BASE_URL",
            auth: Some(Auth::Header {
                name: "x-api-key",
                prefix: "",
                fields: api::ANTHROPIC_KEY,
            }),
        },
    ],
    options: &[
        ServerOption {
            name: "model",
            env: "REPORT_GENERATION_MODEL",
            help: "Anthropic model that writes the reports (default claude-sonnet-4-6)",
        },
        ServerOption {
            name: "report-url-base",
            env: "REPORT_GENERATION_REPORT_URL_BASE",
            help: "URL a stored report's id is appended to, e.g. https://reports.example.com/r (default: none, the id only)",
        },
        ServerOption {
            name: "max-tokens",
            env: "REPORT_GENERATION_MAX_TOKENS",
            help: "Longest report the model may write, in tokens (default 8000)",
        },
        ServerOption {
            name: "write-timeout-secs",
            env: "REPORT_GENERATION_WRITE_TIMEOUT_SECS",
            help: "How long the writing step may take (default 300)",
        },
    ],
    // Firecrawl's own variable for a self-hosted Firecrawl.
    env_aliases: &[("FIRECRAWL_API_BASE_URL", "FIRECRAWL_API_URL")],
    ..ServerSpec::DEFAULT
};
