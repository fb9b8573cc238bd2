//! WordprocessingML on xot trees: names in the `w:` namespace, attributes, children, and new
//! content written as XML text (escaped) and parsed into the part's own arena.

use mcp_shared::{ErrorKind, ToolError};
use mcp_vendor_office::Xml;
use mcp_vendor_office::ns;
pub use mcp_vendor_office::xml::esc;
use xot::{NameId, Node};

/// The namespaces new content may use, with the prefixes Word writes.
pub const NAMESPACES: &[(&str, &str)] = &[
    ("w", ns::WORD),
    ("r", ns::OFFICE_RELS),
    (
        "wp",
        "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    ),
    ("a", ns::DRAWING),
    (
        "pic",
        "http://schemas.openxmlformats.org/drawingml/2006/picture",
    ),
];

pub fn internal(what: impl std::fmt::Display) -> ToolError {
    ToolError::new(
        ErrorKind::Internal,
        format!("editing the document failed: {what}"),
    )
}

/// Helpers on a part's tree.
pub trait WordXml {
    fn xml(&self) -> &Xml;
    fn xml_mut(&mut self) -> &mut Xml;

    /// Is `n` the element `w:<local>`?
    fn is_w(&self, n: Node, local: &str) -> bool {
        let x = self.xml();
        x.xot.element(n).is_some_and(|e| {
            let (l, uri) = x.xot.name_ns_str(e.name());
            l == local && uri == ns::WORD
        })
    }

    /// The local name of an element in the `w:` namespace.
    fn w_local(&self, n: Node) -> Option<&str> {
        let x = self.xml();
        let e = x.xot.element(n)?;
        let (l, uri) = x.xot.name_ns_str(e.name());
        (uri == ns::WORD).then_some(l)
    }

    fn wname(&mut self, local: &str) -> NameId {
        let x = self.xml_mut();
        let w = x.xot.add_namespace(ns::WORD);
        x.xot.add_name_ns(local, w)
    }

    /// The attribute `w:<local>` of `n`.
    fn wattr(&self, n: Node, local: &str) -> Option<String> {
        let x = self.xml();
        x.xot
            .attributes(n)
            .iter()
            .find(|(k, _)| {
                let (l, uri) = x.xot.name_ns_str(*k);
                l == local && uri == ns::WORD
            })
            .map(|(_, v)| v.clone())
    }

    fn set_wattr(&mut self, n: Node, local: &str, value: &str) {
        let name = self.wname(local);
        self.xml_mut()
            .xot
            .attributes_mut(n)
            .insert(name, value.to_owned());
    }

    /// The first child `w:<local>` of `n`.
    fn wchild(&self, n: Node, local: &str) -> Option<Node> {
        self.xml().xot.children(n).find(|c| self.is_w(*c, local))
    }

    fn wchildren(&self, n: Node, local: &str) -> Vec<Node> {
        self.xml()
            .xot
            .children(n)
            .filter(|c| self.is_w(*c, local))
            .collect()
    }

    /// Every `w:<local>` below `n` (and `n` itself), in document order.
    fn wdesc(&self, n: Node, local: &str) -> Vec<Node> {
        self.xml()
            .xot
            .descendants(n)
            .filter(|c| self.is_w(*c, local))
            .collect()
    }

    /// Element children of `n`.
    fn elements(&self, n: Node) -> Vec<Node> {
        let x = self.xml();
        x.xot
            .children(n)
            .filter(|c| x.xot.element(*c).is_some())
            .collect()
    }

    /// Parse `fragment` (elements written with the prefixes of [`NAMESPACES`]) into this
    /// part's arena: its top-level elements, detached, ready to insert (the namespaces they
    /// use are declared on the part's root where it lacks them).
    fn frag(&mut self, fragment: &str) -> Result<Vec<Node>, ToolError> {
        mcp_vendor_office::parse_fragment(self.xml_mut(), NAMESPACES, fragment)
    }

    /// The one element of `fragment`.
    fn frag1(&mut self, fragment: &str) -> Result<Node, ToolError> {
        self.frag(fragment)?
            .into_iter()
            .next()
            .ok_or_else(|| internal("an empty fragment"))
    }

    fn append(&mut self, parent: Node, child: Node) -> Result<(), ToolError> {
        self.xml_mut().xot.append(parent, child).map_err(internal)
    }

    fn prepend(&mut self, parent: Node, child: Node) -> Result<(), ToolError> {
        self.xml_mut().xot.prepend(parent, child).map_err(internal)
    }

    fn insert_after(&mut self, at: Node, new: Node) -> Result<(), ToolError> {
        self.xml_mut().xot.insert_after(at, new).map_err(internal)
    }

    fn insert_before(&mut self, at: Node, new: Node) -> Result<(), ToolError> {
        self.xml_mut().xot.insert_before(at, new).map_err(internal)
    }

    fn remove(&mut self, n: Node) -> Result<(), ToolError> {
        self.xml_mut().xot.remove(n).map_err(internal)
    }

    /// The child `w:<local>` of `n`, made (from `fragment`, or empty) when missing; placed
    /// first when `first` (property elements such as `w:pPr` come first).
    fn ensure_wchild(&mut self, n: Node, local: &str, first: bool) -> Result<Node, ToolError> {
        if let Some(c) = self.wchild(n, local) {
            return Ok(c);
        }
        let c = self.frag1(&format!("<w:{local}/>"))?;
        if first {
            self.prepend(n, c)?;
        } else {
            self.append(n, c)?;
        }
        Ok(c)
    }

    /// Replace (or add) the property `w:<local>` of a properties element (`w:rPr`,
    /// `w:pPr`, `w:tcPr`...) with `fragment`.
    fn set_prop(&mut self, props: Node, local: &str, fragment: &str) -> Result<(), ToolError> {
        let new = self.frag1(fragment)?;
        match self.wchild(props, local) {
            Some(old) => {
                self.insert_before(old, new)?;
                self.remove(old)?;
            }
            None => self.append(props, new)?,
        }
        Ok(())
    }

    /// The text a run or paragraph shows (as python-docx reads it): `w:t`, tabs and breaks
    /// of its runs, hyperlinks and tracked insertions included.
    fn text_of(&self, n: Node) -> String {
        let mut out = String::new();
        self.collect_text(n, &mut out);
        out
    }

    fn collect_text(&self, n: Node, out: &mut String) {
        let x = self.xml();
        for c in x.xot.children(n) {
            match self.w_local(c) {
                Some("t") => out.push_str(&x.xot.string_value(c)),
                Some("tab") => out.push('\t'),
                Some("br") | Some("cr") => out.push('\n'),
                Some("noBreakHyphen") => out.push('-'),
                Some("r" | "hyperlink" | "ins" | "smartTag" | "fldSimple" | "customXml") => {
                    self.collect_text(c, out)
                }
                _ => {}
            }
        }
    }

    /// The string value of a node (its text).
    fn string(&self, n: Node) -> String {
        self.xml().xot.string_value(n)
    }
}

impl WordXml for Xml {
    fn xml(&self) -> &Xml {
        self
    }
    fn xml_mut(&mut self) -> &mut Xml {
        self
    }
}

/// A `w:r` with text (tabs and line breaks as `w:tab` and `w:br`), and run properties
/// already written as XML.
pub fn run_xml(text: &str, rpr: &str) -> String {
    let mut out = String::from("<w:r>");
    if !rpr.is_empty() {
        out.push_str(&format!("<w:rPr>{rpr}</w:rPr>"));
    }
    let mut first_line = true;
    for line in text.split('\n') {
        if !first_line {
            out.push_str("<w:br/>");
        }
        first_line = false;
        let mut first_seg = true;
        for seg in line.split('\t') {
            if !first_seg {
                out.push_str("<w:tab/>");
            }
            first_seg = false;
            if !seg.is_empty() {
                out.push_str(&format!(
                    "<w:t xml:space=\"preserve\">{}</w:t>",
                    esc(seg.trim_end_matches('\r'))
                ));
            }
        }
    }
    out.push_str("</w:r>");
    out
}

/// Run formatting as the tools take it.
#[derive(Debug, Default, Clone)]
pub struct RunFormat {
    pub font_name: Option<String>,
    pub font_size: Option<f64>,
    pub bold: Option<bool>,
    pub italic: Option<bool>,
    pub underline: Option<bool>,
    pub color: Option<String>,
}

impl RunFormat {
    pub fn is_empty(&self) -> bool {
        self.font_name.is_none()
            && self.font_size.is_none()
            && self.bold.is_none()
            && self.italic.is_none()
            && self.underline.is_none()
            && self.color.is_none()
    }

    /// The properties as `(local name, element)` pairs, in the schema's order.
    pub fn props(&self) -> Result<Vec<(&'static str, String)>, ToolError> {
        let mut out = Vec::new();
        if let Some(f) = &self.font_name {
            let f = esc(f);
            out.push((
                "rFonts",
                format!(
                    "<w:rFonts w:ascii=\"{f}\" w:hAnsi=\"{f}\" w:cs=\"{f}\" w:eastAsia=\"{f}\"/>"
                ),
            ));
        }
        if let Some(b) = self.bold {
            out.push(("b", format!("<w:b w:val=\"{}\"/>", on(b))));
        }
        if let Some(i) = self.italic {
            out.push(("i", format!("<w:i w:val=\"{}\"/>", on(i))));
        }
        if let Some(c) = &self.color {
            out.push(("color", format!("<w:color w:val=\"{}\"/>", color(c)?)));
        }
        if let Some(s) = self.font_size {
            let half = half_points(s)?;
            out.push(("sz", format!("<w:sz w:val=\"{half}\"/>")));
            out.push(("szCs", format!("<w:szCs w:val=\"{half}\"/>")));
        }
        if let Some(u) = self.underline {
            out.push((
                "u",
                format!("<w:u w:val=\"{}\"/>", if u { "single" } else { "none" }),
            ));
        }
        Ok(out)
    }

    /// The run properties' content as XML text.
    pub fn xml(&self) -> Result<String, ToolError> {
        Ok(self.props()?.into_iter().map(|(_, x)| x).collect())
    }

    /// Apply to an existing `w:rPr`.
    pub fn apply<X: WordXml + ?Sized>(&self, x: &mut X, rpr: Node) -> Result<(), ToolError> {
        for (local, frag) in self.props()? {
            x.set_prop(rpr, local, &frag)?;
        }
        sort_props(x, rpr, RPR_ORDER)
    }
}

fn on(b: bool) -> &'static str {
    if b { "1" } else { "0" }
}

/// A font size in points as half-points.
pub fn half_points(pt: f64) -> Result<i64, ToolError> {
    if !(1.0..=1638.0).contains(&pt) {
        return Err(ToolError::invalid_input(format!(
            "font_size {pt} is out of range: give points between 1 and 1638."
        )));
    }
    Ok((pt * 2.0).round() as i64)
}

/// A colour as `RRGGBB` (`#` and case tolerated; a few names too).
pub fn color(c: &str) -> Result<String, ToolError> {
    let t = c.trim().trim_start_matches('#');
    let named = match t.to_ascii_lowercase().as_str() {
        "black" => Some("000000"),
        "white" => Some("FFFFFF"),
        "red" => Some("FF0000"),
        "green" => Some("00FF00"),
        "blue" => Some("0000FF"),
        "yellow" => Some("FFFF00"),
        "gray" | "grey" => Some("808080"),
        "auto" => Some("auto"),
        _ => None,
    };
    if let Some(n) = named {
        return Ok(n.to_owned());
    }
    if t.len() == 6 && t.chars().all(|c| c.is_ascii_hexdigit()) {
        return Ok(t.to_ascii_uppercase());
    }
    Err(ToolError::invalid_input(format!(
        "`{c}` is not a colour: give hex RGB such as `FF0000` (or black, white, red, green, blue, yellow, gray)."
    )))
}

/// The order of run properties in the schema (CT_RPr), for the ones we write.
pub const RPR_ORDER: &[&str] = &[
    "rStyle",
    "rFonts",
    "b",
    "bCs",
    "i",
    "iCs",
    "caps",
    "smallCaps",
    "strike",
    "dstrike",
    "outline",
    "shadow",
    "emboss",
    "imprint",
    "noProof",
    "snapToGrid",
    "vanish",
    "webHidden",
    "color",
    "spacing",
    "w",
    "kern",
    "position",
    "sz",
    "szCs",
    "highlight",
    "u",
    "effect",
    "bdr",
    "shd",
    "fitText",
    "vertAlign",
    "rtl",
    "cs",
    "em",
    "lang",
    "eastAsianLayout",
    "specVanish",
    "oMath",
];

/// CT_PPrBase order, for the ones we write.
pub const PPR_ORDER: &[&str] = &[
    "pStyle",
    "keepNext",
    "keepLines",
    "pageBreakBefore",
    "framePr",
    "widowControl",
    "numPr",
    "suppressLineNumbers",
    "pBdr",
    "shd",
    "tabs",
    "suppressAutoHyphens",
    "kinsoku",
    "wordWrap",
    "overflowPunct",
    "topLinePunct",
    "autoSpaceDE",
    "autoSpaceDN",
    "bidi",
    "adjustRightInd",
    "snapToGrid",
    "spacing",
    "ind",
    "contextualSpacing",
    "mirrorIndents",
    "suppressOverlap",
    "jc",
    "textDirection",
    "textAlignment",
    "textboxTightWrap",
    "outlineLvl",
    "divId",
    "cnfStyle",
    "rPr",
    "sectPr",
    "pPrChange",
];

/// CT_TcPr order.
pub const TCPR_ORDER: &[&str] = &[
    "cnfStyle",
    "tcW",
    "gridSpan",
    "hMerge",
    "vMerge",
    "tcBorders",
    "shd",
    "noWrap",
    "tcMar",
    "textDirection",
    "tcFitText",
    "vAlign",
    "hideMark",
];

/// CT_TblPr order.
pub const TBLPR_ORDER: &[&str] = &[
    "tblStyle",
    "tblpPr",
    "tblOverlap",
    "bidiVisual",
    "tblStyleRowBandSize",
    "tblStyleColBandSize",
    "tblW",
    "jc",
    "tblCellSpacing",
    "tblInd",
    "tblBorders",
    "shd",
    "tblLayout",
    "tblCellMar",
    "tblLook",
    "tblCaption",
    "tblDescription",
];

/// Reorder the `w:` children of a properties element by `order` (unknown ones keep their
/// place at the end, in their order), as the schema requires.
pub fn sort_props<X: WordXml + ?Sized>(
    x: &mut X,
    props: Node,
    order: &[&str],
) -> Result<(), ToolError> {
    mcp_vendor_office::sort_children(&mut x.xml_mut().xot, props, ns::WORD, order)
}
