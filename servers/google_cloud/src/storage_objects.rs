//! Cloud Storage objects (`storage.v1` discovery document): list, upload from the workspace
//! (`/upload/storage/v1`, `uploadType=media`), download to the workspace (`alt=media`),
//! delete, copy, move, and V4 signed URLs.

use mcp_shared::pagination::Stop;
use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, seg, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{
    BUCKETS, all_items, capped, check_allowed, gcs, mime_of, name, num, object_name, object_path,
    repeated_note, s,
};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("storage");
    vec![
        t(tool(
            "storage_list_objects",
            "List objects",
            Effect::Read,
            list_objects,
        )),
        t(tool(
            "storage_upload_file",
            "Upload file",
            Effect::Destructive,
            upload_file,
        )),
        t(tool(
            "storage_download_file",
            "Download file",
            Effect::Destructive,
            download_file,
        )),
        t(tool(
            "storage_delete_object",
            "Delete object",
            Effect::Destructive,
            delete_object,
        )),
        t(tool(
            "storage_generate_signed_url",
            "Generate signed URL",
            Effect::Read,
            crate::signed_url::generate,
        )),
        t(tool(
            "storage_copy_object",
            "Copy object",
            Effect::Destructive,
            copy_object,
        )),
        t(tool(
            "storage_move_object",
            "Move object",
            Effect::Destructive,
            move_object,
        )),
    ]
}

/// List the objects of a bucket (optionally under a prefix): name, size, content type,
/// update time. At most 20 pages of 1,000.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListObjects {
    bucket_name: String,
    /// Only names starting with this
    #[schemars(extend("default" = ""))]
    prefix: Option<String>,
}

async fn list_objects(ctx: Ctx, a: ListObjects) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let prefix = a.prefix.filter(|p| !p.is_empty());
    let (all, pages) = all_items(
        |token| {
            Ok(gcs(&ctx, Method::GET, &format!("b/{}/o", seg(&b)))?
                .query_opt("prefix", prefix.as_ref())
                .query_opt("pageToken", token))
        },
        "items",
    )
    .await?;
    if all.is_empty() {
        return Ok(format!("No objects found in bucket {b}."));
    }
    let mut out = format!("Found {} objects in bucket {b}:", all.len());
    for o in &all {
        out.push_str(&format!(
            "\n- {} ({} bytes, {}, updated {})",
            s(o, "name"),
            num(o, "size"),
            s(o, "contentType"),
            s(o, "updated")
        ));
    }
    if pages.stopped() == Some(Stop::PageCap) {
        out.push_str("\n(stopped after 20 pages: narrow with prefix)");
    }
    out.push_str(&repeated_note(&pages));
    Ok(capped(out, 60_000))
}

/// Upload a file from the workspace to a bucket as `destination_blob_name` (replacing an
/// object of that name). Returns the object's name, size and generation.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Upload {
    bucket_name: String,
    /// Path of the file in the workspace
    source_file_path: String,
    /// Object name in the bucket (may contain /)
    destination_blob_name: String,
}

async fn upload_file(ctx: Ctx, a: Upload) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let obj = object_name(&a.destination_blob_name, "destination_blob_name")?;
    let ws = Workspace::of(&ctx)?.clone();
    let arg = a.source_file_path.clone();
    let data = ws
        .run(move |ws| {
            let p = ws.path("source_file_path", &arg)?;
            ws.read("source_file_path", &p)
        })
        .await?;
    let v: Value = ctx
        .api_authorized(
            "storage",
            Method::POST,
            &format!("/upload/storage/v1/b/{}/o", seg(&b)),
        )?
        .query("uploadType", "media")
        .query("name", &obj)
        .bytes(data, mime_of(&a.source_file_path))
        .send_json()
        .await?;
    Ok(format!(
        "Uploaded {} to gs://{b}/{} ({} bytes, generation {}).",
        a.source_file_path,
        s(&v, "name"),
        num(&v, "size"),
        num(&v, "generation")
    ))
}

/// Download an object to a file in the workspace (created or replaced; its directory must
/// exist). Returns the bytes written.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct Download {
    bucket_name: String,
    source_blob_name: String,
    /// Path of the file to write in the workspace
    destination_file_path: String,
}

async fn download_file(ctx: Ctx, a: Download) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let obj = object_name(&a.source_blob_name, "source_blob_name")?;
    let ws = Workspace::of(&ctx)?.clone();
    // Check the destination before anything is fetched.
    ws.path("destination_file_path", &a.destination_file_path)?;
    let r = gcs(&ctx, Method::GET, &object_path(&b, &obj))?
        .query("alt", "media")
        .send()
        .await?;
    let arg = a.destination_file_path.clone();
    let body = r.body;
    let n = ws
        .run(move |ws| {
            let p = ws.path("destination_file_path", &arg)?;
            ws.write("destination_file_path", &p, &body)
        })
        .await?
        .bytes;
    Ok(format!(
        "Downloaded gs://{b}/{obj} to {} ({n} bytes).",
        a.destination_file_path
    ))
}

/// Delete an object (its live version; with versioning on, a noncurrent version remains).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct DeleteObject {
    bucket_name: String,
    blob_name: String,
}

async fn delete_object(ctx: Ctx, a: DeleteObject) -> Result<String, ToolError> {
    let b = name(&a.bucket_name, "bucket_name")?;
    check_allowed(&ctx, BUCKETS, &b, "bucket")?;
    let obj = object_name(&a.blob_name, "blob_name")?;
    gcs(&ctx, Method::DELETE, &object_path(&b, &obj))?
        .send()
        .await?;
    Ok(format!("Deleted gs://{b}/{obj}."))
}

/// Copy an object to another name or bucket (replacing an object there).
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CopyObject {
    source_bucket: String,
    source_blob: String,
    dest_bucket: String,
    dest_blob: String,
}

struct Names {
    sb: String,
    so: String,
    db: String,
    dobj: String,
}

fn names(ctx: &Ctx, a: &CopyObject) -> Result<Names, ToolError> {
    let n = Names {
        sb: name(&a.source_bucket, "source_bucket")?,
        so: object_name(&a.source_blob, "source_blob")?,
        db: name(&a.dest_bucket, "dest_bucket")?,
        dobj: object_name(&a.dest_blob, "dest_blob")?,
    };
    check_allowed(ctx, BUCKETS, &n.sb, "bucket")?;
    check_allowed(ctx, BUCKETS, &n.db, "bucket")?;
    Ok(n)
}

async fn copy(ctx: &Ctx, n: &Names) -> Result<Value, ToolError> {
    gcs(
        ctx,
        Method::POST,
        &format!(
            "{}/copyTo/{}",
            object_path(&n.sb, &n.so),
            object_path(&n.db, &n.dobj)
        ),
    )?
    .send_json()
    .await
}

async fn copy_object(ctx: Ctx, a: CopyObject) -> Result<String, ToolError> {
    let n = names(&ctx, &a)?;
    let v = copy(&ctx, &n).await?;
    Ok(format!(
        "Copied gs://{}/{} to gs://{}/{} ({} bytes).",
        n.sb,
        n.so,
        n.db,
        n.dobj,
        num(&v, "size")
    ))
}

/// Move an object: copy it to the destination (replacing an object there), then delete the
/// source.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct MoveObject {
    source_bucket: String,
    source_blob: String,
    dest_bucket: String,
    dest_blob: String,
}

async fn move_object(ctx: Ctx, a: MoveObject) -> Result<String, ToolError> {
    let n = names(
        &ctx,
        &CopyObject {
            source_bucket: a.source_bucket,
            source_blob: a.source_blob,
            dest_bucket: a.dest_bucket,
            dest_blob: a.dest_blob,
        },
    )?;
    if n.sb == n.db && n.so == n.dobj {
        return Err(ToolError::invalid_input(
            "source and destination are the same object",
        ));
    }
    copy(&ctx, &n).await?;
    gcs(&ctx, Method::DELETE, &object_path(&n.sb, &n.so))?
        .send()
        .await
        .map_err(|e| {
            e.context(format!(
                "Copied to gs://{}/{}, but deleting the source failed",
                n.db, n.dobj
            ))
        })?;
    Ok(format!(
        "Moved gs://{}/{} to gs://{}/{}.",
        n.sb, n.so, n.db, n.dobj
    ))
}
