//! The editing layer every tool stands on: a document read through the workspace jail, its
//! package with the parts we edit as trees (the main document always; styles, numbering,
//! notes, comments, headers when a tool needs them), and written back through the jail with
//! every other part byte for byte.

use std::collections::{BTreeMap, BTreeSet};

use mcp_shared::workspace::{Workspace, WsPath};
use mcp_shared::{Ctx, ToolError};
use mcp_vendor_office::{Package, Xml, resolve_target};
use xot::Node;

use crate::template;
use crate::xml::{WordXml, esc, internal};

/// The file name as the agent gave it, `.docx` added when it has no such extension (as the
/// server this one replaces does).
pub fn docx_name(name: &str) -> String {
    let n = name.trim();
    if n.to_ascii_lowercase().ends_with(".docx") {
        n.to_owned()
    } else {
        format!("{n}.docx")
    }
}

pub struct Doc {
    pub pkg: Package,
    /// The file as the agent named it.
    pub file: String,
    /// The main document part (`word/document.xml`).
    pub main_part: String,
    pub main: Xml,
    parts: BTreeMap<String, Xml>,
    dirty: BTreeSet<String>,
    /// Set by a tool that changed nothing: the file is not written.
    pub skip_save: bool,
}

impl Doc {
    /// A document from a file's bytes.
    pub fn from_bytes(bytes: &[u8], file: &str) -> Result<Self, ToolError> {
        if mcp_vendor_office::is_ole_compound_file(bytes) {
            return Err(ToolError::invalid_input(format!(
                "{file} is an encrypted (password-protected) or legacy binary Word file: this server reads only unencrypted .docx files. Remove the password in Word or LibreOffice (or with msoffcrypto-tool) and try again."
            )));
        }
        let pkg = Package::read(bytes, file)?;
        Self::from_package(pkg, file)
    }

    pub fn from_package(pkg: Package, file: &str) -> Result<Self, ToolError> {
        let main_part = pkg
            .relationships("")?
            .into_iter()
            .find(|r| r.rel_type.ends_with("/officeDocument") && !r.external)
            .map(|r| resolve_target("", &r.target))
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "{file} is not a Word document: its package has no main document part."
                ))
            })?;
        let main = pkg.xml(&main_part)?;
        let d = Doc {
            pkg,
            file: file.to_owned(),
            main_part,
            main,
            parts: BTreeMap::new(),
            dirty: BTreeSet::new(),
            skip_save: false,
        };
        if !d.main.is_w(d.main.root()?, "document") {
            return Err(ToolError::invalid_input(format!(
                "{file} is not a Word document: its main part is not w:document."
            )));
        }
        Ok(d)
    }

    /// The file's bytes: the main part and every part a tool changed re-serialised, the
    /// others as they were.
    pub fn serialise(&mut self) -> Result<Vec<u8>, ToolError> {
        for name in std::mem::take(&mut self.dirty) {
            if let Some(x) = self.parts.get(&name) {
                self.pkg.set_xml(&name, x)?;
            }
        }
        self.pkg.set_xml(&self.main_part.clone(), &self.main)?;
        self.pkg.write()
    }

    pub fn body(&self) -> Result<Node, ToolError> {
        let root = self.main.root()?;
        self.main.wchild(root, "body").ok_or_else(|| {
            ToolError::invalid_input(format!("{} has no document body (w:body).", self.file))
        })
    }

    /// The paragraphs of the body (not those in tables), as python-docx's `paragraphs`.
    pub fn paragraphs(&self) -> Result<Vec<Node>, ToolError> {
        Ok(self.main.wchildren(self.body()?, "p"))
    }

    /// The tables of the body, as python-docx's `tables`.
    pub fn tables(&self) -> Result<Vec<Node>, ToolError> {
        Ok(self.main.wchildren(self.body()?, "tbl"))
    }

    pub fn paragraph(&self, index: i64) -> Result<Node, ToolError> {
        let ps = self.paragraphs()?;
        usize::try_from(index)
            .ok()
            .and_then(|i| ps.get(i).copied())
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "paragraph_index {index} is out of range: {} has {} paragraphs (0 to {}).",
                    self.file,
                    ps.len(),
                    ps.len().saturating_sub(1)
                ))
            })
    }

    pub fn table(&self, index: i64) -> Result<Node, ToolError> {
        let ts = self.tables()?;
        usize::try_from(index)
            .ok()
            .and_then(|i| ts.get(i).copied())
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "table_index {index} is out of range: {} has {} tables.",
                    self.file,
                    ts.len()
                ))
            })
    }

    /// Put a block (paragraph, table) at the end of the body, before its section properties.
    pub fn append_block(&mut self, node: Node) -> Result<(), ToolError> {
        let body = self.body()?;
        let last = self.main.xml().xot.last_child(body);
        match last.filter(|n| self.main.is_w(*n, "sectPr")) {
            Some(sect) => self.main.insert_before(sect, node),
            None => self.main.append(body, node),
        }
    }

    /// The part the main document points at with a relationship of this type.
    pub fn related(&self, rel_type: &str) -> Result<Option<String>, ToolError> {
        Ok(self
            .pkg
            .relationships(&self.main_part)?
            .into_iter()
            .find(|r| r.rel_type == rel_type && !r.external)
            .map(|r| resolve_target(&self.main_part, &r.target)))
    }

    fn load(&mut self, name: &str) -> Result<(), ToolError> {
        if !self.parts.contains_key(name) {
            let x = self.pkg.xml(name)?;
            self.parts.insert(name.to_owned(), x);
        }
        Ok(())
    }

    /// A part, read only.
    pub fn part(&mut self, name: &str) -> Result<&Xml, ToolError> {
        self.load(name)?;
        self.parts
            .get(name)
            .ok_or_else(|| internal(format!("part {name} not loaded")))
    }

    /// A part to change (written back on save).
    pub fn part_mut(&mut self, name: &str) -> Result<&mut Xml, ToolError> {
        self.load(name)?;
        self.dirty.insert(name.to_owned());
        self.parts
            .get_mut(name)
            .ok_or_else(|| internal(format!("part {name} not loaded")))
    }

    /// The part of this relationship type, made (as `word/<file>` with `initial` content
    /// and its content type) when the document has none.
    pub fn ensure_part(
        &mut self,
        rel_type: &str,
        file: &str,
        content_type: &str,
        initial: &str,
    ) -> Result<String, ToolError> {
        if let Some(p) = self.related(rel_type)?
            && self.pkg.part(&p).is_some()
        {
            return Ok(p);
        }
        let folder = self
            .main_part
            .rsplit_once('/')
            .map(|(d, _)| d.to_owned())
            .unwrap_or_default();
        let name = if folder.is_empty() {
            file.to_owned()
        } else {
            format!("{folder}/{file}")
        };
        self.pkg.set_part(
            &name,
            format!("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n{initial}")
                .into_bytes(),
        );
        self.pkg.set_content_type(&name, content_type)?;
        let main = self.main_part.clone();
        self.pkg.add_relationship(&main, rel_type, &name, false)?;
        Ok(name)
    }

    /// The styles part, made when missing.
    pub fn styles_part(&mut self) -> Result<String, ToolError> {
        self.ensure_part(
            template::REL_STYLES,
            "styles.xml",
            template::CT_STYLES,
            &format!("<w:styles xmlns:w=\"{}\"/>", mcp_vendor_office::ns::WORD),
        )
    }

    /// `(style id, name, type)` of every style.
    pub fn styles(&mut self) -> Result<Vec<(String, String, String)>, ToolError> {
        let Some(part) = self.related(template::REL_STYLES)? else {
            return Ok(Vec::new());
        };
        if self.pkg.part(&part).is_none() {
            return Ok(Vec::new());
        }
        let x = self.part(&part)?;
        let root = x.root()?;
        Ok(x.wchildren(root, "style")
            .into_iter()
            .map(|s| {
                let id = x.wattr(s, "styleId").unwrap_or_default();
                let name = x
                    .wchild(s, "name")
                    .and_then(|n| x.wattr(n, "val"))
                    .unwrap_or_else(|| id.clone());
                let ty = x.wattr(s, "type").unwrap_or_else(|| "paragraph".into());
                (id, name, ty)
            })
            .collect())
    }

    /// The id of the style named `name` (its UI name, as python-docx takes it, or its id),
    /// of type `kind`; a built-in style (Heading 1-9, Title, List Bullet, Table Grid...) is
    /// added to the document when it lacks it.
    pub fn style_id(&mut self, name: &str, kind: &str) -> Result<String, ToolError> {
        let want = name.trim();
        let squashed: String = want.chars().filter(|c| !c.is_whitespace()).collect();
        let styles = self.styles()?;
        let found = styles
            .iter()
            .filter(|(_, _, t)| t == kind)
            .find(|(id, n, _)| {
                n.eq_ignore_ascii_case(want)
                    || id.eq_ignore_ascii_case(want)
                    || id.eq_ignore_ascii_case(&squashed)
            });
        if let Some((id, _, _)) = found {
            return Ok(id.clone());
        }
        // Built-in ids are the names without spaces, capitalised (`heading 1` -> Heading1).
        let mut id = String::new();
        for word in want.split_whitespace() {
            let mut cs = word.chars();
            if let Some(f) = cs.next() {
                id.extend(f.to_uppercase());
                id.push_str(cs.as_str());
            }
        }
        if let Some(def) = template::builtin_style(&id) {
            let part = self.styles_part()?;
            let x = self.part_mut(&part)?;
            let node = x.frag1(&def)?;
            let root = x.root()?;
            x.append(root, node)?;
            return Ok(id);
        }
        let names: Vec<&str> = styles
            .iter()
            .filter(|(_, _, t)| t == kind)
            .map(|(_, n, _)| n.as_str())
            .take(40)
            .collect();
        Err(ToolError::invalid_input(format!(
            "no {kind} style named `{name}` in {}; its {kind} styles: {}. Create one with create_custom_style.",
            self.file,
            names.join(", ")
        )))
    }

    /// The UI name of a style id (`Heading1` -> `Heading 1`), as python-docx shows it.
    pub fn style_name(&mut self, id: &str) -> String {
        let name = self
            .styles()
            .ok()
            .and_then(|s| s.into_iter().find(|(i, _, _)| i == id).map(|(_, n, _)| n))
            .unwrap_or_else(|| id.to_owned());
        ui_name(&name)
    }

    /// The style name of a paragraph (`Normal` when it has none).
    pub fn paragraph_style(&mut self, p: Node) -> String {
        let id = self
            .main
            .wchild(p, "pPr")
            .and_then(|ppr| self.main.wchild(ppr, "pStyle"))
            .and_then(|s| self.main.wattr(s, "val"));
        match id {
            Some(id) => self.style_name(&id),
            None => "Normal".to_owned(),
        }
    }

    /// The heading level of a paragraph (1-9), from its style or outline level.
    pub fn heading_level(&mut self, p: Node) -> Option<u8> {
        let style = self.paragraph_style(p);
        if let Some(n) = style
            .strip_prefix("Heading ")
            .and_then(|n| n.trim().parse::<u8>().ok())
        {
            return Some(n);
        }
        if style == "Title" {
            return Some(0);
        }
        let lvl = self
            .main
            .wchild(p, "pPr")
            .and_then(|ppr| self.main.wchild(ppr, "outlineLvl"))
            .and_then(|o| self.main.wattr(o, "val"))
            .and_then(|v| v.parse::<u8>().ok());
        lvl.filter(|l| *l < 9).map(|l| l + 1)
    }

    pub fn text(&self, p: Node) -> String {
        self.main.text_of(p)
    }

    /// A new paragraph with this text, style id and run formatting (as XML text).
    pub fn new_paragraph(
        &mut self,
        text: &str,
        style_id: Option<&str>,
        rpr: &str,
        extra_ppr: &str,
    ) -> Result<Node, ToolError> {
        let mut ppr = String::new();
        if let Some(s) = style_id {
            ppr.push_str(&format!("<w:pStyle w:val=\"{}\"/>", esc(s)));
        }
        ppr.push_str(extra_ppr);
        let ppr = if ppr.is_empty() {
            String::new()
        } else {
            format!("<w:pPr>{ppr}</w:pPr>")
        };
        let run = if text.is_empty() {
            String::new()
        } else {
            crate::xml::run_xml(text, rpr)
        };
        self.main.frag1(&format!("<w:p>{ppr}{run}</w:p>"))
    }

    /// Header and footer parts of the document.
    pub fn header_footer_parts(&self) -> Result<Vec<String>, ToolError> {
        Ok(self
            .pkg
            .relationships(&self.main_part)?
            .into_iter()
            .filter(|r| {
                !r.external
                    && (r.rel_type == template::REL_HEADER || r.rel_type == template::REL_FOOTER)
            })
            .map(|r| resolve_target(&self.main_part, &r.target))
            .filter(|p| self.pkg.part(p).is_some())
            .collect())
    }
}

/// python-docx's names for Word's lower-case built-in style names.
pub fn ui_name(name: &str) -> String {
    if let Some(n) = name.strip_prefix("heading ") {
        return format!("Heading {n}");
    }
    match name {
        "footnote text" => "Footnote Text".into(),
        "footnote reference" => "Footnote Reference".into(),
        "endnote text" => "Endnote Text".into(),
        "endnote reference" => "Endnote Reference".into(),
        "annotation text" => "Comment Text".into(),
        "caption" => "Caption".into(),
        _ => name.to_owned(),
    }
}

/// Where a changed document goes: back to its file, or (`output_filename`) to another.
pub enum Save {
    No,
    Same,
    To(Option<String>),
}

/// Read a document of the workspace, run `f` on it, and write it back as `save` says; the
/// result of `f`.
pub async fn with_doc<T, F>(ctx: &Ctx, filename: String, save: Save, f: F) -> Result<T, ToolError>
where
    T: Send + 'static,
    F: FnOnce(&mut Doc) -> Result<T, ToolError> + Send + 'static,
{
    Workspace::of(ctx)?
        .run(move |ws| {
            let shown = docx_name(&filename);
            let p = ws.path("filename", &shown)?;
            let bytes = ws.read("filename", &p)?;
            let mut doc = Doc::from_bytes(&bytes, &shown)?;
            let out = f(&mut doc)?;
            if doc.skip_save {
                return Ok(out);
            }
            match save {
                Save::No => {}
                Save::Same => write(ws, "filename", &p, &mut doc)?,
                Save::To(None) => write(ws, "filename", &p, &mut doc)?,
                Save::To(Some(o)) => {
                    let op = ws.path("output_filename", &docx_name(&o))?;
                    write(ws, "output_filename", &op, &mut doc)?;
                }
            }
            Ok(out)
        })
        .await
}

pub fn write(ws: &Workspace, arg: &str, p: &WsPath, doc: &mut Doc) -> Result<(), ToolError> {
    let bytes = doc.serialise()?;
    ws.write(arg, p, &bytes)?;
    Ok(())
}

/// A paragraph found by text (the first whose text contains it) or by index, for the
/// tools that take either.
pub fn find_target(
    doc: &Doc,
    target_text: Option<&str>,
    target_paragraph_index: Option<i64>,
) -> Result<Node, ToolError> {
    if let Some(i) = target_paragraph_index {
        return doc.paragraph(i);
    }
    let Some(t) = target_text.filter(|t| !t.is_empty()) else {
        return Err(ToolError::invalid_input(
            "give target_text or target_paragraph_index to say where to insert.",
        ));
    };
    doc.paragraphs()?
        .into_iter()
        .find(|p| doc.text(*p).contains(t))
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "no paragraph of {} contains the text `{t}`.",
                doc.file
            ))
        })
}
