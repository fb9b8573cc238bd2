//! Twilio MCP server: messages (SMS/MMS), calls and recordings, phone numbers, and the
//! account (balance, usage) over Twilio's REST API 2010-04-01, with HTTP Basic
//! `AccountSid:AuthToken` (or an API key pair) and the account SID of each request in the path.

mod account;
mod api;
mod messages;
mod numbers;
mod voice;

pub use api::{Cursor, cursor_query, parse_error};

use mcp_shared::{Auth, Base, Part, ServerOption, ServerSpec, ToolDef, Toolset};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "messaging",
        description: "SMS and MMS: send, list, get, redact and delete messages (/Messages).",
        default: true,
    },
    Toolset {
        name: "voice",
        description: "Calls and recordings: place, list, get and end calls (/Calls, /Recordings).",
        default: true,
    },
    Toolset {
        name: "phone_numbers",
        description: "Search, buy, list, configure and release phone numbers (/AvailablePhoneNumbers, /IncomingPhoneNumbers).",
        default: true,
    },
    Toolset {
        name: "account",
        description: "The account, its balance and usage records (/Accounts, /Balance, /Usage/Records).",
        default: true,
    },
];

fn tools() -> Vec<ToolDef> {
    let mut t = messages::tools();
    t.extend(voice::tools());
    t.extend(numbers::tools());
    t.extend(account::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "twilio",
    display_name: "Twilio",
    binary: "twilio-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "Twilio SMS/MMS, calls, recordings, phone numbers, balance and usage for AI agents.",
    instructions: "Twilio REST API 2010-04-01. Phone numbers are E.164 (+14155550100). Ids are SIDs (SM… messages, CA… calls, RE… recordings, PN… phone numbers). \
        Dates are GMT, YYYY-MM-DD or ISO-8601. List tools take `limit` (page size, at most 1000) and return `next_cursor` while there are more: pass it as `cursor`.",
    base: Base::Fixed("https://api.twilio.com/2010-04-01"),
    // An API key pair first (explicit), else the account SID and its auth token. Without
    // `account_sid` in the credentials, the SID comes from TWILIO_ACCOUNT_SID (api.rs).
    auth: Auth::FirstOf(&[
        Auth::Basic {
            user: Part::Field(api::KEY_SID_FIELDS),
            password: Part::Field(api::KEY_SECRET_FIELDS),
        },
        Auth::Basic {
            user: Part::Field(api::ACCOUNT_SID_FIELDS),
            password: Part::Field(api::TOKEN_FIELDS),
        },
    ]),
    credential_env: &[
        ("TWILIO_ACCOUNT_SID", "account_sid"),
        ("TWILIO_AUTH_TOKEN", "auth_token"),
        ("TWILIO_API_KEY", "api_key_sid"),
        ("TWILIO_API_SECRET", "api_key_secret"),
    ],
    token_headers: &[("x-auth-token", "auth_token")],
    options: &[ServerOption {
        name: api::SID_OPTION,
        env: "TWILIO_ACCOUNT_SID",
        help: "Account SID (AC…) for callers whose credentials name none (Klavis's x-auth-token use)",
    }],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    ..ServerSpec::DEFAULT
};
