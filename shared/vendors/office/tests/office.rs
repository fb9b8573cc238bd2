#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Packages round-trip every part they do not edit, keep relationships and content types
//! consistent, and refuse what is not a package.

use mcp_vendor_office::{Package, Xml, attr, relative_target, rels_part_of, resolve_target};

const CT: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#;

fn sample() -> Package {
    Package::from_parts(vec![
        ("[Content_Types].xml".into(), CT.as_bytes().to_vec()),
        (
            "word/document.xml".into(),
            br#"<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p/></w:body></w:document>"#.to_vec(),
        ),
        ("customXml/item1.xml".into(), b"<unknown   spacing='kept'/>".to_vec()),
    ])
}

#[test]
fn untouched_parts_survive_byte_for_byte() {
    let mut p = sample();
    let mut doc: Xml = p.xml("word/document.xml").unwrap();
    let root = doc.root().unwrap();
    let name = doc.xot.add_name("marker");
    let el = doc.xot.new_element(name);
    doc.xot.append(root, el).unwrap();
    p.set_xml("word/document.xml", &doc).unwrap();
    let bytes = p.write().unwrap();
    let back = Package::read(&bytes, "a.docx").unwrap();
    assert_eq!(
        back.part("customXml/item1.xml"),
        Some(&b"<unknown   spacing='kept'/>"[..])
    );
    let text = String::from_utf8(back.part("word/document.xml").unwrap().to_vec()).unwrap();
    assert!(text.starts_with("<?xml version=\"1.0\""), "{text}");
    assert!(text.contains("<marker/>"), "{text}");
    let names: Vec<&str> = back.names().collect();
    assert_eq!(names.first(), Some(&"[Content_Types].xml"));
}

#[test]
fn relationships_and_content_types_stay_consistent() {
    let mut p = sample();
    p.set_part("word/media/image1.png", vec![1, 2, 3]);
    p.ensure_default_type("png", "image/png").unwrap();
    p.ensure_default_type("PNG", "image/png").unwrap();
    let id = p
        .add_relationship(
            "word/document.xml",
            "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image",
            "word/media/image1.png",
            false,
        )
        .unwrap();
    assert_eq!(id, "rId1");
    // The same relationship again is the same id; another target is a new one.
    let again = p
        .add_relationship(
            "word/document.xml",
            "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image",
            "word/media/image1.png",
            false,
        )
        .unwrap();
    assert_eq!(again, "rId1");
    let link = p
        .add_relationship(
            "word/document.xml",
            "hyperlink",
            "https://example.com/",
            true,
        )
        .unwrap();
    assert_eq!(link, "rId2");
    assert_eq!(
        p.target_of("word/document.xml", "rId1").unwrap().as_deref(),
        Some("word/media/image1.png")
    );
    let rels = p.relationships("word/document.xml").unwrap();
    assert_eq!(rels[0].target, "media/image1.png");
    assert!(rels[1].external);
    assert_eq!(
        p.content_type("word/media/image1.png").as_deref(),
        Some("image/png")
    );
    assert_eq!(
        p.content_type("/word/_rels/document.xml.rels").as_deref(),
        Some("application/vnd.openxmlformats-package.relationships+xml")
    );
    p.set_content_type("word/extra.xml", "application/x-extra+xml")
        .unwrap();
    assert_eq!(
        p.content_type("word/extra.xml").as_deref(),
        Some("application/x-extra+xml")
    );
    p.remove_content_type("word/extra.xml").unwrap();
    assert_eq!(
        p.content_type("word/extra.xml").as_deref(),
        Some("application/xml")
    );
    p.remove_relationship("word/document.xml", "rId1").unwrap();
    assert_eq!(p.relationships("word/document.xml").unwrap().len(), 1);
    // Written and read back, the relationships part is a real part.
    let back = Package::read(&p.write().unwrap(), "a.docx").unwrap();
    let rels = back.xml(&rels_part_of("word/document.xml")).unwrap();
    let first = rels.xot.first_child(rels.root().unwrap()).unwrap();
    assert_eq!(
        attr(&rels, first, "TargetMode").as_deref(),
        Some("External")
    );
}

#[test]
fn targets_resolve_relative_to_the_source_folder() {
    assert_eq!(
        rels_part_of("ppt/slides/slide1.xml"),
        "ppt/slides/_rels/slide1.xml.rels"
    );
    assert_eq!(rels_part_of(""), "_rels/.rels");
    assert_eq!(
        resolve_target("ppt/slides/slide1.xml", "../media/image1.png"),
        "ppt/media/image1.png"
    );
    assert_eq!(resolve_target("", "word/document.xml"), "word/document.xml");
    assert_eq!(
        resolve_target("word/document.xml", "/word/x.xml"),
        "word/x.xml"
    );
    assert_eq!(
        relative_target("ppt/slides/slide1.xml", "ppt/slideLayouts/slideLayout2.xml"),
        "../slideLayouts/slideLayout2.xml"
    );
    assert_eq!(
        relative_target("word/document.xml", "word/styles.xml"),
        "styles.xml"
    );
    let p = sample();
    assert_eq!(
        p.free_name("word/media/image", ".png"),
        "word/media/image1.png"
    );
}

#[test]
fn what_is_not_a_package_is_refused_with_a_reason() {
    let err = Package::read(b"not a zip", "notes.docx").unwrap_err();
    assert!(
        err.message
            .contains("notes.docx is not an Office Open XML file"),
        "{}",
        err.message
    );
    // A ZIP without [Content_Types].xml is not a package.
    let mut p = sample();
    p.remove_part("[Content_Types].xml");
    let err = Package::read(&p.write().unwrap(), "x.pptx").unwrap_err();
    assert!(
        err.message.contains("[Content_Types].xml"),
        "{}",
        err.message
    );
    // A part that is not XML says which.
    let mut p = sample();
    p.set_part("word/document.xml", b"<w:document".to_vec());
    let err = p.xml("word/document.xml").err().unwrap();
    assert!(
        err.message.contains("word/document.xml is not well-formed"),
        "{}",
        err.message
    );
}
