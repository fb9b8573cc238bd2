//! What the tools need of lopdf: load a PDF from bytes with bounded decompression, the text
//! of a page, the metadata, page sizes, and a new document of chosen pages.

use std::collections::BTreeMap;

use lopdf::{Dictionary, Document, LoadOptions, Object, ObjectId};

/// Most bytes one stream may decompress to while loading, and one page's content (and its
/// fonts' CMaps) while its text is extracted: a small file cannot inflate without bound.
const MAX_DECOMPRESSED: usize = 64 * 1024 * 1024;

/// Deepest page tree walked up for inherited attributes.
const MAX_TREE_DEPTH: usize = 64;

/// Parse a PDF that was read from the workspace.
pub fn load(bytes: &[u8]) -> Result<Document, String> {
    let options = LoadOptions {
        max_decompressed_size: Some(MAX_DECOMPRESSED),
        ..LoadOptions::default()
    };
    Document::load_mem_with_options(bytes, options)
        .map_err(|e| format!("it is not a PDF that can be read ({e})"))
}

/// Whether the document is encrypted with a password we do not have (lopdf opens documents
/// encrypted with the empty password by itself).
pub fn locked(doc: &Document) -> bool {
    doc.is_encrypted() && doc.encryption_state.is_none()
}

/// Whether the file is encrypted, opened or not (lopdf drops `/Encrypt` from the trailer of a
/// document it decrypted, and keeps the state).
pub fn encrypted(doc: &Document) -> bool {
    doc.is_encrypted() || doc.encryption_state.is_some()
}

/// The text of page `n` (1-based), as lopdf decodes it; a part that cannot be decoded is
/// left out and reported in the second value.
pub fn page_text(doc: &Document, n: u32) -> (String, Option<String>) {
    let mut text = String::new();
    let mut problem = None;
    for chunk in doc.extract_text_chunks_with_limit(&[n], MAX_DECOMPRESSED) {
        match chunk {
            Ok(t) => text.push_str(&t),
            Err(e) => {
                problem.get_or_insert_with(|| e.to_string());
            }
        }
    }
    (text, problem)
}

/// A text string of the document (PDF 32000-1 §7.9.2.2): UTF-16BE with its byte order mark,
/// UTF-8 with its mark (PDF 2.0), otherwise PDFDocEncoding (read as Latin-1, which it matches
/// for every printable character but a few typographic ones).
pub fn text_string(bytes: &[u8]) -> String {
    match bytes {
        [0xFE, 0xFF, rest @ ..] => {
            let units: Vec<u16> = rest
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        [0xEF, 0xBB, 0xBF, rest @ ..] => String::from_utf8_lossy(rest).into_owned(),
        _ => bytes.iter().map(|b| char::from(*b)).collect(),
    }
}

/// A PDF date (`D:YYYYMMDDHHmmSSOHH'mm'`) as ISO 8601 (`YYYY-MM-DDTHH:mm:SS+HH:mm`) when it
/// has that form, otherwise as written.
pub fn date(raw: &str) -> String {
    let s = raw.trim();
    let s = s.strip_prefix("D:").unwrap_or(s);
    let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
    if digits.len() < 4 {
        return raw.to_owned();
    }
    let d: Vec<char> = digits.chars().collect();
    let part = |i: usize, default: &str| -> String {
        d.get(i..i + 2)
            .map(|p| p.iter().collect())
            .unwrap_or_else(|| default.to_owned())
    };
    let year: String = d.iter().take(4).collect();
    let mut out = format!(
        "{year}-{}-{}T{}:{}:{}",
        part(4, "01"),
        part(6, "01"),
        part(8, "00"),
        part(10, "00"),
        part(12, "00")
    );
    let zone: Vec<char> = s.chars().skip(d.len()).filter(|c| *c != '\'').collect();
    match zone.first() {
        Some('Z') => out.push('Z'),
        Some(sign @ ('+' | '-')) => {
            let hh: String = zone.iter().skip(1).take(2).collect();
            let mm: String = zone.iter().skip(3).take(2).collect();
            if hh.len() == 2 {
                let mm = if mm.len() == 2 { mm } else { "00".to_owned() };
                out.push_str(&format!("{sign}{hh}:{mm}"));
            }
        }
        _ => {}
    }
    out
}

/// The document information dictionary (`/Info`), if any.
fn info(doc: &Document) -> Option<&Dictionary> {
    let obj = doc.trailer.get(b"Info").ok()?;
    match obj {
        Object::Reference(id) => doc.get_dictionary(*id).ok(),
        Object::Dictionary(d) => Some(d),
        _ => None,
    }
}

/// One entry of the information dictionary as text.
pub fn info_field(doc: &Document, key: &[u8]) -> Option<String> {
    let obj = info(doc)?.get(key).ok()?;
    let obj = match obj {
        Object::Reference(id) => doc.get_object(*id).ok()?,
        o => o,
    };
    match obj {
        Object::String(bytes, _) => Some(text_string(bytes)),
        Object::Name(name) => Some(String::from_utf8_lossy(name).into_owned()),
        _ => None,
    }
}

/// An attribute of a page, from the page itself or the nearest page tree node above it
/// (`Resources`, `MediaBox`, `CropBox` and `Rotate` are inherited, §7.7.3.4).
fn inherited<'a>(doc: &'a Document, page: ObjectId, key: &[u8]) -> Option<&'a Object> {
    let mut node = doc.get_dictionary(page).ok()?;
    for _ in 0..MAX_TREE_DEPTH {
        if let Ok(v) = node.get(key) {
            return Some(v);
        }
        let parent = node.get(b"Parent").and_then(Object::as_reference).ok()?;
        node = doc.get_dictionary(parent).ok()?;
    }
    None
}

fn number(doc: &Document, o: &Object) -> Option<f64> {
    let o = match o {
        Object::Reference(id) => doc.get_object(*id).ok()?,
        o => o,
    };
    match o {
        Object::Integer(i) => Some(*i as f64),
        Object::Real(r) => Some(f64::from(*r)),
        _ => None,
    }
}

/// A page's width and height in points, from its media box (US Letter when it has none, as
/// readers assume), swapped when the page is rotated a quarter turn.
pub fn page_size(doc: &Document, page: ObjectId) -> (f64, f64) {
    let rect = inherited(doc, page, b"MediaBox")
        .and_then(|o| match o {
            Object::Reference(id) => doc.get_object(*id).ok(),
            o => Some(o),
        })
        .and_then(|o| o.as_array().ok())
        .and_then(|a| {
            let v: Vec<f64> = a.iter().filter_map(|o| number(doc, o)).collect();
            match v.as_slice() {
                [x0, y0, x1, y1] => Some(((x1 - x0).abs(), (y1 - y0).abs())),
                _ => None,
            }
        });
    let (w, h) = rect.unwrap_or((612.0, 792.0));
    let rotate = inherited(doc, page, b"Rotate")
        .and_then(|o| number(doc, o))
        .unwrap_or(0.0);
    if (rotate / 90.0).rem_euclid(2.0) == 1.0 {
        (h, w)
    } else {
        (w, h)
    }
}

/// Entries of the catalog that point into pages that are no longer all there: outlines,
/// named destinations, page labels and the structure tree are left out of a page subset.
const DROPPED_CATALOG_KEYS: &[&[u8]] = &[b"Outlines", b"Dests", b"PageLabels", b"StructTreeRoot"];

/// Page attributes a page may inherit from its tree; copied onto each page of a subset, whose
/// tree is flattened.
const INHERITED_KEYS: &[&[u8]] = &[b"Resources", b"MediaBox", b"CropBox", b"Rotate"];

/// Turn `doc` into the document of the pages `wanted` (1-based, in this order, repeats
/// allowed), every one of which exists. The page tree becomes one node whose kids are those
/// pages; a page named again is a copy sharing its content and resources; objects no longer
/// reachable are removed.
pub fn keep_pages(doc: &mut Document, wanted: &[u32]) -> Result<(), String> {
    let pages: BTreeMap<u32, ObjectId> = doc.get_pages();
    let root_pages = doc
        .catalog()
        .and_then(|c| c.get(b"Pages"))
        .and_then(Object::as_reference)
        .map_err(|e| format!("its page tree cannot be read ({e})"))?;
    let mut kids = Vec::with_capacity(wanted.len());
    let mut used = std::collections::BTreeSet::new();
    for n in wanted {
        let id = *pages.get(n).ok_or_else(|| format!("it has no page {n}"))?;
        let mut page = doc
            .get_dictionary(id)
            .map_err(|e| format!("page {n} cannot be read ({e})"))?
            .clone();
        for key in INHERITED_KEYS {
            if !page.has(key)
                && let Some(v) = inherited(doc, id, key)
            {
                page.set(*key, v.clone());
            }
        }
        page.set("Parent", Object::Reference(root_pages));
        let target = if used.insert(id) {
            doc.objects.insert(id, Object::Dictionary(page));
            id
        } else {
            doc.add_object(Object::Dictionary(page))
        };
        kids.push(Object::Reference(target));
    }
    let count = i64::try_from(kids.len()).map_err(|e| e.to_string())?;
    let node = doc
        .get_dictionary_mut(root_pages)
        .map_err(|e| format!("its page tree cannot be read ({e})"))?;
    node.set("Kids", Object::Array(kids));
    node.set("Count", Object::Integer(count));
    let catalog = doc
        .catalog_mut()
        .map_err(|e| format!("its catalog cannot be read ({e})"))?;
    for key in DROPPED_CATALOG_KEYS {
        catalog.remove(key);
    }
    doc.prune_objects();
    Ok(())
}

/// The document as PDF bytes.
pub fn save(doc: &mut Document) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    doc.save_to(&mut out)
        .map_err(|e| format!("the new PDF could not be written ({e})"))?;
    Ok(out)
}
