//! Drawings umya-spreadsheet does not load, carried over from the original package into the one
//! it writes.
//!
//! umya-spreadsheet drops the drawing of a sheet whose charts it cannot read (openpyxl anchors
//! its charts to one cell, a form umya does not load). Before an edit, [`plan`] compares the
//! original package with what umya writes of it unchanged: each worksheet (matched by name
//! through `xl/workbook.xml` and its relationships) whose drawing is missing there, with every
//! part that drawing reaches (charts, their styles and colors, pictures), is planned to be
//! carried. After the edit, [`apply`] copies those parts byte for byte into the written
//! package (under a free name where umya wrote one of that name), points their relationships
//! at the new names, adds the sheet's relationship to the drawing, its `<drawing r:id>`
//! element at its place in the sheet, and the content types. A sheet the edit deleted takes
//! its drawing with it; an edit that would break a carried chart (a referenced sheet renamed
//! or deleted, rows or columns shifted under it, a new drawing on its sheet) is refused.

use std::collections::HashMap;

use mcp_shared::ToolError;
use mcp_vendor_office::{
    At, Package, attr, esc, insert_fragment, ns, relative_target, rels_part_of, resolve_target,
};

const DRAWING_REL: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing";
const OFFICE_DOCUMENT_REL: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
/// The folders a carried drawing may reach: drawings (a chart's shapes), charts with their
/// styles and colors, pictures. A drawing reaching anything else is not carried (and the edit
/// is refused, as it was before).
const CARRIED_FOLDERS: &[&str] = &["xl/drawings/", "xl/charts/", "xl/media/"];
/// The children of a worksheet that come after `<drawing>` (CT_Worksheet's order).
const AFTER_DRAWING: &[&str] = &[
    "legacyDrawing",
    "legacyDrawingHF",
    "drawingHF",
    "picture",
    "oleObjects",
    "controls",
    "webPublishItems",
    "tableParts",
    "extLst",
];

/// One sheet's drawing to carry.
#[derive(Debug, Clone)]
struct Item {
    /// The sheet's name in the original workbook.
    sheet: String,
    /// The drawing part, then every part it reaches, in the original package.
    parts: Vec<String>,
}

/// The drawings to carry over into what umya writes.
#[derive(Debug, Default)]
pub struct Plan {
    items: Vec<Item>,
}

impl Plan {
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Refuse an edit that moves the cells of `sheet` (inserted or deleted rows or columns)
    /// when a carried drawing sits on it or a carried chart reads from it: umya would not move
    /// the chart's anchor or its ranges.
    pub fn check_shift(
        &self,
        original: &Package,
        filepath: &str,
        sheet: &str,
    ) -> Result<(), ToolError> {
        let hit = self
            .items
            .iter()
            .any(|i| i.sheet == sheet || mentions(original, &i.parts, sheet));
        if hit {
            return Err(ToolError::invalid_input(format!(
                "{filepath} was not changed: sheet '{sheet}' holds or feeds a chart this server \
                 keeps without reading it, and inserting or deleting rows or columns would not \
                 move that chart's anchor or data ranges."
            ))
            .with_hint(
                "edit the rows and columns of this sheet in Excel or LibreOffice, or write the \
                 data to another sheet.",
            ));
        }
        Ok(())
    }
}

/// The original package, when it has drawings worth planning for (`names` are its parts).
pub fn original(bytes: &[u8], filepath: &str, names: &[String]) -> Option<Package> {
    if !names.iter().any(|n| n.starts_with("xl/drawings/")) {
        return None;
    }
    Package::read(bytes, filepath).ok()
}

/// The worksheets of a package: name and part, in the workbook's order.
fn sheets(pkg: &Package) -> Result<Vec<(String, String)>, ToolError> {
    let workbook = pkg
        .relationships("")?
        .into_iter()
        .find(|r| r.rel_type == OFFICE_DOCUMENT_REL && !r.external)
        .map(|r| resolve_target("", &r.target))
        .unwrap_or_else(|| "xl/workbook.xml".to_owned());
    let xml = pkg.xml(&workbook)?;
    let root = xml.root()?;
    let mut out = Vec::new();
    for list in xml.xot.children(root) {
        if !is(&xml, list, "sheets") {
            continue;
        }
        for sheet in xml.xot.children(list) {
            if !is(&xml, sheet, "sheet") {
                continue;
            }
            let (Some(name), Some(id)) = (attr(&xml, sheet, "name"), attr(&xml, sheet, "id"))
            else {
                continue;
            };
            if let Some(part) = pkg.target_of(&workbook, &id)? {
                out.push((name, part));
            }
        }
    }
    Ok(out)
}

fn is(xml: &mcp_vendor_office::Xml, node: xot::Node, local: &str) -> bool {
    xml.xot
        .element(node)
        .is_some_and(|e| xml.xot.local_name_str(e.name()) == local)
}

/// The drawing part a sheet points at, if any.
fn drawing_of(pkg: &Package, sheet_part: &str) -> Result<Option<String>, ToolError> {
    Ok(pkg
        .relationships(sheet_part)?
        .into_iter()
        .find(|r| r.rel_type == DRAWING_REL && !r.external)
        .map(|r| resolve_target(sheet_part, &r.target)))
}

/// The drawing and every part it reaches through internal relationships, or None when it
/// reaches a part outside [`CARRIED_FOLDERS`].
fn reach(pkg: &Package, drawing: &str) -> Result<Option<Vec<String>>, ToolError> {
    let mut out = vec![drawing.to_owned()];
    let mut i = 0;
    while let Some(part) = out.get(i).cloned() {
        i += 1;
        for r in pkg.relationships(&part)? {
            if r.external {
                continue;
            }
            let target = resolve_target(&part, &r.target);
            if pkg.part(&target).is_none() || out.contains(&target) {
                continue;
            }
            if !CARRIED_FOLDERS.iter().any(|f| target.starts_with(f)) {
                return Ok(None);
            }
            out.push(target);
        }
    }
    Ok(Some(out))
}

/// The drawings of `original` that umya-spreadsheet drops: what it writes of the workbook
/// unchanged (`untouched`) has the sheet but no drawing on it.
pub fn plan(original: &Package, filepath: &str, untouched: &[u8]) -> Result<Plan, ToolError> {
    let written = Package::read(untouched, filepath)?;
    let kept = sheets(&written)?;
    let mut items = Vec::new();
    for (name, part) in sheets(original)? {
        let Some(drawing) = drawing_of(original, &part)? else {
            continue;
        };
        let Some((_, now)) = kept.iter().find(|(n, _)| *n == name) else {
            continue;
        };
        if drawing_of(&written, now)?.is_some() {
            continue;
        }
        if let Some(parts) = reach(original, &drawing)? {
            items.push(Item { sheet: name, parts });
        }
    }
    Ok(Plan { items })
}

/// Whether the XML of `parts` refers to cells of sheet `name` (`Name!` or `'Name'!`).
fn mentions(original: &Package, parts: &[String], name: &str) -> bool {
    let plain = format!("{}!", esc(name));
    let quoted = format!("{}'!", esc(&name.replace('\'', "''")));
    parts.iter().filter(|p| p.ends_with(".xml")).any(|p| {
        original.part(p).is_some_and(|b| {
            let text = String::from_utf8_lossy(b);
            text.contains(&plain) || text.contains(&quoted)
        })
    })
}

/// A name for `old` that `pkg` does not use yet: `old` itself, else the same stem with the
/// first free number (`xl/charts/chart3.xml`).
fn free_name(pkg: &Package, old: &str) -> String {
    if pkg.part(old).is_none() {
        return old.to_owned();
    }
    let (stem, ext) = match old.rsplit_once('.') {
        Some((s, e)) if !s.ends_with('/') => (s, format!(".{e}")),
        _ => (old, String::new()),
    };
    pkg.free_name(stem.trim_end_matches(|c: char| c.is_ascii_digit()), &ext)
}

fn refused(filepath: &str, why: &str, hint: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "{filepath} was not changed: {why} (a chart this server keeps without reading it)."
    ))
    .with_hint(hint.to_owned())
}

/// The written package `written` with the drawings of `plan` carried over from `original`.
/// `before` and `after` are the sheets of the book before and after the edit, as (name, id)
/// pairs: a name gone whose id another new name took was renamed, else deleted.
pub fn apply(
    original: &Package,
    plan: &Plan,
    filepath: &str,
    written: &[u8],
    before: &[(String, String)],
    after: &[(String, String)],
) -> Result<Package, ToolError> {
    let mut pkg = Package::read(written, filepath)?;
    let now = sheets(&pkg)?;
    let had = |n: &str| before.iter().any(|(b, _)| b == n);
    // Sheets gone by the edit: renamed (to a name the book did not have, same id) or deleted.
    let mut renamed: HashMap<String, String> = HashMap::new();
    let mut gone: Vec<String> = Vec::new();
    for (name, id) in before {
        if after.iter().any(|(n, _)| n == name) {
            continue;
        }
        if let Some((new, _)) = after.iter().find(|(n, i)| i == id && !had(n)) {
            renamed.insert(name.clone(), new.clone());
        }
        gone.push(name.clone());
    }
    // The drawings that stay: those of sheets still there (under their name or a new one).
    let staying: Vec<(&Item, String)> = plan
        .items
        .iter()
        .filter_map(|i| {
            let name = renamed.get(&i.sheet).unwrap_or(&i.sheet);
            now.iter()
                .find(|(n, _)| n == name)
                .map(|(_, part)| (i, part.clone()))
        })
        .collect();
    for name in &gone {
        if staying
            .iter()
            .any(|(i, _)| mentions(original, &i.parts, name))
        {
            let what = if renamed.contains_key(name) {
                "renamed"
            } else {
                "deleted"
            };
            return Err(refused(
                filepath,
                &format!("sheet '{name}' would be {what} while a chart reads its cells"),
                "rename or delete this sheet in Excel or LibreOffice, which update the chart.",
            ));
        }
    }
    let mut mapped: HashMap<String, String> = HashMap::new();
    for (item, sheet_part) in &staying {
        if drawing_of(&pkg, sheet_part)?.is_some() {
            return Err(refused(
                filepath,
                &format!(
                    "sheet '{}' already holds a drawing this server cannot merge with its new one",
                    item.sheet
                ),
                "put the new chart or table on another sheet.",
            ));
        }
        for old in &item.parts {
            if mapped.contains_key(old) {
                continue;
            }
            let new = free_name(&pkg, old);
            let data = original.part(old).map(<[u8]>::to_vec).unwrap_or_default();
            pkg.set_part(&new, data);
            if let Some(ct) = original.content_type(old) {
                if let Some((_, ext)) = new.rsplit_once('.')
                    && new.starts_with("xl/media/")
                {
                    pkg.ensure_default_type(ext, &ct)?;
                }
                if pkg.content_type(&new).as_deref() != Some(ct.as_str()) {
                    pkg.set_content_type(&new, &ct)?;
                }
            }
            mapped.insert(old.clone(), new);
        }
        for old in &item.parts {
            carry_rels(original, &mut pkg, old, &mapped)?;
        }
        let drawing = item
            .parts
            .first()
            .and_then(|d| mapped.get(d))
            .cloned()
            .unwrap_or_default();
        let id = pkg.add_relationship(sheet_part, DRAWING_REL, &drawing, false)?;
        add_drawing_element(&mut pkg, sheet_part, &id)?;
    }
    Ok(pkg)
}

/// Copy the relationships of the carried part `old` to its new name, their internal targets
/// pointed at the new names of the parts they reach.
fn carry_rels(
    original: &Package,
    pkg: &mut Package,
    old: &str,
    mapped: &HashMap<String, String>,
) -> Result<(), ToolError> {
    let rels = rels_part_of(old);
    if original.part(&rels).is_none() {
        return Ok(());
    }
    let Some(new) = mapped.get(old) else {
        return Ok(());
    };
    let mut xml = original.xml(&rels)?;
    let root = xml.root()?;
    let target_name = xml.xot.add_name("Target");
    let children: Vec<xot::Node> = xml.xot.children(root).collect();
    for child in children {
        let external =
            attr(&xml, child, "TargetMode").is_some_and(|m| m.eq_ignore_ascii_case("External"));
        let Some(target) = attr(&xml, child, "Target") else {
            continue;
        };
        if external {
            continue;
        }
        if let Some(to) = mapped.get(&resolve_target(old, &target)) {
            xml.xot
                .attributes_mut(child)
                .insert(target_name, relative_target(new, to));
        }
    }
    pkg.set_xml(&rels_part_of(new), &xml)
}

/// Add `<drawing r:id="id"/>` to a sheet part, before the children that follow it.
fn add_drawing_element(pkg: &mut Package, sheet_part: &str, id: &str) -> Result<(), ToolError> {
    let mut xml = pkg.xml(sheet_part)?;
    let root = xml.root()?;
    let next = xml.xot.children(root).find(|c| {
        xml.xot.element(*c).is_some_and(|e| {
            let (local, uri) = xml.xot.name_ns_str(e.name());
            uri == ns::SPREADSHEET && AFTER_DRAWING.contains(&local)
        })
    });
    let at = next.map_or(At::End(root), At::Before);
    let nodes = insert_fragment(
        &mut xml,
        &[("r", ns::OFFICE_RELS)],
        at,
        &format!(
            "<drawing xmlns=\"{}\" r:id=\"{}\"/>",
            ns::SPREADSHEET,
            esc(id)
        ),
    )?;
    // The sheet's root declares the namespace as its default: the element needs no copy.
    let main = xml.xot.add_namespace(ns::SPREADSHEET);
    let empty = xml.xot.empty_prefix();
    if xml.xot.namespaces(root).get(empty) == Some(&main) {
        for n in nodes {
            xml.xot.namespaces_mut(n).remove(empty);
        }
    }
    pkg.set_xml(sheet_part, &xml)
}
