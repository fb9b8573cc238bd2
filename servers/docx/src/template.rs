//! A new, minimal and valid document package, written by this code: content types,
//! package relationships, core and app properties, the main document with one section,
//! styles (Normal, Title, Heading 1-9, List Paragraph, List Bullet/Number, Table Grid, note
//! and comment styles...), settings and a font table.

use mcp_vendor_office::Package;

use crate::xml::esc;

const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const R: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const DECL: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";

pub const CT_DOCUMENT: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml";
pub const CT_STYLES: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml";
pub const CT_SETTINGS: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml";
pub const CT_NUMBERING: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml";
pub const CT_FOOTNOTES: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml";
pub const CT_ENDNOTES: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.endnotes+xml";
pub const CT_FONTS: &str =
    "application/vnd.openxmlformats-officedocument.wordprocessingml.fontTable+xml";
pub const CT_CORE: &str = "application/vnd.openxmlformats-package.core-properties+xml";
pub const CT_APP: &str = "application/vnd.openxmlformats-officedocument.extended-properties+xml";

pub const REL_DOCUMENT: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
pub const REL_STYLES: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles";
pub const REL_SETTINGS: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings";
pub const REL_NUMBERING: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering";
pub const REL_FOOTNOTES: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes";
pub const REL_ENDNOTES: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/endnotes";
pub const REL_COMMENTS: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments";
pub const REL_IMAGE: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image";
pub const REL_FONTS: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/fontTable";
pub const REL_CORE: &str =
    "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties";
pub const REL_APP: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties";
pub const REL_HEADER: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/header";
pub const REL_FOOTER: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer";

/// A paragraph style: id, name, based on, paragraph and run properties.
fn pstyle(id: &str, name: &str, based: &str, ppr: &str, rpr: &str, extra: &str) -> String {
    let based = if based.is_empty() {
        String::new()
    } else {
        format!("<w:basedOn w:val=\"{based}\"/><w:next w:val=\"Normal\"/>")
    };
    format!(
        "<w:style w:type=\"paragraph\" w:styleId=\"{id}\"><w:name w:val=\"{name}\"/>{based}{extra}<w:qFormat/><w:pPr>{ppr}</w:pPr><w:rPr>{rpr}</w:rPr></w:style>"
    )
}

/// The definition of a built-in paragraph style we can add to any document (headings,
/// Title, List Paragraph...), by style id.
pub fn builtin_style(id: &str) -> Option<String> {
    if let Some(n) = id
        .strip_prefix("Heading")
        .and_then(|n| n.parse::<u8>().ok())
    {
        if !(1..=9).contains(&n) {
            return None;
        }
        let size = match n {
            1 => 32,
            2 => 26,
            3 => 24,
            _ => 22,
        };
        let italic = if n >= 4 { "<w:i/><w:iCs/>" } else { "" };
        return Some(pstyle(
            id,
            &format!("heading {n}"),
            "Normal",
            &format!(
                "<w:keepNext/><w:keepLines/><w:spacing w:before=\"{}\" w:after=\"0\"/><w:outlineLvl w:val=\"{}\"/>",
                if n == 1 { 480 } else { 200 },
                n - 1
            ),
            &format!(
                "<w:rFonts w:asciiTheme=\"majorHAnsi\" w:hAnsiTheme=\"majorHAnsi\"/><w:b/><w:bCs/>{italic}<w:color w:val=\"{}\"/><w:sz w:val=\"{size}\"/><w:szCs w:val=\"{size}\"/>",
                if n == 1 { "365F91" } else { "4F81BD" }
            ),
            "<w:uiPriority w:val=\"9\"/>",
        ));
    }
    Some(match id {
        "Title" => pstyle(
            "Title",
            "Title",
            "Normal",
            "<w:spacing w:after=\"300\"/><w:contextualSpacing/>",
            "<w:rFonts w:asciiTheme=\"majorHAnsi\" w:hAnsiTheme=\"majorHAnsi\"/><w:color w:val=\"17365D\"/><w:spacing w:val=\"5\"/><w:kern w:val=\"28\"/><w:sz w:val=\"52\"/><w:szCs w:val=\"52\"/>",
            "<w:uiPriority w:val=\"10\"/>",
        ),
        "Subtitle" => pstyle(
            "Subtitle",
            "Subtitle",
            "Normal",
            "<w:numPr><w:ilvl w:val=\"1\"/></w:numPr>",
            "<w:i/><w:iCs/><w:color w:val=\"4F81BD\"/><w:sz w:val=\"24\"/><w:szCs w:val=\"24\"/>",
            "<w:uiPriority w:val=\"11\"/>",
        ),
        "ListParagraph" => pstyle(
            "ListParagraph",
            "List Paragraph",
            "Normal",
            "<w:ind w:left=\"720\"/><w:contextualSpacing/>",
            "",
            "<w:uiPriority w:val=\"34\"/>",
        ),
        "ListBullet" => pstyle(
            "ListBullet",
            "List Bullet",
            "Normal",
            "<w:ind w:left=\"360\" w:hanging=\"360\"/><w:contextualSpacing/>",
            "",
            "",
        ),
        "ListNumber" => pstyle(
            "ListNumber",
            "List Number",
            "Normal",
            "<w:ind w:left=\"360\" w:hanging=\"360\"/><w:contextualSpacing/>",
            "",
            "",
        ),
        "Quote" => pstyle(
            "Quote",
            "Quote",
            "Normal",
            "",
            "<w:i/><w:iCs/><w:color w:val=\"000000\"/>",
            "<w:uiPriority w:val=\"29\"/>",
        ),
        "FootnoteText" => pstyle(
            "FootnoteText",
            "footnote text",
            "Normal",
            "<w:spacing w:after=\"0\" w:line=\"240\" w:lineRule=\"auto\"/>",
            "<w:sz w:val=\"20\"/><w:szCs w:val=\"20\"/>",
            "",
        ),
        "EndnoteText" => pstyle(
            "EndnoteText",
            "endnote text",
            "Normal",
            "<w:spacing w:after=\"0\" w:line=\"240\" w:lineRule=\"auto\"/>",
            "<w:sz w:val=\"20\"/><w:szCs w:val=\"20\"/>",
            "",
        ),
        "CommentText" => pstyle(
            "CommentText",
            "annotation text",
            "Normal",
            "",
            "<w:sz w:val=\"20\"/><w:szCs w:val=\"20\"/>",
            "",
        ),
        "FootnoteReference" => char_style("FootnoteReference", "footnote reference", "<w:vertAlign w:val=\"superscript\"/>"),
        "EndnoteReference" => char_style("EndnoteReference", "endnote reference", "<w:vertAlign w:val=\"superscript\"/>"),
        "TableGrid" => "<w:style w:type=\"table\" w:styleId=\"TableGrid\"><w:name w:val=\"Table Grid\"/><w:basedOn w:val=\"TableNormal\"/><w:uiPriority w:val=\"59\"/><w:pPr><w:spacing w:after=\"0\" w:line=\"240\" w:lineRule=\"auto\"/></w:pPr><w:tblPr><w:tblBorders><w:top w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/><w:left w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/><w:bottom w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/><w:right w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/><w:insideH w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/><w:insideV w:val=\"single\" w:sz=\"4\" w:space=\"0\" w:color=\"auto\"/></w:tblBorders></w:tblPr></w:style>".to_owned(),
        _ => return None,
    })
}

fn char_style(id: &str, name: &str, rpr: &str) -> String {
    format!(
        "<w:style w:type=\"character\" w:styleId=\"{id}\"><w:name w:val=\"{name}\"/><w:basedOn w:val=\"DefaultParagraphFont\"/><w:rPr>{rpr}</w:rPr></w:style>"
    )
}

/// The style ids a new document carries.
const BUILTIN: &[&str] = &[
    "Title",
    "Subtitle",
    "Heading1",
    "Heading2",
    "Heading3",
    "Heading4",
    "Heading5",
    "Heading6",
    "Heading7",
    "Heading8",
    "Heading9",
    "ListParagraph",
    "ListBullet",
    "ListNumber",
    "Quote",
    "FootnoteText",
    "EndnoteText",
    "CommentText",
    "FootnoteReference",
    "EndnoteReference",
    "TableGrid",
];

fn styles() -> String {
    let mut s = format!(
        "{DECL}<w:styles xmlns:w=\"{W}\" xmlns:r=\"{R}\"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:asciiTheme=\"minorHAnsi\" w:eastAsiaTheme=\"minorEastAsia\" w:hAnsiTheme=\"minorHAnsi\" w:cstheme=\"minorBidi\"/><w:sz w:val=\"22\"/><w:szCs w:val=\"22\"/><w:lang w:val=\"en-US\" w:eastAsia=\"en-US\" w:bidi=\"ar-SA\"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after=\"200\" w:line=\"276\" w:lineRule=\"auto\"/></w:pPr></w:pPrDefault></w:docDefaults>"
    );
    s.push_str("<w:style w:type=\"paragraph\" w:default=\"1\" w:styleId=\"Normal\"><w:name w:val=\"Normal\"/><w:qFormat/></w:style>");
    s.push_str("<w:style w:type=\"character\" w:default=\"1\" w:styleId=\"DefaultParagraphFont\"><w:name w:val=\"Default Paragraph Font\"/><w:uiPriority w:val=\"1\"/><w:semiHidden/><w:unhideWhenUsed/></w:style>");
    s.push_str("<w:style w:type=\"table\" w:default=\"1\" w:styleId=\"TableNormal\"><w:name w:val=\"Normal Table\"/><w:uiPriority w:val=\"99\"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w=\"0\" w:type=\"dxa\"/><w:tblCellMar><w:top w:w=\"0\" w:type=\"dxa\"/><w:left w:w=\"108\" w:type=\"dxa\"/><w:bottom w:w=\"0\" w:type=\"dxa\"/><w:right w:w=\"108\" w:type=\"dxa\"/></w:tblCellMar></w:tblPr></w:style>");
    s.push_str("<w:style w:type=\"numbering\" w:default=\"1\" w:styleId=\"NoList\"><w:name w:val=\"No List\"/><w:uiPriority w:val=\"99\"/><w:semiHidden/><w:unhideWhenUsed/></w:style>");
    for id in BUILTIN {
        if let Some(st) = builtin_style(id) {
            s.push_str(&st);
        }
    }
    s.push_str("</w:styles>");
    s
}

/// The parts of a new document, with its core properties.
pub fn new_package(title: Option<&str>, author: Option<&str>) -> Package {
    let now = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let title = title.map(esc).unwrap_or_default();
    let author = author.map(esc).unwrap_or_default();
    let content_types = format!(
        "{DECL}<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/word/document.xml\" ContentType=\"{CT_DOCUMENT}\"/><Override PartName=\"/word/styles.xml\" ContentType=\"{CT_STYLES}\"/><Override PartName=\"/word/settings.xml\" ContentType=\"{CT_SETTINGS}\"/><Override PartName=\"/word/fontTable.xml\" ContentType=\"{CT_FONTS}\"/><Override PartName=\"/docProps/core.xml\" ContentType=\"{CT_CORE}\"/><Override PartName=\"/docProps/app.xml\" ContentType=\"{CT_APP}\"/></Types>"
    );
    let rels = format!(
        "{DECL}<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"{REL_DOCUMENT}\" Target=\"word/document.xml\"/><Relationship Id=\"rId2\" Type=\"{REL_CORE}\" Target=\"docProps/core.xml\"/><Relationship Id=\"rId3\" Type=\"{REL_APP}\" Target=\"docProps/app.xml\"/></Relationships>"
    );
    let doc_rels = format!(
        "{DECL}<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"{REL_STYLES}\" Target=\"styles.xml\"/><Relationship Id=\"rId2\" Type=\"{REL_SETTINGS}\" Target=\"settings.xml\"/><Relationship Id=\"rId3\" Type=\"{REL_FONTS}\" Target=\"fontTable.xml\"/></Relationships>"
    );
    let core = format!(
        "{DECL}<cp:coreProperties xmlns:cp=\"http://schemas.openxmlformats.org/package/2006/metadata/core-properties\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\" xmlns:dcterms=\"http://purl.org/dc/terms/\" xmlns:dcmitype=\"http://purl.org/dc/dcmitype/\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"><dc:title>{title}</dc:title><dc:creator>{author}</dc:creator><cp:lastModifiedBy>{author}</cp:lastModifiedBy><cp:revision>1</cp:revision><dcterms:created xsi:type=\"dcterms:W3CDTF\">{now}</dcterms:created><dcterms:modified xsi:type=\"dcterms:W3CDTF\">{now}</dcterms:modified></cp:coreProperties>"
    );
    let app = format!(
        "{DECL}<Properties xmlns=\"http://schemas.openxmlformats.org/officeDocument/2006/extended-properties\" xmlns:vt=\"http://schemas.openxmlformats.org/officeDocument/2006/docPropsVTypes\"><Application>docx-mcp-server</Application><DocSecurity>0</DocSecurity></Properties>"
    );
    let document = format!(
        "{DECL}<w:document xmlns:w=\"{W}\" xmlns:r=\"{R}\" xmlns:wp=\"http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing\" xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" xmlns:pic=\"http://schemas.openxmlformats.org/drawingml/2006/picture\"><w:body><w:sectPr><w:pgSz w:w=\"12240\" w:h=\"15840\"/><w:pgMar w:top=\"1440\" w:right=\"1440\" w:bottom=\"1440\" w:left=\"1440\" w:header=\"720\" w:footer=\"720\" w:gutter=\"0\"/><w:cols w:space=\"720\"/><w:docGrid w:linePitch=\"360\"/></w:sectPr></w:body></w:document>"
    );
    let settings = format!(
        "{DECL}<w:settings xmlns:w=\"{W}\"><w:zoom w:percent=\"100\"/><w:defaultTabStop w:val=\"720\"/><w:characterSpacingControl w:val=\"doNotCompress\"/><w:compat><w:compatSetting w:name=\"compatibilityMode\" w:uri=\"http://schemas.microsoft.com/office/word\" w:val=\"15\"/></w:compat></w:settings>"
    );
    let fonts = format!(
        "{DECL}<w:fonts xmlns:w=\"{W}\"><w:font w:name=\"Calibri\"><w:family w:val=\"swiss\"/><w:pitch w:val=\"variable\"/></w:font><w:font w:name=\"Times New Roman\"><w:family w:val=\"roman\"/><w:pitch w:val=\"variable\"/></w:font><w:font w:name=\"Cambria\"><w:family w:val=\"roman\"/><w:pitch w:val=\"variable\"/></w:font></w:fonts>"
    );
    Package::from_parts(vec![
        ("[Content_Types].xml".into(), content_types.into_bytes()),
        ("_rels/.rels".into(), rels.into_bytes()),
        ("docProps/core.xml".into(), core.into_bytes()),
        ("docProps/app.xml".into(), app.into_bytes()),
        ("word/document.xml".into(), document.into_bytes()),
        ("word/_rels/document.xml.rels".into(), doc_rels.into_bytes()),
        ("word/styles.xml".into(), styles().into_bytes()),
        ("word/settings.xml".into(), settings.into_bytes()),
        ("word/fontTable.xml".into(), fonts.into_bytes()),
    ])
}
