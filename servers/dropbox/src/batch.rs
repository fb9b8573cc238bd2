//! Batches of file operations: delete (`files/delete_batch`), move and copy
//! (`files/move_batch_v2`, `files/copy_batch_v2`), each an async job polled to completion
//! (`.../check`, `.../check_v2`), and file locks (`files/lock_file_batch`,
//! `files/unlock_file_batch`, answered at once).

use std::time::Instant;

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{batch_done, batch_entry, finish_job, items, job_status, path, read, text, write};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "dropbox_batch_delete",
            "Delete many",
            Effect::Destructive,
            batch_delete,
        )
        .toolset("files"),
        tool("dropbox_batch_move", "Move many", Effect::Write, batch_move).toolset("files"),
        tool("dropbox_batch_copy", "Copy many", Effect::Write, batch_copy).toolset("files"),
        tool(
            "dropbox_check_batch_job_status",
            "Check batch job",
            Effect::Read,
            check_batch_job_status,
        )
        .toolset("files"),
        tool(
            "dropbox_lock_file_batch",
            "Lock files",
            Effect::IdempotentWrite,
            lock_file_batch,
        )
        .toolset("files"),
        tool(
            "dropbox_unlock_file_batch",
            "Unlock files",
            Effect::IdempotentWrite,
            unlock_file_batch,
        )
        .toolset("files"),
    ]
}

const CHECK_TOOL: &str = "dropbox_check_batch_job_status";

#[derive(Deserialize, JsonSchema)]
pub struct PathEntry {
    /// Path or id:...
    path: String,
}

fn paths(entries: &[PathEntry]) -> Result<Vec<Value>, ToolError> {
    if entries.is_empty() || entries.len() > 1000 {
        return Err(ToolError::invalid_input(format!(
            "`entries` must have 1 to 1000 items (got {})",
            entries.len()
        )));
    }
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| Ok(json!({"path": path(&e.path, &format!("entries[{i}].path"))?})))
        .collect()
}

/// Delete up to 1000 files or folders in one job; waits for it (with progress) and returns
/// each entry's outcome, or the async_job_id if it is still running.
#[derive(Deserialize, JsonSchema)]
pub struct BatchDelete {
    entries: Vec<PathEntry>,
}

async fn batch_delete(ctx: Ctx, a: BatchDelete) -> Result<Value, ToolError> {
    let started = Instant::now();
    let entries = paths(&a.entries)?;
    let launched = write(&ctx, "files/delete_batch", json!({"entries": entries})).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "files/delete_batch/check",
        CHECK_TOOL,
        batch_done,
    )
    .await
}

#[derive(Deserialize, JsonSchema)]
pub struct Relocation {
    /// Current path or id:...
    from_path: String,
    /// New full path
    to_path: String,
}

fn relocations(entries: &[Relocation]) -> Result<Vec<Value>, ToolError> {
    if entries.is_empty() || entries.len() > 1000 {
        return Err(ToolError::invalid_input(format!(
            "`entries` must have 1 to 1000 items (got {})",
            entries.len()
        )));
    }
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            Ok(json!({
                "from_path": path(&e.from_path, &format!("entries[{i}].from_path"))?,
                "to_path": path(&e.to_path, &format!("entries[{i}].to_path"))?,
            }))
        })
        .collect()
}

/// Move or rename up to 1000 files or folders in one job; waits for it (with progress) and
/// returns each entry's outcome, or the async_job_id if it is still running.
#[derive(Deserialize, JsonSchema)]
pub struct BatchMove {
    entries: Vec<Relocation>,
    /// With a conflict, pick a new name instead of failing
    #[schemars(extend("default" = false))]
    autorename: Option<bool>,
    /// Allow moves that change the content's owner
    #[schemars(extend("default" = false))]
    allow_ownership_transfer: Option<bool>,
}

async fn batch_move(ctx: Ctx, a: BatchMove) -> Result<Value, ToolError> {
    let started = Instant::now();
    let mut body = Map::new();
    body.insert("entries".into(), json!(relocations(&a.entries)?));
    mcp_shared::json::insert_opt(&mut body, "autorename", a.autorename);
    mcp_shared::json::insert_opt(
        &mut body,
        "allow_ownership_transfer",
        a.allow_ownership_transfer,
    );
    let launched = write(&ctx, "files/move_batch_v2", Value::Object(body)).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "files/move_batch/check_v2",
        CHECK_TOOL,
        batch_done,
    )
    .await
}

/// Copy up to 1000 files or folders in one job; waits for it (with progress) and returns
/// each entry's outcome, or the async_job_id if it is still running.
#[derive(Deserialize, JsonSchema)]
pub struct BatchCopy {
    entries: Vec<Relocation>,
    /// With a conflict, pick a new name instead of failing
    #[schemars(extend("default" = false))]
    autorename: Option<bool>,
}

async fn batch_copy(ctx: Ctx, a: BatchCopy) -> Result<Value, ToolError> {
    let started = Instant::now();
    let mut body = Map::new();
    body.insert("entries".into(), json!(relocations(&a.entries)?));
    mcp_shared::json::insert_opt(&mut body, "autorename", a.autorename);
    let launched = write(&ctx, "files/copy_batch_v2", Value::Object(body)).await?;
    finish_job(
        &ctx,
        started,
        launched,
        "files/copy_batch/check_v2",
        CHECK_TOOL,
        batch_done,
    )
    .await
}

// Which batch started the job.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Operation {
    Delete,
    Move,
    Copy,
}

/// Check a batch delete, move or copy job once: each entry's outcome when complete, else
/// `in_progress`. Without `operation`, each kind of job is asked in turn.
#[derive(Deserialize, JsonSchema)]
pub struct CheckBatch {
    /// From a batch tool
    async_job_id: String,
    operation: Option<Operation>,
}

fn check_route(op: Operation) -> &'static str {
    match op {
        Operation::Delete => "files/delete_batch/check",
        Operation::Move => "files/move_batch/check_v2",
        Operation::Copy => "files/copy_batch/check_v2",
    }
}

async fn check_batch_job_status(ctx: Ctx, a: CheckBatch) -> Result<Value, ToolError> {
    let id = text(&a.async_job_id, "async_job_id")?;
    let ops = match a.operation {
        Some(op) => vec![op],
        None => vec![Operation::Delete, Operation::Move, Operation::Copy],
    };
    let mut last = None;
    for op in ops {
        match read(&ctx, check_route(op), json!({"async_job_id": id})).await {
            Ok(s) => {
                let mut out = job_status(&s, Some(id), batch_done)?;
                if let Some(o) = out.as_object_mut() {
                    o.insert("operation".into(), json!(op_name(op)));
                }
                return Ok(out);
            }
            // A job of another kind: its id is unknown to this route.
            Err(e) if e.code.as_deref() == Some("invalid_async_job_id") => last = Some(e),
            Err(e) => return Err(e),
        }
    }
    Err(last.unwrap_or_else(|| ToolError::invalid_input("no batch job with this async_job_id")))
}

fn op_name(op: Operation) -> &'static str {
    match op {
        Operation::Delete => "delete",
        Operation::Move => "move",
        Operation::Copy => "copy",
    }
}

/// Lock files so that only the lock holder (this user) can write them. Returns each entry's
/// outcome, metadata and lock.
#[derive(Deserialize, JsonSchema)]
pub struct LockBatch {
    entries: Vec<PathEntry>,
}

fn lock_result(v: &Value) -> Value {
    json!({"entries": items(v, "entries", batch_entry)})
}

async fn lock_file_batch(ctx: Ctx, a: LockBatch) -> Result<Value, ToolError> {
    let entries = paths(&a.entries)?;
    let v = write(&ctx, "files/lock_file_batch", json!({"entries": entries})).await?;
    Ok(lock_result(&v))
}

/// Unlock files locked with dropbox_lock_file_batch. Returns each entry's outcome.
#[derive(Deserialize, JsonSchema)]
pub struct UnlockBatch {
    entries: Vec<PathEntry>,
}

async fn unlock_file_batch(ctx: Ctx, a: UnlockBatch) -> Result<Value, ToolError> {
    let entries = paths(&a.entries)?;
    let v = write(&ctx, "files/unlock_file_batch", json!({"entries": entries})).await?;
    Ok(lock_result(&v))
}
