//! OneDrive MCP server: the signed-in user's OneDrive over Microsoft Graph (`/me/drive/...`;
//! `ONEDRIVE_API_BASE_URL` overrides `https://graph.microsoft.com/v1.0`), acting with the
//! delegated access token of each request. Paging, errors, throttling and upload sessions
//! come from `mcp_vendor_microsoft`.

mod api;
mod browse;
mod files;
mod organize;
mod sharing;

use mcp_shared::{ServerSpec, ToolDef, Toolset};
use mcp_vendor_microsoft as microsoft;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "browse",
        description: "Find items: by id or path, folder listings, search.",
        default: true,
    },
    Toolset {
        name: "files",
        description: "File content: download, create, upload.",
        default: true,
    },
    Toolset {
        name: "organize",
        description: "Folders, rename, move, delete.",
        default: true,
    },
    Toolset {
        name: "sharing",
        description: "Sharing links and items shared with the user.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = browse::tools();
    t.extend(files::tools());
    t.extend(organize::tools());
    t.extend(sharing::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "onedrive",
    display_name: "OneDrive",
    binary: "onedrive-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "OneDrive for AI agents: browse, search, read, upload, organize and share files.",
    instructions: "Tools act on the OneDrive of the signed-in user of the request's Microsoft Graph token. Item ids are long \
        opaque strings: pass them unchanged; `root` names the top folder, and folder arguments also take a path such as \
        /Documents/Reports. List tools return `next_cursor` (null on the last page): pass it back as `cursor`.",
    base: microsoft::BASE,
    auth: microsoft::AUTH,
    credential_env: &[("ONEDRIVE_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: microsoft::parse_error,
    // A 403 names the permissions the tool declares (`.scopes(..)`) in Graph's words.
    scope_hint: microsoft::with_scopes,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Files.Read.All: shared items and share links of other users' drives.
    oauth: Some(mcp_vendor_microsoft::oauth(
        &[
            "https://graph.microsoft.com/Files.ReadWrite",
            "https://graph.microsoft.com/Files.Read.All",
        ],
        &[
            "https://graph.microsoft.com/Files.Read",
            "https://graph.microsoft.com/Files.ReadWrite.All",
            "offline_access",
        ],
    )),
    ..ServerSpec::DEFAULT
};
