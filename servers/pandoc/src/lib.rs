//! Pandoc MCP server: Markdown to DOCX, HTML or PDF, converted in the process (no pandoc or LaTeX
//! binary needed), returned as an embedded resource, or uploaded to a Google Cloud Storage bucket
//! (`GCS_BUCKET_NAME`) and returned as a V4 signed URL valid for 7 days, as Klavis's server does.

mod convert;
mod docx;
mod gcs;
mod markdown;
mod pdf;

use mcp_shared::{Auth, Base, ExtraApi, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[Toolset {
    name: "convert",
    description: "Convert Markdown to a DOCX, HTML or PDF file.",
    default: true,
}];

fn tools() -> Vec<ToolDef> {
    convert::tools()
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "pandoc",
    display_name: "Pandoc",
    binary: "pandoc-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Convert Markdown to DOCX, HTML or PDF files for AI agents.",
    instructions: "Converts Markdown to DOCX, HTML or PDF inside the server. The file comes back as an embedded resource, \
        or, when the server has a Google Cloud Storage bucket (GCS_BUCKET_NAME), as a signed download URL valid for 7 days \
        (then the request's credentials need `access_token` and `service_account_email`).",
    // Google Cloud Storage, used only when a bucket is configured.
    base: Base::Fixed("https://storage.googleapis.com"),
    auth: Auth::Optional(&Auth::BEARER),
    credential_env: &[
        ("GCS_ACCESS_TOKEN", "access_token"),
        ("GCS_SERVICE_ACCOUNT_EMAIL", "service_account_email"),
    ],
    extra_apis: &[ExtraApi {
        name: gcs::IAM_API,
        display_name: "Google IAM Credentials",
        default_base_url: "https://iamcredentials.googleapis.com/v1",
        base_url_var: "PANDOC_IAM_API_BASE_URL",
        auth: None,
    }],
    options: &[ServerOption {
        name: gcs::BUCKET_OPTION,
        env: "GCS_BUCKET_NAME",
        help: "Upload converted files to this Google Cloud Storage bucket and return signed URLs instead of the file",
    }],
    error_parser: mcp_vendor_google::parse_error,
    toolsets: TOOLSETS,
    tools,
    // Only the Cloud Storage delivery needs a token: the upload, and IAM Credentials signBlob.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://accounts.google.com",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &[
            "https://www.googleapis.com/auth/devstorage.read_write",
            "https://www.googleapis.com/auth/iam",
        ],
        more_scopes: &[
            "https://www.googleapis.com/auth/cloud-platform",
            "https://www.googleapis.com/auth/devstorage.full_control",
        ],
        docs: "https://developers.google.com/identity/protocols/oauth2/scopes",
    }),
    ..ServerSpec::DEFAULT
};
