//! Whole documents: create, copy, describe, read (text, outline, XML, one paragraph),
//! find text, list the documents of a directory; PDF conversion and password protection
//! answer that this server cannot do them, and what to use instead.

use mcp_shared::workspace::{Kind, Workspace};
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::doc::{Doc, Save, docx_name, with_doc, write};
use crate::template;
use crate::xml::WordXml;

/// Most characters of text or XML one read returns.
pub const MAX_TEXT: usize = 1_000_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "create_document",
            "Create Word document",
            Effect::Destructive,
            create_document,
        )
        .toolset("document"),
        tool(
            "copy_document",
            "Copy Word document",
            Effect::Write,
            copy_document,
        )
        .toolset("document"),
        tool(
            "get_document_info",
            "Get document info",
            Effect::Read,
            get_document_info,
        )
        .toolset("document"),
        tool(
            "get_document_text",
            "Get document text",
            Effect::Read,
            get_document_text,
        )
        .toolset("document"),
        tool(
            "get_document_outline",
            "Get document outline",
            Effect::Read,
            get_document_outline,
        )
        .toolset("document"),
        tool(
            "list_available_documents",
            "List available documents",
            Effect::Read,
            list_available_documents,
        )
        .toolset("document"),
        tool(
            "get_document_xml",
            "Get document XML",
            Effect::Read,
            get_document_xml,
        )
        .toolset("document"),
        tool(
            "get_paragraph_text_from_document",
            "Get paragraph text",
            Effect::Read,
            get_paragraph_text,
        )
        .toolset("document"),
        tool(
            "find_text_in_document",
            "Find text",
            Effect::Read,
            find_text,
        )
        .toolset("document"),
        tool(
            "convert_to_pdf",
            "Convert to PDF (not supported)",
            Effect::Write,
            convert_to_pdf,
        )
        .toolset("document"),
        tool(
            "protect_document",
            "Protect document (not supported)",
            Effect::Destructive,
            protect_document,
        )
        .toolset("document"),
        tool(
            "unprotect_document",
            "Unprotect document (not supported)",
            Effect::Destructive,
            unprotect_document,
        )
        .toolset("document"),
    ]
}

/// Create a new, empty Word document (.docx; the extension is added when missing) in the
/// workspace, with its title and author in the document properties. Replaces a file of the
/// same name. Its styles include Normal, Title, Heading 1-9, List Paragraph, List Bullet,
/// List Number, Quote and Table Grid.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDocument {
    /// The document, relative to the workspace
    filename: String,
    /// Its title (document properties)
    title: Option<String>,
    /// Its author (document properties)
    author: Option<String>,
}

async fn create_document(ctx: Ctx, a: CreateDocument) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let shown = docx_name(&a.filename);
            let p = ws.path("filename", &shown)?;
            let pkg = template::new_package(a.title.as_deref(), a.author.as_deref());
            let mut doc = Doc::from_package(pkg, &shown)?;
            write(ws, "filename", &p, &mut doc)?;
            Ok(format!("Document {shown} created successfully"))
        })
        .await
}

/// Copy a Word document to another file of the workspace (default: `<name>_copy.docx`
/// beside it). Replaces the destination when it exists.
#[derive(Deserialize, JsonSchema)]
pub struct CopyDocument {
    /// The document to copy, relative to the workspace
    source_filename: String,
    /// Where to copy it (default: `<name>_copy.docx`)
    destination_filename: Option<String>,
}

async fn copy_document(ctx: Ctx, a: CopyDocument) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let src = docx_name(&a.source_filename);
            let dest = match a.destination_filename.filter(|d| !d.trim().is_empty()) {
                Some(d) => docx_name(&d),
                None => {
                    let stem = src.get(..src.len().saturating_sub(5)).unwrap_or(&src);
                    format!("{stem}_copy.docx")
                }
            };
            let sp = ws.path("source_filename", &src)?;
            let dp = ws.path("destination_filename", &dest)?;
            let bytes = ws.read("source_filename", &sp)?;
            // Refuse to copy what is not a Word document.
            Doc::from_bytes(&bytes, &src)?;
            ws.write("destination_filename", &dp, &bytes)?;
            Ok(format!("Document copied to {dest}"))
        })
        .await
}

/// Describe a Word document: its properties (title, author, subject, keywords, dates,
/// revision), and counts of sections, paragraphs, tables, words, pictures, comments,
/// footnotes and endnotes. Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct FileOnlyGetDocumentInfo {
    /// The document, relative to the workspace
    filename: String,
}

/// The text of a Word document: its paragraphs and tables in order (a table one line per
/// row, cells separated by ` | `), then the text of its headers and footers. At most
/// 1,000,000 bytes.
#[derive(Deserialize, JsonSchema)]
pub struct FileOnlyGetDocumentText {
    /// The document, relative to the workspace
    filename: String,
}

/// The structure of a Word document: every paragraph (index, style, the first 100
/// characters), its headings with their levels, and its tables (index, rows, columns, the
/// first row). Returns JSON; at most 2,000 paragraphs are listed.
#[derive(Deserialize, JsonSchema)]
pub struct FileOnlyGetDocumentOutline {
    /// The document, relative to the workspace
    filename: String,
}

/// The XML of a document's main part (word/document.xml) as the file holds it; at most
/// 1,000,000 bytes.
#[derive(Deserialize, JsonSchema)]
pub struct FileOnlyGetDocumentXml {
    /// The document, relative to the workspace
    filename: String,
}

fn core_props(doc: &Doc) -> serde_json::Map<String, Value> {
    let mut out = serde_json::Map::new();
    let Ok(x) = doc.pkg.xml("docProps/core.xml") else {
        return out;
    };
    let Ok(root) = x.root() else { return out };
    for c in x.xot.children(root) {
        if let Some(e) = x.xot.element(c) {
            let local = x.xot.local_name_str(e.name());
            let key = match local {
                "title" => "title",
                "creator" => "author",
                "subject" => "subject",
                "keywords" => "keywords",
                "created" => "created",
                "modified" => "modified",
                "lastModifiedBy" => "last_modified_by",
                "revision" => "revision",
                "description" => "comments",
                "category" => "category",
                _ => continue,
            };
            out.insert(key.into(), Value::String(x.xot.string_value(c)));
        }
    }
    out
}

async fn get_document_info(ctx: Ctx, a: FileOnlyGetDocumentInfo) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, |doc| {
        let mut info = core_props(doc);
        for k in [
            "title",
            "author",
            "subject",
            "keywords",
            "created",
            "modified",
            "last_modified_by",
            "revision",
        ] {
            info.entry(k).or_insert(Value::String(String::new()));
        }
        let body = doc.body()?;
        let words: usize = doc
            .main
            .wdesc(body, "p")
            .iter()
            .map(|p| doc.text(*p).split_whitespace().count())
            .sum();
        let sections = doc.main.wdesc(body, "sectPr").len().max(1);
        let notes = |doc: &Doc, local: &str| doc.main.wdesc(body, local).len();
        info.insert("page_count".into(), json!(sections));
        info.insert("section_count".into(), json!(sections));
        info.insert("paragraph_count".into(), json!(doc.paragraphs()?.len()));
        info.insert("table_count".into(), json!(doc.tables()?.len()));
        info.insert("word_count".into(), json!(words));
        info.insert("picture_count".into(), json!(notes(doc, "drawing")));
        info.insert(
            "comment_count".into(),
            json!(notes(doc, "commentReference")),
        );
        info.insert(
            "footnote_count".into(),
            json!(notes(doc, "footnoteReference")),
        );
        info.insert(
            "endnote_count".into(),
            json!(notes(doc, "endnoteReference")),
        );
        info.insert(
            "header_footer_parts".into(),
            json!(doc.header_footer_parts()?),
        );
        Ok(Value::Object(info))
    })
    .await
}

/// The text of a table, one line per row, cells separated by ` | `.
pub fn table_text(doc: &Doc, tbl: xot::Node) -> String {
    let x = &doc.main;
    x.wchildren(tbl, "tr")
        .into_iter()
        .map(|tr| {
            x.wchildren(tr, "tc")
                .into_iter()
                .map(|tc| {
                    x.wdesc(tc, "p")
                        .into_iter()
                        .map(|p| x.text_of(p))
                        .collect::<Vec<_>>()
                        .join("\n")
                })
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn capped(mut s: String, what: &str) -> String {
    if s.len() > MAX_TEXT {
        let mut cut = MAX_TEXT;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push_str(&format!("\n[{what} truncated at {MAX_TEXT} bytes]"));
    }
    s
}

async fn get_document_text(ctx: Ctx, a: FileOnlyGetDocumentText) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::No, |doc| {
        let body = doc.body()?;
        let mut lines = Vec::new();
        for b in doc.main.elements(body) {
            match doc.main.w_local(b) {
                Some("p") => lines.push(doc.text(b)),
                Some("tbl") => lines.push(table_text(doc, b)),
                Some("sdt") => {
                    for p in doc.main.wdesc(b, "p") {
                        lines.push(doc.text(p));
                    }
                }
                _ => {}
            }
        }
        for part in doc.header_footer_parts()? {
            let x = doc.part(&part)?;
            let root = x.root()?;
            let text: Vec<String> = x
                .wdesc(root, "p")
                .into_iter()
                .map(|p| x.text_of(p))
                .collect();
            let text = text.join("\n");
            if !text.trim().is_empty() {
                lines.push(format!("[{part}]\n{text}"));
            }
        }
        Ok(capped(lines.join("\n"), "text"))
    })
    .await
}

fn preview(s: &str, n: usize) -> String {
    if s.chars().count() > n {
        let mut t: String = s.chars().take(n).collect();
        t.push_str("...");
        t
    } else {
        s.to_owned()
    }
}

async fn get_document_outline(ctx: Ctx, a: FileOnlyGetDocumentOutline) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, |doc| {
        let ps = doc.paragraphs()?;
        let mut paragraphs = Vec::new();
        let mut headings = Vec::new();
        for (i, p) in ps.iter().enumerate() {
            let text = doc.text(*p);
            let style = doc.paragraph_style(*p);
            if let Some(level) = doc.heading_level(*p) {
                headings.push(json!({"index": i, "level": level, "text": text, "style": style}));
            }
            if i < 2000 {
                paragraphs.push(json!({"index": i, "style": style, "text": preview(&text, 100)}));
            }
        }
        let mut tables = Vec::new();
        for (i, t) in doc.tables()?.into_iter().enumerate() {
            let rows = doc.main.wchildren(t, "tr");
            let cols = doc
                .main
                .wchild(t, "tblGrid")
                .map(|g| doc.main.wchildren(g, "gridCol").len())
                .unwrap_or(0);
            let first: Vec<String> = rows
                .first()
                .map(|r| {
                    doc.main
                        .wchildren(*r, "tc")
                        .into_iter()
                        .map(|c| preview(&doc.main.text_of_cell(c), 40))
                        .collect()
                })
                .unwrap_or_default();
            tables.push(json!({"index": i, "rows": rows.len(), "columns": cols, "preview": first}));
        }
        Ok(json!({
            "paragraph_count": ps.len(),
            "paragraphs": paragraphs,
            "headings": headings,
            "tables": tables,
        }))
    })
    .await
}

/// Text of a table cell's paragraphs.
pub trait CellText {
    fn text_of_cell(&self, tc: xot::Node) -> String;
}

impl CellText for mcp_vendor_office::Xml {
    fn text_of_cell(&self, tc: xot::Node) -> String {
        self.wdesc(tc, "p")
            .into_iter()
            .map(|p| self.text_of(p))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// List the Word documents (.docx) of a directory of the workspace, with their sizes.
#[derive(Deserialize, JsonSchema)]
pub struct ListDocs {
    /// The directory, relative to the workspace (default: the workspace itself)
    #[serde(default = "dot")]
    directory: String,
}

fn dot() -> String {
    ".".into()
}

async fn list_available_documents(ctx: Ctx, a: ListDocs) -> Result<String, ToolError> {
    Workspace::of(&ctx)?
        .run(move |ws| {
            let p = ws.path("directory", &a.directory)?;
            let listing = ws.list("directory", &p)?;
            let docs: Vec<String> = listing
                .entries
                .iter()
                .filter(|e| e.kind == Kind::File)
                .filter_map(|e| {
                    let name = e.name.to_str()?;
                    name.to_ascii_lowercase()
                        .ends_with(".docx")
                        .then(|| format!("- {name} ({:.2} KB)", e.len as f64 / 1024.0))
                })
                .collect();
            if docs.is_empty() {
                return Ok(format!("No Word documents found in {}", a.directory));
            }
            Ok(format!(
                "Found {} Word documents in {}:\n{}",
                docs.len(),
                a.directory,
                docs.join("\n")
            ))
        })
        .await
}

async fn get_document_xml(ctx: Ctx, a: FileOnlyGetDocumentXml) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::No, |doc| {
        let bytes = doc.pkg.part(&doc.main_part).unwrap_or_default();
        Ok(capped(String::from_utf8_lossy(bytes).into_owned(), "XML"))
    })
    .await
}

/// The text of one paragraph, with its style and whether it is a heading. Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct ParagraphAt {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index among the body's paragraphs (0-based; tables' paragraphs are
    /// not counted)
    paragraph_index: i64,
}

async fn get_paragraph_text(ctx: Ctx, a: ParagraphAt) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        let style = doc.paragraph_style(p);
        let heading = doc.heading_level(p).is_some_and(|l| l > 0);
        Ok(json!({
            "index": a.paragraph_index,
            "text": doc.text(p),
            "style": style,
            "is_heading": heading,
        }))
    })
    .await
}

/// Find a text in a document's paragraphs and table cells. Returns JSON: the number of
/// matches and each one's paragraph (index among the body's paragraphs, or the table, row
/// and cell), character position and the paragraph's text (at most 200 matches listed).
#[derive(Deserialize, JsonSchema)]
pub struct FindText {
    /// The document, relative to the workspace
    filename: String,
    /// The text to find
    text_to_find: String,
    /// Match upper and lower case exactly
    #[serde(default = "yes")]
    match_case: bool,
    /// Match whole words only
    #[serde(default)]
    whole_word: bool,
}

fn yes() -> bool {
    true
}

/// Positions (in characters) of `needle` in `hay`.
pub fn find_all(hay: &str, needle: &str, match_case: bool, whole_word: bool) -> Vec<usize> {
    let h: Vec<char> = hay.chars().collect();
    let n: Vec<char> = needle.chars().collect();
    if n.is_empty() || n.len() > h.len() {
        return Vec::new();
    }
    let eq = |a: char, b: char| {
        if match_case {
            a == b
        } else {
            a == b || a.to_lowercase().eq(b.to_lowercase())
        }
    };
    let word = |c: Option<&char>| c.is_some_and(|c| c.is_alphanumeric() || *c == '_');
    let mut out = Vec::new();
    let mut i = 0;
    while i + n.len() <= h.len() {
        let hit = n
            .iter()
            .enumerate()
            .all(|(k, c)| h.get(i + k).is_some_and(|d| eq(*d, *c)));
        let bounded = !whole_word
            || (!word(i.checked_sub(1).and_then(|j| h.get(j))) && !word(h.get(i + n.len())));
        if hit && bounded {
            out.push(i);
            i += n.len();
        } else {
            i += 1;
        }
    }
    out
}

async fn find_text(ctx: Ctx, a: FindText) -> Result<Value, ToolError> {
    if a.text_to_find.is_empty() {
        return Err(ToolError::invalid_input("text_to_find is empty."));
    }
    with_doc(&ctx, a.filename, Save::No, move |doc| {
        let mut occurrences = Vec::new();
        let mut total = 0usize;
        for (i, p) in doc.paragraphs()?.into_iter().enumerate() {
            let text = doc.text(p);
            for pos in find_all(&text, &a.text_to_find, a.match_case, a.whole_word) {
                total += 1;
                if occurrences.len() < 200 {
                    occurrences.push(json!({"paragraph_index": i, "position": pos, "context": preview(&text, 200)}));
                }
            }
        }
        for (t, tbl) in doc.tables()?.into_iter().enumerate() {
            for (r, tr) in doc.main.wchildren(tbl, "tr").into_iter().enumerate() {
                for (c, tc) in doc.main.wchildren(tr, "tc").into_iter().enumerate() {
                    for p in doc.main.wdesc(tc, "p") {
                        let text = doc.text(p);
                        for pos in find_all(&text, &a.text_to_find, a.match_case, a.whole_word) {
                            total += 1;
                            if occurrences.len() < 200 {
                                occurrences.push(json!({"location": format!("Table {t}, Row {r}, Column {c}"), "position": pos, "context": preview(&text, 200)}));
                            }
                        }
                    }
                }
            }
        }
        Ok(json!({"query": a.text_to_find, "match_count": total, "occurrences": occurrences}))
    })
    .await
}

/// Not supported by this server: converting to PDF needs a layout engine (LibreOffice or
/// Word), which this server does not run. Always fails, writing nothing; convert with
/// LibreOffice (`soffice --headless --convert-to pdf`), Word, or pandoc outside the server.
#[derive(Deserialize, JsonSchema)]
pub struct ConvertToPdf {
    /// The document, relative to the workspace
    filename: String,
    /// The PDF to write (default: the document's name with .pdf)
    output_filename: Option<String>,
}

async fn convert_to_pdf(ctx: Ctx, a: ConvertToPdf) -> Result<String, ToolError> {
    // Check the arguments as any tool would, so the message is about the real limit.
    let ws = Workspace::of(&ctx)?;
    ws.path("filename", &docx_name(&a.filename))?;
    if let Some(o) = &a.output_filename {
        ws.path("output_filename", o)?;
    }
    Err(ToolError::invalid_input(
        "convert_to_pdf is not supported by this server: it does not run LibreOffice or Word, which lay a document out into pages, and nothing was written. Convert with LibreOffice (`soffice --headless --convert-to pdf FILE.docx`), Microsoft Word, or pandoc outside this server.",
    ))
}

/// Not supported by this server: password-protecting (encrypting) a document. Always
/// fails and changes nothing; the message says what to use instead.
#[derive(Deserialize, JsonSchema)]
pub struct PasswordProtectDocument {
    /// The document, relative to the workspace
    filename: String,
    /// The password
    password: String,
}

/// Not supported by this server: removing a document's password (decrypting it). Always
/// fails and changes nothing; the message says what to use instead.
#[derive(Deserialize, JsonSchema)]
pub struct PasswordUnprotectDocument {
    /// The document, relative to the workspace
    filename: String,
    /// The password
    password: String,
}

const NO_CRYPTO: &str = "is not supported by this server: Word's password protection is ECMA-376 encryption of the whole file, which no well-kept Rust crate implements, and the file was left as it is. Use Word or LibreOffice (File > Protect / Save with password) or msoffcrypto-tool (`msoffcrypto-tool -e -p PASSWORD in.docx out.docx`) outside this server.";

async fn protect_document(ctx: Ctx, a: PasswordProtectDocument) -> Result<String, ToolError> {
    Workspace::of(&ctx)?.path("filename", &docx_name(&a.filename))?;
    let _ = a.password;
    Err(ToolError::invalid_input(format!(
        "protect_document {NO_CRYPTO}"
    )))
}

async fn unprotect_document(ctx: Ctx, a: PasswordUnprotectDocument) -> Result<String, ToolError> {
    Workspace::of(&ctx)?.path("filename", &docx_name(&a.filename))?;
    let _ = a.password;
    Err(ToolError::invalid_input(format!(
        "unprotect_document {NO_CRYPTO}"
    )))
}
