//! Hacker News MCP server: items, users, story lists and live updates from the official Hacker
//! News API (Firebase, `HACKER_NEWS_API_BASE_URL` overrides
//! `https://hacker-news.firebaseio.com/v0`). Open data: no credentials.

mod api;
mod items;
mod stories;

use mcp_shared::{Auth, Base, ServerSpec, ToolDef, Toolset};

/// Hacker News's toolsets, one per part of its API.
pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "items",
        description: "Items (stories, comments, jobs, polls), users and recent changes.",
        default: true,
    },
    Toolset {
        name: "stories",
        description: "The front-page lists: top, best, new, Show HN, Ask HN and job stories.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = items::tools();
    t.extend(stories::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "hacker_news",
    display_name: "Hacker News",
    binary: "hacker-news-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Hacker News stories, comments, users and updates (official API) for AI agents.",
    instructions: "Read-only tools over the public Hacker News API; no credentials. Items (stories, comments, jobs, polls) and users are named by id (an integer; a username). \
        List tools return the first `count` items of HN's own ranking, fetched in parallel; `time` is Unix seconds; `text` is HTML.",
    base: Base::Fixed("https://hacker-news.firebaseio.com/v0"),
    auth: Auth::None,
    toolsets: TOOLSETS,
    tools,
    ..ServerSpec::DEFAULT
};
