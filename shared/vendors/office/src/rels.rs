//! Relationships: which part a part points at (`r:id="rId3"` in a slide is an image), kept in
//! `<folder>/_rels/<name>.rels`.

use mcp_shared::ToolError;

use crate::package::{Package, Xml, internal};

/// One relationship of a part.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relationship {
    pub id: String,
    /// The relationship type URI (`.../relationships/image`).
    pub rel_type: String,
    /// As written: relative to the source part's folder, or a URL when external.
    pub target: String,
    pub external: bool,
}

/// The relationships part of a part (`word/document.xml` -> `word/_rels/document.xml.rels`;
/// the package itself, `""`, -> `_rels/.rels`).
pub fn rels_part_of(part: &str) -> String {
    let part = part.trim_start_matches('/');
    match part.rsplit_once('/') {
        Some((dir, name)) => format!("{dir}/_rels/{name}.rels"),
        None => format!("_rels/{part}.rels"),
    }
}

/// The folder of a part (`ppt/slides/slide1.xml` -> `ppt/slides`).
fn folder(part: &str) -> &str {
    part.trim_start_matches('/')
        .rsplit_once('/')
        .map(|(d, _)| d)
        .unwrap_or("")
}

/// A relationship target resolved to a part name (`../media/image1.png` from
/// `ppt/slides/slide1.xml` is `ppt/media/image1.png`; `/word/x.xml` is absolute).
pub fn resolve_target(source: &str, target: &str) -> String {
    let mut out: Vec<&str> = if target.starts_with('/') {
        Vec::new()
    } else {
        folder(source)
            .split('/')
            .filter(|s| !s.is_empty())
            .collect()
    };
    for seg in target.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    out.join("/")
}

/// `part` written relative to the folder of `source` (for a new relationship's target).
pub fn relative_target(source: &str, part: &str) -> String {
    let from: Vec<&str> = folder(source)
        .split('/')
        .filter(|s| !s.is_empty())
        .collect();
    let to: Vec<&str> = part.trim_start_matches('/').split('/').collect();
    let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
    let mut out: Vec<&str> = std::iter::repeat_n("..", from.len() - common).collect();
    out.extend(to.iter().skip(common));
    out.join("/")
}

impl Package {
    /// The relationships of `source` (none when it has no relationships part).
    pub fn relationships(&self, source: &str) -> Result<Vec<Relationship>, ToolError> {
        let name = rels_part_of(source);
        if self.part(&name).is_none() {
            return Ok(Vec::new());
        }
        let xml = self.xml(&name)?;
        let root = xml.root()?;
        let mut out = Vec::new();
        for child in xml.xot.children(root) {
            if xml.xot.element(child).is_none() {
                continue;
            }
            let attr = |n: &str| attr(&xml, child, n).unwrap_or_default();
            out.push(Relationship {
                id: attr("Id"),
                rel_type: attr("Type"),
                target: attr("Target"),
                external: attr("TargetMode").eq_ignore_ascii_case("External"),
            });
        }
        Ok(out)
    }

    /// The part a relationship id of `source` points at (internal relationships only).
    pub fn target_of(&self, source: &str, id: &str) -> Result<Option<String>, ToolError> {
        Ok(self
            .relationships(source)?
            .into_iter()
            .find(|r| r.id == id && !r.external)
            .map(|r| resolve_target(source, &r.target)))
    }

    /// Add a relationship from `source` to the part `target` (or, `external`, to a URL), or
    /// return the id of the one it already has; the id is new (`rId<n>`) otherwise.
    pub fn add_relationship(
        &mut self,
        source: &str,
        rel_type: &str,
        target: &str,
        external: bool,
    ) -> Result<String, ToolError> {
        let written = if external {
            target.to_owned()
        } else {
            relative_target(source, target)
        };
        let existing = self.relationships(source)?;
        if let Some(r) = existing
            .iter()
            .find(|r| r.rel_type == rel_type && r.target == written && r.external == external)
        {
            return Ok(r.id.clone());
        }
        let mut n = existing.len() + 1;
        while existing.iter().any(|r| r.id == format!("rId{n}")) {
            n += 1;
        }
        let id = format!("rId{n}");
        let name = rels_part_of(source);
        if self.part(&name).is_none() {
            self.set_part(
                &name,
                format!(
                    "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"{}\"/>",
                    crate::ns::PACKAGE_RELS
                )
                .into_bytes(),
            );
            self.ensure_default_type(
                "rels",
                "application/vnd.openxmlformats-package.relationships+xml",
            )?;
        }
        let mut xml = self.xml(&name)?;
        let root = xml.root()?;
        let ns = xml.xot.add_namespace(crate::ns::PACKAGE_RELS);
        let el = xml.xot.add_name_ns("Relationship", ns);
        let node = xml.xot.new_element(el);
        let mut attrs: Vec<(&str, String)> = vec![
            ("Id", id.clone()),
            ("Type", rel_type.to_owned()),
            ("Target", written),
        ];
        if external {
            attrs.push(("TargetMode", "External".to_owned()));
        }
        for (k, v) in attrs {
            let k = xml.xot.add_name(k);
            xml.xot.attributes_mut(node).insert(k, v);
        }
        xml.xot
            .append(root, node)
            .map_err(|e| internal(format!("relationships of {source}: {e}")))?;
        self.set_xml(&name, &xml)?;
        Ok(id)
    }

    /// Remove a relationship of `source` by id (the part it pointed at stays).
    pub fn remove_relationship(&mut self, source: &str, id: &str) -> Result<(), ToolError> {
        let name = rels_part_of(source);
        if self.part(&name).is_none() {
            return Ok(());
        }
        let mut xml = self.xml(&name)?;
        let root = xml.root()?;
        let gone: Vec<_> = xml
            .xot
            .children(root)
            .filter(|c| attr(&xml, *c, "Id").as_deref() == Some(id))
            .collect();
        for n in gone {
            xml.xot
                .remove(n)
                .map_err(|e| internal(format!("relationships of {source}: {e}")))?;
        }
        self.set_xml(&name, &xml)
    }
}

/// An attribute of `node` by local name (no namespace).
pub fn attr(xml: &Xml, node: xot::Node, local: &str) -> Option<String> {
    xml.xot
        .attributes(node)
        .iter()
        .find(|(k, _)| xml.xot.local_name_str(*k) == local)
        .map(|(_, v)| v.clone())
}
