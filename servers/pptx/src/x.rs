//! Small helpers over `xot` trees of PresentationML and DrawingML parts: find children by
//! local name, read and set plain attributes, and insert fragments written as XML text (with
//! the `a:`, `p:`, `r:` and `c:` prefixes) into a part's tree.

use mcp_shared::{ErrorKind, ToolError};
pub use mcp_vendor_office::xml::{At, esc};
use mcp_vendor_office::{Xml, ns};
use xot::{Node, Xot};

/// The chart namespace (`c:`).
pub const CHART: &str = "http://schemas.openxmlformats.org/drawingml/2006/chart";

/// The prefixes a fragment may use, with their namespaces.
const PREFIXES: &[(&str, &str)] = &[
    ("a", ns::DRAWING),
    ("p", ns::PRESENTATION),
    ("r", ns::OFFICE_RELS),
    ("c", CHART),
];

pub fn internal(what: impl std::fmt::Display) -> ToolError {
    ToolError::new(
        ErrorKind::Internal,
        format!("editing the presentation failed: {what}"),
    )
}

/// The local name of an element (`""` for other nodes).
pub fn local(xot: &Xot, node: Node) -> &str {
    match xot.element(node) {
        Some(e) => xot.local_name_str(e.name()),
        None => "",
    }
}

/// Element children of `node` with the local name `name`.
pub fn kids<'a>(xot: &'a Xot, node: Node, name: &'a str) -> impl Iterator<Item = Node> + 'a {
    xot.children(node).filter(move |c| local(xot, *c) == name)
}

/// The first element child named `name`.
pub fn kid(xot: &Xot, node: Node, name: &str) -> Option<Node> {
    kids(xot, node, name).next()
}

/// The first element at the end of a path of child names.
pub fn path(xot: &Xot, node: Node, names: &[&str]) -> Option<Node> {
    names.iter().try_fold(node, |n, name| kid(xot, n, name))
}

/// Every element child.
pub fn elements(xot: &Xot, node: Node) -> impl Iterator<Item = Node> + '_ {
    xot.children(node).filter(|c| xot.is_element(*c))
}

/// Descendants (the node included) named `name`.
pub fn descendants<'a>(xot: &'a Xot, node: Node, name: &'a str) -> impl Iterator<Item = Node> + 'a {
    xot.descendants(node)
        .filter(move |c| local(xot, *c) == name)
}

/// An attribute by local name, whatever its namespace.
pub fn attr(xot: &Xot, node: Node, name: &str) -> Option<String> {
    xot.attributes(node)
        .iter()
        .find(|(k, _)| xot.local_name_str(*k) == name)
        .map(|(_, v)| v.clone())
}

/// Set an attribute without a namespace.
pub fn set_attr(xot: &mut Xot, node: Node, name: &str, value: impl Into<String>) {
    let n = xot.add_name(name);
    xot.set_attribute(node, n, value);
}

/// The text of every `a:t` below `node`, paragraphs joined by newlines.
pub fn text_of(xot: &Xot, node: Node) -> String {
    let mut paras = Vec::new();
    for p in descendants(xot, node, "p").filter(|p| is_drawing(xot, *p)) {
        paras.push(para_text(xot, p));
    }
    paras.join("\n")
}

/// The text of one `a:p` (its runs, fields and line breaks).
pub fn para_text(xot: &Xot, p: Node) -> String {
    let mut s = String::new();
    for c in elements(xot, p) {
        match local(xot, c) {
            "r" | "fld" => {
                if let Some(t) = kid(xot, c, "t") {
                    s.push_str(xot.text_content_str(t).unwrap_or(""));
                }
            }
            "br" => s.push('\n'),
            _ => {}
        }
    }
    s
}

fn is_drawing(xot: &Xot, node: Node) -> bool {
    xot.element(node)
        .is_some_and(|e| xot.name_ns_str(e.name()).1 == ns::DRAWING)
}

/// Remove every child of `node` named `name`.
pub fn remove_kids(xot: &mut Xot, node: Node, name: &str) -> Result<(), ToolError> {
    let gone: Vec<Node> = kids(xot, node, name).collect();
    for g in gone {
        xot.remove(g).map_err(internal)?;
    }
    Ok(())
}

/// Parse `frag` (elements with the `a:`, `p:`, `r:`, `c:` prefixes) and insert its elements
/// at `at`; returns them.
pub fn insert(xml: &mut Xml, at: At, frag: &str) -> Result<Vec<Node>, ToolError> {
    mcp_vendor_office::insert_fragment(xml, PREFIXES, at, frag)
}
