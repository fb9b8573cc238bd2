//! Trello MCP server: boards, lists, cards and checklists over Trello's REST API
//! (`TRELLO_API_BASE_URL` overrides `https://api.trello.com/1`), with each request's API key
//! and token sent as Trello's `key` and `token` query parameters (never logged).

mod api;
mod boards;
mod cards;

use mcp_shared::{Auth, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "boards",
        description: "Boards and their lists.",
        default: true,
    },
    Toolset {
        name: "cards",
        description: "Cards, comments and checklists.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = boards::tools();
    t.extend(cards::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "trello",
    display_name: "Trello",
    binary: "trello-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Trello boards, lists, cards and checklists for AI agents.",
    instructions: "Ids are Trello's 24-character hex ids. Start with trello_get_my_boards, then trello_get_board_lists and trello_get_list_cards; move a card by updating its idList.",
    base: mcp_shared::Base::Fixed("https://api.trello.com/1"),
    auth: Auth::All(&[
        Auth::Query {
            name: "key",
            fields: api::KEY_FIELDS,
        },
        Auth::Query {
            name: "token",
            fields: api::TOKEN_FIELDS,
        },
    ]),
    credential_env: &[("TRELLO_API_KEY", "key"), ("TRELLO_API_TOKEN", "token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    ..ServerSpec::DEFAULT
};
