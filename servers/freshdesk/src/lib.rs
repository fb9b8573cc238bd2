//! Freshdesk MCP server: tickets and their conversations, contacts, companies, agents, the
//! account and collaboration threads over the Freshdesk API v2, on the account's host
//! `https://{domain}.freshdesk.com/api/v2` (refused before any request when `domain` names
//! another host), with HTTP Basic `<api key>:X`.

mod agents;
mod api;
mod companies;
mod contacts;
mod threads;
mod tickets;

pub use api::{quoted, tenant_label};

use mcp_shared::{Auth, Base, Part, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "tickets",
        description: "Tickets: create (with attachments), get, list, search, update, delete, restore, merge, watch; notes, replies, forwards; ticket fields.",
        default: true,
    },
    Toolset {
        name: "contacts",
        description: "Contacts: create, get, list, search, update, delete, restore, invite, merge, make agent.",
        default: true,
    },
    Toolset {
        name: "companies",
        description: "Companies: create, get, list, search, update, delete.",
        default: true,
    },
    Toolset {
        name: "agents",
        description: "Agents and groups: list, get, me, find, create (one or in bulk), update, delete.",
        default: true,
    },
    Toolset {
        name: "account",
        description: "The account, and background jobs (bulk deletes and creations).",
        default: true,
    },
    Toolset {
        name: "threads",
        description: "Collaboration threads on tickets and their messages.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = tickets::tools();
    t.extend(contacts::tools());
    t.extend(companies::tools());
    t.extend(agents::tools());
    t.extend(threads::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "freshdesk",
    display_name: "Freshdesk",
    binary: "freshdesk-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Freshdesk tickets, conversations, contacts, companies, agents and threads for AI agents.",
    instructions: "Freshdesk API v2 of one account (`domain` + `api_key`). Ids are numbers. \
        Ticket status: 2 Open, 3 Pending, 4 Resolved, 5 Closed (custom ones: freshdesk_list_ticket_fields); priority: 1 Low to 4 Urgent. \
        List tools take `page`/`per_page` (1-100) and return `next_page` while there are more; \
        search tools (filter_*) take Freshdesk's query language, 30 results a page, pages 1-10.",
    base: Base::Tenant(api::BASES),
    // Freshdesk takes HTTP Basic with the API key as user and any password (`X`); Klavis
    // reads the key from `token` or `api_key` (or a Bearer header, our `access_token`).
    auth: Auth::Basic {
        user: Part::Field(&["api_key", "token", "access_token"]),
        password: Part::Fixed("X"),
    },
    credential_env: &[
        ("FRESHDESK_API_KEY", "api_key"),
        ("FRESHDESK_DOMAIN", "domain"),
        ("API_KEY", "api_key"),
        ("DOMAIN", "domain"),
    ],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    ..ServerSpec::DEFAULT
};
