//! A PDF of the Markdown blocks, written with lopdf and the PDF standard fonts (Helvetica in four
//! faces, Courier for code) in WinAnsi encoding: no font files, no external programs. A4 pages,
//! headings, paragraphs, list items, code, quotes, rules; bold/italic/code runs; words wrapped.
//! Characters outside WinAnsi (Latin-1 and a few typographic marks) print as `?`.

use lopdf::content::{Content, Operation};
use lopdf::{Document, Object, Stream, StringFormat, dictionary};
use mcp_shared::ToolError;

use crate::markdown::{Block, Kind};

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 56.0;

/// The character as a WinAnsi byte, or `?`.
fn win_ansi(c: char) -> u8 {
    match c {
        '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{ff}' => c as u32 as u8,
        '€' => 0x80,
        '‚' => 0x82,
        '„' => 0x84,
        '…' => 0x85,
        '‘' => 0x91,
        '’' => 0x92,
        '“' => 0x93,
        '”' => 0x94,
        '•' => 0x95,
        '–' => 0x96,
        '—' => 0x97,
        '™' => 0x99,
        '\t' => b' ',
        _ => b'?',
    }
}

/// The width of a character in thousandths of the font size (Helvetica's metrics, rounded up;
/// Courier is 600 throughout).
fn width(c: char, mono: bool, bold: bool) -> f32 {
    if mono {
        return 600.0;
    }
    let w = match c {
        ' ' | 'i' | 'j' | 'l' | '!' | '\'' | ',' | '.' | ':' | ';' | '|' | 'I' | 'f' | 't' => 278.0,
        'r' | '(' | ')' | '-' | '[' | ']' => 333.0,
        'm' | 'M' => 833.0,
        'W' => 944.0,
        'w' => 722.0,
        'A'..='Z' => 722.0,
        '0'..='9' | 'a'..='z' => 556.0,
        _ => 600.0,
    };
    if bold { w * 1.06 } else { w }
}

#[derive(Clone, Copy, PartialEq)]
enum Face {
    Regular,
    Bold,
    Italic,
    BoldItalic,
    Mono,
}

impl Face {
    fn of(bold: bool, italic: bool, code: bool) -> Face {
        match (code, bold, italic) {
            (true, _, _) => Face::Mono,
            (_, true, true) => Face::BoldItalic,
            (_, true, false) => Face::Bold,
            (_, false, true) => Face::Italic,
            _ => Face::Regular,
        }
    }
    fn key(self) -> &'static str {
        match self {
            Face::Regular => "F1",
            Face::Bold => "F2",
            Face::Italic => "F3",
            Face::BoldItalic => "F4",
            Face::Mono => "F5",
        }
    }
    fn bold(self) -> bool {
        matches!(self, Face::Bold | Face::BoldItalic)
    }
}

/// A piece of a line: text in one face.
struct Piece {
    face: Face,
    text: String,
    x: f32,
}

struct Writer {
    pages: Vec<Vec<Operation>>,
    y: f32,
}

impl Writer {
    fn new() -> Self {
        Writer {
            pages: vec![Vec::new()],
            y: PAGE_H - MARGIN,
        }
    }

    fn need(&mut self, h: f32) {
        if self.y - h < MARGIN {
            self.pages.push(Vec::new());
            self.y = PAGE_H - MARGIN;
        }
    }

    fn ops(&mut self) -> &mut Vec<Operation> {
        // There is always a page.
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    fn line(&mut self, pieces: &[Piece], size: f32, lead: f32) {
        self.need(lead);
        self.y -= lead;
        let y = self.y + (lead - size) / 2.0;
        for p in pieces {
            let bytes: Vec<u8> = p.text.chars().map(win_ansi).collect();
            let ops = vec![
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec![p.face.key().into(), size.into()]),
                Operation::new("Td", vec![p.x.into(), y.into()]),
                Operation::new("Tj", vec![Object::String(bytes, StringFormat::Literal)]),
                Operation::new("ET", vec![]),
            ];
            self.ops().extend(ops);
        }
    }

    /// Lay out styled words from `left`, wrapping at the right margin.
    fn flow(&mut self, words: &[(Face, String)], left: f32, size: f32, lead: f32) {
        let right = PAGE_W - MARGIN;
        let mut pieces: Vec<Piece> = Vec::new();
        let mut x = left;
        for (face, word) in words {
            if word == "\n" {
                self.line(&pieces, size, lead);
                pieces.clear();
                x = left;
                continue;
            }
            let w: f32 = word
                .chars()
                .map(|c| width(c, *face == Face::Mono, face.bold()))
                .sum::<f32>()
                * size
                / 1000.0;
            if x + w > right && x > left {
                self.line(&pieces, size, lead);
                pieces.clear();
                x = left;
                if word.trim().is_empty() {
                    continue;
                }
            }
            match pieces.last_mut() {
                Some(p) if p.face == *face => p.text.push_str(word),
                _ => pieces.push(Piece {
                    face: *face,
                    text: word.clone(),
                    x,
                }),
            }
            x += w;
        }
        if !pieces.is_empty() {
            self.line(&pieces, size, lead);
        }
    }
}

/// Words (and the spaces between them, as their own words) of a block's runs.
fn words(b: &Block, heading: bool) -> Vec<(Face, String)> {
    let mut out = Vec::new();
    for r in &b.runs {
        let face = Face::of(
            r.bold || heading,
            r.italic || matches!(b.kind, Kind::Quote),
            r.code,
        );
        let mut word = String::new();
        for c in r.text.chars() {
            if c == ' ' || c == '\n' {
                if !word.is_empty() {
                    out.push((face, std::mem::take(&mut word)));
                }
                out.push((face, c.to_string()));
            } else {
                word.push(c);
            }
        }
        if !word.is_empty() {
            out.push((face, word));
        }
    }
    out
}

pub fn write(blocks: &[Block], title: &str) -> Result<Vec<u8>, ToolError> {
    let mut w = Writer::new();
    for b in blocks {
        match &b.kind {
            Kind::Heading(n) => {
                let size = match n {
                    1 => 20.0,
                    2 => 16.0,
                    3 => 14.0,
                    _ => 12.0,
                };
                w.need(size * 3.0);
                w.y -= size * 0.6;
                w.flow(&words(b, true), MARGIN, size, size * 1.3);
                w.y -= 4.0;
            }
            Kind::Paragraph | Kind::Quote => {
                let left = if matches!(b.kind, Kind::Quote) {
                    MARGIN + 24.0
                } else {
                    MARGIN
                };
                w.flow(&words(b, false), left, 11.0, 15.0);
                w.y -= 6.0;
            }
            Kind::Item { depth, marker } => {
                let left = MARGIN + 18.0 * (*depth as f32 + 1.0);
                let mut ws = vec![(Face::Regular, format!("{marker} "))];
                ws.extend(words(b, false));
                w.flow(&ws, left, 11.0, 15.0);
                w.y -= 2.0;
            }
            Kind::Code => {
                let text = b.text();
                for line in text.trim_end_matches('\n').split('\n') {
                    let ws: Vec<(Face, String)> = vec![(Face::Mono, line.replace('\t', "    "))];
                    w.flow(&ws, MARGIN + 12.0, 9.5, 12.0);
                }
                w.y -= 6.0;
            }
            Kind::Rule => {
                w.need(12.0);
                w.y -= 6.0;
                let y = w.y;
                let ops = vec![
                    Operation::new("m", vec![MARGIN.into(), y.into()]),
                    Operation::new("l", vec![(PAGE_W - MARGIN).into(), y.into()]),
                    Operation::new("S", vec![]),
                ];
                w.ops().extend(ops);
                w.y -= 6.0;
            }
        }
    }
    assemble(w.pages, title)
}

fn assemble(pages: Vec<Vec<Operation>>, title: &str) -> Result<Vec<u8>, ToolError> {
    let fail =
        |e: &dyn std::fmt::Display| ToolError::transport(format!("writing the PDF failed: {e}"));
    let mut doc = Document::with_version("1.5");
    let pages_id = doc.new_object_id();
    let mut fonts = lopdf::Dictionary::new();
    for (key, base) in [
        ("F1", "Helvetica"),
        ("F2", "Helvetica-Bold"),
        ("F3", "Helvetica-Oblique"),
        ("F4", "Helvetica-BoldOblique"),
        ("F5", "Courier"),
    ] {
        let id = doc.add_object(dictionary! {
            "Type" => "Font",
            "Subtype" => "Type1",
            "BaseFont" => base,
            "Encoding" => "WinAnsiEncoding",
        });
        fonts.set(key, id);
    }
    let resources_id = doc.add_object(dictionary! { "Font" => fonts });
    let mut kids = Vec::new();
    for ops in pages {
        let content = Content { operations: ops };
        let stream = Stream::new(dictionary! {}, content.encode().map_err(|e| fail(&e))?);
        let content_id = doc.add_object(stream);
        let page_id = doc.add_object(dictionary! {
            "Type" => "Page",
            "Parent" => pages_id,
            "Contents" => content_id,
        });
        kids.push(Object::Reference(page_id));
    }
    let count = kids.len() as i64;
    doc.objects.insert(
        pages_id,
        Object::Dictionary(dictionary! {
            "Type" => "Pages",
            "Kids" => kids,
            "Count" => count,
            "Resources" => resources_id,
            "MediaBox" => vec![0.into(), 0.into(), PAGE_W.into(), PAGE_H.into()],
        }),
    );
    let catalog_id = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id });
    let title_bytes: Vec<u8> = title.chars().map(win_ansi).collect();
    let info_id = doc.add_object(dictionary! {
        "Title" => Object::String(title_bytes, StringFormat::Literal),
        "Producer" => Object::string_literal("pandoc-mcp-server"),
    });
    doc.trailer.set("Root", catalog_id);
    doc.trailer.set("Info", info_id);
    let mut out = Vec::new();
    doc.save_to(&mut out).map_err(|e| fail(&e))?;
    Ok(out)
}
