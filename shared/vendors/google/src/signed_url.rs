//! V4 signed URLs for Cloud Storage, signed locally with a service-account key (Google's "V4
//! signing process with your own program": `GOOG4-RSA-SHA256`, the canonical request over the
//! `host` header, `UNSIGNED-PAYLOAD`). Nothing is sent to Google.

use mcp_shared::ToolError;
use ring::digest::{SHA256, digest};

use crate::service_account::ServiceAccount;

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

/// What a V4 signature covers (the signing itself is the caller's: a local key, or IAM
/// Credentials `signBlob`): the URL's path, its canonical query (sorted, without the
/// signature) and the string to sign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToSign {
    /// `/{bucket}/{object}`, percent-encoded (the object's `/` kept).
    pub path: String,
    /// The `X-Goog-*` parameters, sorted and encoded.
    pub query: String,
    /// `GOOG4-RSA-SHA256`, the time, the scope and the canonical request's SHA-256.
    pub string_to_sign: String,
}

impl ToSign {
    /// The signed URL on `scheme://host` with the signature's bytes.
    pub fn url(&self, scheme: &str, host: &str, signature: &[u8]) -> String {
        format!(
            "{scheme}://{host}{}?{}&X-Goog-Signature={}",
            self.path,
            self.query,
            hex(signature)
        )
    }
}

/// What to sign for a URL on `host` (`storage.googleapis.com`, or a `host:port`) with which
/// anyone may `method` (GET, PUT, DELETE, HEAD, POST) `object` of `bucket` for `expires`
/// seconds from `now`, as the service account `email`.
pub fn to_sign(
    email: &str,
    host: &str,
    bucket: &str,
    object: &str,
    method: &str,
    expires: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> ToSign {
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
        ("X-Goog-Credential", format!("{email}/{scope}")),
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
    let string_to_sign = format!(
        "GOOG4-RSA-SHA256\n{stamp}\n{scope}\n{}",
        hex(digest(&SHA256, canonical.as_bytes()).as_ref())
    );
    ToSign {
        path,
        query,
        string_to_sign,
    }
}

/// The URL on `host` (`storage.googleapis.com`, or a `host:port`) with which anyone may
/// `method` (GET, PUT, DELETE, HEAD, POST) `object` of `bucket` for `expires` seconds
/// from `now`, signed with `sa`.
pub fn sign(
    sa: &ServiceAccount,
    host: &str,
    bucket: &str,
    object: &str,
    method: &str,
    expires: i64,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<String, ToolError> {
    let t = to_sign(&sa.client_email, host, bucket, object, method, expires, now);
    let sig = sa.sign(t.string_to_sign.as_bytes())?;
    Ok(t.url("https", host, &sig))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service_account::tests::{key, verify};

    #[test]
    fn a_v4_url_is_signed_over_its_canonical_request() {
        let sa = key();
        let now = chrono::DateTime::from_timestamp(1_743_500_000, 0).unwrap();
        let url = sign(
            &sa,
            "storage.example:8443",
            "bkt",
            "dir/a b.txt",
            "PUT",
            900,
            now,
        )
        .unwrap();
        let query = "X-Goog-Algorithm=GOOG4-RSA-SHA256\
            &X-Goog-Credential=runner%40proj-1.iam.gserviceaccount.com%2F20250401%2Fauto%2Fstorage%2Fgoog4_request\
            &X-Goog-Date=20250401T093320Z&X-Goog-Expires=900&X-Goog-SignedHeaders=host";
        let prefix =
            format!("https://storage.example:8443/bkt/dir/a%20b.txt?{query}&X-Goog-Signature=");
        let sig = url.strip_prefix(&prefix).unwrap();
        let canonical = format!(
            "PUT\n/bkt/dir/a%20b.txt\n{query}\nhost:storage.example:8443\n\nhost\nUNSIGNED-PAYLOAD"
        );
        let to_sign = format!(
            "GOOG4-RSA-SHA256\n20250401T093320Z\n20250401/auto/storage/goog4_request\n{}",
            hex(digest(&SHA256, canonical.as_bytes()).as_ref())
        );
        let sig: Vec<u8> = (0..sig.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(sig.get(i..i + 2).unwrap(), 16).unwrap())
            .collect();
        verify(to_sign.as_bytes(), &sig);
    }
}
