//! Rows as a Markdown table, written by the CSV and the OOXML converters.

/// Rows as a Markdown table, the first row as its header.
pub fn table(rows: &[Vec<String>]) -> String {
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    if width == 0 {
        return String::new();
    }
    let cell = |s: &str| {
        s.trim()
            .replace('|', "\\|")
            .replace("\r\n", "<br>")
            .replace('\n', "<br>")
    };
    let line = |row: &[String]| {
        let mut l = String::from("|");
        for i in 0..width {
            l.push(' ');
            l.push_str(&cell(row.get(i).map_or("", String::as_str)));
            l.push_str(" |");
        }
        l
    };
    let mut out = vec![line(&rows[0])];
    out.push(format!("|{}", " --- |".repeat(width)));
    out.extend(rows[1..].iter().map(|r| line(r)));
    out.join("\n")
}
