//! Comments: read from word/comments.xml, each with the body paragraph its range or
//! reference is in.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::doc::{Doc, Save, with_doc};
use crate::template;
use crate::xml::WordXml;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("comments");
    vec![
        t(tool(
            "get_all_comments",
            "Get all comments",
            Effect::Read,
            get_all,
        )),
        t(tool(
            "get_comments_by_author",
            "Get comments by author",
            Effect::Read,
            by_author,
        )),
        t(tool(
            "get_comments_for_paragraph",
            "Get comments for paragraph",
            Effect::Read,
            for_paragraph,
        )),
    ]
}

/// Every comment: id, author, initials, date, text, and the paragraph it is on.
fn comments(doc: &mut Doc) -> Result<Vec<Value>, ToolError> {
    let Some(part) = doc
        .related(template::REL_COMMENTS)?
        .filter(|p| doc.pkg.part(p).is_some())
    else {
        return Ok(Vec::new());
    };
    // Where each comment is: the first body paragraph holding its range start or reference.
    let mut at: Vec<(String, usize, String)> = Vec::new();
    for (i, p) in doc.paragraphs()?.into_iter().enumerate() {
        for local in ["commentRangeStart", "commentReference"] {
            for n in doc.main.wdesc(p, local) {
                if let Some(id) = doc.main.wattr(n, "id")
                    && !at.iter().any(|(c, _, _)| *c == id)
                {
                    at.push((id, i, doc.text(p)));
                }
            }
        }
    }
    let x = doc.part(&part)?;
    let root = x.root()?;
    Ok(x.wchildren(root, "comment")
        .into_iter()
        .map(|c| {
            let id = x.wattr(c, "id").unwrap_or_default();
            let text: Vec<String> = x.wdesc(c, "p").into_iter().map(|p| x.text_of(p)).collect();
            let place = at.iter().find(|(i, _, _)| *i == id);
            json!({
                "id": id,
                "author": x.wattr(c, "author").unwrap_or_default(),
                "initials": x.wattr(c, "initials").unwrap_or_default(),
                "date": x.wattr(c, "date").unwrap_or_default(),
                "text": text.join("\n"),
                "paragraph_index": place.map(|p| p.1),
                "paragraph_text": place.map(|p| p.2.clone()),
            })
        })
        .collect())
}

/// Every comment of a document: id, author, initials, date, text and the paragraph it is
/// on (index and text). Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct FileOnly {
    /// The document, relative to the workspace
    filename: String,
}

async fn get_all(ctx: Ctx, a: FileOnly) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, |doc| {
        let c = comments(doc)?;
        Ok(json!({"success": true, "comments": c, "total_comments": c.len()}))
    })
    .await
}

/// The comments of one author (name compared case-insensitively). Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct ByAuthor {
    /// The document, relative to the workspace
    filename: String,
    /// The author's name (case-insensitive)
    author: String,
}

async fn by_author(ctx: Ctx, a: ByAuthor) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, move |doc| {
        let want = a.author.trim().to_lowercase();
        let c: Vec<Value> = comments(doc)?
            .into_iter()
            .filter(|c| {
                c["author"]
                    .as_str()
                    .is_some_and(|s| s.trim().to_lowercase() == want)
            })
            .collect();
        Ok(json!({"success": true, "author": a.author, "comments": c, "total_comments": c.len()}))
    })
    .await
}

/// The comments on one paragraph, with its text. Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct ForParagraph {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index among the body's paragraphs (0-based)
    paragraph_index: i64,
}

async fn for_paragraph(ctx: Ctx, a: ForParagraph) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        let text = doc.text(p);
        let idx = a.paragraph_index;
        let c: Vec<Value> = comments(doc)?
            .into_iter()
            .filter(|c| c["paragraph_index"].as_i64() == Some(idx))
            .collect();
        Ok(json!({"success": true, "paragraph_index": idx, "paragraph_text": text, "comments": c, "total_comments": c.len()}))
    })
    .await
}
