//! A new workbook's bytes, built here (Graph cannot create a workbook from nothing): the
//! smallest Office Open XML package Excel opens, one worksheet whose cells are inline strings,
//! numbers, booleans or formulas. Zipped with the `zip` crate, stored uncompressed.

use std::collections::BTreeMap;
use std::io::Write as _;

use mcp_shared::ToolError;
use serde_json::Value;
use zip::write::SimpleFileOptions;

/// Cells by (row from 1, column from 1).
pub type Cells = BTreeMap<(u32, u32), Value>;

/// A column's letters from its number (1 → A, 27 → AA).
pub fn letters(mut col: u32) -> String {
    let mut out = Vec::new();
    while col > 0 {
        let rem = (col - 1) % 26;
        out.push(char::from(b'A' + rem as u8));
        col = (col - 1) / 26;
    }
    out.iter().rev().collect()
}

/// A column's number from its letters (`A` → 1, `aa` → 27), up to XFD (16384).
pub fn column_number(s: &str) -> Option<u32> {
    let s = s.trim();
    if s.is_empty() || s.len() > 3 {
        return None;
    }
    let mut n: u32 = 0;
    for c in s.chars() {
        if !c.is_ascii_alphabetic() {
            return None;
        }
        n = n * 26 + u32::from(c.to_ascii_uppercase() as u8 - b'A' + 1);
    }
    (n <= 16_384).then_some(n)
}

/// The cells of `data`: a JSON object of row numbers to objects of column letters to values
/// (`{"1": {"A": "Name", "B": "Qty"}}`), or a JSON array of rows (`[["Name", "Qty"], ["a", 1]]`).
pub fn parse_data(data: &str) -> Result<Cells, ToolError> {
    let bad = |why: &str| {
        ToolError::invalid_input(format!(
            "`data` must be JSON: rows as arrays ([[\"Name\",\"Qty\"],[\"Widget\",3]]) or row numbers to columns ({{\"1\":{{\"A\":\"Name\"}}}}); {why}"
        ))
    };
    let v: Value = serde_json::from_str(data.trim()).map_err(|e| bad(&e.to_string()))?;
    let mut cells = Cells::new();
    let mut put = |r: u32, c: u32, x: &Value| -> Result<(), ToolError> {
        if x.is_object() || x.is_array() {
            return Err(bad("a cell must be text, a number, a boolean or null"));
        }
        if !(1..=1_048_576).contains(&r) {
            return Err(bad("rows run from 1 to 1048576"));
        }
        if !x.is_null() {
            cells.insert((r, c), x.clone());
        }
        Ok(())
    };
    match &v {
        Value::Array(rows) => {
            for (ri, row) in rows.iter().enumerate() {
                let row = row
                    .as_array()
                    .ok_or_else(|| bad("each row must be an array"))?;
                if row.len() > 16_384 {
                    return Err(bad("a row has at most 16384 cells"));
                }
                for (ci, x) in row.iter().enumerate() {
                    put(ri as u32 + 1, ci as u32 + 1, x)?;
                }
            }
        }
        Value::Object(rows) => {
            for (rk, cols) in rows {
                let r: u32 = rk
                    .trim()
                    .parse()
                    .map_err(|_| bad("row keys are numbers from 1"))?;
                let cols = cols
                    .as_object()
                    .ok_or_else(|| bad("each row must map column letters to values"))?;
                for (ck, x) in cols {
                    let c =
                        column_number(ck).ok_or_else(|| bad("column keys are letters A to XFD"))?;
                    put(r, c, x)?;
                }
            }
        }
        _ => return Err(bad("got neither an array nor an object")),
    }
    Ok(cells)
}

/// Text as XML character data: escaped, and without the control characters XML forbids.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 => {}
            c => out.push(c),
        }
    }
    out
}

fn cell_xml(r: u32, c: u32, v: &Value) -> String {
    let at = format!("{}{r}", letters(c));
    match v {
        Value::Number(n) => format!("<c r=\"{at}\"><v>{n}</v></c>"),
        Value::Bool(b) => format!("<c r=\"{at}\" t=\"b\"><v>{}</v></c>", u8::from(*b)),
        Value::String(s) => match s.strip_prefix('=') {
            Some(f) if !f.is_empty() => format!("<c r=\"{at}\"><f>{}</f></c>", xml(f)),
            _ => format!(
                "<c r=\"{at}\" t=\"inlineStr\"><is><t xml:space=\"preserve\">{}</t></is></c>",
                xml(s)
            ),
        },
        _ => String::new(),
    }
}

fn sheet_xml(cells: &Cells) -> String {
    let mut rows = String::new();
    let mut current: Option<u32> = None;
    for ((r, c), v) in cells {
        if current != Some(*r) {
            if current.is_some() {
                rows.push_str("</row>");
            }
            rows.push_str(&format!("<row r=\"{r}\">"));
            current = Some(*r);
        }
        rows.push_str(&cell_xml(*r, *c, v));
    }
    if current.is_some() {
        rows.push_str("</row>");
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<worksheet xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\"><sheetData>{rows}</sheetData></worksheet>"
    )
}

/// The .xlsx bytes of a workbook with one worksheet `sheet` holding `cells`.
pub fn build(sheet: &str, cells: &Cells) -> Result<Vec<u8>, ToolError> {
    let parts: [(&str, String); 5] = [
        ("[Content_Types].xml", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>".to_owned()),
        ("_rels/.rels", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>".to_owned()),
        ("xl/workbook.xml", format!("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<workbook xmlns=\"http://schemas.openxmlformats.org/spreadsheetml/2006/main\" xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"><sheets><sheet name=\"{}\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>", xml(sheet))),
        ("xl/_rels/workbook.xml.rels", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>".to_owned()),
        ("xl/worksheets/sheet1.xml", sheet_xml(cells)),
    ];
    let fail = |e: &dyn std::fmt::Display| {
        ToolError::transport(format!("building the workbook failed: {e}"))
    };
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for (name, body) in parts {
        w.start_file(name, opts).map_err(|e| fail(&e))?;
        w.write_all(body.as_bytes()).map_err(|e| fail(&e))?;
    }
    Ok(w.finish().map_err(|e| fail(&e))?.into_inner())
}

/// A worksheet name Excel accepts: 1-31 characters, none of `: \ / ? * [ ]`, not starting or
/// ending with `'`.
pub fn sheet_name<'a>(name: &'a str, arg: &str) -> Result<&'a str, ToolError> {
    let n = name.trim();
    let ok = !n.is_empty()
        && n.chars().count() <= 31
        && !n
            .chars()
            .any(|c| matches!(c, ':' | '\\' | '/' | '?' | '*' | '[' | ']') || c.is_control())
        && !n.starts_with('\'')
        && !n.ends_with('\'');
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` must be 1 to 31 characters without : \\ / ? * [ ] (got {n:?})"
        )));
    }
    Ok(n)
}
