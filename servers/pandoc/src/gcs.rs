//! Klavis's delivery: upload the file to a Google Cloud Storage bucket
//! (`POST /upload/storage/v1/b/{bucket}/o?uploadType=media&name=…`, JSON API) and hand out a V4
//! signed URL valid for 7 days, signed by the service account through IAM Credentials
//! (`POST /v1/projects/-/serviceAccounts/{email}:signBlob`), over what
//! `mcp_vendor_google::signed_url::to_sign` says a V4 signature covers.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use chrono::Utc;
use mcp_shared::{Ctx, Method, ToolError, seg};
use mcp_vendor_google::signed_url;
use serde::Deserialize;
use serde_json::{Value, json};

pub const IAM_API: &str = "iam";
pub const BUCKET_OPTION: &str = "gcs-bucket";
/// Seven days, the longest a V4 signed URL may be valid.
pub const EXPIRES_SECS: u64 = 604_800;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Signed {
    signed_blob: String,
}

/// Upload `data` as `object` and return its signed URL and the uploaded object's metadata.
pub async fn upload_and_sign(
    ctx: &Ctx,
    bucket: &str,
    object: &str,
    mime: &str,
    data: Vec<u8>,
) -> Result<Value, ToolError> {
    // Both are needed before anything is sent.
    ctx.require("access_token")?;
    let email = ctx.require("service_account_email")?;
    let email = email.expose().to_owned();
    // `v1/{+name}:signBlob`: the name is expanded as it is, `@` included.
    if !email.contains('@')
        || !email
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "@.-_+".contains(c))
    {
        return Err(ToolError::invalid_input(format!(
            "`service_account_email` `{email}` is not a service account email (name@project.iam.gserviceaccount.com)."
        )));
    }
    let size = data.len();
    let path = format!("/upload/storage/v1/b/{}/o", seg(bucket));
    let uploaded: Value = ctx
        .authorized(Method::POST, &path)?
        .query("uploadType", "media")
        .query("name", object)
        .bytes(data, mime)
        .send_json()
        .await
        .map_err(|e| e.context(format!("uploading to gs://{bucket} failed")))?;

    let base = ctx
        .upstream()
        .base_url()
        .ok_or_else(|| ToolError::transport("no Cloud Storage URL is configured"))?;
    let host = match (base.host_str(), base.port()) {
        (Some(h), Some(p)) => format!("{h}:{p}"),
        (Some(h), None) => h.to_owned(),
        _ => return Err(ToolError::transport("the Cloud Storage URL has no host")),
    };
    let signing = signed_url::to_sign(
        &email,
        &host,
        bucket,
        object,
        "GET",
        EXPIRES_SECS as i64,
        Utc::now(),
    );
    let sign_path = format!("/projects/-/serviceAccounts/{email}:signBlob");
    let signed: Signed = ctx
        .api_authorized(IAM_API, Method::POST, &sign_path)?
        .json(&json!({"payload": STANDARD.encode(signing.string_to_sign.as_bytes())}))
        .send_json()
        .await
        .map_err(|e| {
            e.context("signing the download URL failed (IAM Credentials signBlob)")
                .with_specific_hint("the token needs iam.serviceAccounts.signBlob on the service account (roles/iam.serviceAccountTokenCreator).")
        })?;
    let signature = STANDARD.decode(signed.signed_blob.trim()).map_err(|_| {
        ToolError::transport("IAM Credentials answered a signedBlob that is not base64")
    })?;
    let url = signing.url(base.scheme(), &host, &signature);
    Ok(json!({
        "url": url,
        "expires_in_seconds": EXPIRES_SECS,
        "bucket": bucket,
        "object": uploaded.get("name").cloned().unwrap_or_else(|| json!(object)),
        "size": size,
        "content_type": mime,
    }))
}
