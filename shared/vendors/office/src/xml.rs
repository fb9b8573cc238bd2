//! Editing a part's XML tree: text escaped for XML, new content written as XML text with the
//! usual prefixes and parsed into the part's own arena (its namespaces declared on the root
//! where missing), and property children put back in the order the schema requires.

use mcp_shared::ToolError;
use xot::{NamespaceId, Node, Xot};

use crate::package::{Xml, internal};

/// Text escaped for XML content and attribute values (characters XML 1.0 cannot carry are
/// dropped).
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && !matches!(c, '\t' | '\n' | '\r') => {}
            c => out.push(c),
        }
    }
    out
}

/// Parse `fragment` (elements written with the prefixes of `prefixes`, pairs of prefix and
/// namespace such as `("w", ns::WORD)`) into the arena of `xml`: its top-level elements,
/// detached, ready to insert anywhere in the part.
///
/// Every namespace of `prefixes` that the new elements (or their attributes) use and that the
/// part's root does not declare with a prefix is declared on the root, with its usual prefix
/// (or `<prefix>1`, `<prefix>2`... when the root gives that prefix another namespace), so the
/// new content serialises wherever it goes.
pub fn parse_fragment(
    xml: &mut Xml,
    prefixes: &[(&str, &str)],
    fragment: &str,
) -> Result<Vec<Node>, ToolError> {
    let decls: String = prefixes
        .iter()
        .map(|(p, uri)| format!(" xmlns:{p}=\"{uri}\""))
        .collect();
    let not_xml =
        |e: &dyn std::fmt::Display| internal(format!("a generated XML fragment is not XML: {e}"));
    let doc = xml
        .xot
        .parse(&format!("<fragment{decls}>{fragment}</fragment>"))
        .map_err(|e| not_xml(&e))?;
    let wrap = xml.xot.document_element(doc).map_err(|e| not_xml(&e))?;
    let nodes: Vec<Node> = xml
        .xot
        .children(wrap)
        .filter(|c| xml.xot.is_element(*c))
        .collect();
    let mut used: Vec<NamespaceId> = Vec::new();
    for node in &nodes {
        for d in xml.xot.descendants(*node) {
            let Some(el) = xml.xot.element(d) else {
                continue;
            };
            let attrs = xml.xot.attributes(d);
            for name in std::iter::once(el.name()).chain(attrs.keys()) {
                let ns = xml.xot.namespace_for_name(name);
                if !used.contains(&ns) {
                    used.push(ns);
                }
            }
        }
    }
    for node in &nodes {
        xml.xot
            .detach(*node)
            .map_err(|e| internal(format!("a generated XML fragment: {e}")))?;
    }
    let root = xml.root()?;
    for (prefix, uri) in prefixes {
        let ns = xml.xot.add_namespace(uri);
        if used.contains(&ns) {
            declare_on(&mut xml.xot, root, prefix, ns);
        }
    }
    Ok(nodes)
}

/// Declare `ns` on `node` under `prefix` (or the first free `<prefix><n>`), unless the node
/// declares it already under some prefix.
fn declare_on(xot: &mut Xot, node: Node, prefix: &str, ns: NamespaceId) {
    let empty = xot.empty_prefix();
    let declared = xot
        .namespaces(node)
        .iter()
        .any(|(p, v)| *v == ns && p != empty);
    if declared {
        return;
    }
    let mut candidate = prefix.to_owned();
    let mut n = 1;
    loop {
        let p = xot.add_prefix(&candidate);
        if xot.namespaces(node).get(p).is_none() {
            xot.namespaces_mut(node).insert(p, ns);
            return;
        }
        candidate = format!("{prefix}{n}");
        n += 1;
    }
}

/// Where [`insert_fragment`] puts new elements.
#[derive(Debug, Clone, Copy)]
pub enum At {
    /// As the last children of this node.
    End(Node),
    /// As the first children of this node.
    Start(Node),
    /// Just before this node.
    Before(Node),
}

/// Parse `fragment` as [`parse_fragment`] does and insert its elements, in order, at `at`;
/// returns them.
pub fn insert_fragment(
    xml: &mut Xml,
    prefixes: &[(&str, &str)],
    at: At,
    fragment: &str,
) -> Result<Vec<Node>, ToolError> {
    let nodes = parse_fragment(xml, prefixes, fragment)?;
    let first_child = match at {
        At::Start(parent) => xml.xot.first_child(parent),
        _ => None,
    };
    let failed = |e: xot::Error| internal(format!("inserting generated XML: {e}"));
    for n in &nodes {
        match (at, first_child) {
            (At::End(parent), _) | (At::Start(parent), None) => {
                xml.xot.append(parent, *n).map_err(failed)?
            }
            (At::Before(b), _) | (At::Start(_), Some(b)) => {
                xml.xot.insert_before(b, *n).map_err(failed)?
            }
        }
    }
    Ok(nodes)
}

/// Put the element children of `node` in the schema's order: those in `namespace` by the
/// place of their local name in `order`; the others, and names `order` lacks, after them in
/// the order they had. Nothing moves when the order is already right.
pub fn sort_children(
    xot: &mut Xot,
    node: Node,
    namespace: &str,
    order: &[&str],
) -> Result<(), ToolError> {
    let rank = |xot: &Xot, n: Node| {
        xot.element(n)
            .and_then(|e| {
                let (local, uri) = xot.name_ns_str(e.name());
                (uri == namespace)
                    .then(|| order.iter().position(|o| *o == local))
                    .flatten()
            })
            .unwrap_or(order.len())
    };
    let mut ranked: Vec<(usize, usize, Node)> = xot
        .children(node)
        .filter(|c| xot.is_element(*c))
        .enumerate()
        .map(|(i, n)| (rank(xot, n), i, n))
        .collect();
    ranked.sort_by_key(|(rank, i, _)| (*rank, *i));
    if ranked.iter().enumerate().all(|(i, r)| r.1 == i) {
        return Ok(());
    }
    let failed = |e: xot::Error| internal(format!("reordering properties: {e}"));
    for (_, _, n) in &ranked {
        xot.detach(*n).map_err(failed)?;
    }
    for (_, _, n) in ranked {
        xot.append(node, n).map_err(failed)?;
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::ns;

    const W: &str = ns::WORD;
    const PREFIXES: &[(&str, &str)] =
        &[("w", ns::WORD), ("r", ns::OFFICE_RELS), ("a", ns::DRAWING)];

    fn part(text: &str) -> Xml {
        let mut xot = Xot::new();
        let doc = xot.parse(text).unwrap();
        Xml { xot, doc }
    }

    fn text(xml: &Xml) -> String {
        xml.xot.to_string(xml.doc).unwrap()
    }

    #[test]
    fn esc_escapes_markup_and_drops_what_xml_cannot_carry() {
        assert_eq!(
            esc("a<b> & \"c\" 'd'\u{1}\te\u{7f}"),
            "a&lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;\te\u{7f}"
        );
        assert_eq!(esc("é\n\r"), "é\n\r");
    }

    #[test]
    fn a_fragment_is_parsed_detached_with_the_prefixes_the_root_has() {
        let mut x = part(&format!(
            "<w:document xmlns:w=\"{W}\"><w:body/></w:document>"
        ));
        let nodes = parse_fragment(&mut x, PREFIXES, "<w:p><w:r/></w:p><w:tbl/>").unwrap();
        assert_eq!(nodes.len(), 2);
        assert!(nodes.iter().all(|n| x.xot.parent(*n).is_none()));
        let root = x.root().unwrap();
        let body = x.xot.first_child(root).unwrap();
        for n in nodes {
            x.xot.append(body, n).unwrap();
        }
        assert_eq!(
            text(&x),
            format!(
                "<w:document xmlns:w=\"{W}\"><w:body><w:p><w:r/></w:p><w:tbl/></w:body></w:document>"
            )
        );
    }

    #[test]
    fn namespaces_the_fragment_uses_are_declared_on_the_root() {
        let mut x = part(&format!(
            "<w:document xmlns:w=\"{W}\"><w:body/></w:document>"
        ));
        let root = x.root().unwrap();
        let body = x.xot.first_child(root).unwrap();
        // `r:` only in an attribute, `a:` in an element; nothing of `a:` unused is declared.
        insert_fragment(&mut x, PREFIXES, At::End(body), "<w:p r:id=\"rId1\"/>").unwrap();
        let out = text(&x);
        assert!(
            out.contains(&format!("xmlns:r=\"{}\"", ns::OFFICE_RELS)),
            "{out}"
        );
        assert!(!out.contains("xmlns:a="), "{out}");
        assert!(out.contains("<w:p r:id=\"rId1\"/>"), "{out}");
        insert_fragment(&mut x, PREFIXES, At::End(body), "<a:blip/>").unwrap();
        let out = text(&x);
        assert!(
            out.starts_with("<w:document xmlns:w=")
                && out.contains(&format!("xmlns:a=\"{}\"", ns::DRAWING)),
            "{out}"
        );
        assert!(out.ends_with("<a:blip/></w:body></w:document>"), "{out}");
        // The same fragment again declares nothing more.
        insert_fragment(&mut x, PREFIXES, At::End(body), "<a:blip/>").unwrap();
        assert_eq!(text(&x).matches("xmlns:").count(), 3, "{}", text(&x));
    }

    #[test]
    fn a_prefix_the_root_uses_for_another_namespace_is_not_taken() {
        let mut x = part(&format!(
            "<w:document xmlns:w=\"{W}\" xmlns:a=\"urn:other\"><w:body/></w:document>"
        ));
        let root = x.root().unwrap();
        let body = x.xot.first_child(root).unwrap();
        insert_fragment(&mut x, PREFIXES, At::End(body), "<a:blip/>").unwrap();
        let out = text(&x);
        assert!(
            out.contains(&format!("xmlns:a1=\"{}\"", ns::DRAWING)),
            "{out}"
        );
        assert!(out.contains("xmlns:a=\"urn:other\""), "{out}");
        assert!(out.contains("<a1:blip/>"), "{out}");
    }

    #[test]
    fn insert_places_the_elements_in_order() {
        let mut x = part(&format!("<w:r xmlns:w=\"{W}\"><w:t>x</w:t></w:r>"));
        let run = x.root().unwrap();
        let t = x.xot.first_child(run).unwrap();
        insert_fragment(&mut x, PREFIXES, At::Start(run), "<w:rPr/><w:tab/>").unwrap();
        insert_fragment(&mut x, PREFIXES, At::Before(t), "<w:br/>").unwrap();
        insert_fragment(&mut x, PREFIXES, At::End(run), "<w:cr/><w:tab/>").unwrap();
        let out = text(&x);
        assert!(
            out.ends_with("><w:rPr/><w:tab/><w:br/><w:t>x</w:t><w:cr/><w:tab/></w:r>"),
            "{out}"
        );
        let empty = x.xot.first_child(run).unwrap();
        insert_fragment(&mut x, PREFIXES, At::Start(empty), "<w:b/><w:i/>").unwrap();
        assert!(
            text(&x).contains("<w:rPr><w:b/><w:i/></w:rPr>"),
            "{}",
            text(&x)
        );
    }

    #[test]
    fn a_fragment_that_is_not_xml_is_an_error() {
        let mut x = part(&format!("<w:document xmlns:w=\"{W}\"/>"));
        let e = parse_fragment(&mut x, PREFIXES, "<w:p>").unwrap_err();
        assert!(e.to_string().contains("not XML"), "{e}");
        let e = parse_fragment(&mut x, PREFIXES, "<zz:p/>").unwrap_err();
        assert!(e.to_string().contains("not XML"), "{e}");
    }

    #[test]
    fn children_are_sorted_by_the_order_table_in_their_namespace() {
        let mut x = part(&format!(
            "<w:rPr xmlns:w=\"{W}\" xmlns:o=\"urn:o\"><w:u/><o:b/><w:zz/><w:sz/><w:b/>tail</w:rPr>"
        ));
        let rpr = x.root().unwrap();
        sort_children(&mut x.xot, rpr, W, &["b", "sz", "u"]).unwrap();
        // `o:b` is not `w:b`; it and the unknown `w:zz` keep their order after the known ones.
        let out = text(&x);
        assert!(
            out.ends_with(">tail<w:b/><w:sz/><w:u/><o:b/><w:zz/></w:rPr>"),
            "{out}"
        );
    }

    #[test]
    fn children_already_in_order_do_not_move() {
        let mut x = part(&format!("<w:rPr xmlns:w=\"{W}\"><w:b/> <w:sz/></w:rPr>"));
        let rpr = x.root().unwrap();
        sort_children(&mut x.xot, rpr, W, &["b", "sz", "u"]).unwrap();
        assert!(
            text(&x).ends_with("><w:b/> <w:sz/></w:rPr>"),
            "{}",
            text(&x)
        );
    }
}
