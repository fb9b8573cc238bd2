use base64::Engine as _;
use mcp_testkit::expect;
use ring::signature::{KeyPair, RSA_PKCS1_2048_8192_SHA256, RsaKeyPair, UnparsedPublicKey};
use serde_json::{Value, json};

use crate::common::{ok, received, start_with};

const KEY_PEM: &str = include_str!("test_key.pem");
const EMAIL: &str = "runner@proj-1.iam.gserviceaccount.com";

fn sa_creds() -> Value {
    json!({
        "type": "service_account",
        "project_id": "proj-1",
        "private_key_id": "kid-1",
        "private_key": KEY_PEM,
        "client_email": EMAIL,
        "client_id": "1234",
        "token_uri": "https://oauth2.googleapis.com/token"
    })
}

fn public_key() -> Vec<u8> {
    let b64: String = KEY_PEM
        .lines()
        .filter(|l| !l.starts_with("-----"))
        .collect();
    let der = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .unwrap();
    RsaKeyPair::from_pkcs8(&der)
        .unwrap()
        .public_key()
        .as_ref()
        .to_vec()
}

fn b64url(s: &str) -> Vec<u8> {
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(s)
        .unwrap()
}

#[tokio::test]
async fn service_account_key_is_exchanged_with_a_signed_jwt_once() {
    let e = start_with(sa_creds()).await;
    expect("POST", "/token")
        .any_body()
        .respond(
            &e.fake,
            200,
            json!({"access_token": "sa-access", "expires_in": 3599, "token_type": "Bearer"}),
        )
        .await;
    expect("GET", "/storage/v1/b")
        .bearer("sa-access")
        .query("project", "proj-1")
        .times(2)
        .respond(&e.fake, 200, json!({"items": []}))
        .await;
    ok(&e.client, "storage_list_buckets", json!({})).await;
    ok(&e.client, "storage_list_buckets", json!({})).await;
    let reqs = received(&e.fake, "POST", "/token").await;
    assert_eq!(reqs.len(), 1, "the token is cached per key");
    let r = &reqs[0];
    assert!(
        r.headers
            .get("content-type")
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("application/x-www-form-urlencoded")
    );
    let form: Vec<(String, String)> = url_pairs(&r.body);
    assert_eq!(form.len(), 2);
    assert_eq!(
        form[0],
        (
            "grant_type".to_owned(),
            "urn:ietf:params:oauth:grant-type:jwt-bearer".to_owned()
        )
    );
    assert_eq!(form[1].0, "assertion");
    let jwt = &form[1].1;
    let parts: Vec<&str> = jwt.split('.').collect();
    assert_eq!(parts.len(), 3);
    let header: Value = serde_json::from_slice(&b64url(parts[0])).unwrap();
    assert_eq!(
        header,
        json!({"alg": "RS256", "typ": "JWT", "kid": "kid-1"})
    );
    let claims: Value = serde_json::from_slice(&b64url(parts[1])).unwrap();
    assert_eq!(claims["iss"], EMAIL);
    assert_eq!(
        claims["scope"],
        "https://www.googleapis.com/auth/cloud-platform"
    );
    assert_eq!(claims["aud"], "https://oauth2.googleapis.com/token");
    let iat = claims["iat"].as_u64().unwrap();
    assert_eq!(claims["exp"].as_u64().unwrap(), iat + 3600);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!(iat.abs_diff(now) < 60);
    UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, public_key())
        .verify(
            format!("{}.{}", parts[0], parts[1]).as_bytes(),
            &b64url(parts[2]),
        )
        .expect("the assertion is signed with the key");
}

fn url_pairs(body: &[u8]) -> Vec<(String, String)> {
    String::from_utf8(body.to_vec())
        .unwrap()
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            let dec = |s: &str| percent_decode(s);
            (dec(k), dec(v))
        })
        .collect()
}

fn percent_decode(s: &str) -> String {
    let s = s.replace('+', " ");
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            out.push(
                u8::from_str_radix(std::str::from_utf8(&b[i + 1..i + 3]).unwrap(), 16).unwrap(),
            );
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}

#[tokio::test]
async fn key_with_foreign_token_uri_is_refused() {
    let mut c = sa_creds();
    c["token_uri"] = json!("https://evil.example/token");
    let e = start_with(c).await;
    let err = e.client.call_err("storage_list_buckets", json!({})).await;
    assert!(err.contains("not Google's token endpoint"), "{err}");
    mcp_testkit::assert_no_requests(&e.fake).await;
}

#[tokio::test]
async fn broken_key_is_a_clear_error_without_the_key() {
    let mut c = sa_creds();
    c["private_key"] = json!("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n");
    let e = start_with(c).await;
    let err = e.client.call_err("bigquery_list_datasets", json!({})).await;
    assert!(err.contains("not an RSA private key"), "{err}");
    assert!(!err.contains("AAAA"));
}

#[tokio::test]
async fn token_endpoint_error_names_the_key() {
    let e = start_with(sa_creds()).await;
    expect("POST", "/token")
        .any_body()
        .respond(
            &e.fake,
            400,
            json!({"error": "invalid_grant", "error_description": "Invalid JWT Signature."}),
        )
        .await;
    let err = e.client.call_err("bigquery_list_datasets", json!({})).await;
    assert!(err.contains("Invalid JWT Signature."), "{err}");
    assert!(err.contains("service-account key"), "{err}");
}

#[tokio::test]
async fn refresh_token_form() {
    let e = start_with(json!({"client_id": "cid", "client_secret": "csecret", "refresh_token": "rtok", "project_id": "proj-1"})).await;
    expect("POST", "/token")
        .form_body(&[
            ("grant_type", "refresh_token"),
            ("client_id", "cid"),
            ("client_secret", "csecret"),
            ("refresh_token", "rtok"),
        ])
        .respond(
            &e.fake,
            200,
            json!({"access_token": "rt-access", "expires_in": 3600}),
        )
        .await;
    expect("GET", "/compute/v1/projects/proj-1/zones")
        .bearer("rt-access")
        .respond(&e.fake, 200, json!({"items": []}))
        .await;
    ok(&e.client, "compute_list_zones", json!({})).await;
}

#[tokio::test]
async fn project_id_is_required() {
    let e = start_with(json!({"access_token": "t"})).await;
    let err = e.client.call_err("bigquery_list_datasets", json!({})).await;
    assert!(err.contains("project_id"), "{err}");
    mcp_testkit::assert_no_requests(&e.fake).await;
}

#[tokio::test]
async fn signed_url_v4_is_signed_with_the_key() {
    let e = start_with(sa_creds()).await;
    expect("POST", "/token")
        .any_body()
        .respond(
            &e.fake,
            200,
            json!({"access_token": "sa-access", "expires_in": 3599}),
        )
        .await;
    let t = ok(&e.client, "storage_generate_signed_url", json!({"bucket_name": "bkt", "blob_name": "dir/a b.txt", "expiration_minutes": 15, "method": "put"})).await;
    let url = t.lines().last().unwrap();
    let host = e.fake.uri().trim_start_matches("http://").to_owned();
    let prefix = format!("https://{host}/bkt/dir/a%20b.txt?");
    assert!(url.starts_with(&prefix), "{url}");
    let (query, sig) = url
        .strip_prefix(&prefix)
        .unwrap()
        .split_once("&X-Goog-Signature=")
        .unwrap();
    let pairs: Vec<(String, String)> = query
        .split('&')
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap();
            (k.to_owned(), percent_decode(v))
        })
        .collect();
    let get = |k: &str| {
        pairs
            .iter()
            .find(|(x, _)| x == k)
            .map(|(_, v)| v.clone())
            .unwrap()
    };
    assert_eq!(get("X-Goog-Algorithm"), "GOOG4-RSA-SHA256");
    assert_eq!(get("X-Goog-Expires"), "900");
    assert_eq!(get("X-Goog-SignedHeaders"), "host");
    let stamp = get("X-Goog-Date");
    let date = &stamp[..8];
    assert_eq!(
        get("X-Goog-Credential"),
        format!("{EMAIL}/{date}/auto/storage/goog4_request")
    );
    let canonical =
        format!("PUT\n/bkt/dir/a%20b.txt\n{query}\nhost:{host}\n\nhost\nUNSIGNED-PAYLOAD");
    let hash = ring::digest::digest(&ring::digest::SHA256, canonical.as_bytes());
    let hex: String = hash.as_ref().iter().map(|b| format!("{b:02x}")).collect();
    let to_sign = format!("GOOG4-RSA-SHA256\n{stamp}\n{date}/auto/storage/goog4_request\n{hex}");
    let sig: Vec<u8> = (0..sig.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&sig[i..i + 2], 16).unwrap())
        .collect();
    UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, public_key())
        .verify(to_sign.as_bytes(), &sig)
        .expect("V4 signature verifies");
}

#[tokio::test]
async fn signed_url_needs_a_key() {
    let e = crate::common::start().await;
    let err = e
        .client
        .call_err(
            "storage_generate_signed_url",
            json!({"bucket_name": "bkt", "blob_name": "a"}),
        )
        .await;
    assert!(err.contains("service-account key"), "{err}");
    mcp_testkit::assert_no_requests(&e.fake).await;
}
