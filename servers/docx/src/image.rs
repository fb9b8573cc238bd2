//! Picture sizes from their headers (PNG, JPEG, GIF), for the extents of an inline drawing.

/// Format (extension, MIME type) and size in pixels, with the resolution in dots per inch
/// where the file says it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Picture {
    pub ext: &'static str,
    pub mime: &'static str,
    pub width: u32,
    pub height: u32,
    pub dpi: (f64, f64),
}

fn be16(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 2)?;
    Some(u32::from(s[0]) << 8 | u32::from(s[1]))
}

fn be32(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 4)?;
    Some(u32::from_be_bytes([s[0], s[1], s[2], s[3]]))
}

fn le16(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at + 2)?;
    Some(u32::from(s[1]) << 8 | u32::from(s[0]))
}

/// What the bytes are, or `None` when not a PNG, JPEG or GIF we can size.
pub fn probe(b: &[u8]) -> Option<Picture> {
    if b.starts_with(b"\x89PNG\r\n\x1a\n") {
        let width = be32(b, 16)?;
        let height = be32(b, 20)?;
        let mut dpi = (96.0, 96.0);
        // pHYs: pixels per metre, unit 1.
        let mut at = 8;
        while let (Some(len), Some(kind)) = (be32(b, at), b.get(at + 4..at + 8)) {
            if kind == b"pHYs" {
                if let (Some(x), Some(y), Some(&1)) =
                    (be32(b, at + 8), be32(b, at + 12), b.get(at + 16))
                    && x > 0
                    && y > 0
                {
                    dpi = (
                        (f64::from(x) * 0.0254).round(),
                        (f64::from(y) * 0.0254).round(),
                    );
                }
                break;
            }
            if kind == b"IDAT" || kind == b"IEND" {
                break;
            }
            at = at.checked_add(12)?.checked_add(len as usize)?;
        }
        return Some(Picture {
            ext: "png",
            mime: "image/png",
            width,
            height,
            dpi,
        });
    }
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        return Some(Picture {
            ext: "gif",
            mime: "image/gif",
            width: le16(b, 6)?,
            height: le16(b, 8)?,
            dpi: (96.0, 96.0),
        });
    }
    if b.starts_with(&[0xFF, 0xD8]) {
        let mut dpi = (96.0, 96.0);
        let mut at = 2;
        loop {
            if *b.get(at)? != 0xFF {
                return None;
            }
            let marker = *b.get(at + 1)?;
            if marker == 0xFF {
                at += 1;
                continue;
            }
            let len = be16(b, at + 2)? as usize;
            // JFIF APP0 with a density in dots per inch (1) or per cm (2).
            if marker == 0xE0 && b.get(at + 4..at + 9) == Some(b"JFIF\0") {
                let unit = *b.get(at + 11)?;
                let (x, y) = (be16(b, at + 12)?, be16(b, at + 14)?);
                if x > 0 && y > 0 {
                    match unit {
                        1 => dpi = (f64::from(x), f64::from(y)),
                        2 => dpi = (f64::from(x) * 2.54, f64::from(y) * 2.54),
                        _ => {}
                    }
                }
            }
            let sof = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
            if sof {
                let height = be16(b, at + 5)?;
                let width = be16(b, at + 7)?;
                return Some(Picture {
                    ext: "jpeg",
                    mime: "image/jpeg",
                    width,
                    height,
                    dpi,
                });
            }
            at = at.checked_add(2)?.checked_add(len)?;
        }
    }
    None
}
