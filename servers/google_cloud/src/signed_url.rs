//! The signed-URL tool: V4 signed URLs for Cloud Storage objects, signed locally with the
//! call's service-account key ([`mcp_vendor_google::signed_url`]).

use mcp_shared::{Ctx, ToolError};
use mcp_vendor_google::service_account::service_account;
use mcp_vendor_google::signed_url::sign;
use schemars::JsonSchema;
use serde::Deserialize;

use crate::api::{BUCKETS, check_allowed, name, object_name};

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
