//! Text in DrawingML: runs with their properties (bold, italic, underline, size, colour,
//! font, hyperlink), paragraphs with levels and alignment, and changes to existing runs.

use mcp_shared::ToolError;
use mcp_vendor_office::Xml;
use xot::Node;

use crate::deck::{hex, sort_children};
use crate::x::{self, At, esc, kid, local};

/// Character formatting; `None` leaves what the text has (or inherits).
#[derive(Default, Clone, Debug)]
pub struct Fmt {
    pub bold: Option<bool>,
    pub italic: Option<bool>,
    pub underline: Option<bool>,
    pub size: Option<i64>,
    pub font: Option<String>,
    pub color: Option<Vec<i64>>,
}

const RPR_ORDER: &[&str] = &[
    "ln",
    "noFill",
    "solidFill",
    "gradFill",
    "blipFill",
    "pattFill",
    "grpFill",
    "effectLst",
    "effectDag",
    "highlight",
    "uLnTx",
    "uLn",
    "uFillTx",
    "uFill",
    "latin",
    "ea",
    "cs",
    "sym",
    "hlinkClick",
    "hlinkMouseOver",
    "rtl",
    "extLst",
];
const PPR_ORDER: &[&str] = &[
    "lnSpc",
    "spcBef",
    "spcAft",
    "buClrTx",
    "buClr",
    "buSzTx",
    "buSzPct",
    "buSzPts",
    "buFontTx",
    "buFont",
    "buNone",
    "buAutoNum",
    "buChar",
    "buBlip",
    "tabLst",
    "defRPr",
    "extLst",
];

impl Fmt {
    pub fn check(&self) -> Result<(), ToolError> {
        if let Some(s) = self.size
            && !(1..=4000).contains(&s)
        {
            return Err(ToolError::invalid_input(format!(
                "font size {s} is out of range: give points from 1 to 4000"
            )));
        }
        if let Some(c) = &self.color {
            hex("color", c)?;
        }
        Ok(())
    }

    /// The `a:rPr` element, with an optional hyperlink relationship.
    pub fn rpr(&self, link: Option<&str>) -> Result<String, ToolError> {
        self.check()?;
        let mut a = String::from(" lang=\"en-US\"");
        if let Some(s) = self.size {
            a.push_str(&format!(" sz=\"{}\"", s * 100));
        }
        let flag = |v: bool| if v { "1" } else { "0" };
        if let Some(b) = self.bold {
            a.push_str(&format!(" b=\"{}\"", flag(b)));
        }
        if let Some(i) = self.italic {
            a.push_str(&format!(" i=\"{}\"", flag(i)));
        }
        if let Some(u) = self.underline {
            a.push_str(&format!(" u=\"{}\"", if u { "sng" } else { "none" }));
        }
        let mut c = String::new();
        if let Some(col) = &self.color {
            c.push_str(&format!(
                "<a:solidFill><a:srgbClr val=\"{}\"/></a:solidFill>",
                hex("color", col)?
            ));
        }
        if let Some(f) = &self.font {
            c.push_str(&format!("<a:latin typeface=\"{}\"/>", esc(f)));
        }
        if let Some(r) = link {
            c.push_str(&format!("<a:hlinkClick r:id=\"{r}\"/>"));
        }
        Ok(format!("<a:rPr{a}>{c}</a:rPr>"))
    }

    pub fn run(&self, text: &str) -> Result<String, ToolError> {
        Ok(format!(
            "<a:r>{}<a:t>{}</a:t></a:r>",
            self.rpr(None)?,
            esc(text)
        ))
    }

    /// Apply to every run (and end-of-paragraph properties) below `scope`.
    pub fn apply(&self, xml: &mut Xml, scope: Node) -> Result<usize, ToolError> {
        self.check()?;
        let runs: Vec<Node> = x::descendants(&xml.xot, scope, "r").collect();
        for r in &runs {
            let rpr = match kid(&xml.xot, *r, "rPr") {
                Some(p) => p,
                None => first(x::insert(xml, At::Start(*r), "<a:rPr lang=\"en-US\"/>")?)?,
            };
            self.apply_rpr(xml, rpr)?;
        }
        Ok(runs.len())
    }

    fn apply_rpr(&self, xml: &mut Xml, rpr: Node) -> Result<(), ToolError> {
        let xot = &mut xml.xot;
        if let Some(s) = self.size {
            x::set_attr(xot, rpr, "sz", (s * 100).to_string());
        }
        if let Some(b) = self.bold {
            x::set_attr(xot, rpr, "b", if b { "1" } else { "0" });
        }
        if let Some(i) = self.italic {
            x::set_attr(xot, rpr, "i", if i { "1" } else { "0" });
        }
        if let Some(u) = self.underline {
            x::set_attr(xot, rpr, "u", if u { "sng" } else { "none" });
        }
        if let Some(c) = &self.color {
            for f in [
                "noFill",
                "solidFill",
                "gradFill",
                "blipFill",
                "pattFill",
                "grpFill",
            ] {
                x::remove_kids(&mut xml.xot, rpr, f)?;
            }
            x::insert(
                xml,
                At::End(rpr),
                &format!(
                    "<a:solidFill><a:srgbClr val=\"{}\"/></a:solidFill>",
                    hex("color", c)?
                ),
            )?;
        }
        if let Some(f) = &self.font {
            x::remove_kids(&mut xml.xot, rpr, "latin")?;
            x::insert(
                xml,
                At::End(rpr),
                &format!("<a:latin typeface=\"{}\"/>", esc(f)),
            )?;
        }
        sort_children(&mut xml.xot, rpr, RPR_ORDER)
    }
}

pub fn first(nodes: Vec<Node>) -> Result<Node, ToolError> {
    nodes
        .first()
        .copied()
        .ok_or_else(|| x::internal("a generated fragment was empty"))
}

/// A paragraph: level, alignment and its runs (XML).
pub fn para(level: usize, algn: Option<&str>, runs: &str) -> String {
    let mut a = String::new();
    if level > 0 {
        a.push_str(&format!(" lvl=\"{}\"", level.min(8)));
    }
    if let Some(al) = algn {
        a.push_str(&format!(" algn=\"{al}\""));
    }
    let ppr = if a.is_empty() {
        String::new()
    } else {
        format!("<a:pPr{a}/>")
    };
    format!("<a:p>{ppr}{runs}</a:p>")
}

/// Paragraphs for plain text: one per line.
pub fn paras_of_text(text: &str, fmt: &Fmt, algn: Option<&str>) -> Result<String, ToolError> {
    let mut out = String::new();
    for line in text.split('\n') {
        let runs = if line.is_empty() {
            String::new()
        } else {
            fmt.run(line)?
        };
        out.push_str(&para(0, algn, &runs));
    }
    Ok(out)
}

/// Replace the paragraphs of a shape's text body (made when it has none).
pub fn set_paragraphs(xml: &mut Xml, shape: Node, paras: &str) -> Result<Node, ToolError> {
    let body = match kid(&xml.xot, shape, "txBody") {
        Some(b) => b,
        None => {
            let ext = kid(&xml.xot, shape, "extLst");
            let at = ext.map_or(At::End(shape), At::Before);
            first(x::insert(
                xml,
                at,
                "<p:txBody><a:bodyPr/><a:lstStyle/></p:txBody>",
            )?)?
        }
    };
    x::remove_kids(&mut xml.xot, body, "p")?;
    let paras = if paras.is_empty() { "<a:p/>" } else { paras };
    x::insert(xml, At::End(body), paras)?;
    Ok(body)
}

/// `left|center|right|justify` as DrawingML's `algn`.
pub fn algn(arg: &str, v: &str) -> Result<&'static str, ToolError> {
    Ok(match v.to_ascii_lowercase().as_str() {
        "left" | "l" => "l",
        "center" | "centre" | "ctr" | "middle" => "ctr",
        "right" | "r" => "r",
        "justify" | "justified" | "just" => "just",
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` is {v:?}: use left, center, right or justify"
            )));
        }
    })
}

/// `top|middle|bottom` as `anchor`.
pub fn anchor(arg: &str, v: &str) -> Result<&'static str, ToolError> {
    Ok(match v.to_ascii_lowercase().as_str() {
        "top" | "t" => "t",
        "middle" | "center" | "centre" | "ctr" => "ctr",
        "bottom" | "b" => "b",
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` is {v:?}: use top, middle or bottom"
            )));
        }
    })
}

/// Set the alignment of every paragraph below `scope`.
pub fn set_algn(xml: &mut Xml, scope: Node, al: &str) -> Result<(), ToolError> {
    let ps: Vec<Node> = x::descendants(&xml.xot, scope, "p")
        .filter(|p| {
            xml.xot
                .element(*p)
                .is_some_and(|e| xml.xot.name_ns_str(e.name()).1 == mcp_vendor_office::ns::DRAWING)
        })
        .collect();
    for p in ps {
        let ppr = match kid(&xml.xot, p, "pPr") {
            Some(n) => n,
            None => first(x::insert(xml, At::Start(p), "<a:pPr/>")?)?,
        };
        x::set_attr(&mut xml.xot, ppr, "algn", al);
        sort_children(&mut xml.xot, ppr, PPR_ORDER)?;
    }
    Ok(())
}

/// The `a:bodyPr` of a text body.
pub fn body_pr(xml: &mut Xml, body: Node) -> Result<Node, ToolError> {
    match kid(&xml.xot, body, "bodyPr") {
        Some(b) => Ok(b),
        None => first(x::insert(xml, At::Start(body), "<a:bodyPr/>")?),
    }
}

/// Replace the autofit choice of a body (`normAutofit`, `spAutoFit`, `noAutofit`).
pub fn set_autofit(xml: &mut Xml, body: Node, which: &str) -> Result<(), ToolError> {
    let bp = body_pr(xml, body)?;
    for k in ["noAutofit", "normAutofit", "spAutoFit"] {
        x::remove_kids(&mut xml.xot, bp, k)?;
    }
    let before = x::elements(&xml.xot, bp).find(|c| {
        matches!(
            local(&xml.xot, *c),
            "scene3d" | "sp3d" | "flatTx" | "extLst"
        )
    });
    let at = before.map_or(At::End(bp), At::Before);
    x::insert(xml, at, &format!("<a:{which}/>"))?;
    Ok(())
}
