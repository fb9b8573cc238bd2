//! A WordprocessingML (DOCX) package of the Markdown blocks: headings as Heading1-6 styles,
//! paragraphs, list items (indented, with their marker), code in a monospace style, block quotes
//! indented, bold/italic/code runs, line breaks and rules.

use std::io::{Cursor, Write};

use mcp_shared::ToolError;
use zip::write::SimpleFileOptions;

use crate::markdown::{Block, Kind, Run, escape};

const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>"#;

const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#;

const DOC_RELS: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;

const W: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

fn styles() -> String {
    let mut s = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="{W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="SimSun"/><w:sz w:val="22"/></w:rPr></w:rPrDefault><w:pPrDefault><w:pPr><w:spacing w:after="120"/></w:pPr></w:pPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>"#
    );
    for (level, size) in [(1, 36), (2, 30), (3, 26), (4, 24), (5, 22), (6, 22)] {
        s.push_str(&format!(
            r#"<w:style w:type="paragraph" w:styleId="Heading{level}"><w:name w:val="heading {level}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:pPr><w:keepNext/><w:spacing w:before="240" w:after="120"/><w:outlineLvl w:val="{}"/></w:pPr><w:rPr><w:b/><w:sz w:val="{size}"/></w:rPr></w:style>"#,
            level - 1
        ));
    }
    s.push_str(r#"<w:style w:type="paragraph" w:styleId="SourceCode"><w:name w:val="Source Code"/><w:basedOn w:val="Normal"/><w:pPr><w:spacing w:after="0"/><w:shd w:val="clear" w:color="auto" w:fill="F2F2F2"/></w:pPr><w:rPr><w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/><w:sz w:val="20"/></w:rPr></w:style><w:style w:type="paragraph" w:styleId="BlockText"><w:name w:val="Block Text"/><w:basedOn w:val="Normal"/><w:pPr><w:ind w:left="720"/></w:pPr><w:rPr><w:i/></w:rPr></w:style></w:styles>"#);
    s
}

/// Text as `<w:t>` elements, with `\n` as `<w:br/>`.
fn text_xml(text: &str) -> String {
    text.split('\n')
        .map(|line| format!(r#"<w:t xml:space="preserve">{}</w:t>"#, escape(line)))
        .collect::<Vec<_>>()
        .join("<w:br/>")
}

fn run_xml(r: &Run) -> String {
    let mut props = String::new();
    if r.code {
        props.push_str(r#"<w:rFonts w:ascii="Courier New" w:hAnsi="Courier New"/>"#);
    }
    if r.bold {
        props.push_str("<w:b/>");
    }
    if r.italic {
        props.push_str("<w:i/>");
    }
    let rpr = if props.is_empty() {
        String::new()
    } else {
        format!("<w:rPr>{props}</w:rPr>")
    };
    format!("<w:r>{rpr}{}</w:r>", text_xml(&r.text))
}

fn paragraph(b: &Block) -> String {
    let ppr = match &b.kind {
        Kind::Heading(n) => format!(r#"<w:pPr><w:pStyle w:val="Heading{n}"/></w:pPr>"#),
        Kind::Code => r#"<w:pPr><w:pStyle w:val="SourceCode"/></w:pPr>"#.to_owned(),
        Kind::Quote => r#"<w:pPr><w:pStyle w:val="BlockText"/></w:pPr>"#.to_owned(),
        Kind::Item { depth, .. } => format!(
            r#"<w:pPr><w:ind w:left="{}" w:hanging="360"/><w:spacing w:after="60"/></w:pPr>"#,
            720 * (depth + 1)
        ),
        Kind::Rule => {
            return r#"<w:p><w:pPr><w:pBdr><w:bottom w:val="single" w:sz="6" w:space="1" w:color="auto"/></w:pBdr></w:pPr></w:p>"#.to_owned();
        }
        Kind::Paragraph => String::new(),
    };
    let mut runs = String::new();
    if let Kind::Item { marker, .. } = &b.kind {
        runs.push_str(&format!("<w:r>{}<w:tab/></w:r>", text_xml(marker)));
    }
    let mut block_runs = b.runs.clone();
    if let (Kind::Code, Some(last)) = (&b.kind, block_runs.last_mut()) {
        while last.text.ends_with('\n') {
            last.text.pop();
        }
    }
    for r in &block_runs {
        runs.push_str(&run_xml(r));
    }
    format!("<w:p>{ppr}{runs}</w:p>")
}

pub fn document_xml(blocks: &[Block]) -> String {
    let body: String = blocks.iter().map(paragraph).collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="{W}"><w:body>{body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr></w:body></w:document>"#
    )
}

/// The DOCX file's bytes.
pub fn write(blocks: &[Block]) -> Result<Vec<u8>, ToolError> {
    let fail =
        |e: &dyn std::fmt::Display| ToolError::transport(format!("writing the DOCX failed: {e}"));
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let parts: [(&str, String); 5] = [
        ("[Content_Types].xml", CONTENT_TYPES.to_owned()),
        ("_rels/.rels", RELS.to_owned()),
        ("word/_rels/document.xml.rels", DOC_RELS.to_owned()),
        ("word/document.xml", document_xml(blocks)),
        ("word/styles.xml", styles()),
    ];
    for (name, body) in parts {
        zip.start_file(name, opts).map_err(|e| fail(&e))?;
        zip.write_all(body.as_bytes()).map_err(|e| fail(&e))?;
    }
    Ok(zip.finish().map_err(|e| fail(&e))?.into_inner())
}
