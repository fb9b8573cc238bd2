//! Footnotes and endnotes: the notes part (word/footnotes.xml, word/endnotes.xml, made with
//! Word's separator notes when missing), a superscript reference run in the text, note
//! styles, numbering format, deletion and a consistency check.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use crate::doc::{Doc, Save, with_doc};
use crate::runs;
use crate::template;
use crate::xml::{RPR_ORDER, RunFormat, WordXml, esc, sort_props};

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("notes");
    vec![
        t(tool(
            "add_footnote_to_document",
            "Add footnote",
            Effect::Write,
            add_footnote,
        )),
        t(tool(
            "add_footnote_after_text",
            "Add footnote after text",
            Effect::Write,
            add_after_text,
        )),
        t(tool(
            "add_footnote_before_text",
            "Add footnote before text",
            Effect::Write,
            add_before_text,
        )),
        t(tool(
            "add_footnote_enhanced",
            "Add footnote (enhanced)",
            Effect::Write,
            add_enhanced,
        )),
        t(tool(
            "add_endnote_to_document",
            "Add endnote",
            Effect::Write,
            add_endnote,
        )),
        t(tool(
            "customize_footnote_style",
            "Customize footnote style",
            Effect::IdempotentWrite,
            customize_style,
        )),
        t(tool(
            "delete_footnote_from_document",
            "Delete footnote",
            Effect::Destructive,
            delete_footnote,
        )),
        t(tool(
            "add_footnote_robust",
            "Add footnote (robust)",
            Effect::Write,
            add_robust,
        )),
        t(tool(
            "validate_document_footnotes",
            "Validate footnotes",
            Effect::Read,
            validate,
        )),
        t(tool(
            "delete_footnote_robust",
            "Delete footnote (robust)",
            Effect::Destructive,
            delete_robust,
        )),
    ]
}

#[derive(Clone, Copy, PartialEq)]
pub enum Kind {
    Foot,
    End,
}

impl Kind {
    fn el(self) -> &'static str {
        match self {
            Kind::Foot => "footnote",
            Kind::End => "endnote",
        }
    }
    fn reference(self) -> &'static str {
        match self {
            Kind::Foot => "footnoteReference",
            Kind::End => "endnoteReference",
        }
    }
    fn text_style(self) -> &'static str {
        match self {
            Kind::Foot => "Footnote Text",
            Kind::End => "Endnote Text",
        }
    }
    fn ref_style(self) -> &'static str {
        match self {
            Kind::Foot => "Footnote Reference",
            Kind::End => "Endnote Reference",
        }
    }
}

/// The notes part, made with its separator notes when missing.
pub fn notes_part(doc: &mut Doc, kind: Kind) -> Result<String, ToolError> {
    let (rel, file, ct) = match kind {
        Kind::Foot => (
            template::REL_FOOTNOTES,
            "footnotes.xml",
            template::CT_FOOTNOTES,
        ),
        Kind::End => (
            template::REL_ENDNOTES,
            "endnotes.xml",
            template::CT_ENDNOTES,
        ),
    };
    let el = kind.el();
    let sep = |ty: &str, id: i32, inner: &str| {
        format!(
            "<w:{el} w:type=\"{ty}\" w:id=\"{id}\"><w:p><w:pPr><w:spacing w:after=\"0\" w:line=\"240\" w:lineRule=\"auto\"/></w:pPr><w:r><w:{inner}/></w:r></w:p></w:{el}>"
        )
    };
    let initial = format!(
        "<w:{el}s xmlns:w=\"{}\" xmlns:r=\"{}\">{}{}</w:{el}s>",
        mcp_vendor_office::ns::WORD,
        mcp_vendor_office::ns::OFFICE_RELS,
        sep("separator", -1, "separator"),
        sep("continuationSeparator", 0, "continuationSeparator")
    );
    doc.ensure_part(rel, file, ct, &initial)
}

/// The notes of a part: `(id, element)` of the ordinary ones (not separators).
fn notes(x: &mcp_vendor_office::Xml, kind: Kind) -> Result<Vec<(i64, Node)>, ToolError> {
    let root = x.root()?;
    Ok(x.wchildren(root, kind.el())
        .into_iter()
        .filter(|n| x.wattr(*n, "type").is_none_or(|t| t == "normal"))
        .filter_map(|n| Some((x.wattr(n, "id")?.parse::<i64>().ok()?, n)))
        .collect())
}

/// Add a note with `text`; its reference goes into paragraph `p` at character `pos` (its
/// end when `None`). The note's id.
pub fn add_note(
    doc: &mut Doc,
    kind: Kind,
    p: Node,
    pos: Option<usize>,
    text: &str,
) -> Result<i64, ToolError> {
    let part = notes_part(doc, kind)?;
    let text_style = doc.style_id(kind.text_style(), "paragraph")?;
    let ref_style = doc.style_id(kind.ref_style(), "character")?;
    let refmark = match kind {
        Kind::Foot => "footnoteRef",
        Kind::End => "endnoteRef",
    };
    let x = doc.part_mut(&part)?;
    let root = x.root()?;
    let all_ids = x
        .wchildren(root, kind.el())
        .into_iter()
        .filter_map(|n| x.wattr(n, "id")?.parse::<i64>().ok())
        .max()
        .unwrap_or(0);
    let id = all_ids.max(0) + 1;
    let el = kind.el();
    let note = x.frag1(&format!(
        "<w:{el} w:id=\"{id}\"><w:p><w:pPr><w:pStyle w:val=\"{ts}\"/></w:pPr><w:r><w:rPr><w:rStyle w:val=\"{rs}\"/></w:rPr><w:{refmark}/></w:r><w:r><w:t xml:space=\"preserve\"> {}</w:t></w:r></w:p></w:{el}>",
        esc(text),
        ts = esc(&text_style),
        rs = esc(&ref_style),
    ))?;
    x.append(root, note)?;
    let run = doc.main.frag1(&format!(
        "<w:r><w:rPr><w:rStyle w:val=\"{}\"/><w:vertAlign w:val=\"superscript\"/></w:rPr><w:{} w:id=\"{id}\"/></w:r>",
        esc(&ref_style),
        kind.reference()
    ))?;
    match pos {
        None => doc.main.append(p, run)?,
        Some(pos) => match runs::boundary(&mut doc.main, p, pos)? {
            Some(r) => doc.main.insert_after(r, run)?,
            None => match doc.main.wchild(p, "pPr") {
                Some(ppr) => doc.main.insert_after(ppr, run)?,
                None => doc.main.prepend(p, run)?,
            },
        },
    }
    Ok(id)
}

/// The first paragraph (body, tables included) whose text contains `search`, and where.
fn find_in_body(doc: &Doc, search: &str) -> Result<(Node, usize), ToolError> {
    let body = doc.body()?;
    for p in doc.main.wdesc(body, "p") {
        let text = doc.text(p);
        if let Some(b) = text.find(search) {
            let chars = text.get(..b).map_or(0, |s| s.chars().count());
            return Ok((p, chars));
        }
    }
    Err(ToolError::invalid_input(format!(
        "no paragraph of {} contains `{search}`.",
        doc.file
    )))
}

/// Add a footnote at the end of a paragraph: a superscript reference number in the text and
/// the note in word/footnotes.xml.
#[derive(Deserialize, JsonSchema)]
pub struct AtParagraph {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index among the body's paragraphs (0-based)
    paragraph_index: i64,
    /// The footnote's text
    footnote_text: String,
}

async fn add_footnote(ctx: Ctx, a: AtParagraph) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        let id = add_note(doc, Kind::Foot, p, None, &a.footnote_text)?;
        Ok(format!(
            "Footnote {id} added to paragraph {}.",
            a.paragraph_index
        ))
    })
    .await
}

/// Add a footnote whose superscript reference goes right after the first occurrence of a
/// text.
#[derive(Deserialize, JsonSchema)]
pub struct NearTextAddAfterText {
    /// The document, relative to the workspace
    filename: String,
    /// The text the reference goes after (or before)
    search_text: String,
    /// The footnote's text
    footnote_text: String,
    /// Write the result to this file instead of changing the document
    output_filename: Option<String>,
}

/// Add a footnote whose superscript reference goes right before the first occurrence of a
/// text.
#[derive(Deserialize, JsonSchema)]
pub struct NearTextAddBeforeText {
    /// The document, relative to the workspace
    filename: String,
    /// The text the reference goes after (or before)
    search_text: String,
    /// The footnote's text
    footnote_text: String,
    /// Write the result to this file instead of changing the document
    output_filename: Option<String>,
}

async fn add_after_text(ctx: Ctx, a: NearTextAddAfterText) -> Result<String, ToolError> {
    near_text(
        ctx,
        NearText {
            filename: a.filename,
            search_text: a.search_text,
            footnote_text: a.footnote_text,
            output_filename: a.output_filename,
        },
        true,
    )
    .await
}

async fn add_before_text(ctx: Ctx, a: NearTextAddBeforeText) -> Result<String, ToolError> {
    near_text(
        ctx,
        NearText {
            filename: a.filename,
            search_text: a.search_text,
            footnote_text: a.footnote_text,
            output_filename: a.output_filename,
        },
        false,
    )
    .await
}

struct NearText {
    filename: String,
    search_text: String,
    footnote_text: String,
    output_filename: Option<String>,
}

async fn near_text(ctx: Ctx, a: NearText, after: bool) -> Result<String, ToolError> {
    if a.search_text.is_empty() {
        return Err(ToolError::invalid_input("search_text is empty."));
    }
    with_doc(&ctx, a.filename, Save::To(a.output_filename), move |doc| {
        let (p, at) = find_in_body(doc, &a.search_text)?;
        let pos = if after {
            at + a.search_text.chars().count()
        } else {
            at
        };
        let id = add_note(doc, Kind::Foot, p, Some(pos), &a.footnote_text)?;
        Ok(format!(
            "Footnote {id} added {} '{}'.",
            if after { "after" } else { "before" },
            a.search_text
        ))
    })
    .await
}

/// Add a footnote at the end of a paragraph (superscript reference, Footnote Text style),
/// optionally writing the result to another file.
#[derive(Deserialize, JsonSchema)]
pub struct Enhanced {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index (0-based)
    paragraph_index: i64,
    /// The footnote's text
    footnote_text: String,
    /// Write the result to this file instead of changing the document
    output_filename: Option<String>,
}

async fn add_enhanced(ctx: Ctx, a: Enhanced) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::To(a.output_filename), move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        let id = add_note(doc, Kind::Foot, p, None, &a.footnote_text)?;
        Ok(format!(
            "Footnote {id} added to paragraph {}.",
            a.paragraph_index
        ))
    })
    .await
}

/// Add an endnote at the end of a paragraph (word/endnotes.xml).
#[derive(Deserialize, JsonSchema)]
pub struct Endnote {
    /// The document, relative to the workspace
    filename: String,
    /// The paragraph's index (0-based)
    paragraph_index: i64,
    /// The endnote's text
    endnote_text: String,
}

async fn add_endnote(ctx: Ctx, a: Endnote) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let p = doc.paragraph(a.paragraph_index)?;
        let id = add_note(doc, Kind::End, p, None, &a.endnote_text)?;
        Ok(format!(
            "Endnote {id} added to paragraph {}.",
            a.paragraph_index
        ))
    })
    .await
}

/// Set the footnotes' numbering format and start (every section), and the font of the
/// Footnote Text style.
#[derive(Deserialize, JsonSchema)]
pub struct Customize {
    /// The document, relative to the workspace
    filename: String,
    /// `1, 2, 3`, `i, ii, iii`, `I, II, III`, `a, b, c`, `A, B, C` or `*, †, ‡`
    #[serde(default = "decimal")]
    numbering_format: String,
    /// The first footnote's number
    #[serde(default = "one")]
    start_number: i64,
    /// Font family of footnote text
    font_name: Option<String>,
    /// Font size of footnote text, in points
    font_size: Option<i64>,
}

fn decimal() -> String {
    "1, 2, 3".into()
}
fn one() -> i64 {
    1
}

async fn customize_style(ctx: Ctx, a: Customize) -> Result<String, ToolError> {
    let fmt = match a.numbering_format.trim() {
        "1, 2, 3" | "1,2,3" | "decimal" => "decimal",
        "i, ii, iii" | "i,ii,iii" | "lowerRoman" => "lowerRoman",
        "I, II, III" | "I,II,III" | "upperRoman" => "upperRoman",
        "a, b, c" | "a,b,c" | "lowerLetter" => "lowerLetter",
        "A, B, C" | "A,B,C" | "upperLetter" => "upperLetter",
        "*, †, ‡" | "*,†,‡" | "symbols" | "chicago" => "chicago",
        other => {
            return Err(ToolError::invalid_input(format!(
                "numbering_format `{other}` is not one of `1, 2, 3`, `i, ii, iii`, `I, II, III`, `a, b, c`, `A, B, C`, `*, †, ‡`."
            )));
        }
    };
    if !(0..=32767).contains(&a.start_number) {
        return Err(ToolError::invalid_input(
            "start_number must be between 0 and 32767.",
        ));
    }
    let rf = RunFormat {
        font_name: a.font_name,
        font_size: a.font_size.map(|s| s as f64),
        ..RunFormat::default()
    };
    rf.props()?;
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let body = doc.body()?;
        let x = &mut doc.main;
        for sect in x.wdesc(body, "sectPr") {
            let pr = x.frag1(&format!(
                "<w:footnotePr><w:numFmt w:val=\"{fmt}\"/><w:numStart w:val=\"{}\"/></w:footnotePr>",
                a.start_number
            ))?;
            if let Some(old) = x.wchild(sect, "footnotePr") {
                x.insert_before(old, pr)?;
                x.remove(old)?;
            } else {
                let refs: Vec<Node> = x
                    .elements(sect)
                    .into_iter()
                    .filter(|n| matches!(x.w_local(*n), Some("headerReference" | "footerReference")))
                    .collect();
                match refs.last() {
                    Some(last) => x.insert_after(*last, pr)?,
                    None => x.prepend(sect, pr)?,
                }
            }
        }
        if !rf.is_empty() {
            let id = doc.style_id("Footnote Text", "paragraph")?;
            let part = doc.styles_part()?;
            let sx = doc.part_mut(&part)?;
            let root = sx.root()?;
            if let Some(st) = sx.wchildren(root, "style").into_iter().find(|s| sx.wattr(*s, "styleId").as_deref() == Some(id.as_str())) {
                let rpr = sx.ensure_wchild(st, "rPr", false)?;
                rf.apply(sx, rpr)?;
                sort_props(sx, rpr, RPR_ORDER)?;
            }
        }
        Ok(format!("Footnote style updated: numbering {fmt} from {}.", a.start_number))
    })
    .await
}

/// Remove a footnote: its reference runs in the body and its note; the id removed.
fn remove_footnote(doc: &mut Doc, id: Option<i64>, search: Option<&str>) -> Result<i64, ToolError> {
    let body = doc.body()?;
    let id = match (id, search.filter(|s| !s.is_empty())) {
        (Some(i), _) => i,
        (None, Some(s)) => {
            let (p, _) = find_in_body(doc, s)?;
            let r = doc
                .main
                .wdesc(p, "footnoteReference")
                .into_iter()
                .next()
                .ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "the paragraph containing `{s}` has no footnote reference."
                    ))
                })?;
            doc.main
                .wattr(r, "id")
                .and_then(|v| v.parse().ok())
                .ok_or_else(|| ToolError::invalid_input("the footnote reference has no id."))?
        }
        (None, None) => return Err(ToolError::invalid_input("give footnote_id or search_text.")),
    };
    let refs: Vec<Node> = doc
        .main
        .wdesc(body, "footnoteReference")
        .into_iter()
        .filter(|r| doc.main.wattr(*r, "id").and_then(|v| v.parse::<i64>().ok()) == Some(id))
        .collect();
    let part = doc.related(template::REL_FOOTNOTES)?;
    let has_note = match &part {
        Some(p) if doc.pkg.part(p).is_some() => {
            let x = doc.part(p)?;
            notes(x, Kind::Foot)?.iter().any(|(i, _)| *i == id)
        }
        _ => false,
    };
    if refs.is_empty() && !has_note {
        return Err(ToolError::invalid_input(format!(
            "{} has no footnote {id}.",
            doc.file
        )));
    }
    for r in refs {
        let run = doc
            .main
            .xml()
            .xot
            .parent(r)
            .filter(|p| doc.main.is_w(*p, "r"));
        match run {
            Some(run) => doc.main.remove(run)?,
            None => doc.main.remove(r)?,
        }
    }
    if let (Some(p), true) = (part, has_note) {
        let x = doc.part_mut(&p)?;
        for (i, n) in notes(x, Kind::Foot)? {
            if i == id {
                x.remove(n)?;
            }
        }
    }
    Ok(id)
}

/// Remove footnotes that no reference points at; how many.
fn clean_orphans(doc: &mut Doc) -> Result<usize, ToolError> {
    let body = doc.body()?;
    let used: Vec<i64> = doc
        .main
        .wdesc(body, "footnoteReference")
        .into_iter()
        .filter_map(|r| doc.main.wattr(r, "id")?.parse().ok())
        .collect();
    let Some(part) = doc.related(template::REL_FOOTNOTES)? else {
        return Ok(0);
    };
    if doc.pkg.part(&part).is_none() {
        return Ok(0);
    }
    let x = doc.part_mut(&part)?;
    let mut n = 0;
    for (i, node) in notes(x, Kind::Foot)? {
        if !used.contains(&i) {
            x.remove(node)?;
            n += 1;
        }
    }
    Ok(n)
}

/// Delete a footnote (its reference in the text and the note), by id or by a text of its
/// paragraph.
#[derive(Deserialize, JsonSchema)]
pub struct Delete {
    /// The document, relative to the workspace
    filename: String,
    /// The footnote's id (1, 2, 3...)
    footnote_id: Option<i64>,
    /// A text of the paragraph holding the footnote's reference (instead of the id)
    search_text: Option<String>,
    /// Write the result to this file instead of changing the document
    output_filename: Option<String>,
}

async fn delete_footnote(ctx: Ctx, a: Delete) -> Result<String, ToolError> {
    with_doc(&ctx, a.filename, Save::To(a.output_filename), move |doc| {
        let id = remove_footnote(doc, a.footnote_id, a.search_text.as_deref())?;
        Ok(format!("Footnote {id} deleted."))
    })
    .await
}

/// Add a footnote after a text or at the end of a paragraph, with checks: the location is
/// not a table of contents or an empty paragraph, the notes part and its styles exist;
/// `auto_repair` removes orphaned footnotes first. Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct Robust {
    /// The document, relative to the workspace
    filename: String,
    /// The text the reference goes after
    search_text: Option<String>,
    /// The paragraph whose end the reference goes at (instead of search_text)
    paragraph_index: Option<i64>,
    /// The footnote's text
    #[serde(default)]
    footnote_text: String,
    /// Refuse places a footnote does not belong (a table of contents, an empty paragraph)
    #[serde(default = "yes")]
    validate_location: bool,
    /// Remove orphaned footnotes (no reference) first
    #[serde(default)]
    auto_repair: bool,
}

fn yes() -> bool {
    true
}

async fn add_robust(ctx: Ctx, a: Robust) -> Result<Value, ToolError> {
    if a.footnote_text.trim().is_empty() {
        return Err(ToolError::invalid_input("footnote_text is empty."));
    }
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let repaired = if a.auto_repair { clean_orphans(doc)? } else { 0 };
        let (p, pos) = match (a.search_text.as_deref().filter(|s| !s.is_empty()), a.paragraph_index) {
            (Some(s), _) => {
                let (p, at) = find_in_body(doc, s)?;
                (p, Some(at + s.chars().count()))
            }
            (None, Some(i)) => (doc.paragraph(i)?, None),
            (None, None) => return Err(ToolError::invalid_input("give search_text or paragraph_index.")),
        };
        if a.validate_location {
            let style = doc.paragraph_style(p).to_ascii_lowercase();
            if style.starts_with("toc") {
                return Err(ToolError::invalid_input("the location is in a table of contents: a footnote does not belong there."));
            }
            if doc.text(p).trim().is_empty() {
                return Err(ToolError::invalid_input("the location is an empty paragraph."));
            }
        }
        let id = add_note(doc, Kind::Foot, p, pos, &a.footnote_text)?;
        Ok(json!({"success": true, "footnote_id": id, "orphans_removed": repaired, "message": format!("Footnote {id} added.")}))
    })
    .await
}

/// Check a document's footnotes: references without a note, notes without a reference
/// (orphans), duplicate ids, the separator notes, and the footnote styles. Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct FileOnly {
    /// The document, relative to the workspace
    filename: String,
}

async fn validate(ctx: Ctx, a: FileOnly) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::No, |doc| {
        let body = doc.body()?;
        let refs: Vec<i64> = doc
            .main
            .wdesc(body, "footnoteReference")
            .into_iter()
            .filter_map(|r| doc.main.wattr(r, "id")?.parse().ok())
            .collect();
        let part = doc
            .related(template::REL_FOOTNOTES)?
            .filter(|p| doc.pkg.part(p).is_some());
        let (ids, separators) = match &part {
            Some(p) => {
                let x = doc.part(p)?;
                let root = x.root()?;
                let seps = x
                    .wchildren(root, "footnote")
                    .into_iter()
                    .filter(|n| x.wattr(*n, "type").is_some_and(|t| t != "normal"))
                    .count();
                (
                    notes(x, Kind::Foot)?
                        .into_iter()
                        .map(|(i, _)| i)
                        .collect::<Vec<_>>(),
                    seps,
                )
            }
            None => (Vec::new(), 0),
        };
        let mut issues = Vec::new();
        let missing: Vec<i64> = refs.iter().filter(|r| !ids.contains(r)).copied().collect();
        let orphans: Vec<i64> = ids.iter().filter(|i| !refs.contains(i)).copied().collect();
        let mut dup = ids.clone();
        dup.sort_unstable();
        let duplicates: Vec<i64> = dup
            .windows(2)
            .filter(|w| w[0] == w[1])
            .map(|w| w[0])
            .collect();
        if !missing.is_empty() {
            issues.push(format!("references without a footnote: {missing:?}"));
        }
        if !orphans.is_empty() {
            issues.push(format!("footnotes without a reference: {orphans:?}"));
        }
        if !duplicates.is_empty() {
            issues.push(format!("duplicate footnote ids: {duplicates:?}"));
        }
        if part.is_some() && separators < 2 {
            issues.push("the separator and continuation separator notes are missing".into());
        }
        let styles = doc.styles()?;
        let has = |n: &str| {
            styles
                .iter()
                .any(|(_, name, _)| name.eq_ignore_ascii_case(n))
        };
        if !(ids.is_empty() || has("footnote text") && has("footnote reference")) {
            issues.push("the Footnote Text / Footnote Reference styles are missing".into());
        }
        Ok(json!({
            "valid": issues.is_empty(),
            "total_references": refs.len(),
            "total_footnotes": ids.len(),
            "missing_footnotes": missing,
            "orphaned_footnotes": orphans,
            "duplicate_ids": duplicates,
            "has_footnotes_part": part.is_some(),
            "issues": issues,
        }))
    })
    .await
}

/// Delete a footnote (reference and note), and with `clean_orphans` every footnote that no
/// reference points at. Returns JSON.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteRobust {
    /// The document, relative to the workspace
    filename: String,
    /// The footnote's id
    footnote_id: Option<i64>,
    /// A text of the paragraph holding the footnote's reference (instead of the id)
    search_text: Option<String>,
    /// Also remove every footnote no reference points at
    #[serde(default = "yes")]
    clean_orphans: bool,
}

async fn delete_robust(ctx: Ctx, a: DeleteRobust) -> Result<Value, ToolError> {
    with_doc(&ctx, a.filename, Save::Same, move |doc| {
        let id = remove_footnote(doc, a.footnote_id, a.search_text.as_deref())?;
        let orphans = if a.clean_orphans { clean_orphans(doc)? } else { 0 };
        Ok(json!({"success": true, "deleted_id": id, "orphans_removed": orphans, "message": format!("Footnote {id} deleted.")}))
    })
    .await
}
