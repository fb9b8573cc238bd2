//! Edits beyond the Klavis tools: replace text everywhere, insert under a heading, append
//! Markdown, create a document from Markdown.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, doc_id, revision_of};
use crate::compose::{self, Anchor, Para};
use crate::documents::{DocumentRef, EditResult, after_create, create, created_id, document_ref};
use crate::render::{body_content, heading_level, para_text};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_docs_replace_text",
            "Replace text",
            Effect::Destructive,
            replace_text,
        )
        .toolset("documents")
        .output::<EditResult>(),
        tool(
            "google_docs_insert_text_at_heading",
            "Insert text at heading",
            Effect::Write,
            insert_text_at_heading,
        )
        .toolset("documents")
        .output::<EditResult>(),
        tool(
            "google_docs_append_markdown",
            "Append Markdown",
            Effect::Write,
            append_markdown,
        )
        .toolset("documents")
        .output::<EditResult>(),
        tool(
            "google_docs_create_document_from_markdown",
            "Create document from Markdown",
            Effect::Write,
            create_document_from_markdown,
        )
        .toolset("documents")
        .output::<DocumentRef>(),
    ]
}

/// Replace every occurrence of a text in all tabs of a document (empty replacement: delete).
/// Returns the count.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReplaceText {
    /// Id or URL
    document_id: String,
    find_text: String,
    replace_text: String,
    /// Default true
    #[serde(default = "yes")]
    match_case: bool,
}

fn yes() -> bool {
    true
}

async fn replace_text(ctx: Ctx, a: ReplaceText) -> Result<Value, ToolError> {
    let id = doc_id(&a.document_id)?;
    if a.find_text.is_empty() {
        return Err(ToolError::invalid_input("`find_text` must not be empty"));
    }
    let request = json!({
        "replaceAllText": {
            "containsText": { "text": a.find_text, "matchCase": a.match_case },
            "replaceText": a.replace_text
        }
    });
    let reply = api::batch_update(&ctx, &id, vec![request], None).await?;
    // proto3 JSON leaves out a count of 0.
    let changed = reply
        .pointer("/replies/0/replaceAllText/occurrencesChanged")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let mut out = json!({ "documentId": id, "occurrencesChanged": changed });
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    Ok(out)
}

/// What an edit needs of the document: its revision and, per structural element of the body,
/// its indices, and for paragraphs their named style, bullet and text.
const EDIT_FIELDS: &str = "revisionId,body(content(startIndex,endIndex,paragraph(bullet,paragraphStyle(namedStyleType),elements(textRun(content)))))";

/// One structural element of the body.
struct Element {
    start: usize,
    end: usize,
    /// `None` for tables, sections breaks and tables of contents.
    para: Option<ParaInfo>,
}

struct ParaInfo {
    text: String,
    /// `TITLE` 0, `HEADING_n` n.
    heading: Option<u8>,
    bullet: bool,
}

fn elements(doc: &Value) -> Vec<Element> {
    body_content(doc)
        .iter()
        .map(|el| {
            let idx = |k: &str| el.get(k).and_then(Value::as_u64).unwrap_or(0) as usize;
            Element {
                start: idx("startIndex"),
                end: idx("endIndex"),
                para: el.get("paragraph").map(|p| ParaInfo {
                    text: para_text(p),
                    heading: p
                        .pointer("/paragraphStyle/namedStyleType")
                        .and_then(Value::as_str)
                        .and_then(heading_level),
                    bullet: p.get("bullet").is_some(),
                }),
            }
        })
        .collect()
}

/// After paragraph `p` (the text becomes the paragraphs that follow it); an empty paragraph
/// is filled instead.
fn after(p: &Element) -> Anchor {
    let info = p.para.as_ref();
    let empty = info.is_none_or(|i| i.text.is_empty());
    Anchor {
        at: if empty {
            p.start
        } else {
            p.end.saturating_sub(1)
        },
        lead: !empty,
        trail: false,
        inherited_bullet: info.is_some_and(|i| i.bullet),
    }
}

/// Before paragraph `p` (it must start a paragraph).
fn before(p: &Element) -> Anchor {
    Anchor {
        at: p.start,
        lead: false,
        trail: true,
        inherited_bullet: p.para.as_ref().is_some_and(|i| i.bullet),
    }
}

/// At the end of the body: after its last paragraph (a body always ends with one).
fn at_end(els: &[Element]) -> Result<Anchor, ToolError> {
    els.iter()
        .rev()
        .find(|e| e.para.is_some())
        .map(after)
        .ok_or_else(|| ToolError::transport("the document's body has no paragraph to append to"))
}

/// Read what the edit needs, compute its requests, and send them at the revision read.
async fn apply(
    ctx: &Ctx,
    id: &str,
    paras: &[Para],
    place: impl FnOnce(&[Element]) -> Result<Anchor, ToolError>,
) -> Result<Value, ToolError> {
    if paras.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to insert: the text is empty",
        ));
    }
    let doc = api::get(ctx, id, Some(EDIT_FIELDS)).await?;
    let els = elements(&doc);
    let anchor = place(&els)?;
    let plan = compose::requests(paras, anchor);
    let rev = doc.get("revisionId").and_then(Value::as_str);
    let reply = api::batch_update(ctx, id, plan.requests, rev).await?;
    let mut out = json!({
        "documentId": id,
        "index": anchor.at,
        "paragraphs": plan.paragraphs,
        "insertedCharacters": plan.inserted,
    });
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    Ok(out)
}

// Where under the heading the text goes.
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    #[default]
    AfterHeading,
    EndOfSection,
}

/// Insert text under the first heading with this text (case ignored): right after it (default) or
/// at the `end_of_section`. Plain paragraphs, one per line, or Markdown with `markdown: true`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct InsertTextAtHeading {
    /// Id or URL
    document_id: String,
    heading: String,
    text: String,
    position: Option<Position>,
    markdown: Option<bool>,
}

fn normalize(s: &str) -> String {
    s.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

fn heading_anchor(els: &[Element], heading: &str, pos: Position) -> Result<Anchor, ToolError> {
    let want = normalize(heading.trim().trim_start_matches('#'));
    if want.is_empty() {
        return Err(ToolError::invalid_input("`heading` must not be empty"));
    }
    let found = els.iter().enumerate().find_map(|(i, e)| {
        let p = e.para.as_ref()?;
        let level = p.heading?;
        (normalize(&p.text) == want).then_some((i, level))
    });
    let Some((i, level)) = found else {
        let headings: Vec<String> = els
            .iter()
            .filter_map(|e| e.para.as_ref())
            .filter(|p| p.heading.is_some() && !p.text.trim().is_empty())
            .map(|p| format!("\"{}\"", p.text.trim()))
            .take(30)
            .collect();
        let msg = if headings.is_empty() {
            format!(
                "no heading \"{}\": the document has no headings",
                heading.trim()
            )
        } else {
            format!(
                "no heading \"{}\"; the document's headings are: {}",
                heading.trim(),
                headings.join(", ")
            )
        };
        return Err(ToolError::invalid_input(msg));
    };
    match pos {
        Position::AfterHeading => match els.get(i + 1) {
            // Text goes inside a paragraph: before the next one, or else (a table follows,
            // or nothing) at the end of the heading itself.
            Some(next) if next.para.is_some() => Ok(before(next)),
            _ => Ok(after(&els[i])),
        },
        Position::EndOfSection => {
            let next = els.iter().skip(i + 1).find(|e| {
                e.para
                    .as_ref()
                    .and_then(|p| p.heading)
                    .is_some_and(|l| l <= level)
            });
            match next {
                Some(n) => Ok(before(n)),
                None => at_end(els),
            }
        }
    }
}

async fn insert_text_at_heading(ctx: Ctx, a: InsertTextAtHeading) -> Result<Value, ToolError> {
    let id = doc_id(&a.document_id)?;
    if a.heading.trim().trim_start_matches('#').trim().is_empty() {
        return Err(ToolError::invalid_input("`heading` must not be empty"));
    }
    let paras = if a.markdown.unwrap_or(false) {
        compose::markdown(&a.text)
    } else if a.text.is_empty() {
        Vec::new()
    } else {
        compose::plain(&a.text)
    };
    let pos = a.position.unwrap_or_default();
    apply(&ctx, &id, &paras, |els| {
        heading_anchor(els, &a.heading, pos)
    })
    .await
}

/// Append Markdown to a document as formatted content: headings, nested lists, bold, italic,
/// strikethrough, code, links; quotes and tables become plain paragraphs.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AppendMarkdown {
    /// Id or URL
    document_id: String,
    markdown: String,
}

async fn append_markdown(ctx: Ctx, a: AppendMarkdown) -> Result<Value, ToolError> {
    let id = doc_id(&a.document_id)?;
    let paras = compose::markdown(&a.markdown);
    apply(&ctx, &id, &paras, at_end).await
}

/// Create a document from Markdown (headings, nested lists, bold, italic, code, links). Returns its
/// id and URL.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreateDocumentFromMarkdown {
    title: String,
    markdown: String,
}

async fn create_document_from_markdown(
    ctx: Ctx,
    a: CreateDocumentFromMarkdown,
) -> Result<Value, ToolError> {
    let paras = compose::markdown(&a.markdown);
    if paras.is_empty() {
        return Err(ToolError::invalid_input(
            "`markdown` has no content: give the document's text, or use google_docs_create_blank_document",
        ));
    }
    let doc = create(&ctx, &a.title).await?;
    let id = created_id(&doc)?;
    // A new document's body is a section break and one empty paragraph at index 1.
    let anchor = Anchor {
        at: 1,
        lead: false,
        trail: false,
        inherited_bullet: false,
    };
    let plan = compose::requests(&paras, anchor);
    let rev = doc.get("revisionId").and_then(Value::as_str);
    let reply = api::batch_update(&ctx, &id, plan.requests, rev)
        .await
        .map_err(|e| after_create(&id, e))?;
    let mut out = document_ref(&doc, &id);
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    out["insertedCharacters"] = json!(plan.inserted);
    Ok(out)
}
