//! Picture headers: the format, pixel size and resolution of a PNG, JPEG, GIF or BMP file,
//! for the extents of a picture placed at its natural size.

/// What an image is: extension, content type, size in pixels and resolution in dots per inch
/// (the file's own where it states one, else the default the caller gave).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImageInfo {
    /// The extension its media part takes (`png`, `jpeg`, `gif`, `bmp`).
    pub ext: &'static str,
    /// Its content type (`image/png`...).
    pub content_type: &'static str,
    pub width: u32,
    pub height: u32,
    /// Horizontal and vertical dots per inch, exactly as the header states them (a PNG or
    /// BMP states pixels per metre: 3780 is 96.012 dpi).
    pub dpi: (f64, f64),
}

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
/// Inches per metre (PNG and BMP state their resolution per metre).
const INCH_PER_METRE: f64 = 0.0254;
/// Centimetres per inch (a JFIF density may be per centimetre).
const CM_PER_INCH: f64 = 2.54;

fn be16(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from(u16::from_be_bytes([*b.get(i)?, *b.get(i + 1)?])))
}

fn be32(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_be_bytes([
        *b.get(i)?,
        *b.get(i + 1)?,
        *b.get(i + 2)?,
        *b.get(i + 3)?,
    ]))
}

fn le16(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from(u16::from_le_bytes([*b.get(i)?, *b.get(i + 1)?])))
}

fn le32(b: &[u8], i: usize) -> Option<i64> {
    Some(i64::from(i32::from_le_bytes([
        *b.get(i)?,
        *b.get(i + 1)?,
        *b.get(i + 2)?,
        *b.get(i + 3)?,
    ])))
}

/// Read the format, size and resolution from a PNG, JPEG, GIF or BMP header; `None` when the
/// bytes are none of these (or the header is cut short). `default_dpi` is the resolution of a
/// file that states none: each server passes its application's own (Word assumes 96,
/// PowerPoint 72).
pub fn image_info(b: &[u8], default_dpi: f64) -> Option<ImageInfo> {
    let default = (default_dpi, default_dpi);
    if b.starts_with(PNG) {
        return png(b, default);
    }
    if b.starts_with(&[0xFF, 0xD8]) {
        return jpeg(b, default);
    }
    if b.starts_with(b"GIF87a") || b.starts_with(b"GIF89a") {
        return Some(ImageInfo {
            ext: "gif",
            content_type: "image/gif",
            width: le16(b, 6)?,
            height: le16(b, 8)?,
            dpi: default,
        });
    }
    if b.starts_with(b"BM") {
        return bmp(b, default);
    }
    None
}

/// IHDR's size, and the resolution of a `pHYs` chunk in pixels per metre (unit 1) before the
/// image data.
fn png(b: &[u8], default: (f64, f64)) -> Option<ImageInfo> {
    let (width, height) = (be32(b, 16)?, be32(b, 20)?);
    let mut dpi = default;
    let mut i = PNG.len();
    while i + 8 <= b.len() {
        let len = be32(b, i)? as usize;
        let kind = b.get(i + 4..i + 8)?;
        if kind == b"pHYs" && b.get(i + 16) == Some(&1) {
            let (x, y) = (be32(b, i + 8)?, be32(b, i + 12)?);
            if x > 0 && y > 0 {
                dpi = (f64::from(x) * INCH_PER_METRE, f64::from(y) * INCH_PER_METRE);
            }
            break;
        }
        if kind == b"IDAT" || kind == b"IEND" {
            break;
        }
        i = i.checked_add(12)?.checked_add(len)?;
    }
    Some(ImageInfo {
        ext: "png",
        content_type: "image/png",
        width,
        height,
        dpi,
    })
}

/// The size of the first start-of-frame segment, and the density of a JFIF APP0 segment (per
/// inch or per centimetre) before it. Bytes between segments that are not a marker are
/// skipped, as lenient readers do.
fn jpeg(b: &[u8], default: (f64, f64)) -> Option<ImageInfo> {
    let mut dpi = default;
    let mut i = 2usize;
    while i + 4 <= b.len() {
        if b.get(i) != Some(&0xFF) {
            i += 1;
            continue;
        }
        let marker = *b.get(i + 1)?;
        if marker == 0xFF {
            i += 1;
            continue;
        }
        let len = be16(b, i + 2)? as usize;
        if marker == 0xE0 && b.get(i + 4..i + 9) == Some(b"JFIF\0") {
            let unit = *b.get(i + 11)?;
            let (x, y) = (be16(b, i + 12)?, be16(b, i + 14)?);
            if x > 0 && y > 0 {
                match unit {
                    1 => dpi = (f64::from(x), f64::from(y)),
                    2 => dpi = (f64::from(x) * CM_PER_INCH, f64::from(y) * CM_PER_INCH),
                    _ => {}
                }
            }
        }
        // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
        if matches!(marker, 0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF) {
            return Some(ImageInfo {
                ext: "jpeg",
                content_type: "image/jpeg",
                width: be16(b, i + 7)?,
                height: be16(b, i + 5)?,
                dpi,
            });
        }
        i = i.checked_add(2)?.checked_add(len)?;
    }
    None
}

/// A BITMAPINFOHEADER's size (a negative height is a top-down bitmap) and resolution in
/// pixels per metre.
fn bmp(b: &[u8], default: (f64, f64)) -> Option<ImageInfo> {
    let width = u32::try_from(le32(b, 18)?.unsigned_abs()).ok()?;
    let height = u32::try_from(le32(b, 22)?.unsigned_abs()).ok()?;
    let (x, y) = (le32(b, 38).unwrap_or(0), le32(b, 42).unwrap_or(0));
    let dpi = if x > 0 && y > 0 {
        (x as f64 * INCH_PER_METRE, y as f64 * INCH_PER_METRE)
    } else {
        default
    };
    Some(ImageInfo {
        ext: "bmp",
        content_type: "image/bmp",
        width,
        height,
        dpi,
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A PNG of `w` x `h` pixels, with a `pHYs` chunk when `ppm` is given.
    fn png_bytes(w: u32, h: u32, ppm: Option<(u32, u8)>) -> Vec<u8> {
        let mut b = PNG.to_vec();
        b.extend_from_slice(&13u32.to_be_bytes());
        b.extend_from_slice(b"IHDR");
        b.extend_from_slice(&w.to_be_bytes());
        b.extend_from_slice(&h.to_be_bytes());
        b.extend_from_slice(&[8, 2, 0, 0, 0]);
        b.extend_from_slice(&[0; 4]); // CRC, not checked
        if let Some((ppm, unit)) = ppm {
            b.extend_from_slice(&9u32.to_be_bytes());
            b.extend_from_slice(b"pHYs");
            b.extend_from_slice(&ppm.to_be_bytes());
            b.extend_from_slice(&(ppm * 2).to_be_bytes());
            b.push(unit);
            b.extend_from_slice(&[0; 4]);
        }
        b.extend_from_slice(&0u32.to_be_bytes());
        b.extend_from_slice(b"IEND");
        b.extend_from_slice(&[0xAE, 0x42, 0x60, 0x82]);
        b
    }

    /// A baseline JPEG header of `w` x `h` pixels, with a JFIF density when `density` is given
    /// (and stray bytes before the frame when `stray`).
    fn jpeg_bytes(w: u16, h: u16, density: Option<(u8, u16)>, stray: bool) -> Vec<u8> {
        let mut b = vec![0xFF, 0xD8];
        if let Some((unit, d)) = density {
            b.extend_from_slice(&[0xFF, 0xE0, 0, 16]);
            b.extend_from_slice(b"JFIF\0");
            b.extend_from_slice(&[1, 1, unit]);
            b.extend_from_slice(&d.to_be_bytes());
            b.extend_from_slice(&d.to_be_bytes());
            b.extend_from_slice(&[0, 0]);
        }
        if stray {
            b.extend_from_slice(&[0x00, 0x12]);
        }
        // A quantisation table segment (skipped), fill bytes, then SOF0.
        b.extend_from_slice(&[0xFF, 0xDB, 0, 4, 0, 0]);
        b.extend_from_slice(&[0xFF, 0xFF, 0xC0, 0, 11, 8]);
        b.extend_from_slice(&h.to_be_bytes());
        b.extend_from_slice(&w.to_be_bytes());
        b.extend_from_slice(&[1, 1, 0x11, 0]);
        b.extend_from_slice(&[0xFF, 0xD9]);
        b
    }

    fn gif_bytes(w: u16, h: u16) -> Vec<u8> {
        let mut b = b"GIF89a".to_vec();
        b.extend_from_slice(&w.to_le_bytes());
        b.extend_from_slice(&h.to_le_bytes());
        b.extend_from_slice(&[0, 0, 0]);
        b.push(0x3B);
        b
    }

    /// A 24-bit BMP (file header and BITMAPINFOHEADER, then the pixel rows).
    fn bmp_bytes(w: i32, h: i32, ppm: i32) -> Vec<u8> {
        let row = (w.unsigned_abs() * 3).div_ceil(4) * 4;
        let data = row * h.unsigned_abs();
        let mut b = b"BM".to_vec();
        b.extend_from_slice(&(54 + data).to_le_bytes());
        b.extend_from_slice(&[0; 4]);
        b.extend_from_slice(&54u32.to_le_bytes());
        b.extend_from_slice(&40u32.to_le_bytes());
        b.extend_from_slice(&w.to_le_bytes());
        b.extend_from_slice(&h.to_le_bytes());
        b.extend_from_slice(&1u16.to_le_bytes());
        b.extend_from_slice(&24u16.to_le_bytes());
        b.extend_from_slice(&0u32.to_le_bytes());
        b.extend_from_slice(&data.to_le_bytes());
        b.extend_from_slice(&ppm.to_le_bytes());
        b.extend_from_slice(&ppm.to_le_bytes());
        b.extend_from_slice(&[0; 8]);
        b.resize(b.len() + data as usize, 0xFF);
        b
    }

    #[test]
    fn png_size_and_resolution_from_phys() {
        let i = image_info(&png_bytes(300, 150, Some((2835, 1))), 96.0).unwrap();
        assert_eq!((i.ext, i.content_type), ("png", "image/png"));
        assert_eq!((i.width, i.height), (300, 150));
        // 2835 and 5670 pixels per metre, stated exactly (about 72 and 144 dpi).
        assert!((i.dpi.0 - 72.009).abs() < 1e-9, "{:?}", i.dpi);
        assert!((i.dpi.1 - 144.018).abs() < 1e-9, "{:?}", i.dpi);
    }

    #[test]
    fn png_without_a_resolution_takes_the_callers_default() {
        let none = png_bytes(4, 3, None);
        assert_eq!(image_info(&none, 96.0).unwrap().dpi, (96.0, 96.0));
        assert_eq!(image_info(&none, 72.0).unwrap().dpi, (72.0, 72.0));
        // Unit 0 is an aspect ratio, not a resolution.
        let ratio = png_bytes(4, 3, Some((1, 0)));
        assert_eq!(image_info(&ratio, 72.0).unwrap().dpi, (72.0, 72.0));
    }

    #[test]
    fn jpeg_size_and_jfif_density() {
        let per_inch = image_info(&jpeg_bytes(640, 480, Some((1, 300)), false), 72.0).unwrap();
        assert_eq!(
            (per_inch.ext, per_inch.content_type),
            ("jpeg", "image/jpeg")
        );
        assert_eq!((per_inch.width, per_inch.height), (640, 480));
        assert_eq!(per_inch.dpi, (300.0, 300.0));
        let per_cm = image_info(&jpeg_bytes(10, 20, Some((2, 100)), false), 72.0).unwrap();
        assert_eq!(per_cm.dpi, (254.0, 254.0));
        let none = image_info(&jpeg_bytes(10, 20, None, false), 96.0).unwrap();
        assert_eq!((none.width, none.height, none.dpi), (10, 20, (96.0, 96.0)));
        // Bytes that are not a marker between segments are skipped.
        let stray = image_info(&jpeg_bytes(7, 5, Some((1, 150)), true), 96.0).unwrap();
        assert_eq!(
            (stray.width, stray.height, stray.dpi),
            (7, 5, (150.0, 150.0))
        );
    }

    #[test]
    fn jpeg_without_a_frame_is_not_sized() {
        let mut b = jpeg_bytes(10, 20, None, false);
        let sof = b.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
        b.truncate(sof);
        assert_eq!(image_info(&b, 96.0), None);
    }

    #[test]
    fn gif_size_with_the_default_resolution() {
        let i = image_info(&gif_bytes(257, 2), 72.0).unwrap();
        assert_eq!((i.ext, i.content_type), ("gif", "image/gif"));
        assert_eq!((i.width, i.height, i.dpi), (257, 2, (72.0, 72.0)));
        let old = [b"GIF87a".as_slice(), &[1, 0, 1, 0]].concat();
        assert_eq!(
            image_info(&old, 96.0).map(|i| (i.width, i.height)),
            Some((1, 1))
        );
    }

    #[test]
    fn bmp_size_and_resolution() {
        let i = image_info(&bmp_bytes(5, 3, 3780), 72.0).unwrap();
        assert_eq!((i.ext, i.content_type), ("bmp", "image/bmp"));
        assert_eq!((i.width, i.height), (5, 3));
        assert!((i.dpi.0 - 96.012).abs() < 1e-9, "{:?}", i.dpi);
        // A top-down bitmap has a negative height; no resolution takes the default.
        let i = image_info(&bmp_bytes(2, -4, 0), 96.0).unwrap();
        assert_eq!((i.width, i.height, i.dpi), (2, 4, (96.0, 96.0)));
    }

    #[test]
    fn what_is_no_known_image_or_is_cut_short_is_none() {
        assert_eq!(image_info(b"%PDF-1.7", 96.0), None);
        assert_eq!(image_info(b"", 96.0), None);
        assert_eq!(image_info(&png_bytes(3, 2, None)[..18], 96.0), None);
        assert_eq!(image_info(b"GIF89a\x01", 96.0), None);
        assert_eq!(image_info(&bmp_bytes(2, 2, 0)[..20], 96.0), None);
    }
}
