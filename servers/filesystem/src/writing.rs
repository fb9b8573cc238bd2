//! The tools that change the workspace: write a file, edit one (with a diff and a dry run),
//! create a directory, move a file or directory.

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::edit;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "filesystem_write_file",
            "Write file",
            Effect::Destructive,
            write_file,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_edit_file",
            "Edit file",
            Effect::Destructive,
            edit_file,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_create_directory",
            "Create directory",
            Effect::IdempotentWrite,
            create_directory,
        )
        .toolset("filesystem"),
        tool(
            "filesystem_move_file",
            "Move file",
            Effect::Write,
            move_file,
        )
        .toolset("filesystem"),
    ]
}

/// Create a file in the workspace, or replace everything an existing one holds, with this
/// text (UTF-8). Its directory must exist. The new content replaces the file at once
/// (written aside, then renamed over it), keeping its permission bits.
#[derive(Deserialize, JsonSchema)]
pub struct WriteFile {
    /// The file, relative to the workspace
    path: String,
    /// The whole new content of the file
    content: String,
}

async fn write_file(ctx: Ctx, a: WriteFile) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            ws.write("path", &p, a.content.as_bytes())?;
            Ok(format!("Successfully wrote to {}", a.path))
        })
        .await
}

/// One replacement in a file.
#[derive(Deserialize, JsonSchema)]
pub struct Edit {
    /// The text to find: an exact match first; otherwise the same lines with any leading and
    /// trailing whitespace (the file's indentation is kept)
    #[serde(rename = "oldText")]
    old_text: String,
    /// The text to put in its place
    #[serde(rename = "newText")]
    new_text: String,
}

/// Make replacements in a text file of the workspace, in order, each at its first match.
/// Returns a unified diff of the change (in a fenced `diff` block). With `dryRun` nothing is
/// written: the diff shows what would change. An edit whose text is not found fails the
/// whole call and writes nothing.
#[derive(Deserialize, JsonSchema)]
pub struct EditFile {
    /// The file, relative to the workspace
    path: String,
    /// The replacements, applied one after the other
    edits: Vec<Edit>,
    /// Only show the diff; write nothing
    #[serde(rename = "dryRun", default)]
    dry_run: bool,
}

async fn edit_file(ctx: Ctx, a: EditFile) -> Result<String, ToolError> {
    if a.edits.is_empty() {
        return Err(ToolError::invalid_input(
            "`edits` is empty: give at least one {oldText, newText}.",
        ));
    }
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            let original = ws.read_text("path", &p)?;
            let edits: Vec<(&str, &str)> = a
                .edits
                .iter()
                .map(|e| (e.old_text.as_str(), e.new_text.as_str()))
                .collect();
            let changed = edit::apply(&original, &edits)?;
            let diff = edit::fenced_diff(&original, &changed.text, &a.path);
            if !a.dry_run {
                ws.write("path", &p, changed.written.as_bytes())?;
            }
            Ok(diff)
        })
        .await
}

/// Create a directory in the workspace, with every missing parent; nothing happens when it
/// exists already.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDirectory {
    /// The directory, relative to the workspace
    path: String,
}

async fn create_directory(ctx: Ctx, a: CreateDirectory) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("path", &a.path)?;
            ws.create_dir_all("path", &p)?;
            Ok(format!("Successfully created directory {}", a.path))
        })
        .await
}

/// Move or rename a file or directory within the workspace. Fails when the destination
/// exists; the destination's directory must exist.
#[derive(Deserialize, JsonSchema)]
pub struct MoveFile {
    /// What to move, relative to the workspace
    source: String,
    /// Its new path, relative to the workspace
    destination: String,
}

async fn move_file(ctx: Ctx, a: MoveFile) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let from = ws.path("source", &a.source)?;
            let to = ws.path("destination", &a.destination)?;
            ws.rename(("source", &from), ("destination", &to))?;
            Ok(format!(
                "Successfully moved {} to {}",
                a.source, a.destination
            ))
        })
        .await
}
