//! V4 signed URLs for Cloud Storage, signed locally with the call's service-account key
//! (Google's "V4 signing process with your own program": `GOOG4-RSA-SHA256`, the canonical
//! request over the `host` header, `UNSIGNED-PAYLOAD`).

use mcp_shared::{Ctx, ToolError};
use ring::digest::{SHA256, digest};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::api::{BUCKETS, check_allowed, name, object_name};
use crate::auth::service_account;

/// Make a V4 signed URL for an object: anyone holding it can `method` (GET, PUT, DELETE,
/// HEAD) the object until it expires (at most 7 days). Needs a service-account key in the
/// credentials (an access token cannot sign). No request is made to Google.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SignedUrl {
    bucket_name: String,
    blob_name: String,
    #[schemars(extend("default" = 60), range(min = 1, max = 10080))]
    expiration_minutes: Option<i64>,
    #[schemars(extend("default" = "GET", "enum" = ["GET", "PUT", "DELETE", "HEAD", "POST"]))]
    method: Option<String>,
}

const ENCODE: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'~');

fn enc(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, ENCODE).to_string()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The signed URL for `host` at `now`.
pub fn sign(
    sa: &crate::auth::ServiceAccount,
    host: &str,
    bucket: &str,
    object: &str,
    method: &str,
    expires: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<String, ToolError> {
    let stamp = now.format("%Y%m%dT%H%M%SZ").to_string();
    let date = now.format("%Y%m%d").to_string();
    let scope = format!("{date}/auto/storage/goog4_request");
    let path = format!(
        "/{}/{}",
        enc(bucket),
        object.split('/').map(enc).collect::<Vec<_>>().join("/")
    );
    let mut q = [
        ("X-Goog-Algorithm", "GOOG4-RSA-SHA256".to_owned()),
        ("X-Goog-Credential", format!("{}/{scope}", sa.client_email)),
        ("X-Goog-Date", stamp.clone()),
        ("X-Goog-Expires", expires.to_string()),
        ("X-Goog-SignedHeaders", "host".to_owned()),
    ];
    q.sort_by(|a, b| a.0.cmp(b.0));
    let query = q
        .iter()
        .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
        .collect::<Vec<_>>()
        .join("&");
    let canonical = format!("{method}\n{path}\n{query}\nhost:{host}\n\nhost\nUNSIGNED-PAYLOAD");
    let to_sign = format!(
        "GOOG4-RSA-SHA256\n{stamp}\n{scope}\n{}",
        hex(digest(&SHA256, canonical.as_bytes()).as_ref())
    );
    let sig = sa.sign(to_sign.as_bytes())?;
    Ok(format!(
        "https://{host}{path}?{query}&X-Goog-Signature={}",
        hex(&sig)
    ))
}

pub async fn generate(ctx: Ctx, a: SignedUrl) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let obj = object_name(&a.blob_name, "blob_name")?;
    let minutes = a.expiration_minutes.unwrap_or(60);
    if !(1..=10_080).contains(&minutes) {
        return Err(ToolError::invalid_input(
            "`expiration_minutes` must be between 1 and 10080 (7 days, V4's limit)",
        ));
    }
    let method = a
        .method
        .as_deref()
        .map(|m| m.trim().to_ascii_uppercase())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| "GET".to_owned());
    if !["GET", "PUT", "DELETE", "HEAD", "POST"].contains(&method.as_str()) {
        return Err(ToolError::invalid_input(format!(
            "`method` {method:?} is not GET, PUT, DELETE, HEAD or POST"
        )));
    }
    let sa = service_account(&ctx)?.ok_or_else(|| {
        ToolError::invalid_input(
            "A signed URL is signed with a service-account key: send the key (type service_account, client_email, private_key) in the credentials. An access token or refresh token cannot sign. No request was made.",
        )
    })?;
    let host = ctx
        .api("storage")?
        .base_url()
        .and_then(|u| {
            let h = u.host_str()?;
            Some(match u.port() {
                Some(p) => format!("{h}:{p}"),
                None => h.to_owned(),
            })
        })
        .unwrap_or_else(|| "storage.googleapis.com".to_owned());
    let url = sign(
        &sa,
        &host,
        &b,
        &obj,
        &method,
        minutes * 60,
        chrono::Utc::now(),
    )?;
    Ok(format!(
        "Signed URL for {method} gs://{b}/{obj}, valid {minutes} minutes:\n{url}"
    ))
}
