//! Poste.io mail MCP server: mail over IMAP and SMTP (what Poste.io, and every mail server,
//! speaks) for the account whose credentials come with each request (Toolathlon's
//! `x-auth-data` fields) or from the operator's configuration file (the local form). Not an
//! HTTP API: a connector with one small pool of IMAP sessions per account. Message ids are
//! IMAP UIDs with their folder and its UIDVALIDITY (`INBOX:1700000000:42`), stable when other
//! mail is deleted. Attachments, exports and imports go through the workspace jail.

mod account;
mod actions;
mod compose;
mod drafts;
mod folders;
mod imap;
mod messages;
mod net;
mod sending;
mod smtp;
mod transfer;

use mcp_shared::spec::MakeState;
use mcp_shared::{Auth, Base, Profile, ServerOption, ServerSpec, ToolDef, Toolset, workspace};

pub use account::{make_state, state_in};

pub const TOOLSETS: &[Toolset] = &[
    Toolset {
        name: "messages",
        description: "List, search and read emails, their headers and attachments.",
        default: true,
    },
    Toolset {
        name: "actions",
        description: "Move, flag and delete emails.",
        default: true,
    },
    Toolset {
        name: "sending",
        description: "Send, reply to and forward emails over SMTP.",
        default: true,
    },
    Toolset {
        name: "folders",
        description: "Folders, counts and the connection check.",
        default: true,
    },
    Toolset {
        name: "drafts",
        description: "Save, list, update and delete drafts.",
        default: true,
    },
    Toolset {
        name: "transfer",
        description: "Export emails to and import them from JSON in the workspace.",
        default: true,
    },
];

/// Every tool is listed under our default profile, Toolathlon's and the local form's
/// (Klavis's `local/Poste.io`, the account from `--config-file`): the same names.
pub(crate) fn listed(t: ToolDef) -> ToolDef {
    t.in_profile(Profile::Toolathlon).in_profile(Profile::Local)
}

fn tools() -> Vec<ToolDef> {
    let mut t = Vec::new();
    let sets: [(&'static str, Vec<ToolDef>); 6] = [
        ("messages", messages::tools()),
        ("actions", actions::tools()),
        ("sending", sending::tools()),
        ("folders", folders::tools()),
        ("drafts", drafts::tools()),
        ("transfer", transfer::tools()),
    ];
    for (set, list) in sets {
        t.extend(list.into_iter().map(|d| d.toolset(set)));
    }
    t
}

/// The server's declaration, with `state` making its state (tests give a scratch workspace).
pub const fn spec(state: MakeState) -> ServerSpec {
    ServerSpec {
        service: "poste_email",
        display_name: "Poste.io",
        binary: "poste-email-mcp-server",
        version: env!("CARGO_PKG_VERSION"),
        description: "Mail over IMAP and SMTP (Poste.io or any server): folders, search, read, send, drafts.",
        instructions: "Tools act on the mailbox of the request's account (x-auth-data: email, password, imap_server, smtp_server, \
            imap_port, smtp_port, use_ssl, use_starttls, name) or of the server's --config-file. Email ids look like \
            INBOX:1700000000:42 (folder, UIDVALIDITY, UID) and stay valid when other mail is deleted; take them from \
            get_emails or search_emails. Attachment, export and import paths are relative to the workspace.",
        base: Base::None,
        auth: Auth::Connection(&["password"]),
        state: Some(state),
        toolsets: TOOLSETS,
        tools,
        options: &[
            workspace::OPTION,
            ServerOption {
                name: account::CONFIG_FILE,
                env: "POSTE_EMAIL_CONFIG_FILE",
                help: "A JSON file with the account (email, password, name, imap_server, imap_port, smtp_server, smtp_port, use_ssl, use_starttls), used when a request brings no credentials (the local form's --config_file)",
            },
            ServerOption {
                name: account::DOWNLOAD_DIR,
                env: "POSTE_EMAIL_ATTACHMENT_DOWNLOAD_PATH",
                help: "The workspace directory download_attachment saves into [default: the workspace itself]",
            },
            ServerOption {
                name: account::CA_FILE,
                env: "POSTE_EMAIL_CA_FILE",
                help: "PEM certificates trusted besides the public roots, for mail servers with their own CA or a self-signed certificate",
            },
        ],
        ..ServerSpec::DEFAULT
    }
}

pub static SPEC: ServerSpec = spec(account::make_state);
