//! Reddit MCP server: subreddit and post search, comments, and posting, commenting and
//! voting, over Reddit's OAuth API (`REDDIT_SEARCH_API_BASE_URL` overrides
//! `https://oauth.reddit.com`). A request brings a ready `access_token`, or the app's
//! `client_id`/`client_secret` (plus `username`/`password` for actions as a user), which are
//! exchanged at `https://www.reddit.com/api/v1/access_token` and cached per credential set.

mod api;
mod posts;
mod search;

use mcp_shared::{Auth, ExtraApi, Part, ServerOption, ServerSpec, ToolDef, Toolset};

pub use api::make_state;

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "search",
        description: "Find subreddits and posts.",
        default: true,
    },
    Toolset {
        name: "posts",
        description: "Read comments; post, comment, vote and list your own posts.",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut all = search::tools();
    all.extend(posts::tools());
    all
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "reddit_search",
    display_name: "Reddit",
    binary: "reddit-search-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Reddit search, comments, posting and voting for AI agents.",
    instructions: "Post ids are Reddit's base-36 ids (`1abc2d`) or fullnames (`t3_1abc2d`). Lists return `next_cursor` while Reddit has more: pass it as `cursor`. Posting, commenting, voting and your own posts need a user: an `access_token` of one, or `username` and `password` with the app's `client_id` and `client_secret`.",
    base: mcp_shared::Base::Fixed("https://oauth.reddit.com"),
    auth: Auth::Bearer(api::TOKEN_FIELDS),
    credential_env: &[
        ("REDDIT_ACCESS_TOKEN", "access_token"),
        ("REDDIT_CLIENT_ID", "client_id"),
        ("REDDIT_CLIENT_SECRET", "client_secret"),
        ("REDDIT_USERNAME", "username"),
        ("REDDIT_PASSWORD", "password"),
    ],
    state: Some(api::make_state),
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[("accept", "application/json")],
    extra_apis: &[ExtraApi {
        name: "token",
        display_name: "Reddit OAuth",
        default_base_url: "https://www.reddit.com",
        base_url_var: "REDDIT_SEARCH_OAUTH_BASE_URL",
        auth: Some(Auth::Basic {
            user: Part::Field(api::CLIENT_ID_FIELDS),
            password: Part::Field(api::CLIENT_SECRET_FIELDS),
        }),
    }],
    options: &[ServerOption {
        name: "user-agent",
        env: "REDDIT_USER_AGENT",
        help: "the User-Agent sent to Reddit (default `server:reddit-search-mcp-server:v<version>`; Reddit asks for `<platform>:<app id>:<version> (by /u/<user>)`)",
    }],
    // Authorize at www.reddit.com/api/v1/authorize, token at www.reddit.com/api/v1/access_token.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://www.reddit.com/api/v1",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &["identity", "read", "submit", "vote", "history"],
        more_scopes: &[
            "edit",
            "mysubreddits",
            "save",
            "subscribe",
            "privatemessages",
        ],
        docs: "https://github.com/reddit-archive/reddit/wiki/OAuth2",
    }),
    ..ServerSpec::DEFAULT
};
