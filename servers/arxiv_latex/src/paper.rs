//! The four tools: a paper's flattened LaTeX, its abstract, its section list, one section.

use mcp_shared::{Ctx, Effect, ErrorKind, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::latex;
use crate::source;

/// Most characters of LaTeX one result carries (a whole paper is usually 30k-150k).
const MAX_CHARS: usize = 400_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("get_paper_prompt", "Get paper LaTeX", Effect::Read, prompt).toolset("papers"),
        tool(
            "get_paper_abstract",
            "Get paper abstract",
            Effect::Read,
            abstract_,
        )
        .toolset("papers"),
        tool(
            "list_paper_sections",
            "List paper sections",
            Effect::Read,
            list_sections,
        )
        .toolset("papers"),
        tool(
            "get_paper_section",
            "Get paper section",
            Effect::Read,
            section,
        )
        .toolset("papers"),
    ]
}

/// A paper's whole LaTeX source as one text: the main file with `\input`/`\include` files
/// inlined and comments removed (long; prefer list_paper_sections + get_paper_section).
#[derive(Deserialize, JsonSchema)]
pub struct Paper {
    /// e.g. `2401.12345`, `2401.12345v2` or `hep-th/9901001`; latest version without `vN`
    arxiv_id: String,
}

/// A paper's flattened LaTeX and the id it was asked as.
async fn load(ctx: &Ctx, arxiv_id: &str) -> Result<(String, String), ToolError> {
    let id = source::arxiv_id(arxiv_id)?;
    let files = source::fetch(ctx, &id).await?;
    let main = latex::main_file(&files).ok_or_else(|| {
        ToolError::new(
            ErrorKind::Upstream,
            format!(
                "the source of {id} has no .tex file with \\documentclass ({} .tex files).",
                files.len()
            ),
        )
    })?;
    Ok((id, latex::flatten(&files, main)))
}

fn capped(mut text: String) -> String {
    if text.len() > MAX_CHARS {
        let mut cut = MAX_CHARS;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push_str(
            "\n[truncated: the paper is longer; read it by section with get_paper_section]",
        );
    }
    text
}

async fn prompt(ctx: Ctx, a: Paper) -> Result<String, ToolError> {
    let (_, text) = load(&ctx, &a.arxiv_id).await?;
    Ok(capped(text))
}

/// A paper's abstract, as written in its LaTeX source.
#[derive(Deserialize, JsonSchema)]
pub struct Abstract {
    /// As for get_paper_prompt
    arxiv_id: String,
}

async fn abstract_(ctx: Ctx, a: Abstract) -> Result<String, ToolError> {
    let (id, text) = load(&ctx, &a.arxiv_id).await?;
    latex::abstract_of(&text).ok_or_else(|| {
        ToolError::new(
            ErrorKind::Upstream,
            format!("the LaTeX source of {id} has no abstract environment."),
        )
        .with_hint(format!(
            "the abstract is also at https://arxiv.org/abs/{id}."
        ))
    })
}

/// The paper's section paths in order (`Introduction`, `Method > Training`), as
/// get_paper_section takes them.
#[derive(Deserialize, JsonSchema)]
pub struct Sections {
    /// As for get_paper_prompt
    arxiv_id: String,
}

async fn list_sections(ctx: Ctx, a: Sections) -> Result<Value, ToolError> {
    let (id, text) = load(&ctx, &a.arxiv_id).await?;
    let paths: Vec<String> = latex::headings(&text).into_iter().map(|h| h.path).collect();
    Ok(json!({ "arxiv_id": id, "sections": paths }))
}

/// One section's LaTeX, its subsections included.
#[derive(Deserialize, JsonSchema)]
pub struct Section {
    /// As for get_paper_prompt
    arxiv_id: String,
    /// A path from list_paper_sections (`Method > Training`); a title alone works when unique
    section_path: String,
}

async fn section(ctx: Ctx, a: Section) -> Result<String, ToolError> {
    if a.section_path.trim().is_empty() {
        return Err(ToolError::invalid_input(
            "`section_path` is empty: pass a path from list_paper_sections.",
        ));
    }
    let (id, text) = load(&ctx, &a.arxiv_id).await?;
    let hs = latex::headings(&text);
    let Some(k) = latex::find_section(&hs, a.section_path.trim()) else {
        let known: Vec<&str> = hs.iter().take(40).map(|h| h.path.as_str()).collect();
        return Err(ToolError::invalid_input(format!(
            "{id} has no section `{}`. Its sections: {}.",
            a.section_path.trim(),
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join("; ")
            }
        )));
    };
    Ok(capped(latex::section_text(&text, &hs, k).to_owned()))
}
