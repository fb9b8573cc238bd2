//! The parts of a server's declaration ([`ServerSpec`](crate::server::spec::ServerSpec)) that a tool
//! call reads: its toolsets, extra APIs, switches and valued options. They sit below `spec`,
//! so the call context ([`Ctx`](crate::call::context::Ctx)) needs them and not the whole spec.

use crate::credentials::vendor_auth::Auth;

/// A toolset: one vendor area that users switch on and off.
#[derive(Debug)]
pub struct Toolset {
    pub name: &'static str,
    pub description: &'static str,
    /// Enabled when `--toolsets` is not given.
    pub default: bool,
}

/// A second vendor API a server calls (e.g. Gmail's contact search on the People API, Google
/// Docs listing documents through Drive). It shares the HTTP client, retries and error model.
#[derive(Debug)]
pub struct ExtraApi {
    /// Short name tools use with `ctx.api(name)`.
    pub name: &'static str,
    /// Vendor name for messages (`Google People`).
    pub display_name: &'static str,
    pub default_base_url: &'static str,
    /// The variable that overrides the base URL (e.g. `PEOPLE_API_BASE_URL`).
    pub base_url_var: &'static str,
    /// How this API takes the credential (`None`: as the server's main API does).
    pub auth: Option<Auth>,
}

/// A switch of one server (e.g. GitHub's lockdown mode): the flag `--<name>`, an environment
/// variable, and optionally a request header with which a gateway turns it on for one request
/// (a header can only turn a switch on, never off).
#[derive(Debug)]
pub struct ServerFlag {
    /// The flag's name without dashes (`lockdown`); tools ask `ctx.flag("lockdown")`.
    pub name: &'static str,
    /// The environment variable that turns it on (`1`, `true`, `yes`, `on`).
    pub env: &'static str,
    /// A request header that turns it on for that request (`X-MCP-Lockdown: true`).
    pub header: Option<&'static str>,
    /// One line for `--help`.
    pub help: &'static str,
}

/// A valued setting of one server (Jira's projects filter, a self-hosted instance's URL, a
/// WHOIS root server): the option `--<name> <value>` and an environment variable. Tools read
/// it with `ctx.option("name")`, the server's state with `settings.option("name")`.
#[derive(Debug)]
pub struct ServerOption {
    /// The option's name without dashes (`projects-filter`).
    pub name: &'static str,
    /// The environment variable that sets it (`JIRA_PROJECTS_FILTER`).
    pub env: &'static str,
    /// One line for `--help`.
    pub help: &'static str,
}

/// The vendor's OAuth 2.0 authorization server, with which an MCP client signs its user in when
/// the server runs with `--oauth`: the server's protected-resource metadata (RFC 9728) names it.
/// The server keeps no token and checks none: it passes the caller's token to the vendor, which
/// validates it.
#[derive(Debug)]
pub struct OAuthServer {
    /// The authorization server's issuer identifier (RFC 8414 `issuer`, OpenID Connect
    /// `issuer`): `https://accounts.google.com`. Where the vendor publishes no metadata, the
    /// URL its own documentation gives as the authorization server (GitHub's
    /// `https://github.com/login/oauth`).
    pub issuer: &'static str,
    /// What the vendor publishes at the issuer's well-known address.
    pub metadata: OAuthMetadata,
    /// The scopes a client asks for so that every tool of this server works: the `scope` of
    /// the 401 challenge, and the first entries of `scopes_supported`.
    pub scopes: &'static [&'static str],
    /// Other scopes of the vendor that some tools use or accept (after `scopes` in
    /// `scopes_supported`).
    pub more_scopes: &'static [&'static str],
    /// The vendor's page on its OAuth flow and scopes (where the issuer and scopes come from).
    pub docs: &'static str,
}

/// What an authorization server publishes about itself, for clients that discover it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OAuthMetadata {
    /// RFC 8414 metadata at `<issuer>/.well-known/oauth-authorization-server` (or the
    /// path-inserted form).
    Rfc8414,
    /// OpenID Connect discovery at `<issuer>/.well-known/openid-configuration`.
    OpenId,
    /// No metadata: a client must be configured with the vendor's endpoints (or an OAuth proxy
    /// that publishes them is named with `--authorization-server`).
    None,
}

/// A view of a server's tools that an agent benchmark or the vendor's own MCP server expects
/// (`--profile`): the same tools and vendor calls, listed under that variant's tool and
/// parameter names, with the tools that exist only there. Klavis's directory `X_kind` is
/// `X-mcp-server --profile kind`. One profile is listed at a time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Profile {
    /// Our names (`<service>_<verb>_<object>`, the Klavis base servers').
    #[default]
    Default,
    /// MCP-Atlas (Scale AI): the `*_atlas` variants.
    Atlas,
    /// MCPMark: the `*_mcpmark` variants.
    Mcpmark,
    /// Toolathlon: the `*_toolathlon` variants.
    Toolathlon,
    /// The vendor's own MCP server (`--tool-names official` is this profile).
    Official,
    /// Klavis's local form of a service (`local/<name>`: Poste.io's mail server read from a
    /// configuration file), where it differs from the hosted one.
    Local,
}

impl Profile {
    /// Every profile but the default, in the order `--help` lists them.
    pub const NAMED: [Profile; 5] = [
        Profile::Atlas,
        Profile::Mcpmark,
        Profile::Toolathlon,
        Profile::Official,
        Profile::Local,
    ];

    /// The name `--profile` takes.
    pub fn name(self) -> &'static str {
        match self {
            Profile::Default => "default",
            Profile::Atlas => "atlas",
            Profile::Mcpmark => "mcpmark",
            Profile::Toolathlon => "toolathlon",
            Profile::Official => "official",
            Profile::Local => "local",
        }
    }

    /// The profile named `s` (any case, surrounding blanks ignored).
    pub fn parse(s: &str) -> Option<Profile> {
        let s = s.trim().to_ascii_lowercase();
        [Profile::Default]
            .into_iter()
            .chain(Profile::NAMED)
            .find(|p| p.name() == s)
    }
}
