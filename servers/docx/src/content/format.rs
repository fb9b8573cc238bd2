//! Custom styles and formatting of text ranges.

use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;

use crate::doc::{Save, with_doc};
use crate::runs;
use crate::xml::{RPR_ORDER, RunFormat, WordXml, esc, sort_props};

/// Create a paragraph style (or change the one of that name) with run formatting, based on
/// another style (default Normal). Use it with add_paragraph's `style`.
#[derive(Deserialize, JsonSchema)]
pub struct CustomStyle {
    /// The document, relative to the workspace
    filename: String,
    /// The style's name
    style_name: String,
    bold: Option<bool>,
    italic: Option<bool>,
    /// Font size in points
    font_size: Option<i64>,
    /// Font family
    font_name: Option<String>,
    /// Text colour as hex RGB
    color: Option<String>,
    /// The style it is based on, by name
    base_style: Option<String>,
}

pub(super) async fn create_custom_style(ctx: Ctx, a: CustomStyle) -> Result<String, ToolError> {
    let name = a.style_name.trim().to_owned();
    if name.is_empty() {
        return Err(ToolError::invalid_input("style_name is empty."));
    }
    let fmt = RunFormat {
        font_name: a.font_name,
        font_size: a.font_size.map(|s| s as f64),
        bold: a.bold,
        italic: a.italic,
        underline: None,
        color: a.color,
    };
    fmt.props()?;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let based = match a.base_style.filter(|b| !b.trim().is_empty()) {
            Some(b) => Some(doc.style_id(&b, "paragraph")?),
            None => None,
        };
        let styles = doc.styles()?;
        let existing = styles.iter().find(|(_, n, _)| n.eq_ignore_ascii_case(&name)).map(|(id, _, _)| id.clone());
        let part = doc.styles_part()?;
        let x = doc.part_mut(&part)?;
        let root = x.root()?;
        let node = match existing.and_then(|id| x.wchildren(root, "style").into_iter().find(|s| x.wattr(*s, "styleId").as_deref() == Some(id.as_str()))) {
            Some(n) => n,
            None => {
                let base: String = name.chars().filter(|c| c.is_alphanumeric()).collect();
                let base = if base.is_empty() { "CustomStyle".to_owned() } else { base };
                let mut id = base.clone();
                let mut k = 1;
                while styles.iter().any(|(i, _, _)| *i == id) {
                    k += 1;
                    id = format!("{base}{k}");
                }
                let n = x.frag1(&format!(
                    "<w:style w:type=\"paragraph\" w:customStyle=\"1\" w:styleId=\"{}\"><w:name w:val=\"{}\"/><w:qFormat/></w:style>",
                    esc(&id),
                    esc(&name)
                ))?;
                x.append(root, n)?;
                n
            }
        };
        if let Some(b) = based {
            let bn = x.frag1(&format!("<w:basedOn w:val=\"{}\"/>", esc(&b)))?;
            match x.wchild(node, "basedOn") {
                Some(old) => {
                    x.insert_before(old, bn)?;
                    x.remove(old)?;
                }
                None => match x.wchild(node, "name") {
                    Some(nm) => x.insert_after(nm, bn)?,
                    None => x.prepend(node, bn)?,
                },
            }
        }
        let rpr = x.ensure_wchild(node, "rPr", false)?;
        fmt.apply(x, rpr)?;
        Ok(format!("Style '{name}' created successfully."))
    })
    .await
}

/// Format a range of characters of one paragraph (positions in its text, 0-based, end
/// excluded): bold, italic, underline, colour, size, font. Runs are split at the range's
/// ends; the rest of the paragraph keeps its formatting.
#[derive(Deserialize, JsonSchema)]
pub struct FormatText {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index among the body's paragraphs (0-based)
    paragraph_index: i64,
    /// First character of the range (0-based)
    start_pos: i64,
    /// Character after the range
    end_pos: i64,
    bold: Option<bool>,
    italic: Option<bool>,
    underline: Option<bool>,
    /// Text colour as hex RGB
    color: Option<String>,
    /// Font size in points
    font_size: Option<i64>,
    /// Font family
    font_name: Option<String>,
}

pub(super) async fn format_text(ctx: Ctx, a: FormatText) -> Result<String, ToolError> {
    let fmt = RunFormat {
        font_name: a.font_name,
        font_size: a.font_size.map(|s| s as f64),
        bold: a.bold,
        italic: a.italic,
        underline: a.underline,
        color: a.color,
    };
    fmt.props()?;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        let len = doc.text(p).chars().count() as i64;
        if a.start_pos < 0 || a.end_pos > len || a.start_pos >= a.end_pos {
            return Err(ToolError::invalid_input(format!(
                "the range {}..{} does not fit paragraph {} ({len} characters): give 0 <= start_pos < end_pos <= {len}.",
                a.start_pos, a.end_pos, a.paragraph_index
            )));
        }
        let rs = runs::isolate(&mut doc.main, p, a.start_pos as usize, a.end_pos as usize)?;
        for r in &rs {
            let rpr = doc.main.ensure_wchild(*r, "rPr", true)?;
            fmt.apply(&mut doc.main, rpr)?;
            sort_props(&mut doc.main, rpr, RPR_ORDER)?;
        }
        Ok(format!(
            "Text from {} to {} of paragraph {} formatted.",
            a.start_pos, a.end_pos, a.paragraph_index
        ))
    })
    .await
}
