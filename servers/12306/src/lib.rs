//! 12306 MCP server: China Railway's public web backend (`https://kyfw.12306.cn`, overridden by
//! `MCP_12306_API_BASE_URL`): tickets left, interline (transfer) tickets and a train's stops, and
//! station lookups from a station table bundled in the crate (refreshed from 12306 on first use).
//! No credentials.

mod stations;
mod tickets;

use mcp_shared::{Auth, Base, ServerFlag, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "stations",
        description: "Today's date in China and station telecodes by city, name or code.",
        default: true,
    },
    Toolset {
        name: "tickets",
        description: "Tickets left (direct and interline) and a train's stops.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = stations::tools();
    t.extend(tickets::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "12306",
    display_name: "12306 China Railway",
    binary: "mcp-server-12306",
    version: env!("CARGO_PKG_VERSION"),
    description: "China Railway 12306: tickets left, transfers, train stops and stations.",
    instructions: "Read-only China Railway (12306) queries; no credentials. Ticket tools take station telecodes (3 capital letters, e.g. BJP) or station names; \
        get the telecodes with the station tools first. Dates are YYYY-MM-DD in China time (get-current-date), today or later. \
        12306 often refuses callers outside mainland China: set HTTPS_PROXY to a proxy there.",
    base: Base::Fixed("https://kyfw.12306.cn"),
    auth: Auth::None,
    state: Some(stations::make_state),
    flags: &[ServerFlag {
        name: stations::NO_REFRESH_FLAG,
        env: "MCP_12306_NO_STATION_REFRESH",
        header: None,
        help: "Use only the bundled station table; never download 12306's current one",
    }],
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
