//! Per-request credentials, resolved with the precedence of ARCHITECTURE.md:
//! 1. `x-auth-data` header (base64 of a JSON object),
//! 2. `Authorization: Bearer <token>`,
//! 3. `AUTH_DATA` (JSON object or bare token),
//! 4. the service's own variables (e.g. `GITHUB_PERSONAL_ACCESS_TOKEN`).
//!
//! Steps 3 and 4 are read once at start-up into an [`EnvCredentials`] value owned by the
//! server; a request's credentials live only in that request's context.

use std::fmt;
use std::sync::Arc;

use base64::Engine as _;
use base64::engine::general_purpose::{GeneralPurpose, GeneralPurposeConfig};
use base64::engine::{DecodePaddingMode, general_purpose};
use http::HeaderMap;
use serde_json::{Map, Value};

use crate::credentials::secret::Secret;

/// Header carrying base64-encoded JSON credentials (Klavis contract).
pub const AUTH_DATA_HEADER: &str = "x-auth-data";
/// Largest `x-auth-data` header we decode.
pub const MAX_AUTH_HEADER_BYTES: usize = 16 * 1024;

/// Where a request's credentials came from (safe to log).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CredentialSource {
    AuthDataHeader,
    /// A raw token in a header the server declares (`x-auth-token`, `x-api-key`).
    TokenHeader,
    BearerHeader,
    AuthDataEnv,
    ServiceEnv,
}

/// The decoded credential object of one request. Field values are never printed.
#[derive(Clone)]
pub struct Credentials {
    data: Arc<Map<String, Value>>,
    source: CredentialSource,
    /// The fingerprint of the object the caller sent, kept when fields are added to it (a
    /// token a credential exchange got): the caller stays the same tenant when it is renewed.
    given: Option<Arc<str>>,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let keys: Vec<&String> = self.data.keys().collect();
        f.debug_struct("Credentials")
            .field("source", &self.source)
            .field("fields", &keys)
            .finish()
    }
}

impl Credentials {
    pub fn from_map(data: Map<String, Value>, source: CredentialSource) -> Self {
        Self {
            data: Arc::new(data),
            source,
            given: None,
        }
    }

    /// A credential object holding only `access_token`.
    pub fn from_token(token: &str, source: CredentialSource) -> Self {
        let mut map = Map::new();
        map.insert("access_token".into(), Value::String(token.to_owned()));
        Self::from_map(map, source)
    }

    /// These credentials with `fields` added (replacing fields of the same name).
    pub fn with_fields(&self, fields: Vec<(&'static str, String)>) -> Self {
        if fields.is_empty() {
            return self.clone();
        }
        let mut data = (*self.data).clone();
        for (k, v) in fields {
            data.insert(k.to_owned(), Value::String(v));
        }
        Self {
            data: Arc::new(data),
            source: self.source,
            given: Some(self.fingerprint().into()),
        }
    }

    pub fn source(&self) -> CredentialSource {
        self.source
    }

    /// A string field by dotted path, e.g. `access_token` or `authed_user.access_token`.
    /// Empty strings count as absent.
    pub fn secret(&self, path: &str) -> Option<Secret> {
        self.field(path)
            .and_then(Value::as_str)
            .filter(|s| !s.trim().is_empty())
            .map(|s| Secret::new(s.trim()))
    }

    /// A key that is the same for the same credential object and differs for any other (for
    /// caches of per-tenant state): the object the caller sent, whatever fields were added to
    /// it since (an access token a refresh token got, which changes hourly). It holds the
    /// secrets: keep it in memory, never log it.
    pub fn fingerprint(&self) -> String {
        match &self.given {
            Some(f) => f.to_string(),
            None => serde_json::to_string(&*self.data).unwrap_or_default(),
        }
    }

    /// Every string of the object, nested ones included, whose field name says it is a secret
    /// (`…token`, `…secret`, `…key`, `…password`: `authed_user.access_token`,
    /// `refresh_token`, `client_secret`, `api_key`), for cutting out of error texts whatever
    /// fields a server declares.
    pub fn secret_like(&self) -> Vec<Secret> {
        fn walk(map: &Map<String, Value>, out: &mut Vec<Secret>) {
            for (k, v) in map {
                match v {
                    Value::Object(inner) => walk(inner, out),
                    Value::String(s) if s.trim().len() >= 4 => {
                        let k = k.to_ascii_lowercase();
                        if ["token", "secret", "key", "password"]
                            .iter()
                            .any(|w| k.ends_with(w))
                        {
                            out.push(Secret::new(s.trim()));
                        }
                    }
                    _ => {}
                }
            }
        }
        let mut out = Vec::new();
        walk(&self.data, &mut out);
        out
    }

    /// `access_token`, the field almost every service uses.
    pub fn access_token(&self) -> Option<Secret> {
        self.secret("access_token")
    }

    /// Any field by dotted path (for non-secret settings such as `instance_url`).
    pub fn field(&self, path: &str) -> Option<&Value> {
        let mut parts = path.split('.');
        let first = parts.next()?;
        let mut cur = self.data.get(first)?;
        for p in parts {
            cur = cur.as_object()?.get(p)?;
        }
        Some(cur)
    }
}

/// Why a credential header could not be used. Messages name the header and never echo it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    #[error(
        "the x-auth-data header is malformed: {0}. Send base64 of a JSON object, e.g. base64('{{\"access_token\":\"...\"}}')"
    )]
    MalformedAuthData(&'static str),
    #[error("the Authorization header is malformed: {0}. Send `Authorization: Bearer <token>`")]
    MalformedAuthorization(&'static str),
    #[error("the {0} header is malformed: {1}. Send the raw token as its value")]
    MalformedTokenHeader(&'static str, &'static str),
}

/// Credentials configured in the environment at start-up.
#[derive(Clone, Default)]
pub struct EnvCredentials {
    creds: Option<Credentials>,
}

impl fmt::Debug for EnvCredentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EnvCredentials")
            .field("configured", &self.creds.is_some())
            .finish()
    }
}

impl EnvCredentials {
    pub fn none() -> Self {
        Self { creds: None }
    }

    /// Read `AUTH_DATA` and then the service's own variables, each mapped to a credential
    /// field (e.g. `("SLACK_USER_TOKEN", "authed_user.access_token")`). `AUTH_DATA` wins.
    pub fn from_env(service_vars: &[(&str, &str)]) -> Result<Self, String> {
        Self::from_lookup(|k| std::env::var(k).ok(), service_vars)
    }

    /// Like [`EnvCredentials::from_env`] with an explicit variable lookup (for tests).
    ///
    /// `AUTH_DATA_FILE` names a file that holds what `AUTH_DATA` would (a mounted Kubernetes
    /// or Docker secret: it stays out of the process environment, which child processes,
    /// crash reports and `/proc/<pid>/environ` can show).
    pub fn from_lookup(
        lookup: impl Fn(&str) -> Option<String>,
        service_vars: &[(&str, &str)],
    ) -> Result<Self, String> {
        let inline = lookup("AUTH_DATA").filter(|v| !v.trim().is_empty());
        let auth_data = match lookup("AUTH_DATA_FILE").filter(|v| !v.trim().is_empty()) {
            None => inline,
            Some(_) if inline.is_some() => {
                return Err("both AUTH_DATA and AUTH_DATA_FILE are set: set only one".into());
            }
            Some(path) => {
                let path = path.trim();
                let text = std::fs::read_to_string(path).map_err(|e| {
                    format!("AUTH_DATA_FILE={path} cannot be read ({e}): mount the credentials file there, or unset AUTH_DATA_FILE")
                })?;
                if text.trim().is_empty() {
                    return Err(format!(
                        "AUTH_DATA_FILE={path} is empty: it must hold the credentials JSON object or a bare token"
                    ));
                }
                Some(text)
            }
        };
        if let Some(raw) = auth_data {
            let raw = raw.trim();
            let creds = if raw.starts_with('{') || raw.starts_with('[') {
                match serde_json::from_str::<Value>(raw) {
                    Ok(Value::Object(map)) => Credentials::from_map(map, CredentialSource::AuthDataEnv),
                    Ok(_) => return Err("AUTH_DATA must be a JSON object such as {\"access_token\":\"...\"} or a bare token".into()),
                    Err(e) => return Err(format!("AUTH_DATA is not valid JSON ({e}); set it to a JSON object such as {{\"access_token\":\"...\"}} or to a bare token")),
                }
            } else {
                Credentials::from_token(raw, CredentialSource::AuthDataEnv)
            };
            return Ok(Self { creds: Some(creds) });
        }
        let mut map = Map::new();
        for (var, path) in service_vars {
            if let Some(v) = lookup(var).filter(|v| !v.trim().is_empty()) {
                insert_path(&mut map, path, Value::String(v.trim().to_owned()));
            }
        }
        if map.is_empty() {
            Ok(Self { creds: None })
        } else {
            Ok(Self {
                creds: Some(Credentials::from_map(map, CredentialSource::ServiceEnv)),
            })
        }
    }

    pub fn from_credentials(creds: Credentials) -> Self {
        Self { creds: Some(creds) }
    }

    pub fn get(&self) -> Option<&Credentials> {
        self.creds.as_ref()
    }
}

fn insert_path(map: &mut Map<String, Value>, path: &str, value: Value) {
    match path.split_once('.') {
        None => {
            map.insert(path.to_owned(), value);
        }
        Some((head, rest)) => {
            let entry = map
                .entry(head.to_owned())
                .or_insert_with(|| Value::Object(Map::new()));
            if !entry.is_object() {
                *entry = Value::Object(Map::new());
            }
            if let Value::Object(inner) = entry {
                insert_path(inner, rest, value);
            }
        }
    }
}

const LENIENT: GeneralPurposeConfig =
    GeneralPurposeConfig::new().with_decode_padding_mode(DecodePaddingMode::Indifferent);
const STANDARD_LENIENT: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::STANDARD, LENIENT);
const URL_SAFE_LENIENT: GeneralPurpose = GeneralPurpose::new(&base64::alphabet::URL_SAFE, LENIENT);

/// Decode an `x-auth-data` value: base64 (standard or URL-safe, padded or not) of a JSON object.
pub fn decode_auth_data(value: &[u8]) -> Result<Map<String, Value>, AuthError> {
    if value.len() > MAX_AUTH_HEADER_BYTES {
        return Err(AuthError::MalformedAuthData("it is larger than 16 KiB"));
    }
    let text = std::str::from_utf8(value)
        .map_err(|_| AuthError::MalformedAuthData("it is not ASCII text"))?
        .trim();
    if text.is_empty() {
        return Err(AuthError::MalformedAuthData("it is empty"));
    }
    let bytes = STANDARD_LENIENT
        .decode(text)
        .or_else(|_| URL_SAFE_LENIENT.decode(text))
        .map_err(|_| AuthError::MalformedAuthData("it is not valid base64"))?;
    match serde_json::from_slice::<Value>(&bytes) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(AuthError::MalformedAuthData(
            "it decodes to JSON that is not an object",
        )),
        Err(_) => Err(AuthError::MalformedAuthData("it does not decode to JSON")),
    }
}

/// Resolve one request's credentials. `headers` is `None` on stdio. With
/// `allow_env_fallback == false` (HTTP with `--require-auth-header`) the environment is not used.
/// `token_headers` are the server's raw-token headers and the credential field each fills
/// (Klavis's `x-auth-token` and `x-api-key`), read after `x-auth-data` and before
/// `Authorization`.
pub fn resolve(
    headers: Option<&HeaderMap>,
    env: &EnvCredentials,
    allow_env_fallback: bool,
    token_headers: &[(&'static str, &'static str)],
) -> Result<Option<Credentials>, AuthError> {
    if let Some(headers) = headers {
        // A `HeaderName` constant: a `&str` name is parsed and validated on every lookup.
        const AUTH_DATA: http::HeaderName = http::HeaderName::from_static(AUTH_DATA_HEADER);
        if let Some(v) = headers.get(&AUTH_DATA) {
            let map = decode_auth_data(v.as_bytes())?;
            return Ok(Some(Credentials::from_map(
                map,
                CredentialSource::AuthDataHeader,
            )));
        }
        for &(name, field) in token_headers {
            let Some(v) = headers.get(name) else {
                continue;
            };
            let text = v
                .to_str()
                .map_err(|_| AuthError::MalformedTokenHeader(name, "it is not ASCII text"))?
                .trim();
            // A gateway may send `Bearer <token>` here too.
            let token = match (text.get(..6), text.get(6..)) {
                (Some(scheme), Some(rest))
                    if scheme.eq_ignore_ascii_case("bearer")
                        && rest.chars().next().is_none_or(char::is_whitespace) =>
                {
                    rest.trim()
                }
                _ => text,
            };
            if token.is_empty() {
                return Err(AuthError::MalformedTokenHeader(name, "it is empty"));
            }
            let mut map = Map::new();
            insert_path(&mut map, field, Value::String(token.to_owned()));
            return Ok(Some(Credentials::from_map(
                map,
                CredentialSource::TokenHeader,
            )));
        }
        if let Some(v) = headers.get(http::header::AUTHORIZATION) {
            let text = v
                .to_str()
                .map_err(|_| AuthError::MalformedAuthorization("it is not ASCII text"))?;
            let (scheme, token) = text
                .trim()
                .split_once(' ')
                .ok_or(AuthError::MalformedAuthorization("it has no token"))?;
            if !scheme.eq_ignore_ascii_case("bearer") {
                return Err(AuthError::MalformedAuthorization(
                    "only the Bearer scheme is supported",
                ));
            }
            let token = token.trim();
            if token.is_empty() {
                return Err(AuthError::MalformedAuthorization("the token is empty"));
            }
            return Ok(Some(Credentials::from_token(
                token,
                CredentialSource::BearerHeader,
            )));
        }
    }
    if headers.is_none() || allow_env_fallback {
        return Ok(env.get().cloned());
    }
    Ok(None)
}

/// Encode credentials as an `x-auth-data` value (standard base64 of the JSON), for clients and tests.
pub fn encode_auth_data(value: &Value) -> String {
    general_purpose::STANDARD.encode(value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;
    use serde_json::json;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(
                *k,
                HeaderValue::from_str(v).unwrap_or(HeaderValue::from_static("x")),
            );
        }
        h
    }

    #[test]
    fn a_tenant_keeps_its_fingerprint_when_a_token_is_added() {
        let given = |v: serde_json::Value| {
            Credentials::from_map(
                v.as_object().cloned().unwrap_or_default(),
                CredentialSource::AuthDataHeader,
            )
        };
        let a = given(json!({"refresh_token": "r-1", "client_id": "c"}));
        let b = given(json!({"refresh_token": "r-2", "client_id": "c"}));
        let a1 = a.with_fields(vec![("access_token", "first".into())]);
        let a2 = a.with_fields(vec![("access_token", "renewed".into())]);
        assert_eq!(a1.fingerprint(), a.fingerprint());
        assert_eq!(a2.fingerprint(), a1.fingerprint());
        assert_ne!(b.fingerprint(), a.fingerprint());
        assert_eq!(
            a2.secret("access_token").map(|s| s.expose().to_owned()),
            Some("renewed".into())
        );
    }

    fn env_token(t: &str) -> EnvCredentials {
        EnvCredentials::from_credentials(Credentials::from_token(t, CredentialSource::AuthDataEnv))
    }

    fn token_of(c: &Option<Credentials>) -> Option<String> {
        c.as_ref()
            .and_then(|c| c.access_token())
            .map(|s| s.expose().to_owned())
    }

    #[test]
    fn header_wins_over_bearer_and_env() {
        let h = headers(&[
            (
                "x-auth-data",
                &encode_auth_data(&json!({"access_token": "hdr"})),
            ),
            ("authorization", "Bearer bear"),
        ]);
        let c = resolve(Some(&h), &env_token("env"), true, &[]);
        assert_eq!(token_of(&c.clone().ok().flatten()), Some("hdr".into()));
        assert_eq!(
            c.ok().flatten().map(|c| c.source()),
            Some(CredentialSource::AuthDataHeader)
        );
    }

    #[test]
    fn bearer_wins_over_env() {
        let h = headers(&[("authorization", "bearer bear")]);
        let c = resolve(Some(&h), &env_token("env"), true, &[])
            .ok()
            .flatten();
        assert_eq!(token_of(&c), Some("bear".into()));
    }

    #[test]
    fn env_used_without_headers_unless_required() {
        let h = HeaderMap::new();
        assert_eq!(
            token_of(
                &resolve(Some(&h), &env_token("env"), true, &[])
                    .ok()
                    .flatten()
            ),
            Some("env".into())
        );
        assert_eq!(
            token_of(
                &resolve(Some(&h), &env_token("env"), false, &[])
                    .ok()
                    .flatten()
            ),
            None
        );
        assert_eq!(
            token_of(&resolve(None, &env_token("env"), false, &[]).ok().flatten()),
            Some("env".into())
        );
    }

    #[test]
    fn url_safe_unpadded_and_nested_fields() {
        use base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let raw = URL_SAFE_NO_PAD
            .encode(json!({"access_token":"b??>","authed_user":{"access_token":"u"}}).to_string());
        let map = decode_auth_data(raw.as_bytes());
        let c = Credentials::from_map(map.unwrap_or_default(), CredentialSource::AuthDataHeader);
        assert_eq!(
            c.access_token().map(|s| s.expose().to_owned()),
            Some("b??>".into())
        );
        assert_eq!(
            c.secret("authed_user.access_token")
                .map(|s| s.expose().to_owned()),
            Some("u".into())
        );
    }

    #[test]
    fn malformed_header_is_an_error_never_env() {
        for bad in [
            "%%%not-base64",
            &encode_auth_data(&json!(["a"])),
            "bm90IGpzb24=",
            "",
        ] {
            let h = headers(&[("x-auth-data", bad)]);
            let err = resolve(Some(&h), &env_token("env"), true, &[]);
            assert!(
                matches!(err, Err(AuthError::MalformedAuthData(_))),
                "{bad}: {err:?}"
            );
            let msg = err.err().map(|e| e.to_string()).unwrap_or_default();
            assert!(msg.contains("x-auth-data"), "{msg}");
        }
        let huge = "A".repeat(MAX_AUTH_HEADER_BYTES + 4);
        let h = headers(&[("x-auth-data", &huge)]);
        assert!(resolve(Some(&h), &env_token("env"), true, &[]).is_err());
        let h = headers(&[("authorization", "Basic abc")]);
        assert!(matches!(
            resolve(Some(&h), &env_token("env"), true, &[]),
            Err(AuthError::MalformedAuthorization(_))
        ));
    }

    #[test]
    fn auth_data_file_holds_what_auth_data_would() {
        let dir = std::env::temp_dir().join(format!("mcp-auth-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let file = dir.join("AUTH_DATA");
        std::fs::write(&file, "{\"access_token\":\"from-file\"}\n").expect("write");
        let path = file.display().to_string();
        let lookup = |inline: Option<&'static str>, path: String| {
            move |k: &str| match k {
                "AUTH_DATA_FILE" => Some(path.clone()),
                "AUTH_DATA" => inline.map(str::to_owned),
                _ => None,
            }
        };
        let e = EnvCredentials::from_lookup(lookup(None, path.clone()), &[]);
        assert_eq!(
            token_of(&e.ok().and_then(|e| e.get().cloned())),
            Some("from-file".into())
        );
        let both = EnvCredentials::from_lookup(lookup(Some("x"), path.clone()), &[]);
        assert!(both.is_err_and(|e| e.contains("only one")));
        let missing = EnvCredentials::from_lookup(lookup(None, format!("{path}.missing")), &[]);
        assert!(missing.is_err_and(|e| e.contains("cannot be read") && !e.contains("from-file")));
        std::fs::write(&file, " \n").expect("write");
        let empty = EnvCredentials::from_lookup(lookup(None, path), &[]);
        assert!(empty.is_err_and(|e| e.contains("is empty")));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn env_auth_data_json_bare_and_service_vars() {
        let e = EnvCredentials::from_lookup(
            |k| (k == "AUTH_DATA").then(|| "{\"access_token\":\"j\"}".into()),
            &[],
        );
        assert_eq!(
            token_of(&e.ok().and_then(|e| e.get().cloned())),
            Some("j".into())
        );
        let e = EnvCredentials::from_lookup(|k| (k == "AUTH_DATA").then(|| " bare ".into()), &[]);
        assert_eq!(
            token_of(&e.ok().and_then(|e| e.get().cloned())),
            Some("bare".into())
        );
        let e = EnvCredentials::from_lookup(|k| (k == "AUTH_DATA").then(|| "{oops".into()), &[]);
        assert!(e.is_err());
        let e = EnvCredentials::from_lookup(
            |k| match k {
                "SLACK_BOT_TOKEN" => Some("xoxb".into()),
                "SLACK_USER_TOKEN" => Some("xoxp".into()),
                _ => None,
            },
            &[
                ("SLACK_BOT_TOKEN", "access_token"),
                ("SLACK_USER_TOKEN", "authed_user.access_token"),
            ],
        );
        let c = e.ok().and_then(|e| e.get().cloned());
        assert_eq!(token_of(&c), Some("xoxb".into()));
        assert_eq!(
            c.and_then(|c| c.secret("authed_user.access_token"))
                .map(|s| s.expose().to_owned()),
            Some("xoxp".into())
        );
    }

    #[test]
    fn token_headers_after_auth_data_before_bearer() {
        const TH: &[(&str, &str)] = &[("x-auth-token", "access_token"), ("x-api-key", "api_key")];
        let h = headers(&[
            ("x-auth-token", "Bearer tok"),
            ("authorization", "Bearer bear"),
        ]);
        let c = resolve(Some(&h), &env_token("env"), true, TH)
            .ok()
            .flatten();
        assert_eq!(token_of(&c), Some("tok".into()));
        assert_eq!(c.map(|c| c.source()), Some(CredentialSource::TokenHeader));
        let h = headers(&[("x-api-key", " k1 ")]);
        let c = resolve(Some(&h), &env_token("env"), true, TH)
            .ok()
            .flatten();
        assert_eq!(
            c.and_then(|c| c.secret("api_key"))
                .map(|s| s.expose().to_owned()),
            Some("k1".into())
        );
        let h = headers(&[
            (
                "x-auth-data",
                &encode_auth_data(&json!({"access_token": "hdr"})),
            ),
            ("x-auth-token", "tok"),
        ]);
        let c = resolve(Some(&h), &env_token("env"), true, TH)
            .ok()
            .flatten();
        assert_eq!(token_of(&c), Some("hdr".into()));
        // Undeclared, the header is ignored; declared and empty, it is an error (never env).
        let h = headers(&[("x-auth-token", "tok")]);
        let c = resolve(Some(&h), &env_token("env"), true, &[])
            .ok()
            .flatten();
        assert_eq!(token_of(&c), Some("env".into()));
        let h = headers(&[("x-auth-token", "Bearer ")]);
        let err = resolve(Some(&h), &env_token("env"), true, TH);
        assert!(
            matches!(err, Err(AuthError::MalformedTokenHeader("x-auth-token", _))),
            "{err:?}"
        );
    }

    #[test]
    fn debug_never_shows_values() {
        let c = Credentials::from_token("ghp_secret", CredentialSource::BearerHeader);
        let d = format!("{c:?}");
        assert!(!d.contains("ghp_secret"), "{d}");
    }
}
