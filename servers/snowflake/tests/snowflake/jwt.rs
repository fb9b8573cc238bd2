//! Key-pair authentication: the JWT's claims and RS256 signature checked with the test key's
//! public key (computed by openssl, not by the server), its reuse, PKCS#1 keys, and refusals.

use base64::Engine as _;
use ring::signature::{RSA_PKCS1_2048_8192_SHA256, UnparsedPublicKey};
use serde_json::{Value, json};

use crate::common::*;

fn key_creds(account: &str, key: &str) -> Value {
    json!({
        "SNOWFLAKE_ACCOUNT": account,
        "SNOWFLAKE_USER": "bot_user",
        "SNOWFLAKE_PRIVATE_KEY": key,
        "SNOWFLAKE_WAREHOUSE": "COMPUTE_WH"
    })
}

fn b64url(s: &str) -> Vec<u8> {
    base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(s)
        .unwrap()
}

/// The claims of a JWT whose signature the test key's public key verifies.
fn verified_claims(jwt: &str) -> Value {
    let parts: Vec<&str> = jwt.split('.').collect();
    assert_eq!(parts.len(), 3, "{jwt}");
    let header: Value = serde_json::from_slice(&b64url(parts[0])).unwrap();
    assert_eq!(header, json!({"alg": "RS256", "typ": "JWT"}));
    let public = base64::engine::general_purpose::STANDARD
        .decode(PUBLIC_RSA_DER_B64.trim())
        .unwrap();
    UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, &public)
        .verify(
            format!("{}.{}", parts[0], parts[1]).as_bytes(),
            &b64url(parts[2]),
        )
        .expect("the signature verifies with the user's public key");
    serde_json::from_slice(&b64url(parts[1])).unwrap()
}

async fn jwt_of_call(account: &str, key: &str) -> (String, mcp_testkit::Setup) {
    let s = setup_with(key_creds(account, key)).await;
    mcp_testkit::expect("POST", "/api/v2/statements")
        .query("async", "true")
        .header("x-snowflake-authorization-token-type", "KEYPAIR_JWT")
        .header("accept", "application/json")
        .json_body(
            json!({"statement": "SHOW DATABASES", "timeout": 300, "warehouse": "COMPUTE_WH"}),
        )
        .times(2)
        .respond(&s.fake, 200, result(HANDLE, &[("name", "TEXT")], json!([])))
        .await;
    call_data(&s, "snowflake_list_databases", json!({})).await;
    let reqs = requests(&s.fake).await;
    let auth = reqs[0]
        .headers
        .get("authorization")
        .unwrap()
        .to_str()
        .unwrap();
    let jwt = auth.strip_prefix("Bearer ").unwrap().to_owned();
    (jwt, s)
}

#[tokio::test]
async fn the_jwt_names_account_user_and_key_fingerprint() {
    let (jwt, s) = jwt_of_call("xy12345.us-east-2.aws", KEY_PKCS8).await;
    let claims = verified_claims(&jwt);
    assert_eq!(claims["sub"], "XY12345.BOT_USER");
    assert_eq!(
        claims["iss"],
        format!("XY12345.BOT_USER.{}", FINGERPRINT.trim())
    );
    let iat = claims["iat"].as_u64().unwrap();
    let exp = claims["exp"].as_u64().unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    assert!(iat <= now + 5 && iat + 60 >= now, "iat {iat}, now {now}");
    assert!(exp > iat && exp - iat <= 3600, "lifetime {}", exp - iat);
    // A second call reuses the token.
    call_data(&s, "snowflake_list_databases", json!({})).await;
    let reqs = requests(&s.fake).await;
    assert_eq!(
        reqs[1]
            .headers
            .get("authorization")
            .unwrap()
            .to_str()
            .unwrap(),
        format!("Bearer {jwt}")
    );
}

#[tokio::test]
async fn a_pkcs1_key_with_escaped_newlines_signs_the_same_identity() {
    let escaped = KEY_PKCS1.replace('\n', "\\n");
    let (jwt, s) = jwt_of_call("myorg-my_account", &escaped).await;
    call_data(&s, "snowflake_list_databases", json!({})).await;
    let claims = verified_claims(&jwt);
    assert_eq!(claims["sub"], "MYORG-MY_ACCOUNT.BOT_USER");
    assert_eq!(
        claims["iss"],
        format!("MYORG-MY_ACCOUNT.BOT_USER.{}", FINGERPRINT.trim())
    );
}

#[test]
fn account_names_for_the_jwt() {
    use snowflake_mcp_server::jwt_account;
    assert_eq!(jwt_account("acme"), "ACME");
    assert_eq!(jwt_account("xy12345.eu-central-1"), "XY12345");
    assert_eq!(
        jwt_account("https://xy12345.us-east-2.aws.snowflakecomputing.com/"),
        "XY12345"
    );
    assert_eq!(jwt_account("myorg-acct.global"), "MYORG");
    assert_eq!(jwt_account("MyOrg-Acct_1"), "MYORG-ACCT_1");
}

#[test]
fn the_fingerprint_is_openssls() {
    let key = snowflake_mcp_server::parse_key(KEY_PKCS8).unwrap();
    assert_eq!(snowflake_mcp_server::fingerprint(&key), FINGERPRINT.trim());
}

#[tokio::test]
async fn unusable_keys_are_refused_before_any_request() {
    for key in [
        KEY_ENCRYPTED,
        "-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----",
        "MIIB",
    ] {
        let s = setup_with(key_creds("acme", key)).await;
        let err = refused(&s, "snowflake_list_databases", json!({})).await;
        assert!(err.contains("SNOWFLAKE_PRIVATE_KEY is not usable"), "{err}");
        assert!(!err.contains("MII"), "the key must not be echoed: {err}");
    }
}

#[tokio::test]
async fn a_key_without_a_user_names_the_missing_field() {
    let s =
        setup_with(json!({"SNOWFLAKE_ACCOUNT": "acme", "SNOWFLAKE_PRIVATE_KEY": KEY_PKCS8})).await;
    let err = refused(&s, "snowflake_list_databases", json!({})).await;
    assert!(err.contains("SNOWFLAKE_USER"), "{err}");
}

#[tokio::test]
async fn an_oauth_token_is_sent_as_oauth() {
    let s = setup_with(
        json!({"SNOWFLAKE_ACCOUNT": "acme", "SNOWFLAKE_OAUTH_TOKEN": "oauth-token-123456"}),
    )
    .await;
    mcp_testkit::expect("POST", "/api/v2/statements")
        .query("async", "true")
        .bearer("oauth-token-123456")
        .header("x-snowflake-authorization-token-type", "OAUTH")
        .json_body(json!({"statement": "SHOW DATABASES", "timeout": 300}))
        .respond(&s.fake, 200, result(HANDLE, &[("name", "TEXT")], json!([])))
        .await;
    call_data(&s, "snowflake_list_databases", json!({})).await;
}
