//! The document types the converter tells apart.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Html,
    Pdf,
    Docx,
    Xlsx,
    Pptx,
    Csv,
    Json,
    Text,
    Unsupported(&'static str),
}
