//! Dropbox MCP server: files and folders, content (download, upload, thumbnails), batches
//! and locks, sharing and file requests over Dropbox's API v2, acting with the OAuth access
//! token of each request. RPC routes go to `https://api.dropboxapi.com/2`
//! (`DROPBOX_API_BASE_URL`), content routes to `https://content.dropboxapi.com/2`
//! (`DROPBOX_CONTENT_API_BASE_URL`; it follows `DROPBOX_API_BASE_URL` when only that one is
//! set).

mod account;
mod api;
mod batch;
mod file_requests;
mod files;
mod sharing;
mod transfer;

use mcp_shared::{ExtraApi, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "files",
        description: "Files and folders: list, search, metadata, create, move, copy, delete, revisions, download, upload, thumbnails, batches, locks, save URL.",
        default: true,
    },
    Toolset {
        name: "sharing",
        description: "Shared links, file and folder members, shared folders, files shared with the user, sharing jobs.",
        default: true,
    },
    Toolset {
        name: "file_requests",
        description: "File requests: links others use to upload files into a folder.",
        default: true,
    },
    Toolset {
        name: "account",
        description: "The signed-in account and its space usage.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = files::tools();
    t.extend(transfer::tools());
    t.extend(batch::tools());
    t.extend(sharing::tools());
    t.extend(file_requests::tools());
    t.extend(account::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "dropbox",
    display_name: "Dropbox",
    binary: "dropbox-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Dropbox for AI agents: files, search, upload and download, sharing, file requests.",
    instructions: "Tools act on the Dropbox of the request's OAuth access token. Paths start with / \
        (the root is an empty path) and are case-insensitive; id:..., rev:... and ns:... references work \
        where a path does. Lists return `cursor` while more remain: pass it to the tool's _continue \
        variant or back as `cursor`. Batch, save-URL and folder-sharing jobs are waited for; a job still \
        running returns its async_job_id and the tool that checks it.",
    base: mcp_shared::Base::Fixed(api::API_DEFAULT),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("DROPBOX_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    extra_apis: &[ExtraApi {
        name: api::CONTENT,
        display_name: "Dropbox",
        default_base_url: api::CONTENT_DEFAULT,
        base_url_var: "DROPBOX_CONTENT_API_BASE_URL",
        auth: None,
    }],
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://www.dropbox.com",
        metadata: mcp_shared::OAuthMetadata::OpenId,
        scopes: &[
            "account_info.read",
            "files.metadata.read",
            "files.content.read",
            "files.content.write",
            "sharing.read",
            "sharing.write",
            "file_requests.read",
            "file_requests.write",
        ],
        more_scopes: &[],
        docs: "https://developers.dropbox.com/oauth-guide",
    }),
    ..ServerSpec::DEFAULT
};
