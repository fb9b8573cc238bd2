//! A new presentation, written by this server: the parts python-pptx's default template has
//! in kind (a 10 x 7.5 inch presentation, one slide master with its theme, eleven layouts in
//! the usual order, presentation, view and table-style properties, document properties).

use mcp_vendor_office::Package;

const A: &str = "http://schemas.openxmlformats.org/drawingml/2006/main";
const R: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const P: &str = "http://schemas.openxmlformats.org/presentationml/2006/main";
const REL: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
const DECL: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";

/// Content types of the parts PresentationML uses.
pub mod ct {
    pub const SLIDE: &str =
        "application/vnd.openxmlformats-officedocument.presentationml.slide+xml";
    pub const CHART: &str = "application/vnd.openxmlformats-officedocument.drawingml.chart+xml";
    pub const CORE: &str = "application/vnd.openxmlformats-package.core-properties+xml";
}

/// Relationship types.
pub mod rt {
    pub const SLIDE: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide";
    pub const LAYOUT: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideLayout";
    pub const MASTER: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/slideMaster";
    pub const IMAGE: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image";
    pub const CHART: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart";
    pub const HYPERLINK: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink";
    pub const OFFICE_DOCUMENT: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
    pub const CORE: &str =
        "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties";
    pub const PACKAGE: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships/package";
}

/// A placeholder of a layout: type, idx, name, position in EMU (None: from the master).
struct Ph {
    ty: &'static str,
    idx: u32,
    name: &'static str,
    xfrm: Option<(i64, i64, i64, i64)>,
}

const fn ph(
    ty: &'static str,
    idx: u32,
    name: &'static str,
    xfrm: Option<(i64, i64, i64, i64)>,
) -> Ph {
    Ph {
        ty,
        idx,
        name,
        xfrm,
    }
}

const TITLE_XFRM: (i64, i64, i64, i64) = (457200, 274638, 8229600, 1143000);
const BODY_XFRM: (i64, i64, i64, i64) = (457200, 1600200, 8229600, 4525963);

/// The layouts, in python-pptx's default order (its `slide_layouts[i]`).
fn layouts() -> Vec<(&'static str, &'static str, Vec<Ph>)> {
    vec![
        (
            "Title Slide",
            "title",
            vec![
                ph(
                    "ctrTitle",
                    0,
                    "Title 1",
                    Some((685800, 2130425, 7772400, 1470025)),
                ),
                ph(
                    "subTitle",
                    1,
                    "Subtitle 2",
                    Some((1371600, 3886200, 6400800, 1752600)),
                ),
            ],
        ),
        (
            "Title and Content",
            "obj",
            vec![
                ph("title", 0, "Title 1", None),
                ph("", 1, "Content Placeholder 2", None),
            ],
        ),
        (
            "Section Header",
            "secHead",
            vec![
                ph(
                    "title",
                    0,
                    "Title 1",
                    Some((722313, 4406900, 7772400, 1362075)),
                ),
                ph(
                    "body",
                    1,
                    "Text Placeholder 2",
                    Some((722313, 2906713, 7772400, 1500187)),
                ),
            ],
        ),
        (
            "Two Content",
            "twoObj",
            vec![
                ph("title", 0, "Title 1", None),
                ph(
                    "",
                    1,
                    "Content Placeholder 2",
                    Some((457200, 1600200, 4038600, 4525963)),
                ),
                ph(
                    "",
                    2,
                    "Content Placeholder 3",
                    Some((4648200, 1600200, 4038600, 4525963)),
                ),
            ],
        ),
        (
            "Comparison",
            "twoTxTwoObj",
            vec![
                ph("title", 0, "Title 1", None),
                ph(
                    "body",
                    1,
                    "Text Placeholder 2",
                    Some((457200, 1535113, 4040188, 639762)),
                ),
                ph(
                    "",
                    2,
                    "Content Placeholder 3",
                    Some((457200, 2174875, 4040188, 3951288)),
                ),
                ph(
                    "body",
                    3,
                    "Text Placeholder 4",
                    Some((4645025, 1535113, 4041775, 639762)),
                ),
                ph(
                    "",
                    4,
                    "Content Placeholder 5",
                    Some((4645025, 2174875, 4041775, 3951288)),
                ),
            ],
        ),
        (
            "Title Only",
            "titleOnly",
            vec![ph("title", 0, "Title 1", None)],
        ),
        ("Blank", "blank", vec![]),
        (
            "Content with Caption",
            "objTx",
            vec![
                ph(
                    "title",
                    0,
                    "Title 1",
                    Some((457200, 273050, 3008313, 1162050)),
                ),
                ph(
                    "",
                    1,
                    "Content Placeholder 2",
                    Some((3575050, 273050, 5111750, 5853113)),
                ),
                ph(
                    "body",
                    2,
                    "Text Placeholder 3",
                    Some((457200, 1435100, 3008313, 4691063)),
                ),
            ],
        ),
        (
            "Picture with Caption",
            "picTx",
            vec![
                ph(
                    "title",
                    0,
                    "Title 1",
                    Some((1792288, 4800600, 5486400, 566738)),
                ),
                ph(
                    "pic",
                    1,
                    "Picture Placeholder 2",
                    Some((1792288, 612775, 5486400, 4114800)),
                ),
                ph(
                    "body",
                    2,
                    "Text Placeholder 3",
                    Some((1792288, 5367338, 5486400, 804862)),
                ),
            ],
        ),
        (
            "Title and Vertical Text",
            "vertTx",
            vec![
                ph("title", 0, "Title 1", None),
                ph("body", 1, "Vertical Text Placeholder 2", None),
            ],
        ),
        (
            "Vertical Title and Text",
            "vertTitleAndTx",
            vec![
                ph(
                    "title",
                    0,
                    "Vertical Title 1",
                    Some((6629400, 274638, 2057400, 5851525)),
                ),
                ph(
                    "body",
                    1,
                    "Vertical Text Placeholder 2",
                    Some((457200, 274638, 6019800, 5851525)),
                ),
            ],
        ),
    ]
}

fn xfrm(x: (i64, i64, i64, i64)) -> String {
    format!(
        "<a:xfrm><a:off x=\"{}\" y=\"{}\"/><a:ext cx=\"{}\" cy=\"{}\"/></a:xfrm>",
        x.0, x.1, x.2, x.3
    )
}

/// A placeholder shape (for a master or a layout).
fn ph_shape(id: u32, p: &Ph, prompt: &str) -> String {
    let ty = if p.ty.is_empty() {
        String::new()
    } else {
        format!(" type=\"{}\"", p.ty)
    };
    let idx = if p.idx == 0 {
        String::new()
    } else {
        format!(" idx=\"{}\"", p.idx)
    };
    let sp_pr = p.xfrm.map(xfrm).unwrap_or_default();
    let body = if p.ty == "subTitle" {
        "<a:bodyPr/><a:lstStyle><a:lvl1pPr marL=\"0\" indent=\"0\" algn=\"ctr\"><a:buNone/></a:lvl1pPr></a:lstStyle>"
    } else {
        "<a:bodyPr/><a:lstStyle/>"
    };
    format!(
        "<p:sp><p:nvSpPr><p:cNvPr id=\"{id}\" name=\"{}\"/><p:cNvSpPr><a:spLocks noGrp=\"1\"/></p:cNvSpPr><p:nvPr><p:ph{ty}{idx}/></p:nvPr></p:nvSpPr><p:spPr>{sp_pr}</p:spPr><p:txBody>{body}<a:p><a:r><a:rPr lang=\"en-US\"/><a:t>{prompt}</a:t></a:r><a:endParaRPr lang=\"en-US\"/></a:p></p:txBody></p:sp>",
        p.name
    )
}

const SP_TREE_HEAD: &str = "<p:nvGrpSpPr><p:cNvPr id=\"1\" name=\"\"/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"0\" cy=\"0\"/><a:chOff x=\"0\" y=\"0\"/><a:chExt cx=\"0\" cy=\"0\"/></a:xfrm></p:grpSpPr>";

fn layout_xml(name: &str, ty: &str, phs: &[Ph]) -> String {
    let shapes: String = phs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let prompt = match p.ty {
                "title" | "ctrTitle" => "Click to edit Master title style",
                "subTitle" => "Click to edit Master subtitle style",
                "pic" => "Click icon to add picture",
                _ => "Click to edit Master text styles",
            };
            ph_shape(i as u32 + 2, p, prompt)
        })
        .collect();
    format!(
        "{DECL}<p:sldLayout xmlns:a=\"{A}\" xmlns:r=\"{R}\" xmlns:p=\"{P}\" type=\"{ty}\" preserve=\"1\"><p:cSld name=\"{name}\"><p:spTree>{SP_TREE_HEAD}{shapes}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>"
    )
}

fn level_styles(sizes: &[u32], bullets: bool) -> String {
    let mut s = String::new();
    for (i, sz) in sizes.iter().enumerate() {
        let lvl = i + 1;
        let (mar, ind, bu) = if bullets {
            let mar = [
                342900, 742950, 1143000, 1600200, 2057400, 2514600, 2971800, 3429000, 3886200,
            ][i];
            let ind = if i == 1 { -285750 } else { -228600 };
            let ind = if i == 0 { -342900 } else { ind };
            let ch = [
                "\u{2022}", "\u{2013}", "\u{2022}", "\u{2013}", "\u{00bb}", "\u{2022}", "\u{2022}",
                "\u{2022}", "\u{2022}",
            ][i];
            (
                format!(" marL=\"{mar}\" indent=\"{ind}\""),
                String::new(),
                format!("<a:buFont typeface=\"Arial\"/><a:buChar char=\"{ch}\"/>"),
            )
        } else {
            (
                format!(" marL=\"{}\"", i * 457200),
                String::new(),
                String::new(),
            )
        };
        s.push_str(&format!(
            "<a:lvl{lvl}pPr{mar}{ind} algn=\"l\" rtl=\"0\" eaLnBrk=\"1\" latinLnBrk=\"0\" hangingPunct=\"1\"><a:spcBef><a:spcPct val=\"20000\"/></a:spcBef>{bu}<a:defRPr sz=\"{sz}\" kern=\"1200\"><a:solidFill><a:schemeClr val=\"tx1\"/></a:solidFill><a:latin typeface=\"+mn-lt\"/><a:ea typeface=\"+mn-ea\"/><a:cs typeface=\"+mn-cs\"/></a:defRPr></a:lvl{lvl}pPr>"
        ));
    }
    s
}

fn master_xml(n_layouts: usize) -> String {
    let title = ph("title", 0, "Title Placeholder 1", Some(TITLE_XFRM));
    let body = ph("body", 1, "Text Placeholder 2", Some(BODY_XFRM));
    let date = ph(
        "dt",
        2,
        "Date Placeholder 3",
        Some((457200, 6356350, 2133600, 365125)),
    );
    let foot = ph(
        "ftr",
        3,
        "Footer Placeholder 4",
        Some((3124200, 6356350, 2895600, 365125)),
    );
    let num = ph(
        "sldNum",
        4,
        "Slide Number Placeholder 5",
        Some((6553200, 6356350, 2133600, 365125)),
    );
    let shapes = [
        ph_shape(2, &title, "Click to edit Master title style"),
        ph_shape(3, &body, "Click to edit Master text styles"),
        ph_shape(4, &date, ""),
        ph_shape(5, &foot, ""),
        ph_shape(6, &num, ""),
    ]
    .concat();
    let ids: String = (0..n_layouts)
        .map(|i| {
            format!(
                "<p:sldLayoutId id=\"{}\" r:id=\"rId{}\"/>",
                2147483649u64 + i as u64,
                i + 1
            )
        })
        .collect();
    let title_style = "<p:titleStyle><a:lvl1pPr algn=\"ctr\" defTabSz=\"914400\" rtl=\"0\" eaLnBrk=\"1\" latinLnBrk=\"0\" hangingPunct=\"1\"><a:spcBef><a:spcPct val=\"0\"/></a:spcBef><a:buNone/><a:defRPr sz=\"4400\" kern=\"1200\"><a:solidFill><a:schemeClr val=\"tx1\"/></a:solidFill><a:latin typeface=\"+mj-lt\"/><a:ea typeface=\"+mj-ea\"/><a:cs typeface=\"+mj-cs\"/></a:defRPr></a:lvl1pPr></p:titleStyle>";
    let body_style = format!(
        "<p:bodyStyle>{}</p:bodyStyle>",
        level_styles(
            &[3200, 2800, 2400, 2000, 2000, 2000, 2000, 2000, 2000],
            true
        )
    );
    let other_style = format!(
        "<p:otherStyle><a:defPPr><a:defRPr lang=\"en-US\"/></a:defPPr>{}</p:otherStyle>",
        level_styles(&[1800; 9], false)
    );
    format!(
        "{DECL}<p:sldMaster xmlns:a=\"{A}\" xmlns:r=\"{R}\" xmlns:p=\"{P}\"><p:cSld><p:bg><p:bgRef idx=\"1001\"><a:schemeClr val=\"bg1\"/></p:bgRef></p:bg><p:spTree>{SP_TREE_HEAD}{shapes}</p:spTree></p:cSld><p:clrMap bg1=\"lt1\" tx1=\"dk1\" bg2=\"lt2\" tx2=\"dk2\" accent1=\"accent1\" accent2=\"accent2\" accent3=\"accent3\" accent4=\"accent4\" accent5=\"accent5\" accent6=\"accent6\" hlink=\"hlink\" folHlink=\"folHlink\"/><p:sldLayoutIdLst>{ids}</p:sldLayoutIdLst><p:txStyles>{title_style}{body_style}{other_style}</p:txStyles></p:sldMaster>"
    )
}

fn theme_xml() -> String {
    let colors = [
        ("dk1", "<a:sysClr val=\"windowText\" lastClr=\"000000\"/>"),
        ("lt1", "<a:sysClr val=\"window\" lastClr=\"FFFFFF\"/>"),
        ("dk2", "<a:srgbClr val=\"1F497D\"/>"),
        ("lt2", "<a:srgbClr val=\"EEECE1\"/>"),
        ("accent1", "<a:srgbClr val=\"4F81BD\"/>"),
        ("accent2", "<a:srgbClr val=\"C0504D\"/>"),
        ("accent3", "<a:srgbClr val=\"9BBB59\"/>"),
        ("accent4", "<a:srgbClr val=\"8064A2\"/>"),
        ("accent5", "<a:srgbClr val=\"4BACC6\"/>"),
        ("accent6", "<a:srgbClr val=\"F79646\"/>"),
        ("hlink", "<a:srgbClr val=\"0000FF\"/>"),
        ("folHlink", "<a:srgbClr val=\"800080\"/>"),
    ];
    let clr: String = colors
        .iter()
        .map(|(n, v)| format!("<a:{n}>{v}</a:{n}>"))
        .collect();
    let font = |face: &str| {
        format!("<a:latin typeface=\"{face}\"/><a:ea typeface=\"\"/><a:cs typeface=\"\"/>")
    };
    let solid = "<a:solidFill><a:schemeClr val=\"phClr\"/></a:solidFill>";
    let ln = |w: u32| {
        format!(
            "<a:ln w=\"{w}\" cap=\"flat\" cmpd=\"sng\" algn=\"ctr\"><a:solidFill><a:schemeClr val=\"phClr\"/></a:solidFill><a:prstDash val=\"solid\"/></a:ln>"
        )
    };
    let effect = "<a:effectStyle><a:effectLst/></a:effectStyle>";
    format!(
        "{DECL}<a:theme xmlns:a=\"{A}\" name=\"Office Theme\"><a:themeElements><a:clrScheme name=\"Office\">{clr}</a:clrScheme><a:fontScheme name=\"Office\"><a:majorFont>{}</a:majorFont><a:minorFont>{}</a:minorFont></a:fontScheme><a:fmtScheme name=\"Office\"><a:fillStyleLst>{solid}{solid}{solid}</a:fillStyleLst><a:lnStyleLst>{}{}{}</a:lnStyleLst><a:effectStyleLst>{effect}{effect}{effect}</a:effectStyleLst><a:bgFillStyleLst>{solid}{solid}{solid}</a:bgFillStyleLst></a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>",
        font("Calibri"),
        font("Calibri"),
        ln(9525),
        ln(25400),
        ln(38100)
    )
}

fn rels(items: &[(&str, String)]) -> String {
    let body: String = items
        .iter()
        .enumerate()
        .map(|(i, (ty, target))| {
            format!(
                "<Relationship Id=\"rId{}\" Type=\"{ty}\" Target=\"{target}\"/>",
                i + 1
            )
        })
        .collect();
    format!("{DECL}<Relationships xmlns=\"{PKG_REL}\">{body}</Relationships>")
}

/// The core properties part with a title.
pub fn core_xml(title: &str) -> String {
    format!(
        "{DECL}<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\" xmlns:dcmitype=\"http://purl.org/dc/dcmitype/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><dc:title>{}</dc:title><dc:creator>pptx-mcp-server</dc:creator><cp:revision>1</cp:revision></cp:coreProperties>",
        crate::x::esc(title)
    )
}

/// The parts of a new, empty presentation.
pub fn new_package() -> Package {
    let layouts = layouts();
    let n = layouts.len();
    let mut parts: Vec<(String, Vec<u8>)> = Vec::new();
    let mut overrides = vec![
        (
            "/ppt/presentation.xml",
            "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"
                .to_owned(),
        ),
        (
            "/ppt/slideMasters/slideMaster1.xml",
            "application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"
                .to_owned(),
        ),
        (
            "/ppt/theme/theme1.xml",
            "application/vnd.openxmlformats-officedocument.theme+xml".to_owned(),
        ),
        (
            "/ppt/presProps.xml",
            "application/vnd.openxmlformats-officedocument.presentationml.presProps+xml".to_owned(),
        ),
        (
            "/ppt/viewProps.xml",
            "application/vnd.openxmlformats-officedocument.presentationml.viewProps+xml".to_owned(),
        ),
        (
            "/ppt/tableStyles.xml",
            "application/vnd.openxmlformats-officedocument.presentationml.tableStyles+xml"
                .to_owned(),
        ),
        ("/docProps/core.xml", ct::CORE.to_owned()),
        (
            "/docProps/app.xml",
            "application/vnd.openxmlformats-officedocument.extended-properties+xml".to_owned(),
        ),
    ];
    let layout_names: Vec<String> = (1..=n)
        .map(|i| format!("/ppt/slideLayouts/slideLayout{i}.xml"))
        .collect();
    let mut ct_body = String::from(
        "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/>",
    );
    for (p, t) in overrides.drain(..) {
        ct_body.push_str(&format!("<Override PartName=\"{p}\" ContentType=\"{t}\"/>"));
    }
    for p in &layout_names {
        ct_body.push_str(&format!(
            "<Override PartName=\"{p}\" ContentType=\"application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml\"/>"
        ));
    }
    parts.push((
        "[Content_Types].xml".into(),
        format!("{DECL}<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">{ct_body}</Types>").into_bytes(),
    ));
    parts.push((
        "_rels/.rels".into(),
        rels(&[
            (rt::OFFICE_DOCUMENT, "ppt/presentation.xml".into()),
            (rt::CORE, "docProps/core.xml".into()),
            (
                "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties",
                "docProps/app.xml".into(),
            ),
        ])
        .into_bytes(),
    ));
    parts.push((
        "docProps/app.xml".into(),
        format!("{DECL}<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\" xmlns:vt=\"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes\"><Application>pptx-mcp-server</Application><PresentationFormat>On-screen Show (4:3)</PresentationFormat><Slides>0</Slides></Properties>").into_bytes(),
    ));
    parts.push((
        "docProps/core.xml".into(),
        core_xml("PowerPoint Presentation").into_bytes(),
    ));
    parts.push((
        "ppt/presentation.xml".into(),
        format!(
            "{DECL}<p:presentation xmlns:a=\"{A}\" xmlns:r=\"{R}\" xmlns:p=\"{P}\" saveSubsetFonts=\"1\"><p:sldMasterIdLst><p:sldMasterId id=\"2147483648\" r:id=\"rId1\"/></p:sldMasterIdLst><p:sldIdLst/><p:sldSz cx=\"9144000\" cy=\"6858000\" type=\"screen4x3\"/><p:notesSz cx=\"6858000\" cy=\"9144000\"/><p:defaultTextStyle>{}</p:defaultTextStyle></p:presentation>",
            level_styles(&[1800; 9], false)
        )
        .into_bytes(),
    ));
    parts.push((
        "ppt/_rels/presentation.xml.rels".into(),
        rels(&[
            (rt::MASTER, "slideMasters/slideMaster1.xml".into()),
            (&format!("{REL}/presProps"), "presProps.xml".into()),
            (&format!("{REL}/viewProps"), "viewProps.xml".into()),
            (&format!("{REL}/theme"), "theme/theme1.xml".into()),
            (&format!("{REL}/tableStyles"), "tableStyles.xml".into()),
        ])
        .into_bytes(),
    ));
    parts.push((
        "ppt/presProps.xml".into(),
        format!("{DECL}<p:presentationPr xmlns:a=\"{A}\" xmlns:r=\"{R}\" xmlns:p=\"{P}\"/>")
            .into_bytes(),
    ));
    parts.push((
        "ppt/viewProps.xml".into(),
        format!("{DECL}<p:viewPr xmlns:a=\"{A}\" xmlns:r=\"{R}\" xmlns:p=\"{P}\"><p:normalViewPr><p:restoredLeft sz=\"15620\"/><p:restoredTop sz=\"94660\"/></p:normalViewPr><p:gridSpacing cx=\"76200\" cy=\"76200\"/></p:viewPr>").into_bytes(),
    ));
    parts.push((
        "ppt/tableStyles.xml".into(),
        format!("{DECL}<a:tblStyleLst xmlns:a=\"{A}\" def=\"{{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}}\"/>").into_bytes(),
    ));
    parts.push(("ppt/theme/theme1.xml".into(), theme_xml().into_bytes()));
    parts.push((
        "ppt/slideMasters/slideMaster1.xml".into(),
        master_xml(n).into_bytes(),
    ));
    let mut master_rels: Vec<(&str, String)> = (1..=n)
        .map(|i| (rt::LAYOUT, format!("../slideLayouts/slideLayout{i}.xml")))
        .collect();
    let theme_rel = format!("{REL}/theme");
    master_rels.push((&theme_rel, "../theme/theme1.xml".into()));
    parts.push((
        "ppt/slideMasters/_rels/slideMaster1.xml.rels".into(),
        rels(&master_rels).into_bytes(),
    ));
    for (i, (name, ty, phs)) in layouts.iter().enumerate() {
        parts.push((
            format!("ppt/slideLayouts/slideLayout{}.xml", i + 1),
            layout_xml(name, ty, phs).into_bytes(),
        ));
        parts.push((
            format!("ppt/slideLayouts/_rels/slideLayout{}.xml.rels", i + 1),
            rels(&[(rt::MASTER, "../slideMasters/slideMaster1.xml".into())]).into_bytes(),
        ));
    }
    Package::from_parts(parts)
}
