//! The package: named parts in the order the file had them, read with caps and written back
//! with every untouched part as it was.

use std::io::{Cursor, Read, Write};

use mcp_shared::ToolError;
use xot::{Node, Xot};

/// Most parts a package may have.
pub const MAX_PARTS: usize = 10_000;
/// Most bytes all parts of a package may inflate to (a small file that inflates past this is
/// a "zip bomb").
pub const MAX_UNPACKED_BYTES: u64 = 512 * 1024 * 1024;

const CONTENT_TYPES: &str = "[Content_Types].xml";

/// The first bytes of an OLE compound file (D0 CF 11 E0 A1 B1 1A E1), of which the first four
/// are checked.
const OLE_SIGNATURE: [u8; 4] = [0xD0, 0xCF, 0x11, 0xE0];

/// Whether `bytes` are an OLE compound file rather than a ZIP package: a password-protected
/// Office file (its package encrypted inside one) or a legacy binary `.doc`, `.ppt` or `.xls`.
/// Neither can be read as a package; each server refuses it with a message saying what to do.
pub fn is_ole_compound_file(bytes: &[u8]) -> bool {
    bytes.starts_with(&OLE_SIGNATURE)
}

/// An Office Open XML package.
#[derive(Debug, Clone, Default)]
pub struct Package {
    parts: Vec<(String, Vec<u8>)>,
}

/// An XML part as a mutable tree: the [`Xot`] arena and the document node.
pub struct Xml {
    pub xot: Xot,
    pub doc: Node,
}

impl Xml {
    /// The document's root element.
    pub fn root(&self) -> Result<Node, ToolError> {
        self.xot
            .document_element(self.doc)
            .map_err(|e| ToolError::invalid_input(format!("the XML part has no root element: {e}")))
    }
}

fn bad(file: &str, why: impl std::fmt::Display) -> ToolError {
    ToolError::invalid_input(format!(
        "{file} is not an Office Open XML file that can be read: {why}"
    ))
}

impl Package {
    /// A package from the bytes of a file; `file` names it in messages.
    pub fn read(bytes: &[u8], file: &str) -> Result<Self, ToolError> {
        let mut zip = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| bad(file, e))?;
        if zip.len() > MAX_PARTS {
            return Err(bad(
                file,
                format!(
                    "it has {} parts, more than the {MAX_PARTS} allowed",
                    zip.len()
                ),
            ));
        }
        let mut parts = Vec::with_capacity(zip.len());
        let mut total: u64 = 0;
        for i in 0..zip.len() {
            let mut entry = zip.by_index(i).map_err(|e| bad(file, e))?;
            if entry.is_dir() {
                continue;
            }
            let name = entry
                .name()
                .map_err(|e| bad(file, e))?
                .trim_start_matches('/')
                .to_owned();
            let mut data = Vec::new();
            // Read one byte past what is left of the cap, whatever the entry claims.
            let left = MAX_UNPACKED_BYTES.saturating_sub(total);
            (&mut entry)
                .take(left.saturating_add(1))
                .read_to_end(&mut data)
                .map_err(|e| bad(file, format!("part {name}: {e}")))?;
            total = total.saturating_add(data.len() as u64);
            if total > MAX_UNPACKED_BYTES {
                return Err(bad(
                    file,
                    format!(
                        "its parts inflate to more than {} MiB",
                        MAX_UNPACKED_BYTES / (1024 * 1024)
                    ),
                ));
            }
            parts.push((name, data));
        }
        let pkg = Package { parts };
        if pkg.part(CONTENT_TYPES).is_none() {
            return Err(bad(file, "it has no [Content_Types].xml part"));
        }
        Ok(pkg)
    }

    /// A package from parts given in order (a new document from a template of our own).
    pub fn from_parts(parts: Vec<(String, Vec<u8>)>) -> Self {
        Package { parts }
    }

    /// The file's bytes: `[Content_Types].xml` first, then every part in order, deflated.
    pub fn write(&self) -> Result<Vec<u8>, ToolError> {
        let fail =
            |e: &dyn std::fmt::Display| internal(format!("could not write the Office file: {e}"));
        let mut out = zip::ZipWriter::new(Cursor::new(Vec::new()));
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        let first = self.parts.iter().filter(|(n, _)| n == CONTENT_TYPES);
        let rest = self.parts.iter().filter(|(n, _)| n != CONTENT_TYPES);
        for (name, data) in first.chain(rest) {
            out.start_file(name.as_str(), opts).map_err(|e| fail(&e))?;
            out.write_all(data).map_err(|e| fail(&e))?;
        }
        let cursor = out.finish().map_err(|e| fail(&e))?;
        Ok(cursor.into_inner())
    }

    /// Part names, in order.
    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.parts.iter().map(|(n, _)| n.as_str())
    }

    /// A part's bytes (`word/document.xml`, no leading slash).
    pub fn part(&self, name: &str) -> Option<&[u8]> {
        let name = name.trim_start_matches('/');
        self.parts
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, d)| d.as_slice())
    }

    /// Replace a part, or add it at the end.
    pub fn set_part(&mut self, name: &str, data: Vec<u8>) {
        let name = name.trim_start_matches('/');
        match self.parts.iter_mut().find(|(n, _)| n == name) {
            Some((_, d)) => *d = data,
            None => self.parts.push((name.to_owned(), data)),
        }
    }

    /// Remove a part (its relationships and content type are the caller's to update).
    pub fn remove_part(&mut self, name: &str) -> Option<Vec<u8>> {
        let name = name.trim_start_matches('/');
        let i = self.parts.iter().position(|(n, _)| n == name)?;
        Some(self.parts.remove(i).1)
    }

    /// The first free name of the form `prefix{n}suffix` (`ppt/slides/slide`, `.xml`), n from 1.
    pub fn free_name(&self, prefix: &str, suffix: &str) -> String {
        let mut n = 1usize;
        loop {
            let name = format!("{prefix}{n}{suffix}");
            if self.part(&name).is_none() {
                return name;
            }
            n += 1;
        }
    }

    /// A part parsed as XML.
    pub fn xml(&self, name: &str) -> Result<Xml, ToolError> {
        let data = self
            .part(name)
            .ok_or_else(|| ToolError::invalid_input(format!("the file has no part {name}")))?;
        let text = std::str::from_utf8(data)
            .map_err(|_| ToolError::invalid_input(format!("part {name} is not UTF-8 XML")))?;
        let mut xot = Xot::new();
        let doc = xot.parse(text).map_err(|e| {
            ToolError::invalid_input(format!("part {name} is not well-formed XML: {e}"))
        })?;
        Ok(Xml { xot, doc })
    }

    /// Store an XML tree as a part, with the XML declaration Office writes.
    pub fn set_xml(&mut self, name: &str, xml: &Xml) -> Result<(), ToolError> {
        let body = xml
            .xot
            .to_string(xml.doc)
            .map_err(|e| internal(format!("could not serialise part {name}: {e}")))?;
        let body = body
            .strip_prefix("<?xml")
            .and_then(|rest| rest.split_once("?>").map(|(_, r)| r))
            .unwrap_or(&body);
        let mut out = String::with_capacity(body.len() + 60);
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n");
        out.push_str(body.trim_start());
        self.set_part(name, out.into_bytes());
        Ok(())
    }

    /// The content type a part has (its override, else its extension's default).
    pub fn content_type(&self, part: &str) -> Option<String> {
        let part = format!("/{}", part.trim_start_matches('/'));
        let xml = self.xml(CONTENT_TYPES).ok()?;
        let root = xml.root().ok()?;
        let ext = part.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        let mut default = None;
        for child in xml.xot.children(root) {
            let Some(el) = xml.xot.element(child) else {
                continue;
            };
            let local = xml.xot.local_name_str(el.name());
            let attr = |n: &str| {
                xml.xot
                    .attributes(child)
                    .iter()
                    .find(|(k, _)| xml.xot.local_name_str(*k) == n)
                    .map(|(_, v)| v.clone())
            };
            match local {
                "Override" if attr("PartName").is_some_and(|p| p.eq_ignore_ascii_case(&part)) => {
                    return attr("ContentType");
                }
                "Default"
                    if ext.is_some()
                        && attr("Extension").map(|e| e.to_ascii_lowercase()) == ext =>
                {
                    default = attr("ContentType");
                }
                _ => {}
            }
        }
        default
    }

    /// Declare a part's content type with an `Override` (replacing one it had).
    pub fn set_content_type(&mut self, part: &str, content_type: &str) -> Result<(), ToolError> {
        self.edit_content_types(
            "Override",
            "PartName",
            &format!("/{}", part.trim_start_matches('/')),
            content_type,
        )
    }

    /// Declare the default content type of an extension (`png`, `image/png`) unless it has one.
    pub fn ensure_default_type(
        &mut self,
        extension: &str,
        content_type: &str,
    ) -> Result<(), ToolError> {
        let ext = extension.to_ascii_lowercase();
        let xml = self.xml(CONTENT_TYPES)?;
        let root = xml.root()?;
        let has = xml.xot.children(root).any(|c| {
            xml.xot
                .element(c)
                .is_some_and(|e| xml.xot.local_name_str(e.name()) == "Default")
                && xml.xot.attributes(c).iter().any(|(k, v)| {
                    xml.xot.local_name_str(k) == "Extension" && v.eq_ignore_ascii_case(&ext)
                })
        });
        if has {
            return Ok(());
        }
        self.edit_content_types("Default", "Extension", &ext, content_type)
    }

    /// Remove the `Override` of a part.
    pub fn remove_content_type(&mut self, part: &str) -> Result<(), ToolError> {
        let part = format!("/{}", part.trim_start_matches('/'));
        let mut xml = self.xml(CONTENT_TYPES)?;
        let root = xml.root()?;
        let gone: Vec<Node> = xml
            .xot
            .children(root)
            .filter(|c| {
                xml.xot.attributes(*c).iter().any(|(k, v)| {
                    xml.xot.local_name_str(k) == "PartName" && v.eq_ignore_ascii_case(&part)
                })
            })
            .collect();
        for n in gone {
            xml.xot
                .remove(n)
                .map_err(|e| internal(format!("content types: {e}")))?;
        }
        self.set_xml(CONTENT_TYPES, &xml)
    }

    fn edit_content_types(
        &mut self,
        element: &str,
        key: &str,
        value: &str,
        content_type: &str,
    ) -> Result<(), ToolError> {
        let mut xml = self.xml(CONTENT_TYPES)?;
        let root = xml.root()?;
        let existing =
            xml.xot.children(root).find(|c| {
                xml.xot
                    .element(*c)
                    .is_some_and(|e| xml.xot.local_name_str(e.name()) == element)
                    && xml.xot.attributes(*c).iter().any(|(k, v)| {
                        xml.xot.local_name_str(k) == key && v.eq_ignore_ascii_case(value)
                    })
            });
        let ns = xml.xot.add_namespace(crate::ns::CONTENT_TYPES);
        let el_name = xml.xot.add_name_ns(element, ns);
        let key_name = xml.xot.add_name(key);
        let ct_name = xml.xot.add_name("ContentType");
        let node = match existing {
            Some(n) => n,
            None => {
                let n = xml.xot.new_element(el_name);
                xml.xot
                    .append(root, n)
                    .map_err(|e| internal(format!("content types: {e}")))?;
                n
            }
        };
        let mut attrs = xml.xot.attributes_mut(node);
        attrs.insert(key_name, value.to_owned());
        attrs.insert(ct_name, content_type.to_owned());
        self.set_xml(CONTENT_TYPES, &xml)
    }
}

/// A failure of ours while editing a package (not the caller's input).
pub(crate) fn internal(message: String) -> ToolError {
    ToolError::new(mcp_shared::ErrorKind::Internal, message)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// The 512-byte header of an OLE compound file (version 3, 512-byte sectors), as an
    /// encrypted `.docx` or a `.doc` starts.
    fn ole_header() -> Vec<u8> {
        let mut b = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
        b.extend_from_slice(&[0; 16]); // CLSID
        b.extend_from_slice(&0x003Eu16.to_le_bytes()); // minor version
        b.extend_from_slice(&3u16.to_le_bytes()); // major version
        b.extend_from_slice(&0xFFFEu16.to_le_bytes()); // little-endian
        b.extend_from_slice(&9u16.to_le_bytes()); // 2^9-byte sectors
        b.resize(512, 0xFF);
        b
    }

    #[test]
    fn an_ole_compound_file_is_told_from_a_package() {
        let ole = ole_header();
        assert!(is_ole_compound_file(&ole));
        let err = Package::read(&ole, "locked.docx").unwrap_err();
        assert!(err.to_string().contains("locked.docx"), "{err}");
        let zip = Package::from_parts(vec![(CONTENT_TYPES.into(), b"<Types/>".to_vec())])
            .write()
            .unwrap();
        assert!(!is_ole_compound_file(&zip));
        assert!(Package::read(&zip, "a.docx").is_ok());
        assert!(!is_ole_compound_file(&ole[..3]));
        assert!(!is_ole_compound_file(b""));
    }
}
