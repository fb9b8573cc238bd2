//! How a call authenticates to the SQL API, as Snowflake documents it
//! (docs.snowflake.com/developer-guide/sql-api/authenticating): `Authorization: Bearer <token>`
//! with `X-Snowflake-Authorization-Token-Type` naming the kind of token: a key-pair JWT signed
//! here with the user's RSA key (`KEYPAIR_JWT`), a programmatic access token
//! (`PROGRAMMATIC_ACCESS_TOKEN`) or an OAuth token (`OAUTH`). Also the account's host.

use std::future::Future;
use std::pin::Pin;
use std::sync::LazyLock;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use mcp_shared::{Ctx, Secret, TokenCache, ToolError};
use ring::signature::{KeyPair as _, RSA_PKCS1_SHA256, RsaKeyPair};
use serde_json::{Value, json};

/// The user's RSA private key (PEM, PKCS#8 or PKCS#1; `\n` escapes accepted).
pub const KEY_FIELDS: &[&str] = &["SNOWFLAKE_PRIVATE_KEY", "private_key"];
/// A programmatic access token.
pub const PAT_FIELDS: &[&str] = &[
    "SNOWFLAKE_PROGRAMMATIC_ACCESS_TOKEN",
    "SNOWFLAKE_TOKEN",
    "programmatic_access_token",
    "token",
];
/// An OAuth access token (Snowflake OAuth or External OAuth).
pub const OAUTH_FIELDS: &[&str] = &["SNOWFLAKE_OAUTH_TOKEN", "oauth_token", "access_token"];
/// Every field that can carry the credential, in the order they are tried.
pub const CREDENTIAL_FIELDS: &[&str] = &[
    "SNOWFLAKE_PRIVATE_KEY",
    "private_key",
    "SNOWFLAKE_PROGRAMMATIC_ACCESS_TOKEN",
    "SNOWFLAKE_TOKEN",
    "programmatic_access_token",
    "token",
    "SNOWFLAKE_OAUTH_TOKEN",
    "oauth_token",
    "access_token",
];
pub const ACCOUNT_FIELDS: &[&str] = &["SNOWFLAKE_ACCOUNT", "account"];
pub const USER_FIELDS: &[&str] = &["SNOWFLAKE_USER", "user"];

/// A JWT lives this long (Snowflake accepts at most one hour)...
const JWT_LIFETIME: Duration = Duration::from_secs(59 * 60);
/// ...and is used until this long before it expires.
const JWT_MARGIN: Duration = Duration::from_secs(5 * 60);

static JWTS: LazyLock<TokenCache> = LazyLock::new(TokenCache::default);

/// The bearer token of a call and its kind (the `X-Snowflake-Authorization-Token-Type` value).
pub struct Token {
    pub value: Secret,
    pub kind: &'static str,
}

/// A string credential field (the first of `names` present and not empty).
pub fn field(ctx: &Ctx, names: &[&str]) -> Option<String> {
    let c = ctx.credentials()?;
    names.iter().find_map(|n| match c.field(n) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        _ => None,
    })
}

fn missing(ctx: &Ctx, names: &'static [&'static str]) -> ToolError {
    ctx.missing_field(names.first().copied().unwrap_or("SNOWFLAKE_ACCOUNT"), names)
}

/// This call's token: a key-pair JWT when the credentials hold a private key, else a
/// programmatic access token, else an OAuth token.
pub fn token(ctx: &Ctx) -> Result<Token, ToolError> {
    // The standard message naming what to send when none of them is there.
    ctx.connection()?;
    let creds = ctx.credentials();
    let first = |names: &[&str]| names.iter().find_map(|n| creds.and_then(|c| c.secret(n)));
    if let Some(pem) = first(KEY_FIELDS) {
        let account = field(ctx, ACCOUNT_FIELDS).ok_or_else(|| missing(ctx, ACCOUNT_FIELDS))?;
        let user = field(ctx, USER_FIELDS).ok_or_else(|| missing(ctx, USER_FIELDS))?;
        let jwt = keypair_jwt(&account, &user, pem.expose())?;
        return Ok(Token {
            value: jwt,
            kind: "KEYPAIR_JWT",
        });
    }
    if let Some(t) = first(PAT_FIELDS) {
        return Ok(Token {
            value: t,
            kind: "PROGRAMMATIC_ACCESS_TOKEN",
        });
    }
    if let Some(t) = first(OAUTH_FIELDS) {
        return Ok(Token {
            value: t,
            kind: "OAUTH",
        });
    }
    Err(missing(ctx, CREDENTIAL_FIELDS))
}

/// The account name as the JWT's `iss` and `sub` carry it: upper case, without the region
/// and cloud of a legacy locator (`xy12345.us-east-2.aws` is `XY12345`), and for a
/// replication URL (`org-acct.global`) only what precedes the first `-`, as Snowflake's own
/// JWT generator does.
pub fn jwt_account(account: &str) -> String {
    let host = mcp_shared::tenant::host_as_written(account);
    let a = host
        .strip_suffix(".snowflakecomputing.com")
        .unwrap_or(&host);
    let cut = if a.contains(".global") { '-' } else { '.' };
    a.split(cut).next().unwrap_or(a).to_ascii_uppercase()
}

/// The account's host label from `SNOWFLAKE_ACCOUNT`: lower case, without a scheme or the
/// `.snowflakecomputing.com` suffix, `_` written `-` (host names cannot hold `_`; Snowflake
/// serves `org-my-account` for `org-my_account`).
pub fn host_label(account: &str) -> String {
    let host = mcp_shared::tenant::host_as_written(account);
    let a = host
        .strip_suffix(".snowflakecomputing.com")
        .unwrap_or(&host);
    a.replace('_', "-")
}

/// What the tenant resolver's `derive` step returns: fields to fill, or why not.
pub type DeriveFuture =
    Pin<Box<dyn Future<Output = Result<Vec<(String, String)>, ToolError>> + Send>>;

/// Fills `snowflake_account_host` in the base URL template from the account.
pub fn derive_host(ctx: Ctx) -> DeriveFuture {
    Box::pin(async move {
        let account = field(&ctx, ACCOUNT_FIELDS).ok_or_else(|| missing(&ctx, ACCOUNT_FIELDS))?;
        Ok(vec![(
            "snowflake_account_host".to_owned(),
            host_label(&account),
        )])
    })
}

fn b64url(data: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(data)
}

fn key_error(why: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "SNOWFLAKE_PRIVATE_KEY is not usable: {why}. No request was made."
    ))
    .with_hint("send the RSA private key whose public key is set on the user (ALTER USER ... SET RSA_PUBLIC_KEY), as PEM: `-----BEGIN PRIVATE KEY-----` (PKCS#8) or `-----BEGIN RSA PRIVATE KEY-----` (PKCS#1), unencrypted (`openssl pkcs8 -topk8 -nocrypt` decrypts an encrypted one).")
}

/// The key pair from PEM text (or bare base64 of a PKCS#8 DER key).
pub fn parse_key(pem: &str) -> Result<RsaKeyPair, ToolError> {
    let text = pem.replace("\\n", "\n").replace("\r", "");
    let mut label = None;
    let mut body = String::new();
    for line in text.lines().map(str::trim) {
        if let Some(rest) = line.strip_prefix("-----BEGIN ") {
            label = Some(rest.trim_end_matches('-').trim().to_owned());
            body.clear();
        } else if line.starts_with("-----END ") {
            break;
        } else if line.contains(':') {
            // PEM headers (Proc-Type, DEK-Info) of a legacy encrypted key.
            return Err(key_error(
                "it is encrypted (a passphrase-protected PEM); only unencrypted keys are supported",
            ));
        } else {
            body.push_str(line);
        }
    }
    let body: String = body.chars().filter(|c| !c.is_whitespace()).collect();
    let der = base64::engine::general_purpose::STANDARD
        .decode(body.as_bytes())
        .map_err(|_| key_error("its PEM body is not base64"))?;
    match label.as_deref() {
        Some("ENCRYPTED PRIVATE KEY") => Err(key_error(
            "it is an encrypted PKCS#8 key; only unencrypted keys are supported",
        )),
        Some("RSA PRIVATE KEY") => RsaKeyPair::from_der(&der)
            .map_err(|e| key_error(&format!("not an RSA PKCS#1 key ({e})"))),
        Some("PRIVATE KEY") | None => RsaKeyPair::from_pkcs8(&der)
            .map_err(|e| key_error(&format!("not an RSA PKCS#8 key ({e})"))),
        Some(other) => Err(key_error(&format!(
            "a `{other}` PEM block is not an RSA private key"
        ))),
    }
}

fn der_len(len: usize, out: &mut Vec<u8>) {
    if len < 0x80 {
        out.push(len as u8);
    } else {
        let bytes: Vec<u8> = len
            .to_be_bytes()
            .into_iter()
            .skip_while(|b| *b == 0)
            .collect();
        out.push(0x80 | bytes.len() as u8);
        out.extend(bytes);
    }
}

fn der(tag: u8, content: &[u8]) -> Vec<u8> {
    let mut out = vec![tag];
    der_len(content.len(), &mut out);
    out.extend_from_slice(content);
    out
}

/// The DER SubjectPublicKeyInfo of an RSA public key (`RSAPublicKey` DER inside).
pub fn spki_der(rsa_public_key: &[u8]) -> Vec<u8> {
    // AlgorithmIdentifier { rsaEncryption (1.2.840.113549.1.1.1), NULL }
    const ALG: [u8; 15] = [
        0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
    ];
    let mut bits = vec![0u8];
    bits.extend_from_slice(rsa_public_key);
    let mut seq = ALG.to_vec();
    seq.extend(der(0x03, &bits));
    der(0x30, &seq)
}

/// `SHA256:<base64 of the SHA-256 of the public key's DER SubjectPublicKeyInfo>`, the
/// fingerprint `DESCRIBE USER` shows as `RSA_PUBLIC_KEY_FP`.
pub fn fingerprint(key: &RsaKeyPair) -> String {
    let spki = spki_der(key.public_key().as_ref());
    let digest = ring::digest::digest(&ring::digest::SHA256, &spki);
    format!(
        "SHA256:{}",
        base64::engine::general_purpose::STANDARD.encode(digest.as_ref())
    )
}

/// A key-pair JWT (RS256) for `account` and `user`, reused until shortly before it expires.
pub fn keypair_jwt(account: &str, user: &str, pem: &str) -> Result<Secret, ToolError> {
    let qualified = format!("{}.{}", jwt_account(account), user.to_ascii_uppercase());
    let cache_key = {
        let d = ring::digest::digest(
            &ring::digest::SHA256,
            format!("{qualified}\n{pem}").as_bytes(),
        );
        b64url(d.as_ref())
    };
    if let Some(t) = JWTS.get(&cache_key) {
        return Ok(t);
    }
    let key = parse_key(pem)?;
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or_default();
    let header = json!({"alg": "RS256", "typ": "JWT"});
    let claims = json!({
        "iss": format!("{qualified}.{}", fingerprint(&key)),
        "sub": qualified,
        "iat": now,
        "exp": now + JWT_LIFETIME.as_secs(),
    });
    let input = format!(
        "{}.{}",
        b64url(header.to_string().as_bytes()),
        b64url(claims.to_string().as_bytes())
    );
    let mut sig = vec![0u8; key.public().modulus_len()];
    key.sign(
        &RSA_PKCS1_SHA256,
        &ring::rand::SystemRandom::new(),
        input.as_bytes(),
        &mut sig,
    )
    .map_err(|_| key_error("signing with it failed"))?;
    let jwt = Secret::new(format!("{input}.{}", b64url(&sig)));
    JWTS.put(cache_key, jwt.clone(), JWT_LIFETIME - JWT_MARGIN);
    Ok(jwt)
}
