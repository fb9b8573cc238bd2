//! The editing layer: a presentation as an Office package, with what PresentationML says about
//! it (slides in order, masters and layouts, shapes of a slide, placeholders, text) and the
//! edits the tools make. The tools are thin on top of it.

use mcp_shared::ToolError;
use mcp_vendor_office::{Package, Xml};
use serde_json::{Value, json};
use xot::{Node, Xot};

use crate::blank::{ct, rt};
use crate::x::{self, At, attr, esc, kid, kids, local, path};

pub const EMU_PER_INCH: f64 = 914_400.0;

/// An open presentation.
pub struct Deck {
    pub pkg: Package,
    /// The workspace file it was opened from or last saved to.
    pub file: Option<String>,
}

/// Inches to EMU, refusing what no slide can hold.
pub fn emu(arg: &str, inches: f64) -> Result<i64, ToolError> {
    if !inches.is_finite() || !(-200.0..=200.0).contains(&inches) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` is {inches} inches: give a number of inches between -200 and 200"
        )));
    }
    Ok((inches * EMU_PER_INCH).round() as i64)
}

/// A size in inches: positive.
pub fn emu_size(arg: &str, inches: f64) -> Result<i64, ToolError> {
    let v = emu(arg, inches)?;
    if v <= 0 {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` is {inches} inches: a size must be more than 0"
        )));
    }
    Ok(v)
}

pub fn inches(emu: i64) -> f64 {
    (emu as f64 / EMU_PER_INCH * 1000.0).round() / 1000.0
}

/// `[r, g, b]` as `RRGGBB`.
pub fn hex(arg: &str, rgb: &[i64]) -> Result<String, ToolError> {
    match rgb {
        [r, g, b] if [r, g, b].iter().all(|c| (0..=255).contains(*c)) => {
            Ok(format!("{r:02X}{g:02X}{b:02X}"))
        }
        _ => Err(ToolError::invalid_input(format!(
            "`{arg}` must be three numbers from 0 to 255, [r, g, b]; got {rgb:?}"
        ))),
    }
}

pub fn xfrm(x: i64, y: i64, cx: i64, cy: i64) -> String {
    format!("<a:xfrm><a:off x=\"{x}\" y=\"{y}\"/><a:ext cx=\"{cx}\" cy=\"{cy}\"/></a:xfrm>")
}

/// The spTree of a slide (or layout, master).
pub fn sp_tree(xml: &Xml) -> Result<Node, ToolError> {
    let root = xml.root()?;
    path(&xml.xot, root, &["cSld", "spTree"])
        .ok_or_else(|| ToolError::invalid_input("the slide has no shape tree (p:cSld/p:spTree)"))
}

/// The shapes of a shape tree, in the order python-pptx's `slide.shapes` gives them.
pub fn shapes(xot: &Xot, tree: Node) -> Vec<Node> {
    x::elements(xot, tree)
        .filter(|n| !matches!(local(xot, *n), "nvGrpSpPr" | "grpSpPr" | "extLst"))
        .collect()
}

/// The `nvXxPr` of a shape (`nvSpPr`, `nvPicPr`, ...).
fn nv(xot: &Xot, shape: Node) -> Option<Node> {
    x::elements(xot, shape).find(|c| local(xot, *c).starts_with("nv"))
}

pub fn c_nv_pr(xot: &Xot, shape: Node) -> Option<Node> {
    nv(xot, shape).and_then(|n| kid(xot, n, "cNvPr"))
}

/// The placeholder element `p:ph` of a shape.
pub fn ph(xot: &Xot, shape: Node) -> Option<Node> {
    nv(xot, shape).and_then(|n| path(xot, n, &["nvPr", "ph"]))
}

/// A placeholder's idx (absent is 0) and type (absent is `obj`).
pub fn ph_idx_type(xot: &Xot, ph: Node) -> (i64, String) {
    let idx = attr(xot, ph, "idx")
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let ty = attr(xot, ph, "type").unwrap_or_else(|| "obj".into());
    (idx, ty)
}

/// The position of a shape in EMU, when the slide gives it.
pub fn position(xot: &Xot, shape: Node) -> Option<(i64, i64, i64, i64)> {
    let pr = x::elements(xot, shape).find(|c| matches!(local(xot, *c), "spPr" | "grpSpPr"));
    let xf = match pr {
        Some(pr) => kid(xot, pr, "xfrm"),
        None => kid(xot, shape, "xfrm"),
    }?;
    let off = kid(xot, xf, "off")?;
    let ext = kid(xot, xf, "ext")?;
    let n = |node: Node, a: &str| attr(xot, node, a).and_then(|v| v.parse::<i64>().ok());
    Some((n(off, "x")?, n(off, "y")?, n(ext, "cx")?, n(ext, "cy")?))
}

/// What kind of shape it is, in python-pptx's words.
pub fn kind(xot: &Xot, shape: Node) -> &'static str {
    match local(xot, shape) {
        "sp" => {
            if ph(xot, shape).is_some() {
                "PLACEHOLDER"
            } else if nv(xot, shape)
                .and_then(|n| kid(xot, n, "cNvSpPr"))
                .and_then(|c| attr(xot, c, "txBox"))
                .is_some_and(|v| v == "1" || v == "true")
            {
                "TEXT_BOX"
            } else {
                "AUTO_SHAPE"
            }
        }
        "pic" => "PICTURE",
        "cxnSp" => "LINE",
        "grpSp" => "GROUP",
        "graphicFrame" => match graphic_uri(xot, shape).as_deref() {
            Some(u) if u.ends_with("/table") => "TABLE",
            Some(u) if u.ends_with("/chart") => "CHART",
            _ => "GRAPHIC_FRAME",
        },
        _ => "OTHER",
    }
}

pub fn graphic_uri(xot: &Xot, frame: Node) -> Option<String> {
    path(xot, frame, &["graphic", "graphicData"]).and_then(|g| attr(xot, g, "uri"))
}

/// The text body of a shape (`p:txBody`).
pub fn tx_body(xot: &Xot, shape: Node) -> Option<Node> {
    kid(xot, shape, "txBody")
}

/// A short description of a shape.
pub fn shape_info(xot: &Xot, shape: Node, index: usize) -> Value {
    let c = c_nv_pr(xot, shape);
    let mut v = json!({
        "shape_index": index,
        "name": c.and_then(|c| attr(xot, c, "name")).unwrap_or_default(),
        "shape_id": c.and_then(|c| attr(xot, c, "id")).and_then(|s| s.parse::<i64>().ok()),
        "shape_type": kind(xot, shape),
    });
    if let Some((l, t, w, h)) = position(xot, shape) {
        v["left"] = json!(inches(l));
        v["top"] = json!(inches(t));
        v["width"] = json!(inches(w));
        v["height"] = json!(inches(h));
    }
    if let Some(p) = ph(xot, shape) {
        let (idx, ty) = ph_idx_type(xot, p);
        v["placeholder"] = json!({"idx": idx, "type": ty});
    }
    if let Some(body) = tx_body(xot, shape) {
        v["text"] = json!(x::text_of(xot, body));
    }
    if kind(xot, shape) == "TABLE"
        && let Some(tbl) = path(xot, shape, &["graphic", "graphicData", "tbl"])
    {
        let rows: Vec<Vec<String>> = kids(xot, tbl, "tr")
            .map(|tr| kids(xot, tr, "tc").map(|tc| x::text_of(xot, tc)).collect())
            .collect();
        v["table"] =
            json!({"rows": rows.len(), "cols": rows.first().map_or(0, Vec::len), "data": rows});
    }
    v
}

/// The largest shape id of a tree plus one.
pub fn next_id(xot: &Xot, tree: Node) -> u32 {
    x::descendants(xot, tree, "cNvPr")
        .filter_map(|c| attr(xot, c, "id").and_then(|s| s.parse::<u32>().ok()))
        .max()
        .unwrap_or(1)
        + 1
}

impl Deck {
    pub fn new_blank() -> Self {
        Deck {
            pkg: crate::blank::new_package(),
            file: None,
        }
    }

    /// A presentation from a file's bytes; refuses what is not one.
    pub fn read(bytes: &[u8], file: &str) -> Result<Self, ToolError> {
        if mcp_vendor_office::is_ole_compound_file(bytes) {
            return Err(ToolError::invalid_input(format!(
                "{file} is an encrypted (password-protected) or legacy binary .ppt file: this server reads only unencrypted .pptx files; save it without a password as .pptx first"
            )));
        }
        let deck = Deck {
            pkg: Package::read(bytes, file)?,
            file: Some(file.to_owned()),
        };
        let main = deck.main_part()?;
        deck.pkg.xml(&main)?;
        Ok(deck)
    }

    /// Bytes held in memory.
    pub fn bytes(&self) -> usize {
        self.pkg
            .names()
            .map(|n| self.pkg.part(n).map_or(0, <[u8]>::len))
            .sum()
    }

    /// The presentation part (`ppt/presentation.xml`).
    pub fn main_part(&self) -> Result<String, ToolError> {
        self.pkg
            .relationships("")?
            .into_iter()
            .find(|r| r.rel_type == rt::OFFICE_DOCUMENT)
            .map(|r| mcp_vendor_office::resolve_target("", &r.target))
            .filter(|p| self.pkg.part(p).is_some())
            .ok_or_else(|| {
                ToolError::invalid_input(
                    "the file is not a PowerPoint presentation: it has no presentation part",
                )
            })
    }

    /// Parse a part, let `f` change it, store it.
    pub fn edit<T>(
        &mut self,
        part: &str,
        f: impl FnOnce(&mut Xml) -> Result<T, ToolError>,
    ) -> Result<T, ToolError> {
        let mut xml = self.pkg.xml(part)?;
        let out = f(&mut xml)?;
        self.pkg.set_xml(part, &xml)?;
        Ok(out)
    }

    /// Parts listed by r:id in a list element of the presentation part.
    fn listed(&self, source: &str, list: &[&str], item: &str) -> Result<Vec<String>, ToolError> {
        let xml = self.pkg.xml(source)?;
        let root = xml.root()?;
        let Some(lst) = path(&xml.xot, root, list) else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for n in kids(&xml.xot, lst, item) {
            if let Some(id) = r_id(&xml.xot, n)
                && let Some(t) = self.pkg.target_of(source, &id)?
            {
                out.push(t);
            }
        }
        Ok(out)
    }

    /// Slide parts in order.
    pub fn slides(&self) -> Result<Vec<String>, ToolError> {
        let main = self.main_part()?;
        self.listed(&main, &["sldIdLst"], "sldId")
    }

    /// The slide part at `index` (0-based).
    pub fn slide(&self, index: i64) -> Result<String, ToolError> {
        let slides = self.slides()?;
        usize::try_from(index)
            .ok()
            .and_then(|i| slides.get(i).cloned())
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "slide_index {index} is out of range: the presentation has {} slide(s){}",
                    slides.len(),
                    if slides.is_empty() {
                        String::new()
                    } else {
                        format!(", 0 to {}", slides.len() - 1)
                    }
                ))
            })
    }

    pub fn masters(&self) -> Result<Vec<String>, ToolError> {
        let main = self.main_part()?;
        self.listed(&main, &["sldMasterIdLst"], "sldMasterId")
    }

    pub fn layouts_of(&self, master: &str) -> Result<Vec<String>, ToolError> {
        self.listed(master, &["sldLayoutIdLst"], "sldLayoutId")
    }

    /// The layouts of the first master (python-pptx's `prs.slide_layouts`).
    pub fn layouts(&self) -> Result<Vec<String>, ToolError> {
        match self.masters()?.first() {
            Some(m) => self.layouts_of(m),
            None => Ok(Vec::new()),
        }
    }

    /// The `name` of a slide, layout or master (`p:cSld/@name`).
    pub fn part_name(&self, part: &str) -> String {
        self.pkg
            .xml(part)
            .ok()
            .and_then(|xml| {
                let root = xml.root().ok()?;
                kid(&xml.xot, root, "cSld").and_then(|c| attr(&xml.xot, c, "name"))
            })
            .unwrap_or_default()
    }

    pub fn layout_of(&self, slide: &str) -> Result<Option<String>, ToolError> {
        Ok(self
            .pkg
            .relationships(slide)?
            .into_iter()
            .find(|r| r.rel_type == rt::LAYOUT && !r.external)
            .map(|r| mcp_vendor_office::resolve_target(slide, &r.target)))
    }

    /// The slide size in EMU.
    pub fn size(&self) -> Result<(i64, i64), ToolError> {
        let xml = self.pkg.xml(&self.main_part()?)?;
        let root = xml.root()?;
        let sz = kid(&xml.xot, root, "sldSz");
        let n = |a: &str| {
            sz.and_then(|s| attr(&xml.xot, s, a))
                .and_then(|v| v.parse().ok())
        };
        Ok((n("cx").unwrap_or(9_144_000), n("cy").unwrap_or(6_858_000)))
    }

    /// Add a slide at the end from the layout at `layout_index` of the first master, with the
    /// layout's placeholders (not date, footer, slide number), as python-pptx does. Returns
    /// the new slide's index and part.
    pub fn add_slide(&mut self, layout_index: i64) -> Result<(usize, String), ToolError> {
        let layouts = self.layouts()?;
        let layout = usize::try_from(layout_index)
            .ok()
            .and_then(|i| layouts.get(i).cloned())
            .ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "layout_index {layout_index} is out of range: the presentation has {} layouts (0 to {}); see manage_slide_masters with operation get_layouts",
                    layouts.len(),
                    layouts.len().saturating_sub(1)
                ))
            })?;
        let lxml = self.pkg.xml(&layout)?;
        let ltree = sp_tree(&lxml)?;
        let mut phs = String::new();
        let mut id = 2;
        for s in shapes(&lxml.xot, ltree) {
            let Some(p) = ph(&lxml.xot, s) else { continue };
            let (idx, ty) = ph_idx_type(&lxml.xot, p);
            if matches!(ty.as_str(), "dt" | "ftr" | "sldNum") {
                continue;
            }
            let name = c_nv_pr(&lxml.xot, s)
                .and_then(|c| attr(&lxml.xot, c, "name"))
                .unwrap_or_else(|| format!("Placeholder {id}"));
            let ty_attr = attr(&lxml.xot, p, "type")
                .map(|t| format!(" type=\"{}\"", esc(&t)))
                .unwrap_or_default();
            let idx_attr = if idx == 0 {
                String::new()
            } else {
                format!(" idx=\"{idx}\"")
            };
            let orient = attr(&lxml.xot, p, "orient")
                .map(|t| format!(" orient=\"{}\"", esc(&t)))
                .unwrap_or_default();
            let sz = attr(&lxml.xot, p, "sz")
                .map(|t| format!(" sz=\"{}\"", esc(&t)))
                .unwrap_or_default();
            let body = if ty == "pic" {
                String::new()
            } else {
                "<p:txBody><a:bodyPr/><a:lstStyle/><a:p/></p:txBody>".into()
            };
            phs.push_str(&format!(
                "<p:sp><p:nvSpPr><p:cNvPr id=\"{id}\" name=\"{}\"/><p:cNvSpPr><a:spLocks noGrp=\"1\"/></p:cNvSpPr><p:nvPr><p:ph{ty_attr}{orient}{sz}{idx_attr}/></p:nvPr></p:nvSpPr><p:spPr/>{body}</p:sp>",
                esc(&name)
            ));
            id += 1;
        }
        let slide = self.pkg.free_name("ppt/slides/slide", ".xml");
        let xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<p:sld xmlns:a=\"{}\" xmlns:r=\"{}\" xmlns:p=\"{}\"><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id=\"1\" name=\"\"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>{phs}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>",
            mcp_vendor_office::ns::DRAWING,
            mcp_vendor_office::ns::OFFICE_RELS,
            mcp_vendor_office::ns::PRESENTATION
        );
        self.pkg.set_part(&slide, xml.into_bytes());
        self.pkg.set_content_type(&slide, ct::SLIDE)?;
        self.pkg
            .add_relationship(&slide, rt::LAYOUT, &layout, false)?;
        let main = self.main_part()?;
        let rid = self.pkg.add_relationship(&main, rt::SLIDE, &slide, false)?;
        self.edit(&main, |xml| {
            let root = xml.root()?;
            let lst = match kid(&xml.xot, root, "sldIdLst") {
                Some(l) => l,
                None => {
                    let before = x::elements(&xml.xot, root).find(|c| {
                        !matches!(
                            local(&xml.xot, *c),
                            "sldMasterIdLst" | "notesMasterIdLst" | "handoutMasterIdLst"
                        )
                    });
                    let at = before.map_or(At::End(root), At::Before);
                    x::insert(xml, at, "<p:sldIdLst/>")?
                        .first()
                        .copied()
                        .ok_or_else(|| x::internal("no sldIdLst"))?
                }
            };
            let next = kids(&xml.xot, lst, "sldId")
                .filter_map(|n| attr(&xml.xot, n, "id").and_then(|v| v.parse::<u32>().ok()))
                .max()
                .map_or(256, |m| m + 1);
            x::insert(
                xml,
                At::End(lst),
                &format!("<p:sldId id=\"{next}\" r:id=\"{rid}\"/>"),
            )?;
            Ok(())
        })?;
        let n = self.slides()?.len();
        Ok((n.saturating_sub(1), slide))
    }

    /// A new media or chart part's relationship from `slide`.
    pub fn add_part(
        &mut self,
        slide: &str,
        prefix: &str,
        ext: &str,
        content_type: &str,
        rel_type: &str,
        data: Vec<u8>,
    ) -> Result<(String, String), ToolError> {
        let part = self.pkg.free_name(prefix, &format!(".{ext}"));
        self.pkg.set_part(&part, data);
        if rel_type == rt::IMAGE {
            self.pkg.ensure_default_type(ext, content_type)?;
        } else {
            self.pkg.set_content_type(&part, content_type)?;
        }
        let rid = self.pkg.add_relationship(slide, rel_type, &part, false)?;
        Ok((part, rid))
    }

    /// Append a shape (XML text) to a slide's tree, its `cNvPr` id filled in for `{id}`.
    pub fn add_shape(&mut self, slide: &str, shape_xml: &str) -> Result<usize, ToolError> {
        self.edit(slide, |xml| {
            let tree = sp_tree(xml)?;
            let id = next_id(&xml.xot, tree);
            let before = kid(&xml.xot, tree, "extLst");
            let at = before.map_or(At::End(tree), At::Before);
            x::insert(xml, at, &shape_xml.replace("{id}", &id.to_string()))?;
            let tree = sp_tree(xml)?;
            Ok(shapes(&xml.xot, tree).len().saturating_sub(1))
        })
    }
}

/// The `r:id` attribute of a node.
pub fn r_id(xot: &Xot, node: Node) -> Option<String> {
    xot.attributes(node)
        .iter()
        .find(|(k, _)| {
            let (l, n) = xot.name_ns_str(*k);
            l == "id" && n == mcp_vendor_office::ns::OFFICE_RELS
        })
        .map(|(_, v)| v.clone())
}

/// The shape at `index` of a slide tree, or an error naming how many there are.
pub fn shape_at(xot: &Xot, tree: Node, index: i64) -> Result<Node, ToolError> {
    let all = shapes(xot, tree);
    usize::try_from(index)
        .ok()
        .and_then(|i| all.get(i).copied())
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "shape_index {index} is out of range: the slide has {} shape(s); see get_slide_info",
                all.len()
            ))
        })
}

/// Sort the DrawingML children of `node` into schema order (`order` lists local names; others
/// keep their place after the known ones).
pub fn sort_children(xot: &mut Xot, node: Node, order: &[&str]) -> Result<(), ToolError> {
    mcp_vendor_office::sort_children(xot, node, mcp_vendor_office::ns::DRAWING, order)
}
