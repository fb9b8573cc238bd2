//! Hugging Face MCP server: the Hub's static tools (model, dataset, Space and paper search,
//! repository details, documentation search and fetch, Jobs, whoami) over the Hub API
//! (`HUGGING_FACE_API_BASE_URL` overrides `https://huggingface.co`). A token is optional for
//! public reads and required for the account, Jobs and write tools.

mod account;
mod api;
mod docs;
mod hub;
mod jobs;
mod spaces;

use mcp_shared::{Auth, ExtraApi, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "hub",
        description: "Models, datasets, papers and repository details (/api/models, /api/datasets, /api/papers).",
        default: true,
    },
    Toolset {
        name: "spaces",
        description: "Spaces: search, a user's Spaces, files, status, duplication (/api/spaces).",
        default: true,
    },
    Toolset {
        name: "docs",
        description: "Hugging Face and Gradio documentation search and fetch.",
        default: true,
    },
    Toolset {
        name: "jobs",
        description: "Hugging Face Jobs and scheduled Jobs (/api/jobs, /api/scheduled-jobs).",
        default: true,
    },
    Toolset {
        name: "account",
        description: "The token's account (/api/whoami-v2).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = account::tools();
    t.extend(hub::tools());
    t.extend(spaces::tools());
    t.extend(docs::tools());
    t.extend(jobs::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "hugging_face",
    display_name: "Hugging Face",
    binary: "hugging-face-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Hugging Face Hub search, repo details, papers, docs, Spaces and Jobs for AI agents.",
    instructions: "Search tools return ranked results with id, url and key facts; use model_details, dataset_details or hub_repo_details for one repository, hf_doc_search then hf_doc_fetch for documentation. A Hugging Face token is optional for public reads, required for hf_whoami, hf_jobs, gradio_files and duplicate_space.",
    base: mcp_shared::Base::Fixed("https://huggingface.co"),
    auth: Auth::Optional(&Auth::Bearer(api::TOKEN_FIELDS)),
    credential_env: &[
        ("DEFAULT_HF_TOKEN", "access_token"),
        ("HF_TOKEN", "access_token"),
    ],
    token_headers: &[("hf-token", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[ExtraApi {
        name: "gradio",
        display_name: "Gradio docs",
        default_base_url: "https://www.gradio.app",
        base_url_var: "GRADIO_DOCS_BASE_URL",
        auth: Some(Auth::None),
    }],
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://huggingface.co",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &[
            "openid",
            "profile",
            "read-repos",
            "contribute-repos",
            "jobs",
        ],
        more_scopes: &[
            "email",
            "write-repos",
            "manage-repos",
            "inference-api",
            "write-discussions",
            "read-mcp",
        ],
        docs: "https://huggingface.co/docs/hub/oauth",
    }),
    ..ServerSpec::DEFAULT
};
