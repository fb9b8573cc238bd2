//! One upstream request being built: path, query, headers, credentials and body.

use std::time::Duration;

use http::{HeaderMap, HeaderName, HeaderValue, Method};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;
use url::Url;

use super::{Response, Upstream};
use crate::credentials::auth::Credentials;
use crate::credentials::secret::Secret;
use crate::credentials::vendor_auth::{Auth, Part, first};
use crate::error::ToolError;

#[derive(Clone)]
pub(super) enum Body {
    Json(Value),
    Form(Vec<(String, String)>),
    Bytes(Vec<u8>, String),
    Multipart(Vec<FormPart>),
}

/// One part of a `multipart/form-data` body ([`Request::multipart`]): a text field, or a file
/// with its name and content type. Parts are kept as bytes, so the body is rebuilt (with a
/// new boundary) for every attempt.
#[derive(Clone, Debug)]
pub struct FormPart {
    pub(super) name: String,
    pub(super) value: FormValue,
}

#[derive(Clone, Debug)]
pub(super) enum FormValue {
    Text(String),
    File {
        filename: String,
        content_type: String,
        data: Vec<u8>,
    },
}

impl FormPart {
    /// A text field `name=value`.
    pub fn text(name: impl Into<String>, value: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            value: FormValue::Text(value.into()),
        }
    }

    /// A file field: `filename` and `content_type` go into the part's headers.
    pub fn file(
        name: impl Into<String>,
        filename: impl Into<String>,
        content_type: impl Into<String>,
        data: Vec<u8>,
    ) -> Self {
        Self {
            name: name.into(),
            value: FormValue::File {
                filename: filename.into(),
                content_type: content_type.into(),
                data,
            },
        }
    }

    /// reqwest's part for one attempt. The content type was checked by
    /// [`Request::multipart`]; should it still not parse, the part goes without one.
    pub(super) fn to_reqwest(&self) -> reqwest::multipart::Part {
        match &self.value {
            FormValue::Text(v) => reqwest::multipart::Part::text(v.clone()),
            FormValue::File {
                filename,
                content_type,
                data,
            } => {
                let part =
                    || reqwest::multipart::Part::bytes(data.clone()).file_name(filename.clone());
                part().mime_str(content_type).unwrap_or_else(|_| part())
            }
        }
    }
}

/// Reads a response the status alone would not retry (a GraphQL 200 whose `errors[]` say
/// "throttled"): `Some(wait)` when the vendor did not process the request and asks to wait.
/// Such a response is retried whatever the method, within the same attempts and deadline.
pub type RetryWhen = fn(&Response) -> Option<Duration>;

/// One upstream request being built. Nothing is sent until [`Request::send`].
#[derive(Clone)]
pub struct Request {
    pub(super) up: Upstream,
    pub(super) method: Method,
    pub(super) url: Result<Url, ToolError>,
    pub(super) headers: HeaderMap,
    pub(super) body: Option<Body>,
    pub(super) idempotent: Option<bool>,
    pub(super) follow_redirects: bool,
    /// Built by [`Upstream::external`]: never carries credentials.
    pub(super) external: bool,
    pub(super) retry_when: Option<RetryWhen>,
    /// A credential was added (a sensitive header or a secret query parameter).
    pub(super) carries_credentials: bool,
    /// A redirect to another origin is followed, without any of the request's credentials
    /// ([`Request::redirect_without_credentials`]).
    pub(super) off_origin_ok: bool,
    /// The idempotency key the vendor runs this request at most once for: where it is sent
    /// (`the Idempotency-Key header`) and its value.
    pub(super) idempotency_key: Option<(String, String)>,
}

/// Percent-encode one path segment (owner, repo, file path pieces...).
pub fn seg(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, SEGMENT).to_string()
}

/// One path segment for an id argument, encoded; a clear error naming the argument when it is
/// empty (an empty id would silently address the collection instead of the item).
pub fn seg_id(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    if id.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must not be empty"
        )));
    }
    Ok(seg(id))
}

/// A slash-separated path argument (a file path, a branch name with `/`) encoded segment by
/// segment, keeping the `/` between them. Leading and trailing slashes are dropped; empty,
/// `.` and `..` segments are refused. `what` names the argument in the error.
pub fn seg_path(p: &str, what: &str) -> Result<String, ToolError> {
    let p = p.trim_matches('/');
    let mut out = Vec::new();
    for s in p.split('/').filter(|_| !p.is_empty()) {
        if s.is_empty() || is_dot_segment(s) {
            return Err(ToolError::invalid_input(format!(
                "invalid {what} `{p}`: empty, `.` and `..` path segments are not allowed"
            )));
        }
        out.push(seg(s));
    }
    Ok(out.join("/"))
}

pub(super) fn is_dot_segment(s: &str) -> bool {
    let s = s.to_ascii_lowercase().replace("%2e", ".");
    s == "." || s == ".."
}

const SEGMENT: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

impl Request {
    /// A request with no headers, body or options yet; `external` ones never carry
    /// credentials.
    pub(super) fn new(
        up: Upstream,
        method: Method,
        url: Result<Url, ToolError>,
        external: bool,
    ) -> Self {
        Self {
            up,
            method,
            url,
            headers: HeaderMap::new(),
            body: None,
            idempotent: None,
            follow_redirects: true,
            external,
            retry_when: None,
            carries_credentials: false,
            off_origin_ok: false,
            idempotency_key: None,
        }
    }

    /// `Authorization: Bearer <token>`.
    pub fn bearer(self, token: &Secret) -> Self {
        let v = format!("Bearer {}", token.expose());
        self.sensitive_header(http::header::AUTHORIZATION, &v)
    }

    /// `Authorization: Basic base64(user:password)`.
    pub fn basic(self, user: &str, password: &str) -> Self {
        use base64::Engine as _;
        let v = format!(
            "Basic {}",
            base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
        );
        self.sensitive_header(http::header::AUTHORIZATION, &v)
    }

    /// A query parameter whose value is a secret (an API key the vendor takes in the URL).
    /// Only the path of a URL is ever logged, and error messages never carry the URL.
    pub fn secret_query(mut self, key: &str, value: &Secret) -> Self {
        if self.refuse_credentials() {
            return self;
        }
        if let Ok(url) = &mut self.url {
            url.query_pairs_mut().append_pair(key, value.expose());
        }
        self.carries_credentials = true;
        self
    }

    /// Requests built by [`Upstream::external`] never carry credentials: mark the request
    /// failed instead.
    fn refuse_credentials(&mut self) -> bool {
        if self.external {
            self.url = Err(ToolError::transport(
                "refusing to send credentials to a URL outside the configured API",
            ));
        }
        self.external
    }

    /// Also retry a response that [`RetryWhen`] reads as "not processed, wait" (GraphQL
    /// throttling inside a 200).
    pub fn retry_when(mut self, f: RetryWhen) -> Self {
        self.retry_when = Some(f);
        self
    }

    /// A header whose value is a secret (marked sensitive, never logged).
    pub fn sensitive_header(mut self, name: HeaderName, value: &str) -> Self {
        if self.refuse_credentials() {
            return self;
        }
        match HeaderValue::from_str(value) {
            Ok(mut v) => {
                v.set_sensitive(true);
                self.headers.insert(name, v);
                self.carries_credentials = true;
            }
            Err(_) => {
                self.url = Err(ToolError::invalid_input(
                    "the credential contains characters that cannot be sent in an HTTP header",
                ));
            }
        }
        self
    }

    /// Set a header. The name may be written in any case (`API-Version`); a name that is not a
    /// valid header name fails the request with a clear error, never a panic.
    pub fn header(mut self, name: &'static str, value: &str) -> Self {
        let Ok(header) = HeaderName::from_bytes(name.as_bytes()) else {
            self.url = Err(ToolError::invalid_input(format!(
                "`{name}` is not a valid HTTP header name"
            )));
            return self;
        };
        match HeaderValue::from_str(value) {
            Ok(v) => {
                self.headers.insert(header, v);
            }
            Err(_) => {
                self.url = Err(ToolError::invalid_input(format!(
                    "the value for header {name} contains characters that cannot be sent"
                )));
            }
        }
        self
    }

    /// Add a query parameter.
    pub fn query(mut self, key: &str, value: impl ToString) -> Self {
        if let Ok(url) = &mut self.url {
            url.query_pairs_mut().append_pair(key, &value.to_string());
        }
        self
    }

    /// Add a query parameter when it has a value.
    pub fn query_opt<T: ToString>(self, key: &str, value: Option<T>) -> Self {
        match value {
            Some(v) => self.query(key, v),
            None => self,
        }
    }

    pub fn json<T: Serialize + ?Sized>(mut self, body: &T) -> Self {
        match serde_json::to_value(body) {
            Ok(v) => self.body = Some(Body::Json(v)),
            Err(e) => {
                self.url = Err(ToolError::invalid_input(format!(
                    "cannot encode the request body: {e}"
                )))
            }
        }
        self
    }

    pub fn form(mut self, pairs: Vec<(String, String)>) -> Self {
        self.body = Some(Body::Form(pairs));
        self
    }

    pub fn bytes(mut self, data: Vec<u8>, content_type: &str) -> Self {
        self.body = Some(Body::Bytes(data, content_type.to_owned()));
        self
    }

    /// A `multipart/form-data` body of these parts, in this order (file uploads with their
    /// fields). A file part whose content type is not a MIME type fails the request with a
    /// clear message before anything is sent.
    pub fn multipart(mut self, parts: Vec<FormPart>) -> Self {
        for p in &parts {
            if let FormValue::File { content_type, .. } = &p.value
                && reqwest::multipart::Part::text("")
                    .mime_str(content_type)
                    .is_err()
            {
                self.url = Err(ToolError::invalid_input(format!(
                    "`{content_type}` is not a MIME type (for the file `{}`): give one like `application/pdf`",
                    p.name
                )));
                return self;
            }
        }
        self.body = Some(Body::Multipart(parts));
        self
    }

    /// Do not follow redirects: a 3xx is the response (read its target with
    /// [`Response::location`]). For endpoints that answer with a pre-signed URL to hand out
    /// rather than download (archives, logs).
    pub fn no_redirect(mut self) -> Self {
        self.follow_redirects = false;
        self
    }

    /// Override whether the request may be retried after it may have reached the vendor
    /// (default: by method; GET, HEAD, PUT, DELETE, OPTIONS are idempotent).
    pub fn idempotent(mut self, yes: bool) -> Self {
        self.idempotent = Some(yes);
        self
    }

    /// Send a fresh idempotency key (a random UUID) in the vendor's idempotency header
    /// (`Idempotency-Key`): the vendor runs a request at most once per key, so the request is
    /// retried like an idempotent one, and an error after a server-side failure names the key
    /// and says that repeating the request with it is safe.
    pub fn idempotency_key(mut self, header: &'static str) -> Self {
        let key = uuid::Uuid::new_v4().to_string();
        self = self.header(header, &key).idempotent(true);
        self.idempotency_key = Some((format!("the {header} header"), key));
        self
    }

    /// Send `key`, an idempotency key the caller chose, as the query parameter `name`
    /// (QuickBooks' `requestid`): as with [`Request::idempotency_key`], the request is
    /// retried like an idempotent one and an error after a server-side failure names the key.
    pub fn idempotency_query(mut self, name: &'static str, key: &str) -> Self {
        self = self.query(name, key).idempotent(true);
        self.idempotency_key = Some((format!("the {name} query parameter"), key.to_owned()));
        self
    }

    /// Follow a redirect to another origin (a download the vendor serves from a CDN or a
    /// storage host) as a new request that carries none of this request's credentials, no
    /// body and no header the tool set. Without this, such a redirect of a request that
    /// carries credentials is refused with an error naming the host, and nothing is sent to
    /// it. A redirect on the request's own origin is always followed, credentials included.
    pub fn redirect_without_credentials(mut self) -> Self {
        self.off_origin_ok = true;
        self
    }

    /// Send and decode a JSON success body.
    pub async fn send_json<T: DeserializeOwned>(self) -> Result<T, ToolError> {
        self.send().await?.json()
    }

    /// Send with retries; a non-success status becomes a [`ToolError`].
    pub async fn send(self) -> Result<Response, ToolError> {
        let resp = self.send_raw().await?;
        if resp.status.is_success() {
            return Ok(resp);
        }
        Err(resp.error())
    }
}

impl Request {
    /// Add `auth`'s credentials from `creds`; `missing` builds the error for a field the
    /// request lacks (it names how to supply it).
    pub(crate) fn authorize(
        self,
        auth: &Auth,
        creds: Option<&Credentials>,
        missing: &dyn Fn(&'static [&'static str]) -> ToolError,
    ) -> Result<Request, ToolError> {
        let req = self;
        if let Some(f) = auth.missing(creds) {
            let mut e = missing(f);
            // A vendor that takes one of several credentials: name the others too.
            if let Auth::FirstOf(list) = auth {
                let others: Vec<String> = list
                    .iter()
                    .skip(1)
                    .map(|a| {
                        a.fields()
                            .iter()
                            .filter_map(|names| names.first().map(|n| format!("`{n}`")))
                            .collect::<Vec<_>>()
                            .join(" and ")
                    })
                    .filter(|s| !s.is_empty())
                    .collect();
                if !others.is_empty() {
                    e.message = format!("{} Or send {} instead.", e.message, others.join(" or "));
                }
            }
            return Err(e);
        }
        // Every field below is present: `missing` found none lacking.
        let get = |fields: &'static [&'static str]| -> Result<Secret, ToolError> {
            first(creds, fields).ok_or_else(|| missing(fields))
        };
        Ok(match auth {
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
                    req = req.authorize(a, creds, missing)?;
                }
                req
            }
            Auth::FirstOf(list) => match list.iter().find(|a| a.missing(creds).is_none()) {
                Some(a) => req.authorize(a, creds, missing)?,
                None => req,
            },
            Auth::Optional(a) => {
                if a.missing(creds).is_none() {
                    req.authorize(a, creds, missing)?
                } else {
                    req
                }
            }
            // A connector's credential never goes on an HTTP request.
            Auth::Connection(_) => req,
        })
    }
}

#[cfg(test)]
mod header_tests {
    use super::*;
    use crate::upstream::{Upstream, UpstreamConfig};

    fn request() -> Request {
        let base = url::Url::parse("https://api.example.com").ok();
        let up = Upstream::new(UpstreamConfig::with_base(base, "Example"));
        match up {
            Ok(up) => up.request(Method::GET, "/x"),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn header_names_in_any_case_are_sent_and_bad_ones_fail_clearly() {
        let r = request().header("API-Version", "2026-10");
        assert_eq!(
            r.headers.get("api-version").and_then(|v| v.to_str().ok()),
            Some("2026-10")
        );
        let bad = request().header("bad header", "x");
        assert!(
            bad.url
                .is_err_and(|e| e.to_string().contains("not a valid HTTP header name"))
        );
    }
}
