//! Inserting headers, paragraphs and lists before or after the paragraph holding some text.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use xot::Node;

use crate::doc::{Doc, Save, find_target, with_doc};
use crate::template;
use crate::xml::WordXml;

pub(super) fn place(
    doc: &mut Doc,
    target: Node,
    position: &str,
    nodes: &[Node],
) -> Result<(), ToolError> {
    match position.trim().to_ascii_lowercase().as_str() {
        "before" => {
            for n in nodes {
                doc.main.insert_before(target, *n)?;
            }
        }
        "after" => {
            let mut at = target;
            for n in nodes {
                doc.main.insert_after(at, *n)?;
                at = *n;
            }
        }
        other => {
            return Err(ToolError::invalid_input(format!(
                "position `{other}` is not `before` or `after`."
            )));
        }
    }
    Ok(())
}

/// Insert a heading before or after a paragraph, found by its text (the first paragraph
/// containing `target_text`) or by `target_paragraph_index`.
#[derive(Deserialize, JsonSchema)]
pub struct InsertHeader {
    /// The document, relative to the workspace
    filename: String,
    /// A text of the target paragraph
    target_text: Option<String>,
    /// The heading's text
    header_title: Option<String>,
    /// `before` or `after` the target
    #[serde(default = "after")]
    position: String,
    /// The heading's style by name
    #[serde(default = "heading1")]
    header_style: String,
    /// The target paragraph's index (instead of target_text)
    target_paragraph_index: Option<i64>,
}

fn after() -> String {
    "after".into()
}

fn heading1() -> String {
    "Heading 1".into()
}

pub(super) async fn insert_header_near_text(
    ctx: Ctx,
    a: InsertHeader,
) -> Result<String, ToolError> {
    let Some(title) = a.header_title.filter(|t| !t.is_empty()) else {
        return Err(ToolError::invalid_input(
            "header_title is required: the heading's text.",
        ));
    };
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let target = find_target(doc, a.target_text.as_deref(), a.target_paragraph_index)?;
        let style = doc.style_id(&a.header_style, "paragraph")?;
        let p = doc.new_paragraph(&title, Some(&style), "", "")?;
        place(doc, target, &a.position, &[p])?;
        Ok(format!(
            "Heading '{title}' ({}) inserted {} the target paragraph.",
            a.header_style, a.position
        ))
    })
    .await
}

/// Insert a paragraph before or after a paragraph found by its text or index; its style is
/// `line_style`, or the target's.
#[derive(Deserialize, JsonSchema)]
pub struct InsertLine {
    /// The document, relative to the workspace
    filename: String,
    /// A text of the target paragraph
    target_text: Option<String>,
    /// The new paragraph's text
    line_text: Option<String>,
    /// `before` or `after` the target
    #[serde(default = "after")]
    position: String,
    /// The new paragraph's style by name (default: the target's)
    line_style: Option<String>,
    /// The target paragraph's index (instead of target_text)
    target_paragraph_index: Option<i64>,
}

pub(super) async fn insert_line_near_text(ctx: Ctx, a: InsertLine) -> Result<String, ToolError> {
    let text = a.line_text.unwrap_or_default();
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let target = find_target(doc, a.target_text.as_deref(), a.target_paragraph_index)?;
        let style = match a.line_style.filter(|s| !s.trim().is_empty()) {
            Some(s) => Some(doc.style_id(&s, "paragraph")?),
            None => doc
                .main
                .wchild(target, "pPr")
                .and_then(|ppr| doc.main.wchild(ppr, "pStyle"))
                .and_then(|s| doc.main.wattr(s, "val")),
        };
        let p = doc.new_paragraph(&text, style.as_deref(), "", "")?;
        place(doc, target, &a.position, &[p])?;
        Ok(format!(
            "Paragraph inserted {} the target paragraph.",
            a.position
        ))
    })
    .await
}

/// Insert a bulleted or numbered list before or after a paragraph found by its text or
/// index: List Paragraph paragraphs numbered by a new list definition (word/numbering.xml),
/// so a numbered list starts at 1.
#[derive(Deserialize, JsonSchema)]
pub struct InsertList {
    /// The document, relative to the workspace
    filename: String,
    /// A text of the target paragraph
    target_text: Option<String>,
    /// The items, in order
    list_items: Option<Vec<String>>,
    /// `before` or `after` the target
    #[serde(default = "after")]
    position: String,
    /// The target paragraph's index (instead of target_text)
    target_paragraph_index: Option<i64>,
    /// `bullet` or `number`
    #[serde(default = "bullet")]
    bullet_type: String,
}

fn bullet() -> String {
    "bullet".into()
}

/// A new list definition (abstract numbering and its instance); the `numId`.
pub fn new_list(doc: &mut Doc, numbered: bool) -> Result<String, ToolError> {
    let part = doc.ensure_part(
        template::REL_NUMBERING,
        "numbering.xml",
        template::CT_NUMBERING,
        &format!("<w:numbering xmlns:w=\"{}\"/>", mcp_vendor_office::ns::WORD),
    )?;
    let x = doc.part_mut(&part)?;
    let root = x.root()?;
    let max = |x: &mcp_vendor_office::Xml, local: &str, attr: &str| {
        x.wchildren(root, local)
            .into_iter()
            .filter_map(|n| x.wattr(n, attr)?.parse::<i64>().ok())
            .max()
            .unwrap_or(0)
    };
    let abs_id = max(x, "abstractNum", "abstractNumId") + 1;
    let num_id = max(x, "num", "numId") + 1;
    let mut lvls = String::new();
    for l in 0..9 {
        let (fmt, text) = if numbered {
            let f = ["decimal", "lowerLetter", "lowerRoman"][l % 3];
            (f, format!("%{}.", l + 1))
        } else {
            ("bullet", ["\u{2022}", "o", "\u{25AA}"][l % 3].to_owned())
        };
        let left = 720 * (l + 1);
        lvls.push_str(&format!(
            "<w:lvl w:ilvl=\"{l}\"><w:start w:val=\"1\"/><w:numFmt w:val=\"{fmt}\"/><w:lvlText w:val=\"{text}\"/><w:lvlJc w:val=\"left\"/><w:pPr><w:ind w:left=\"{left}\" w:hanging=\"360\"/></w:pPr></w:lvl>"
        ));
    }
    let abs = x.frag1(&format!(
        "<w:abstractNum w:abstractNumId=\"{abs_id}\"><w:multiLevelType w:val=\"hybridMultilevel\"/>{lvls}</w:abstractNum>"
    ))?;
    let num = x.frag1(&format!(
        "<w:num w:numId=\"{num_id}\"><w:abstractNumId w:val=\"{abs_id}\"/></w:num>"
    ))?;
    // Every abstractNum comes before every num.
    match x.wchild(root, "num") {
        Some(first) => x.insert_before(first, abs)?,
        None => match x.wchildren(root, "abstractNum").last() {
            Some(last) => x.insert_after(*last, abs)?,
            None => x.prepend(root, abs)?,
        },
    }
    match x.wchildren(root, "num").last() {
        Some(last) => x.insert_after(*last, num)?,
        None => x.insert_after(abs, num)?,
    }
    Ok(num_id.to_string())
}

pub(super) async fn insert_list_near_text(ctx: Ctx, a: InsertList) -> Result<String, ToolError> {
    let items = a.list_items.unwrap_or_default();
    if items.is_empty() {
        return Err(ToolError::invalid_input(
            "list_items is empty: give the list's items.",
        ));
    }
    let numbered = match a.bullet_type.trim().to_ascii_lowercase().as_str() {
        "bullet" | "bullets" => false,
        "number" | "numbered" | "numbers" => true,
        other => {
            return Err(ToolError::invalid_input(format!(
                "bullet_type `{other}` is not `bullet` or `number`."
            )));
        }
    };
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let target = find_target(doc, a.target_text.as_deref(), a.target_paragraph_index)?;
        let style = doc.style_id("List Paragraph", "paragraph")?;
        let num = new_list(doc, numbered)?;
        let numpr = format!("<w:numPr><w:ilvl w:val=\"0\"/><w:numId w:val=\"{num}\"/></w:numPr>");
        let mut nodes = Vec::new();
        for item in &items {
            nodes.push(doc.new_paragraph(item, Some(&style), "", &numpr)?);
        }
        place(doc, target, &a.position, &nodes)?;
        Ok(format!(
            "{} list with {} items inserted {} the target paragraph.",
            if numbered { "Numbered" } else { "Bulleted" },
            items.len(),
            a.position
        ))
    })
    .await
}
