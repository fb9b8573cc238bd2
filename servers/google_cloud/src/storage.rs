//! Cloud Storage buckets (`storage.v1` discovery document): list, create, details, size,
//! versioning and lifecycle.

use mcp_shared::pagination::Stop;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    BUCKETS, all_items, check_allowed, each_page, gcs, given, is_allowed, name, num, project,
    repeated_note, s,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("storage");
    vec![
        t(tool(
            "storage_list_buckets",
            "List buckets",
            Effect::Read,
            list_buckets,
        )),
        t(tool(
            "storage_create_bucket",
            "Create bucket",
            Effect::Write,
            create_bucket,
        )),
        t(tool(
            "storage_get_bucket_info",
            "Get bucket info",
            Effect::Read,
            get_bucket_info,
        )),
        t(tool(
            "storage_enable_versioning",
            "Set bucket versioning",
            Effect::IdempotentWrite,
            enable_versioning,
        )),
        t(tool(
            "storage_get_bucket_size",
            "Get bucket size",
            Effect::Read,
            get_bucket_size,
        )),
        t(tool(
            "storage_set_bucket_lifecycle",
            "Set bucket lifecycle",
            Effect::Destructive,
            set_bucket_lifecycle,
        )),
    ]
}

/// List the project's Cloud Storage buckets: name, location, storage class, creation time.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListBuckets {}

async fn list_buckets(ctx: Ctx, _a: ListBuckets) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let (mut all, pages) = all_items(
        |token| {
            Ok(gcs(&ctx, Method::GET, "b")?
                .query("project", &p)
                .query_opt("pageToken", token))
        },
        "items",
    )
    .await?;
    all.retain(|b| is_allowed(&ctx, BUCKETS, s(b, "name")));
    if all.is_empty() {
        return Ok(format!("No buckets found in project {p}."));
    }
    let mut out = format!("Found {} buckets:", all.len());
    for b in &all {
        out.push_str(&format!(
            "\n- {} (Location: {}, Class: {}, Created: {})",
            s(b, "name"),
            s(b, "location"),
            s(b, "storageClass"),
            s(b, "timeCreated")
        ));
    }
    out.push_str(&repeated_note(&pages));
    Ok(out)
}

/// Create a Cloud Storage bucket in the project. Bucket names are global: one taken by
/// anyone fails with 409.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateBucket {
    bucket_name: String,
    /// US, EU, ASIA or a region (us-central1)
    #[schemars(extend("default" = "US"))]
    location: Option<String>,
}

async fn create_bucket(ctx: Ctx, a: CreateBucket) -> Result<String, ToolError> {
    let p = project(&ctx)?;
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let loc = given(a.location.as_deref()).unwrap_or("US");
    let v: Value = gcs(&ctx, Method::POST, "b")?
        .query("project", &p)
        .json(&json!({"name": b, "location": loc}))
        .send_json()
        .await?;
    Ok(format!(
        "Bucket {} created in {}.",
        match s(&v, "name") {
            "" => b.as_str(),
            n => n,
        },
        match s(&v, "location") {
            "" => loc,
            l => l,
        }
    ))
}

/// Get a bucket's details: location, storage class, creation time, versioning, lifecycle
/// rules, labels.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BucketArg {
    bucket_name: String,
}

async fn get_bucket_info(ctx: Ctx, a: BucketArg) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let v: Value = gcs(&ctx, Method::GET, &format!("b/{}", seg(&b)))?
        .send_json()
        .await?;
    let mut out = format!(
        "Bucket: {}\nLocation: {} ({})\nStorage class: {}\nCreated: {}\nUpdated: {}\nVersioning: {}",
        s(&v, "name"),
        s(&v, "location"),
        s(&v, "locationType"),
        s(&v, "storageClass"),
        s(&v, "timeCreated"),
        s(&v, "updated"),
        if v.pointer("/versioning/enabled") == Some(&json!(true)) {
            "enabled"
        } else {
            "disabled"
        },
    );
    if let Some(r) = v.pointer("/lifecycle/rule") {
        out.push_str(&format!("\nLifecycle rules: {r}"));
    }
    if let Some(l) = v.get("labels") {
        out.push_str(&format!("\nLabels: {l}"));
    }
    Ok(out)
}

/// Turn object versioning of a bucket on or off (kept versions of overwritten and deleted
/// objects).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Versioning {
    bucket_name: String,
    #[schemars(extend("default" = true))]
    enabled: Option<bool>,
}

async fn enable_versioning(ctx: Ctx, a: Versioning) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let on = a.enabled.unwrap_or(true);
    let v: Value = gcs(&ctx, Method::PATCH, &format!("b/{}", seg(&b)))?
        .json(&json!({"versioning": {"enabled": on}}))
        .send_json()
        .await?;
    let now = v.pointer("/versioning/enabled") == Some(&json!(true));
    Ok(format!(
        "Versioning {} for bucket {b}.",
        if now { "enabled" } else { "disabled" }
    ))
}

/// Total size and object count of a bucket (live objects), summed over its listing (at most
/// 20 pages of 1,000 objects; says so when it stopped early).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BucketSize {
    bucket_name: String,
}

async fn get_bucket_size(ctx: Ctx, a: BucketSize) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let mut sum = (0u128, 0u64);
    let pages = each_page(
        &mut sum,
        |_, token| {
            Ok(gcs(&ctx, Method::GET, &format!("b/{}/o", seg(&b)))?.query_opt("pageToken", token))
        },
        |(bytes, count), v| {
            for o in v
                .get("items")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                *bytes += num(o, "size").parse::<u128>().unwrap_or(0);
                *count += 1;
            }
            true
        },
    )
    .await?;
    let (bytes, count) = sum;
    let mut out = format!(
        "Bucket {b}: {count} objects, {bytes} bytes ({:.2} MB).",
        bytes as f64 / 1_048_576.0
    );
    if pages.stopped() == Some(Stop::PageCap) {
        out.push_str(" Stopped after 20 pages: the bucket holds more objects than counted.");
    }
    out.push_str(&repeated_note(&pages));
    Ok(out)
}

/// Set a bucket's lifecycle to one rule: objects older than `age_days` get `action`.
/// Replaces the bucket's existing lifecycle rules. `action`: Delete,
/// AbortIncompleteMultipartUpload, or SetStorageClass:<CLASS> (NEARLINE, COLDLINE, ARCHIVE).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Lifecycle {
    bucket_name: String,
    #[schemars(extend("default" = 30), range(min = 0, max = 100000))]
    age_days: Option<i64>,
    #[schemars(extend("default" = "Delete"))]
    action: Option<String>,
}

async fn set_bucket_lifecycle(ctx: Ctx, a: Lifecycle) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let age = a.age_days.unwrap_or(30);
    if age < 0 {
        return Err(ToolError::invalid_input("`age_days` must be 0 or more"));
    }
    let raw = given(a.action.as_deref()).unwrap_or("Delete");
    let action = match raw.split_once(':') {
        None if raw.eq_ignore_ascii_case("delete") => json!({"type": "Delete"}),
        None if raw.eq_ignore_ascii_case("abortincompletemultipartupload") => {
            json!({"type": "AbortIncompleteMultipartUpload"})
        }
        Some((t, class))
            if t.eq_ignore_ascii_case("setstorageclass") && !class.trim().is_empty() =>
        {
            json!({"type": "SetStorageClass", "storageClass": class.trim().to_ascii_uppercase()})
        }
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`action` {raw:?} is not Delete, AbortIncompleteMultipartUpload or SetStorageClass:<CLASS>"
            )));
        }
    };
    gcs(&ctx, Method::PATCH, &format!("b/{}", seg(&b)))?
        .json(&json!({"lifecycle": {"rule": [{"action": action, "condition": {"age": age}}]}}))
        .send()
        .await?;
    Ok(format!(
        "Lifecycle of bucket {b} set: {} objects older than {age} days.",
        s(&action, "type")
    ))
}
