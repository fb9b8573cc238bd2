//! The Office Open XML formats (ZIP archives of XML parts): DOCX paragraphs, headings, lists
//! and tables; XLSX sheets as tables; PPTX slide texts.

use std::collections::HashMap;
use std::io::{Cursor, Read};

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use crate::kind::Kind;
use crate::table::table;

type Zip<'a> = zip::ZipArchive<Cursor<&'a [u8]>>;

/// Which Office document a ZIP archive is, from its entry names.
pub fn detect(b: &[u8]) -> Kind {
    let Ok(z) = zip::ZipArchive::new(Cursor::new(b)) else {
        return Kind::Unsupported("a damaged ZIP archive");
    };
    let has = |n: &str| z.file_names().filter_map(Result::ok).any(|f| f == n);
    if has("word/document.xml") {
        Kind::Docx
    } else if has("xl/workbook.xml") {
        Kind::Xlsx
    } else if has("ppt/presentation.xml") {
        Kind::Pptx
    } else {
        Kind::Unsupported("a ZIP archive that is not a DOCX, XLSX or PPTX document")
    }
}

fn open(b: &[u8]) -> Result<Zip<'_>, String> {
    zip::ZipArchive::new(Cursor::new(b)).map_err(|e| format!("the archive could not be read ({e})"))
}

/// One part of the archive as text; `None` when it is absent.
fn part(z: &mut Zip<'_>, name: &str) -> Result<Option<String>, String> {
    let mut f = match z.by_name(name) {
        Ok(f) => f,
        Err(zip::result::ZipError::FileNotFound) => return Ok(None),
        Err(e) => return Err(format!("{name} could not be read ({e})")),
    };
    let mut s = String::new();
    f.read_to_string(&mut s)
        .map_err(|e| format!("{name} could not be read ({e})"))?;
    Ok(Some(s))
}

#[allow(deprecated)] // normalized_value needs the XML version; these parts are XML 1.0.
fn attr(e: &BytesStart<'_>, name: &str) -> Option<String> {
    e.try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|a| a.unescape_value().ok().map(|v| v.into_owned()))
}

/// The text an event carries (text, an entity or character reference).
fn text(ev: &Event<'_>) -> Option<String> {
    match ev {
        Event::Text(t) => Some(t.xml10_content().into_owned()),
        Event::GeneralRef(r) => match r.resolve_char_ref() {
            Ok(Some(c)) => Some(c.to_string()),
            _ => quick_xml::escape::resolve_xml_entity(r).map(str::to_owned),
        },
        _ => None,
    }
}

fn xml_err(name: &str, e: impl std::fmt::Display) -> String {
    format!("{name} is not well-formed XML ({e})")
}

pub fn docx(b: &[u8]) -> Result<String, String> {
    let mut z = open(b)?;
    let xml = part(&mut z, "word/document.xml")?.ok_or("word/document.xml is missing")?;
    let mut r = Reader::from_str(&xml);
    let mut blocks: Vec<String> = Vec::new();
    let (mut para, mut prefix) = (String::new(), String::new());
    let mut in_text = false;
    // Tables: rows of cells, a cell's paragraphs joined by spaces.
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut depth = 0usize;
    loop {
        let ev = r
            .read_event()
            .map_err(|e| xml_err("word/document.xml", e))?;
        match &ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => match e.local_name().as_ref() {
                "p" => {
                    para.clear();
                    prefix.clear();
                }
                "pStyle" => {
                    let style = attr(e, "w:val").unwrap_or_default().to_ascii_lowercase();
                    if style == "title" {
                        prefix = "# ".into();
                    } else if let Some(n) = style.strip_prefix("heading") {
                        let n = n.trim().parse::<usize>().unwrap_or(1).clamp(1, 6);
                        prefix = format!("{} ", "#".repeat(n));
                    } else if style.contains("list") && prefix.is_empty() {
                        prefix = "- ".into();
                    }
                }
                "numPr" if prefix.is_empty() => prefix = "- ".into(),
                "t" => in_text = matches!(ev, Event::Start(_)),
                "tab" => para.push('\t'),
                "br" | "cr" => para.push('\n'),
                "tbl" => {
                    depth += 1;
                    if depth == 1 {
                        rows.clear();
                    }
                }
                "tr" if depth == 1 => rows.push(Vec::new()),
                "tc" if depth == 1 => {
                    if let Some(row) = rows.last_mut() {
                        row.push(String::new());
                    }
                }
                _ => {}
            },
            Event::End(e) => match e.local_name().as_ref() {
                "t" => in_text = false,
                "p" => {
                    let p = para.trim();
                    if depth > 0 {
                        if let Some(cell) = rows.last_mut().and_then(|r| r.last_mut()) {
                            if !cell.is_empty() && !p.is_empty() {
                                cell.push(' ');
                            }
                            cell.push_str(p);
                        }
                    } else if !p.is_empty() {
                        blocks.push(format!("{prefix}{p}"));
                    }
                    para.clear();
                }
                "tbl" => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && !rows.is_empty() {
                        blocks.push(table(&rows));
                    }
                }
                _ => {}
            },
            other if in_text => {
                if let Some(t) = text(other) {
                    para.push_str(&t);
                }
            }
            _ => {}
        }
    }
    Ok(blocks.join("\n\n"))
}

pub fn pptx(b: &[u8]) -> Result<String, String> {
    let mut z = open(b)?;
    let mut slides: Vec<(u32, String)> = z
        .file_names()
        .filter_map(Result::ok)
        .filter_map(|n| {
            let num = n.strip_prefix("ppt/slides/slide")?.strip_suffix(".xml")?;
            Some((num.parse().ok()?, n.to_string()))
        })
        .collect();
    slides.sort();
    let mut out = Vec::new();
    for (i, (_, name)) in slides.iter().enumerate() {
        let xml = part(&mut z, name)?.unwrap_or_default();
        let mut r = Reader::from_str(&xml);
        let (mut paras, mut para, mut in_text) = (Vec::new(), String::new(), false);
        loop {
            let ev = r.read_event().map_err(|e| xml_err(name, e))?;
            match &ev {
                Event::Eof => break,
                Event::Start(e) if e.local_name().as_ref() == "t" => in_text = true,
                Event::Empty(e) if e.local_name().as_ref() == "br" => para.push('\n'),
                Event::End(e) => match e.local_name().as_ref() {
                    "t" => in_text = false,
                    "p" => {
                        let p = para.trim();
                        if !p.is_empty() {
                            paras.push(p.to_owned());
                        }
                        para.clear();
                    }
                    _ => {}
                },
                other if in_text => {
                    if let Some(t) = text(other) {
                        para.push_str(&t);
                    }
                }
                _ => {}
            }
        }
        let mut s = format!("## Slide {}", i + 1);
        for p in paras {
            s.push_str("\n\n");
            s.push_str(&p);
        }
        out.push(s);
    }
    Ok(out.join("\n\n"))
}

pub fn xlsx(b: &[u8]) -> Result<String, String> {
    let mut z = open(b)?;
    let shared = match part(&mut z, "xl/sharedStrings.xml")? {
        Some(xml) => shared_strings(&xml)?,
        None => Vec::new(),
    };
    let workbook = part(&mut z, "xl/workbook.xml")?.ok_or("xl/workbook.xml is missing")?;
    let rels = part(&mut z, "xl/_rels/workbook.xml.rels")?.unwrap_or_default();
    let mut targets = HashMap::new();
    let mut r = Reader::from_str(&rels);
    loop {
        match r
            .read_event()
            .map_err(|e| xml_err("workbook.xml.rels", e))?
        {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "Relationship" => {
                if let (Some(id), Some(t)) = (attr(&e, "Id"), attr(&e, "Target")) {
                    let t = t.trim_start_matches('/');
                    let t = t.strip_prefix("xl/").unwrap_or(t);
                    targets.insert(id, format!("xl/{t}"));
                }
            }
            _ => {}
        }
    }
    let mut sheets = Vec::new();
    let mut r = Reader::from_str(&workbook);
    loop {
        match r.read_event().map_err(|e| xml_err("xl/workbook.xml", e))? {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "sheet" => {
                let name = attr(&e, "name").unwrap_or_default();
                if let Some(t) = attr(&e, "r:id").and_then(|id| targets.get(&id)) {
                    sheets.push((name, t.clone()));
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    for (name, path) in sheets {
        let xml = part(&mut z, &path)?.unwrap_or_default();
        let rows = sheet_rows(&xml, &shared, &path)?;
        out.push(format!("## {name}\n\n{}", table(&rows)).trim().to_owned());
    }
    Ok(out.join("\n\n"))
}

fn shared_strings(xml: &str) -> Result<Vec<String>, String> {
    let mut r = Reader::from_str(xml);
    let (mut out, mut cur, mut in_t) = (Vec::new(), String::new(), false);
    loop {
        let ev = r
            .read_event()
            .map_err(|e| xml_err("xl/sharedStrings.xml", e))?;
        match &ev {
            Event::Eof => break,
            Event::Start(e) if e.local_name().as_ref() == "si" => cur.clear(),
            Event::Start(e) if e.local_name().as_ref() == "t" => in_t = true,
            Event::End(e) if e.local_name().as_ref() == "t" => in_t = false,
            Event::End(e) if e.local_name().as_ref() == "si" => out.push(std::mem::take(&mut cur)),
            Event::Empty(e) if e.local_name().as_ref() == "si" => out.push(String::new()),
            other if in_t => cur.push_str(&text(other).unwrap_or_default()),
            _ => {}
        }
    }
    Ok(out)
}

/// Column index (0-based) of a cell reference such as `C7`.
fn column(r: &str) -> Option<usize> {
    let letters: Vec<u8> = r.bytes().take_while(u8::is_ascii_alphabetic).collect();
    if letters.is_empty() {
        return None;
    }
    let n = letters.iter().fold(0usize, |n, c| {
        n * 26 + usize::from(c.to_ascii_uppercase() - b'A' + 1)
    });
    Some(n - 1)
}

fn sheet_rows(xml: &str, shared: &[String], name: &str) -> Result<Vec<Vec<String>>, String> {
    let mut r = Reader::from_str(xml);
    let mut rows: Vec<Vec<String>> = Vec::new();
    let (mut col, mut kind, mut val, mut in_v) = (0usize, String::new(), String::new(), false);
    loop {
        let ev = r.read_event().map_err(|e| xml_err(name, e))?;
        match &ev {
            Event::Eof => break,
            Event::Start(e) => match e.local_name().as_ref() {
                "row" => rows.push(Vec::new()),
                "c" => {
                    let next = rows.last().map_or(0, Vec::len);
                    col = attr(e, "r").and_then(|r| column(&r)).unwrap_or(next);
                    kind = attr(e, "t").unwrap_or_default();
                    val.clear();
                }
                "v" | "t" => in_v = true,
                _ => {}
            },
            Event::End(e) => match e.local_name().as_ref() {
                "v" | "t" => in_v = false,
                "c" => {
                    let v = match kind.as_str() {
                        "s" => val
                            .trim()
                            .parse::<usize>()
                            .ok()
                            .and_then(|i| shared.get(i).cloned())
                            .unwrap_or_default(),
                        "b" => if val.trim() == "1" { "TRUE" } else { "FALSE" }.to_owned(),
                        _ => val.clone(),
                    };
                    if let Some(row) = rows.last_mut() {
                        if row.len() <= col {
                            row.resize(col + 1, String::new());
                        }
                        row[col] = v;
                    }
                }
                _ => {}
            },
            other if in_v => val.push_str(&text(other).unwrap_or_default()),
            _ => {}
        }
    }
    while rows.last().is_some_and(|r| r.iter().all(String::is_empty)) {
        rows.pop();
    }
    Ok(rows)
}
