//! How a vendor takes the caller's credential, declared once per API ([`Auth`] in the
//! server's `ServerSpec` or `ExtraApi`) and applied by the upstream client
//! (`Request::authorize`, through [`Ctx::authorized`](crate::Ctx::authorized)): no server
//! builds an `Authorization` header by hand.
//!
//! Field lists name credential fields of the request's credential object (dotted paths, as in
//! `x-auth-data`); the first one present wins, so `&["access_token", "api_key"]` takes either.

use crate::credentials::auth::Credentials;
use crate::credentials::secret::Secret;

/// One half of an HTTP Basic credential.
#[derive(Debug, Clone, Copy)]
pub enum Part {
    /// A credential field (the first present of these).
    Field(&'static [&'static str]),
    /// A fixed value (an empty password, Freshdesk's `X`).
    Fixed(&'static str),
}

/// How an API takes the caller's credential.
#[derive(Debug, Clone, Copy)]
pub enum Auth {
    /// No credential (open data, or a server that authenticates otherwise).
    None,
    /// `Authorization: Bearer <field>`.
    Bearer(&'static [&'static str]),
    /// `Authorization: <field>`, without a scheme (ClickUp, monday.com).
    Raw(&'static [&'static str]),
    /// `Authorization: <field>` when the value starts with one of `prefixes` (Linear's
    /// personal API keys, `lin_api_`), `Authorization: Bearer <field>` otherwise (OAuth).
    RawIfPrefixed {
        fields: &'static [&'static str],
        prefixes: &'static [&'static str],
    },
    /// `Authorization: Basic base64(user:password)` (Freshdesk `key:X`, Twilio SID and token,
    /// Atlassian email and API token, Close and Chargebee `key:`).
    Basic { user: Part, password: Part },
    /// `<name>: <prefix><field>` (`X-Subscription-Token`, `x-api-key`, mem0's
    /// `Authorization: Token <key>`).
    Header {
        name: &'static str,
        prefix: &'static str,
        fields: &'static [&'static str],
    },
    /// `?<name>=<field>` (SerpApi's `api_key`); the value is never logged.
    Query {
        name: &'static str,
        fields: &'static [&'static str],
    },
    /// Every one of these (Trello: `key` and `token` query parameters).
    All(&'static [Auth]),
    /// The first of these whose credential fields the request has (Close: Basic with an API
    /// key, else Bearer with an OAuth token). When none has them, the first one's missing
    /// field is reported.
    FirstOf(&'static [Auth]),
    /// This one when the request has its fields, nothing otherwise (an optional key).
    Optional(&'static Auth),
    /// A credential the server's own connector uses (a database connection string), read with
    /// [`Ctx::connection`](crate::Ctx::connection) and never put on an HTTP request.
    Connection(&'static [&'static str]),
}

impl Auth {
    /// `Authorization: Bearer <access_token>`: most OAuth vendors.
    pub const BEARER: Auth = Auth::Bearer(&["access_token"]);

    /// Whether `creds` has every field this scheme needs.
    pub fn satisfied_by(&self, creds: Option<&Credentials>) -> bool {
        self.missing(creds).is_none()
    }

    /// The first field (its accepted names) this scheme needs that `creds` lacks.
    pub(crate) fn missing(&self, creds: Option<&Credentials>) -> Option<&'static [&'static str]> {
        let lacks = |fields: &'static [&'static str]| first(creds, fields).is_none();
        match self {
            Auth::None | Auth::Optional(_) => None,
            Auth::Bearer(f) | Auth::Raw(f) | Auth::Connection(f) => lacks(f).then_some(*f),
            Auth::RawIfPrefixed { fields, .. }
            | Auth::Header { fields, .. }
            | Auth::Query { fields, .. } => lacks(fields).then_some(*fields),
            Auth::Basic { user, password } => [user, password].into_iter().find_map(|p| match p {
                Part::Field(f) => lacks(f).then_some(*f),
                Part::Fixed(_) => None,
            }),
            Auth::All(list) => list.iter().find_map(|a| a.missing(creds)),
            Auth::FirstOf(list) => {
                if list.iter().any(|a| a.missing(creds).is_none()) {
                    None
                } else {
                    list.first().and_then(|a| a.missing(creds))
                }
            }
        }
    }

    /// The fields this scheme reads, for `--help` and error messages (each entry lists the
    /// accepted names of one field).
    pub fn fields(&self) -> Vec<&'static [&'static str]> {
        let mut out = Vec::new();
        self.collect_fields(&mut out);
        out
    }

    fn collect_fields(&self, out: &mut Vec<&'static [&'static str]>) {
        match self {
            Auth::None => {}
            Auth::Bearer(f) | Auth::Raw(f) | Auth::Connection(f) => out.push(f),
            Auth::RawIfPrefixed { fields, .. }
            | Auth::Header { fields, .. }
            | Auth::Query { fields, .. } => out.push(fields),
            Auth::Basic { user, password } => {
                for p in [user, password] {
                    if let Part::Field(f) = p {
                        out.push(f);
                    }
                }
            }
            Auth::All(list) | Auth::FirstOf(list) => {
                for a in *list {
                    a.collect_fields(out);
                }
            }
            Auth::Optional(a) => a.collect_fields(out),
        }
    }
}

/// The first of `fields` that `creds` has, as a secret.
pub fn first(creds: Option<&Credentials>, fields: &[&str]) -> Option<Secret> {
    let creds = creds?;
    fields.iter().find_map(|f| creds.secret(f))
}
