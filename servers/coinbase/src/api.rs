//! What every Coinbase tool shares: the per-request ES256 JWT of a CDP API key (the
//! Coinbase App's API key authentication), Coinbase's `{"errors": [{"id", "message"}]}`
//! bodies, v2 `pagination` cursors, and exact decimal arithmetic on amount strings.

use base64::Engine as _;
use mcp_shared::vendor_auth::first;
use mcp_shared::{Ctx, Method, Request, Secret, ToolError};
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use p256::pkcs8::DecodePrivateKey as _;
use serde_json::{Value, json};

/// Credential fields naming the CDP API key (`organizations/{org}/apiKeys/{id}` or the key
/// id); Klavis's `api_key` and `token` too.
pub const KEY_NAME: &[&str] = &["api_key_name", "api_key_id", "key_name", "api_key", "token"];
/// Credential fields holding the key's EC private key (PEM; literal `\n` accepted).
pub const KEY_SECRET: &[&str] = &[
    "api_key_private_key",
    "api_secret",
    "api_key_secret",
    "private_key",
];

/// How long a request's JWT is valid (Coinbase: two minutes).
pub const JWT_LIFETIME_SECS: i64 = 120;

/// Coinbase's error bodies: `{"errors": [{"id", "message"}]}`, `{"message"}`, OAuth `{"error"}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &[
        "/errors/0/message",
        "/message",
        "/error_description",
        "/error",
    ],
    code: &["/errors/0/id", "/error"],
    status_hints: &[
        (
            401,
            "the CDP API key was refused: check api_key_name and api_key_private_key (an ECDSA key; Ed25519 keys do not work with the Coinbase App API) and the server's clock.",
        ),
        (
            403,
            "the API key lacks a permission this call needs (view for accounts and transactions) or is limited to other portfolios or IP addresses.",
        ),
    ],
    ..mcp_shared::ErrorShape::NONE
};

/// The caller's CDP API key: its name and signing key.
pub struct Key {
    name: mcp_shared::Secret,
    signing: SigningKey,
}

/// The request's API key from `x-auth-data` (or the environment), parsed.
pub fn key(ctx: &Ctx) -> Result<Key, ToolError> {
    let creds = ctx.credentials();
    let name = first(creds, KEY_NAME).ok_or_else(|| ctx.missing_field("api_key_name", KEY_NAME))?;
    let pem = first(creds, KEY_SECRET)
        .ok_or_else(|| ctx.missing_field("api_key_private_key", KEY_SECRET))?;
    let signing = signing_key(pem.expose())?;
    Ok(Key { name, signing })
}

/// An EC P-256 private key from PEM: SEC1 (`BEGIN EC PRIVATE KEY`, as the CDP portal gives
/// it) or PKCS#8 (`BEGIN PRIVATE KEY`), with real or literal `\n` line breaks.
pub fn signing_key(pem: &str) -> Result<SigningKey, ToolError> {
    let pem = pem.replace("\\n", "\n").replace("\r\n", "\n");
    let pem = pem.trim();
    let bad = || {
        ToolError::invalid_input(
            "api_key_private_key is not a PEM EC P-256 private key. Coinbase App API keys must be ECDSA (ES256) keys \
             from the CDP portal (Ed25519 keys are not supported); send the whole \
             -----BEGIN EC PRIVATE KEY----- block, with \\n line breaks.",
        )
    };
    if pem.contains("BEGIN EC PRIVATE KEY") {
        p256::SecretKey::from_sec1_pem(pem)
            .map(SigningKey::from)
            .map_err(|_| bad())
    } else if pem.contains("BEGIN PRIVATE KEY") {
        SigningKey::from_pkcs8_pem(pem).map_err(|_| bad())
    } else {
        Err(bad())
    }
}

fn b64(bytes: &[u8]) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The JWT for one request: header `alg` ES256, `kid` the key name, a random `nonce`;
/// claims `sub` (key name), `iss` "cdp", `nbf` now, `exp` now + 120 s and `uri`
/// ("GET api.coinbase.com/v2/accounts").
pub fn jwt(key: &Key, uri: &str, now: i64) -> Result<String, ToolError> {
    let mut nonce = [0u8; 16];
    getrandom::fill(&mut nonce)
        .map_err(|e| ToolError::transport(format!("no randomness for the JWT nonce: {e}")))?;
    let nonce: String = nonce.iter().map(|b| format!("{b:02x}")).collect();
    let header = json!({"alg": "ES256", "kid": key.name.expose(), "nonce": nonce, "typ": "JWT"});
    let claims = json!({
        "sub": key.name.expose(),
        "iss": "cdp",
        "nbf": now,
        "exp": now + JWT_LIFETIME_SECS,
        "uri": uri,
    });
    let input = format!(
        "{}.{}",
        b64(header.to_string().as_bytes()),
        b64(claims.to_string().as_bytes())
    );
    let sig: Signature = key.signing.sign(input.as_bytes());
    Ok(format!("{input}.{}", b64(&sig.to_bytes())))
}

/// The JWT's `uri` claim for `path` under the base URL: method, host (and a port that is
/// not the scheme's default) and path, without scheme or query.
fn jwt_uri(ctx: &Ctx, method: &Method, path: &str) -> Result<String, ToolError> {
    let base = ctx
        .upstream()
        .base_url()
        .ok_or_else(|| ToolError::transport("no Coinbase API base URL is configured"))?;
    let host = base
        .host_str()
        .ok_or_else(|| ToolError::transport("the Coinbase API base URL has no host"))?;
    let host = match base.port() {
        Some(p) => format!("{host}:{p}"),
        None => host.to_owned(),
    };
    let route = path.split('?').next().unwrap_or(path);
    Ok(format!(
        "{method} {host}{}/{}",
        base.path().trim_end_matches('/'),
        route.trim_start_matches('/')
    ))
}

/// A request to the Coinbase App API with the caller's credentials: with a CDP API key, a
/// fresh JWT for this method and path in `Authorization: Bearer`; without one, an OAuth
/// access token ("Sign in with Coinbase") as the bearer.
pub fn signed(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    let creds = ctx.credentials();
    let token = match (first(creds, KEY_NAME), first(creds, &["access_token"])) {
        (None, Some(oauth)) => oauth,
        _ => {
            let key = key(ctx)?;
            let uri = jwt_uri(ctx, &method, path)?;
            Secret::new(jwt(&key, &uri, chrono::Utc::now().timestamp())?)
        }
    };
    // The shared request builder writes the header and marks it sensitive.
    Ok(ctx.request(method, path).bearer(&token))
}

/// Send and decode; the error is cleared of any credential of the call, should the vendor
/// echo one (the shared client only knows the fields a spec's `auth` declares).
pub async fn send(ctx: &Ctx, req: Request) -> Result<Value, ToolError> {
    req.send_json().await.map_err(|mut e| {
        let fields = KEY_NAME.iter().chain(KEY_SECRET).chain(&["access_token"]);
        for f in fields {
            if let Some(v) = ctx.credentials().and_then(|c| c.secret(f)) {
                let v = v.expose();
                if v.len() >= 4 {
                    e.message = e.message.replace(v, "[credential]");
                    e.hint = e.hint.map(|h| h.replace(v, "[credential]"));
                }
            }
        }
        e
    })
}

/// A public (unauthenticated) GET on the Coinbase App API.
pub async fn public_get(ctx: &Ctx, path: &str, query: &[(&str, &str)]) -> Result<Value, ToolError> {
    let mut req = ctx.request(Method::GET, path);
    for (k, v) in query {
        req = req.query(k, v);
    }
    send(ctx, req).await
}

/// The `data` member of a v2 answer.
pub fn data(v: &Value) -> &Value {
    v.get("data").unwrap_or(v)
}

/// The next cursor of a v2 list: `pagination.next_starting_after`.
pub fn next_cursor(v: &Value) -> Value {
    v.pointer("/pagination/next_starting_after")
        .filter(|c| c.as_str().is_some_and(|s| !s.is_empty()))
        .cloned()
        .unwrap_or(Value::Null)
}

/// A currency pair such as `BTC-USD`, upper-cased; a clear error otherwise.
pub fn pair(s: &str, what: &str) -> Result<String, ToolError> {
    let p = s.trim().to_ascii_uppercase();
    let ok = p
        .split_once('-')
        .is_some_and(|(a, b)| code_ok(a) && code_ok(b));
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a currency pair such as BTC-USD (got {s:?})"
        )));
    }
    Ok(p)
}

/// A currency code: 1-12 ASCII letters or digits.
pub fn code_ok(c: &str) -> bool {
    (1..=12).contains(&c.len()) && c.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// An exact decimal: `mantissa × 10^-scale`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Dec {
    m: i128,
    scale: u32,
}

impl Dec {
    pub const ZERO: Dec = Dec { m: 0, scale: 0 };

    /// `"-12.3400"` and the like; `None` for anything else (exponents, too many digits).
    pub fn parse(s: &str) -> Option<Dec> {
        let s = s.trim();
        let (neg, digits) = match s.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, s.strip_prefix('+').unwrap_or(s)),
        };
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().chain(frac.bytes()).all(|b| b.is_ascii_digit())
            || int.len() + frac.len() > 36
        {
            return None;
        }
        let mut m: i128 = 0;
        for b in int.bytes().chain(frac.bytes()) {
            m = m.checked_mul(10)?.checked_add(i128::from(b - b'0'))?;
        }
        let scale = u32::try_from(frac.len()).ok()?;
        Some(Dec {
            m: if neg { -m } else { m },
            scale,
        })
    }

    fn rescale(self, scale: u32) -> Option<Dec> {
        let f = 10i128.checked_pow(scale.checked_sub(self.scale)?)?;
        Some(Dec {
            m: self.m.checked_mul(f)?,
            scale,
        })
    }

    pub fn add(self, o: Dec) -> Option<Dec> {
        let s = self.scale.max(o.scale);
        let (a, b) = (self.rescale(s)?, o.rescale(s)?);
        Some(Dec {
            m: a.m.checked_add(b.m)?,
            scale: s,
        })
    }

    pub fn mul(self, o: Dec) -> Option<Dec> {
        let product = Dec {
            m: self.m.checked_mul(o.m)?,
            scale: self.scale.checked_add(o.scale)?,
        };
        Some(product.trim())
    }

    /// Without trailing fractional zeros.
    fn trim(mut self) -> Dec {
        while self.scale > 0 && self.m % 10 == 0 {
            self.m /= 10;
            self.scale -= 1;
        }
        self
    }

    pub fn is_zero(self) -> bool {
        self.m == 0
    }

    /// Rounded half away from zero to `places` decimals.
    pub fn round(self, places: u32) -> Dec {
        if self.scale <= places {
            return self;
        }
        let Some(f) = 10i128.checked_pow(self.scale - places) else {
            return Dec::ZERO;
        };
        let q = self.m / f;
        let r = self.m % f;
        let q = if r.unsigned_abs() * 2 >= f.unsigned_abs() {
            q + self.m.signum()
        } else {
            q
        };
        Dec {
            m: q,
            scale: places,
        }
    }
}

impl std::fmt::Display for Dec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let digits = self.m.unsigned_abs().to_string();
        let sign = if self.m < 0 { "-" } else { "" };
        let scale = self.scale as usize;
        if scale == 0 {
            return write!(f, "{sign}{digits}");
        }
        let padded = format!("{digits:0>width$}", width = scale + 1);
        let cut = padded.len() - scale;
        let (int, frac) = (
            padded.get(..cut).unwrap_or("0"),
            padded.get(cut..).unwrap_or(""),
        );
        write!(f, "{sign}{int}.{frac}")
    }
}
