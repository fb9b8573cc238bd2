//! Adding blocks at the end of a document: paragraphs, headings, pictures, tables, page breaks.

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::doc::{Doc, Save, docx_name, with_doc, write};
use crate::tables;
use crate::template;
use crate::xml::{RunFormat, WordXml, esc};

/// Add a paragraph at the end of a document, with a style and run formatting.
#[derive(Deserialize, JsonSchema)]
pub struct AddParagraph {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's text (a newline is a line break, a tab a tab)
    text: String,
    /// A paragraph style by name (`Normal`, `Quote`, `List Bullet`...)
    style: Option<String>,
    /// Font family (`Times New Roman`)
    font_name: Option<String>,
    /// Font size in points
    font_size: Option<i64>,
    bold: Option<bool>,
    italic: Option<bool>,
    /// Text colour as hex RGB (`FF0000`)
    color: Option<String>,
}

pub(super) async fn add_paragraph(ctx: Ctx, a: AddParagraph) -> Result<String, ToolError> {
    let fmt = RunFormat {
        font_name: a.font_name,
        font_size: a.font_size.map(|s| s as f64),
        bold: a.bold,
        italic: a.italic,
        underline: None,
        color: a.color,
    };
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let style = match &a.style {
            Some(s) if !s.trim().is_empty() => Some(doc.style_id(s, "paragraph")?),
            _ => None,
        };
        let p = doc.new_paragraph(&a.text, style.as_deref(), &fmt.xml()?, "")?;
        doc.append_block(p)?;
        Ok(format!("Paragraph added to {}", doc.file))
    })
    .await
}

/// Add a heading at the end of a document: a paragraph with the style `Heading <level>`
/// (level 0 is `Title`), which Word's navigation pane and table of contents use.
#[derive(Deserialize, JsonSchema)]
pub struct AddHeading {
    /// The document, relative to the workspace
    filename: String,
    /// The heading's text
    text: String,
    /// Heading level 1-9 (0: Title)
    #[serde(default = "one")]
    level: i64,
    /// Font family
    font_name: Option<String>,
    /// Font size in points
    font_size: Option<i64>,
    bold: Option<bool>,
    italic: Option<bool>,
    /// Draw a line under the heading
    #[serde(default)]
    border_bottom: bool,
}

fn one() -> i64 {
    1
}

pub(super) async fn add_heading(ctx: Ctx, a: AddHeading) -> Result<String, ToolError> {
    if !(0..=9).contains(&a.level) {
        return Err(ToolError::invalid_input(format!(
            "level {} is out of range: give 1 to 9 (0 for Title).",
            a.level
        )));
    }
    let fmt = RunFormat {
        font_name: a.font_name,
        font_size: a.font_size.map(|s| s as f64),
        bold: a.bold,
        italic: a.italic,
        underline: None,
        color: None,
    };
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let name = if a.level == 0 { "Title".to_owned() } else { format!("Heading {}", a.level) };
        let style = doc.style_id(&name, "paragraph")?;
        let border = if a.border_bottom {
            "<w:pBdr><w:bottom w:val=\"single\" w:sz=\"6\" w:space=\"1\" w:color=\"auto\"/></w:pBdr>"
        } else {
            ""
        };
        let p = doc.new_paragraph(&a.text, Some(&style), &fmt.xml()?, border)?;
        doc.append_block(p)?;
        Ok(format!("Heading '{}' (level {}) added to {}", a.text, a.level, doc.file))
    })
    .await
}

/// Add a picture from the workspace (PNG, JPEG, GIF or BMP) at the end of a document, in a
/// paragraph of its own, as an inline drawing. Its size is the image's own (from its pixel
/// size and resolution) unless `width` is given; the height keeps the aspect ratio.
#[derive(Deserialize, JsonSchema)]
pub struct AddPicture {
    /// The document, relative to the workspace
    filename: String,
    /// The image file, relative to the workspace
    image_path: String,
    /// Width in inches
    width: Option<f64>,
}

const EMU_PER_INCH: f64 = 914_400.0;
/// The resolution Word gives a picture that states none.
const DEFAULT_DPI: f64 = 96.0;

pub(super) async fn add_picture(ctx: Ctx, a: AddPicture) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let shown = docx_name(&a.filename);
            let p = ws.path("filename", &shown)?;
            let ip = ws.path("image_path", &a.image_path)?;
            let img = ws.read("image_path", &ip)?;
            let mut pic = mcp_vendor_office::image_info(&img, DEFAULT_DPI).ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "image_path {} is not a PNG, JPEG, GIF or BMP image this server can size.",
                    a.image_path
                ))
            })?;
            // PNG and BMP state pixels per metre: whole dots per inch, as python-docx reads
            // them (3780 per metre is 96 dpi).
            if matches!(pic.ext, "png" | "bmp") {
                pic.dpi = (pic.dpi.0.round(), pic.dpi.1.round());
            }
            if pic.width == 0 || pic.height == 0 {
                return Err(ToolError::invalid_input(format!(
                    "image_path {} has no size in its header.",
                    a.image_path
                )));
            }
            let (cx, cy) = match a.width {
                Some(w) if w > 0.0 && w <= 100.0 => {
                    let cx = w * EMU_PER_INCH;
                    (cx, cx * f64::from(pic.height) / f64::from(pic.width))
                }
                Some(w) => {
                    return Err(ToolError::invalid_input(format!(
                        "width {w} is out of range: give inches, more than 0 and at most 100."
                    )));
                }
                None => (
                    f64::from(pic.width) / pic.dpi.0 * EMU_PER_INCH,
                    f64::from(pic.height) / pic.dpi.1 * EMU_PER_INCH,
                ),
            };
            let bytes = ws.read("filename", &p)?;
            let mut doc = Doc::from_bytes(&bytes, &shown)?;
            let folder = doc
                .main_part
                .rsplit_once('/')
                .map(|(d, _)| d.to_owned())
                .unwrap_or_default();
            let media = doc.pkg.free_name(&format!("{folder}/media/image"), &format!(".{}", pic.ext));
            doc.pkg.set_part(&media, img);
            doc.pkg.ensure_default_type(pic.ext, pic.content_type)?;
            let main = doc.main_part.clone();
            let rid = doc.pkg.add_relationship(&main, template::REL_IMAGE, &media, false)?;
            let root = doc.main.root()?;
            let id = doc
                .main
                .xml()
                .xot
                .descendants(root)
                .filter(|n| {
                    doc.main.xml().xot.element(*n).is_some_and(|e| {
                        doc.main.xml().xot.local_name_str(e.name()) == "docPr"
                    })
                })
                .filter_map(|n| mcp_vendor_office::attr(&doc.main, n, "id")?.parse::<u64>().ok())
                .max()
                .unwrap_or(0)
                + 1;
            let media_name = media.rsplit('/').next().unwrap_or(&media).to_owned();
            let (cx, cy) = (cx.round() as i64, cy.round() as i64);
            let xml = format!(
                "<w:p><w:r><w:drawing><wp:inline distT=\"0\" distB=\"0\" distL=\"0\" distR=\"0\"><wp:extent cx=\"{cx}\" cy=\"{cy}\"/><wp:docPr id=\"{id}\" name=\"Picture {id}\"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect=\"1\"/></wp:cNvGraphicFramePr><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/picture\"><pic:pic><pic:nvPicPr><pic:cNvPr id=\"0\" name=\"{}\"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed=\"{rid}\"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"{cx}\" cy=\"{cy}\"/></a:xfrm><a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>",
                esc(&media_name)
            );
            let node = doc.main.frag1(&xml)?;
            doc.append_block(node)?;
            write(ws, "filename", &p, &mut doc)?;
            Ok(format!(
                "Picture {} added to {shown} ({:.2} x {:.2} inches)",
                a.image_path,
                cx as f64 / EMU_PER_INCH,
                cy as f64 / EMU_PER_INCH
            ))
        })
        .await
}

/// Add a table at the end of a document, in the style Table Grid (borders on every cell),
/// with its column grid and cell widths filling the text width, and optional data (row by
/// row; cells beyond `rows` x `cols` are ignored).
#[derive(Deserialize, JsonSchema)]
pub struct AddTable {
    /// The document, relative to the workspace
    filename: String,
    /// Number of rows (1-1000)
    rows: i64,
    /// Number of columns (1-63)
    cols: i64,
    /// The cells' text, a list of rows, each a list of cells
    data: Option<Vec<Vec<Value>>>,
}

fn cell_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

pub(super) async fn add_table(ctx: Ctx, a: AddTable) -> Result<String, ToolError> {
    if !(1..=1000).contains(&a.rows) || !(1..=63).contains(&a.cols) {
        return Err(ToolError::invalid_input(format!(
            "a table of {} x {} cannot be made: give 1-1000 rows and 1-63 columns.",
            a.rows, a.cols
        )));
    }
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let style = doc.style_id("Table Grid", "table")?;
        let total = tables::text_width(doc);
        let (rows, cols) = (a.rows as usize, a.cols as usize);
        let w = total / cols as i64;
        let mut x = format!(
            "<w:tbl><w:tblPr><w:tblStyle w:val=\"{}\"/><w:tblW w:w=\"0\" w:type=\"auto\"/><w:tblLook w:val=\"04A0\" w:firstRow=\"1\" w:lastRow=\"0\" w:firstColumn=\"1\" w:lastColumn=\"0\" w:noHBand=\"0\" w:noVBand=\"1\"/></w:tblPr><w:tblGrid>",
            esc(&style)
        );
        for _ in 0..cols {
            x.push_str(&format!("<w:gridCol w:w=\"{w}\"/>"));
        }
        x.push_str("</w:tblGrid>");
        let data = a.data.unwrap_or_default();
        for r in 0..rows {
            x.push_str("<w:tr>");
            for c in 0..cols {
                let text = data.get(r).and_then(|row| row.get(c)).map(cell_text).unwrap_or_default();
                let run = if text.is_empty() { String::new() } else { crate::xml::run_xml(&text, "") };
                x.push_str(&format!(
                    "<w:tc><w:tcPr><w:tcW w:w=\"{w}\" w:type=\"dxa\"/></w:tcPr><w:p>{run}</w:p></w:tc>"
                ));
            }
            x.push_str("</w:tr>");
        }
        x.push_str("</w:tbl>");
        let node = doc.main.frag1(&x)?;
        doc.append_block(node)?;
        // Word wants a paragraph after a table at the end of the body.
        let p = doc.new_paragraph("", None, "", "")?;
        doc.append_block(p)?;
        Ok(format!("Table ({rows}x{cols}) added to {}", doc.file))
    })
    .await
}

/// Add a page break at the end of a document (a paragraph holding `w:br w:type="page"`).
#[derive(Deserialize, JsonSchema)]
pub struct FileOnly {
    /// The document, relative to the workspace
    filename: String,
}

pub(super) async fn add_page_break(ctx: Ctx, a: FileOnly) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, |doc| {
        let p = doc
            .main
            .frag1("<w:p><w:r><w:br w:type=\"page\"/></w:r></w:p>")?;
        doc.append_block(p)?;
        Ok(format!("Page break added to {}", doc.file))
    })
    .await
}
