//! Type detection from the bytes, and the converters of the non-ZIP formats.

use crate::kind::Kind;
use crate::ooxml;
use crate::table::table;

pub const SUPPORTED: &str = "HTML, PDF (text), DOCX, XLSX, PPTX, CSV, JSON and plain text";

/// The document's type, from its content; the `Content-Type` only tells CSV from text.
pub fn detect(b: &[u8], content_type: Option<&str>) -> Kind {
    let head = &b[..b.len().min(1024)];
    if head.windows(5).any(|w| w == b"%PDF-") {
        return Kind::Pdf;
    }
    if b.starts_with(b"PK\x03\x04") {
        return ooxml::detect(b);
    }
    for (magic, what) in [
        (&b"\x89PNG"[..], "a PNG image"),
        (b"\xff\xd8\xff", "a JPEG image"),
        (b"GIF8", "a GIF image"),
        (b"\x1f\x8b", "a gzip archive"),
        (b"\xd0\xcf\x11\xe0", "a legacy Office (OLE) file"),
        (b"{\\rtf", "an RTF document"),
    ] {
        if b.starts_with(magic) {
            return Kind::Unsupported(what);
        }
    }
    let Some(text) = as_text(b) else {
        return Kind::Unsupported("binary data of an unknown type");
    };
    let t = text.trim_start();
    if (t.starts_with('{') || t.starts_with('['))
        && serde_json::from_str::<serde_json::Value>(t).is_ok()
    {
        return Kind::Json;
    }
    let lower: String = t
        .chars()
        .take(4096)
        .collect::<String>()
        .to_ascii_lowercase();
    if lower.starts_with("<!doctype html")
        || lower.contains("<html")
        || (lower.starts_with('<')
            && ["<body", "<head", "<p>", "<div", "<h1", "<table", "<ul"]
                .iter()
                .any(|tag| lower.contains(tag)))
    {
        return Kind::Html;
    }
    let csv_type = content_type.is_some_and(|c| {
        let c = c.to_ascii_lowercase();
        c.contains("text/csv") || c.contains("comma-separated")
    });
    if csv_type || looks_like_csv(t) {
        return Kind::Csv;
    }
    Kind::Text
}

/// The bytes as UTF-8 text (a BOM dropped), if they are text.
fn as_text(b: &[u8]) -> Option<&str> {
    let b = b.strip_prefix(b"\xef\xbb\xbf").unwrap_or(b);
    let s = std::str::from_utf8(b).ok()?;
    (!s.contains('\0')).then_some(s)
}

/// At least two lines that parse as the same number (two or more) of comma-separated fields.
fn looks_like_csv(t: &str) -> bool {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(t.as_bytes());
    let mut widths = Vec::new();
    for rec in r.records().take(20) {
        match rec {
            Ok(rec) => widths.push(rec.len()),
            Err(_) => return false,
        }
    }
    widths.len() >= 2 && widths[0] >= 2 && widths.iter().all(|w| *w == widths[0])
}

pub fn convert(kind: Kind, b: &[u8]) -> Result<String, String> {
    let text = || {
        as_text(b)
            .map(str::to_owned)
            .unwrap_or_else(|| String::from_utf8_lossy(b).into_owned())
    };
    match kind {
        Kind::Html => html(&text()),
        Kind::Pdf => pdf(b),
        Kind::Docx => ooxml::docx(b),
        Kind::Xlsx => ooxml::xlsx(b),
        Kind::Pptx => ooxml::pptx(b),
        Kind::Csv => csv_table(&text()),
        Kind::Json => json(&text()),
        Kind::Text => Ok(text()),
        Kind::Unsupported(what) => Err(format!("{what} is not supported")),
    }
}

fn html(s: &str) -> Result<String, String> {
    mcp_shared::markdown::from_html(s)
}

fn json(s: &str) -> Result<String, String> {
    let v: serde_json::Value =
        serde_json::from_str(s.trim()).map_err(|e| format!("invalid JSON ({e})"))?;
    let pretty = serde_json::to_string_pretty(&v).map_err(|e| e.to_string())?;
    Ok(format!("```json\n{pretty}\n```"))
}

fn csv_table(s: &str) -> Result<String, String> {
    let mut r = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .from_reader(s.as_bytes());
    let mut rows = Vec::new();
    for rec in r.records() {
        let rec = rec.map_err(|e| format!("the CSV could not be read ({e})"))?;
        rows.push(rec.iter().map(str::to_owned).collect::<Vec<_>>());
    }
    Ok(table(&rows))
}

fn pdf(b: &[u8]) -> Result<String, String> {
    let doc =
        lopdf::Document::load_mem(b).map_err(|e| format!("the PDF could not be read ({e})"))?;
    if doc.is_encrypted() && doc.encryption_state.is_none() {
        return Err("the PDF is encrypted with a password".into());
    }
    let mut pages = Vec::new();
    for n in doc.get_pages().keys() {
        let text = doc
            .extract_text(&[*n])
            .map_err(|e| format!("the text of page {n} could not be read ({e})"))?;
        let text = text.trim();
        if !text.is_empty() {
            pages.push(text.to_owned());
        }
    }
    if pages.is_empty() {
        return Err("the PDF has no text layer (a scan?); this server does not run OCR".into());
    }
    Ok(pages.join("\n\n"))
}
