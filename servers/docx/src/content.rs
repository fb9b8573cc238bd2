//! Content: paragraphs, headings, lists, pictures, tables, page breaks; insertion near a
//! text, deletion, block replacement; search and replace; custom styles and run formatting.

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;
use xot::Node;

use crate::doc::{Doc, Save, docx_name, find_target, with_doc, write};
use crate::image;
use crate::template;
use crate::xml::{PPR_ORDER, RPR_ORDER, RunFormat, WordXml, esc, sort_props};
use crate::{runs, tables};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "add_paragraph",
            "Add paragraph",
            Effect::Write,
            add_paragraph,
        )
        .toolset("content"),
        tool("add_heading", "Add heading", Effect::Write, add_heading).toolset("content"),
        tool("add_picture", "Add picture", Effect::Write, add_picture).toolset("content"),
        tool("add_table", "Add table", Effect::Write, add_table).toolset("content"),
        tool(
            "add_page_break",
            "Add page break",
            Effect::Write,
            add_page_break,
        )
        .toolset("content"),
        tool(
            "delete_paragraph",
            "Delete paragraph",
            Effect::Destructive,
            delete_paragraph,
        )
        .toolset("content"),
        tool(
            "search_and_replace",
            "Search and replace",
            Effect::Destructive,
            search_and_replace,
        )
        .toolset("content"),
        tool(
            "insert_header_near_text",
            "Insert heading near text",
            Effect::Write,
            insert_header_near_text,
        )
        .toolset("content"),
        tool(
            "insert_line_or_paragraph_near_text",
            "Insert paragraph near text",
            Effect::Write,
            insert_line_near_text,
        )
        .toolset("content"),
        tool(
            "insert_numbered_list_near_text",
            "Insert list near text",
            Effect::Write,
            insert_list_near_text,
        )
        .toolset("content"),
        tool(
            "replace_paragraph_block_below_header",
            "Replace block below heading",
            Effect::Destructive,
            replace_below_header,
        )
        .toolset("content"),
        tool(
            "replace_block_between_manual_anchors",
            "Replace block between anchors",
            Effect::Destructive,
            replace_between_anchors,
        )
        .toolset("content"),
        tool(
            "create_custom_style",
            "Create custom style",
            Effect::IdempotentWrite,
            create_custom_style,
        )
        .toolset("format"),
        tool(
            "format_text",
            "Format text range",
            Effect::IdempotentWrite,
            format_text,
        )
        .toolset("format"),
    ]
}

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

async fn add_paragraph(ctx: Ctx, a: AddParagraph) -> Result<String, ToolError> {
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

async fn add_heading(ctx: Ctx, a: AddHeading) -> Result<String, ToolError> {
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

/// Add a picture from the workspace (PNG, JPEG or GIF) at the end of a document, in a
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

async fn add_picture(ctx: Ctx, a: AddPicture) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let shown = docx_name(&a.filename);
            let p = ws.path("filename", &shown)?;
            let ip = ws.path("image_path", &a.image_path)?;
            let img = ws.read("image_path", &ip)?;
            let pic = image::probe(&img).ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "image_path {} is not a PNG, JPEG or GIF image this server can size.",
                    a.image_path
                ))
            })?;
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
            doc.pkg.ensure_default_type(pic.ext, pic.mime)?;
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

async fn add_table(ctx: Ctx, a: AddTable) -> Result<String, ToolError> {
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

async fn add_page_break(ctx: Ctx, a: FileOnly) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, |doc| {
        let p = doc
            .main
            .frag1("<w:p><w:r><w:br w:type=\"page\"/></w:r></w:p>")?;
        doc.append_block(p)?;
        Ok(format!("Page break added to {}", doc.file))
    })
    .await
}

/// Delete one paragraph of the body (index among the body's paragraphs, 0-based).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteParagraph {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index (0-based)
    paragraph_index: i64,
}

async fn delete_paragraph(ctx: Ctx, a: DeleteParagraph) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        // A paragraph that ends a section carries its properties: keep them on the next one.
        if let Some(sect) = doc
            .main
            .wchild(p, "pPr")
            .and_then(|ppr| doc.main.wchild(ppr, "sectPr"))
        {
            let next = doc.paragraphs()?.into_iter().skip_while(|q| *q != p).nth(1);
            if let Some(n) = next {
                let ppr = doc.main.ensure_wchild(n, "pPr", true)?;
                if doc.main.wchild(ppr, "sectPr").is_none() {
                    doc.main
                        .xml_mut()
                        .xot
                        .detach(sect)
                        .map_err(crate::xml::internal)?;
                    doc.main.append(ppr, sect)?;
                    sort_props(&mut doc.main, ppr, PPR_ORDER)?;
                }
            }
        }
        doc.main.remove(p)?;
        Ok(format!(
            "Paragraph at index {} deleted successfully.",
            a.paragraph_index
        ))
    })
    .await
}

/// Replace every occurrence of a text in a document: its body (tables included), headers
/// and footers, footnotes and endnotes. A match may span runs of different formatting; the
/// replacement takes the formatting of the run where the match starts. Case-sensitive.
#[derive(Deserialize, JsonSchema)]
pub struct SearchReplace {
    /// The document, relative to the workspace
    filename: String,
    /// The text to find
    find_text: String,
    /// The text to put in its place
    replace_text: String,
}

async fn search_and_replace(ctx: Ctx, a: SearchReplace) -> Result<String, ToolError> {
    if a.find_text.is_empty() {
        return Err(ToolError::invalid_input("find_text is empty."));
    }
    let (f, r) = (a.find_text.clone(), a.replace_text.clone());
    let (f2, r2) = (f.clone(), r.clone());
    let n = with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let n = replace_everywhere(doc, &f2, &r2)?;
        // Nothing found writes nothing.
        doc.skip_save = n == 0;
        Ok(n)
    })
    .await?;
    if n == 0 {
        return Ok(format!("No occurrences of '{f}' found."));
    }
    Ok(format!("Replaced {n} occurrence(s) of '{f}' with '{r}'."))
}

fn replace_everywhere(doc: &mut Doc, find: &str, repl: &str) -> Result<usize, ToolError> {
    let body = doc.body()?;
    let mut n = 0;
    for p in doc.main.wdesc(body, "p") {
        n += runs::replace_in_paragraph(&mut doc.main, p, find, repl)?;
    }
    let mut others = doc.header_footer_parts()?;
    for rel in [template::REL_FOOTNOTES, template::REL_ENDNOTES] {
        if let Some(p) = doc.related(rel)?
            && doc.pkg.part(&p).is_some()
        {
            others.push(p);
        }
    }
    for part in others {
        let has = {
            let x = doc.part(&part)?;
            let root = x.root()?;
            x.wdesc(root, "p")
                .into_iter()
                .any(|p| x.text_of(p).contains(find))
        };
        if !has {
            continue;
        }
        let x = doc.part_mut(&part)?;
        let root = x.root()?;
        for p in x.wdesc(root, "p") {
            n += runs::replace_in_paragraph(x, p, find, repl)?;
        }
    }
    Ok(n)
}

fn place(doc: &mut Doc, target: Node, position: &str, nodes: &[Node]) -> Result<(), ToolError> {
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

async fn insert_header_near_text(ctx: Ctx, a: InsertHeader) -> Result<String, ToolError> {
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

async fn insert_line_near_text(ctx: Ctx, a: InsertLine) -> Result<String, ToolError> {
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

async fn insert_list_near_text(ctx: Ctx, a: InsertList) -> Result<String, ToolError> {
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

/// Replace the paragraphs below a heading (up to the next heading) with new ones. The
/// heading is the first heading paragraph whose text is `header_text` (tables of contents
/// are skipped); tables in the block are kept.
#[derive(Deserialize, JsonSchema)]
pub struct ReplaceBelowHeader {
    /// The document, relative to the workspace
    filename: String,
    /// The heading's text
    header_text: String,
    /// The new paragraphs' texts
    new_paragraphs: Vec<String>,
    /// Accepted for compatibility and ignored (the block ends at the next heading)
    detect_block_end_fn: Option<String>,
}

fn is_toc(style: &str) -> bool {
    let s = style.to_ascii_lowercase();
    s.starts_with("toc") || s.contains("contents")
}

async fn replace_below_header(ctx: Ctx, a: ReplaceBelowHeader) -> Result<String, ToolError> {
    let _ = &a.detect_block_end_fn;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let ps = doc.paragraphs()?;
        let want = a.header_text.trim();
        let mut header = None;
        for p in &ps {
            let style = doc.paragraph_style(*p);
            if is_toc(&style) {
                continue;
            }
            if doc.text(*p).trim() == want && doc.heading_level(*p).is_some() {
                header = Some(*p);
                break;
            }
        }
        let Some(h) = header else {
            return Err(ToolError::invalid_input(format!(
                "no heading with the text `{want}` in {}.",
                doc.file
            )));
        };
        let mut gone = 0;
        for p in ps.iter().skip_while(|p| **p != h).skip(1) {
            if doc.heading_level(*p).is_some() {
                break;
            }
            doc.main.remove(*p)?;
            gone += 1;
        }
        let mut nodes = Vec::new();
        for t in &a.new_paragraphs {
            nodes.push(doc.new_paragraph(t, None, "", "")?);
        }
        place(doc, h, "after", &nodes)?;
        Ok(format!(
            "Replaced {gone} paragraph(s) below '{want}' with {} new paragraph(s).",
            nodes.len()
        ))
    })
    .await
}

/// Replace the paragraphs between two anchor paragraphs (the first whose text is, or else
/// contains, each anchor) with new ones; without `end_anchor_text`, up to the next heading.
#[derive(Deserialize, JsonSchema)]
pub struct ReplaceBetween {
    /// The document, relative to the workspace
    filename: String,
    /// The text of the paragraph the block starts after
    start_anchor_text: String,
    /// The new paragraphs' texts
    new_paragraphs: Vec<String>,
    /// The text of the paragraph the block ends before (default: the next heading)
    end_anchor_text: Option<String>,
    /// Accepted for compatibility and ignored (anchors match exactly, else by containment)
    match_fn: Option<String>,
    /// The new paragraphs' style by name
    new_paragraph_style: Option<String>,
}

fn find_anchor(doc: &Doc, ps: &[Node], anchor: &str) -> Option<usize> {
    let a = anchor.trim();
    ps.iter()
        .position(|p| doc.text(*p).trim() == a)
        .or_else(|| ps.iter().position(|p| doc.text(*p).contains(a)))
}

async fn replace_between_anchors(ctx: Ctx, a: ReplaceBetween) -> Result<String, ToolError> {
    let _ = &a.match_fn;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let ps = doc.paragraphs()?;
        let start = find_anchor(doc, &ps, &a.start_anchor_text).ok_or_else(|| {
            ToolError::invalid_input(format!(
                "start anchor `{}` not found in {}.",
                a.start_anchor_text, doc.file
            ))
        })?;
        let rest = ps.get(start + 1..).unwrap_or_default();
        let end = match &a.end_anchor_text {
            Some(e) if !e.trim().is_empty() => {
                Some(find_anchor(doc, rest, e).ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "end anchor `{e}` not found after the start anchor."
                    ))
                })?)
            }
            _ => {
                let mut at = None;
                for (i, p) in rest.iter().enumerate() {
                    if doc.heading_level(*p).is_some() {
                        at = Some(i);
                        break;
                    }
                }
                at
            }
        };
        let block: Vec<Node> = rest
            .iter()
            .take(end.unwrap_or(rest.len()))
            .copied()
            .collect();
        let style = match a.new_paragraph_style.filter(|s| !s.trim().is_empty()) {
            Some(s) => Some(doc.style_id(&s, "paragraph")?),
            None => None,
        };
        for p in &block {
            doc.main.remove(*p)?;
        }
        let mut nodes = Vec::new();
        for t in &a.new_paragraphs {
            nodes.push(doc.new_paragraph(t, style.as_deref(), "", "")?);
        }
        let anchor = ps
            .get(start)
            .copied()
            .ok_or_else(|| crate::xml::internal("anchor"))?;
        place(doc, anchor, "after", &nodes)?;
        Ok(format!(
            "Replaced {} paragraph(s) between the anchors with {} new paragraph(s).",
            block.len(),
            nodes.len()
        ))
    })
    .await
}

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

async fn create_custom_style(ctx: Ctx, a: CustomStyle) -> Result<String, ToolError> {
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

async fn format_text(ctx: Ctx, a: FormatText) -> Result<String, ToolError> {
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
