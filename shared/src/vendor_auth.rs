//! How a vendor takes the caller's credential, declared once per API ([`Auth`] in the
//! server's `ServerSpec` or `ExtraApi`) and applied by [`Ctx::authorized`](crate::Ctx::authorized):
//! no server builds an `Authorization` header by hand.
//!
//! Field lists name credential fields of the request's credential object (dotted paths, as in
//! `x-auth-data`); the first one present wins, so `&["access_token", "api_key"]` takes either.

use crate::auth::Credentials;
use crate::error::ToolError;
use crate::secret::Secret;
use crate::upstream::Request;

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
}

impl Auth {
    /// `Authorization: Bearer <access_token>`: most OAuth vendors.
    pub const BEARER: Auth = Auth::Bearer(&["access_token"]);

    /// Whether `creds` has every field this scheme needs.
    pub fn satisfied_by(&self, creds: Option<&Credentials>) -> bool {
        self.missing(creds).is_none()
    }

    /// The first field (its accepted names) this scheme needs that `creds` lacks.
    fn missing(&self, creds: Option<&Credentials>) -> Option<&'static [&'static str]> {
        let lacks = |fields: &'static [&'static str]| first(creds, fields).is_none();
        match self {
            Auth::None | Auth::Optional(_) => None,
            Auth::Bearer(f) | Auth::Raw(f) => lacks(f).then_some(*f),
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
            Auth::Bearer(f) | Auth::Raw(f) => out.push(f),
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

    /// Add this scheme's credentials to `req`; `missing` builds the error for a field the
    /// request lacks (it names how to supply it).
    pub(crate) fn apply(
        &self,
        creds: Option<&Credentials>,
        req: Request,
        missing: &dyn Fn(&'static [&'static str]) -> ToolError,
    ) -> Result<Request, ToolError> {
        if let Some(f) = self.missing(creds) {
            return Err(missing(f));
        }
        // Every field below is present: `missing` found none lacking.
        let get = |fields: &'static [&'static str]| -> Result<Secret, ToolError> {
            first(creds, fields).ok_or_else(|| missing(fields))
        };
        Ok(match self {
            Auth::None => req,
            Auth::Bearer(f) => req.bearer(&get(f)?),
            Auth::Raw(f) => req.sensitive_header(http::header::AUTHORIZATION, get(f)?.expose()),
            Auth::RawIfPrefixed { fields, prefixes } => {
                let v = get(fields)?;
                if prefixes.iter().any(|p| v.expose().starts_with(p)) {
                    req.sensitive_header(http::header::AUTHORIZATION, v.expose())
                } else {
                    req.bearer(&v)
                }
            }
            Auth::Basic { user, password } => {
                let part = |p: &Part| -> Result<Secret, ToolError> {
                    match p {
                        Part::Field(f) => get(f),
                        Part::Fixed(v) => Ok(Secret::new(*v)),
                    }
                };
                req.basic(part(user)?.expose(), part(password)?.expose())
            }
            Auth::Header {
                name,
                prefix,
                fields,
            } => {
                let v = get(fields)?;
                match http::HeaderName::from_bytes(name.as_bytes()) {
                    Ok(h) => req.sensitive_header(h, &format!("{prefix}{}", v.expose())),
                    Err(_) => {
                        return Err(ToolError::transport(format!(
                            "the server declares an invalid credential header name `{name}`"
                        )));
                    }
                }
            }
            Auth::Query { name, fields } => req.secret_query(name, &get(fields)?),
            Auth::All(list) => {
                let mut req = req;
                for a in *list {
                    req = a.apply(creds, req, missing)?;
                }
                req
            }
            Auth::FirstOf(list) => match list.iter().find(|a| a.missing(creds).is_none()) {
                Some(a) => a.apply(creds, req, missing)?,
                None => req,
            },
            Auth::Optional(a) => {
                if a.missing(creds).is_none() {
                    a.apply(creds, req, missing)?
                } else {
                    req
                }
            }
        })
    }
}

/// The first of `fields` that `creds` has, as a secret.
pub fn first(creds: Option<&Credentials>, fields: &[&str]) -> Option<Secret> {
    let creds = creds?;
    fields.iter().find_map(|f| creds.secret(f))
}
