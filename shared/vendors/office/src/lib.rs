//! Office Open XML (ECMA-376) packages for the servers that edit Word, PowerPoint and Excel
//! files in a workspace.
//!
//! A [`Package`] is the ZIP container as a list of named parts, in the order the file had
//! them: a server reads it from bytes (that it got through the workspace jail), edits the
//! parts it understands (as XML trees, [`Package::xml`] / [`Package::set_xml`]) and writes it
//! back, every other part byte for byte as it was. Relationships ([`rels`]) and content types
//! ([`Package::set_content_type`]) are kept consistent when parts are added.
//!
//! Reading is bounded: a package with too many parts, or whose parts inflate past a cap (a
//! "zip bomb"), is refused with a message that names the cap; an encrypted or legacy binary
//! file is told apart ([`is_ole_compound_file`]) so that each server can say what to do.
//!
//! New content is written as XML text and parsed into a part ([`xml::parse_fragment`],
//! [`xml::insert_fragment`]), property children are kept in the schema's order
//! ([`xml::sort_children`]), and pictures are sized from their headers ([`image_info`]).

pub mod image;
pub mod package;
pub mod rels;
pub mod xml;

pub use image::{ImageInfo, image_info};
pub use package::{MAX_PARTS, MAX_UNPACKED_BYTES, Package, Xml, is_ole_compound_file};
pub use rels::{Relationship, attr, relative_target, rels_part_of, resolve_target};
pub use xml::{At, esc, insert_fragment, parse_fragment, sort_children};

/// Namespaces every Office XML part uses.
pub mod ns {
    /// Package relationships (`_rels/*.rels`).
    pub const PACKAGE_RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
    /// Content types (`[Content_Types].xml`).
    pub const CONTENT_TYPES: &str = "http://schemas.openxmlformats.org/package/2006/content-types";
    /// Relationship ids inside parts (`r:id`, `r:embed`).
    pub const OFFICE_RELS: &str =
        "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    /// DrawingML (`a:`).
    pub const DRAWING: &str = "http://schemas.openxmlformats.org/drawingml/2006/main";
    /// WordprocessingML (`w:`).
    pub const WORD: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
    /// PresentationML (`p:`).
    pub const PRESENTATION: &str = "http://schemas.openxmlformats.org/presentationml/2006/main";
    /// SpreadsheetML.
    pub const SPREADSHEET: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
}
