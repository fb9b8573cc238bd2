//! A1 notation, as the Sheets API reads it: parsed and checked before any request, so that a
//! malformed range is a clear error instead of Google's "Unable to parse range", and printed
//! back in a canonical form (sheet names quoted where needed, `'` doubled inside quotes).
//!
//! Accepted forms (`Sheet1!` or `'My Sheet'!` may prefix any cell form):
//!
//! | form | meaning |
//! |---|---|
//! | `B7` | one cell |
//! | `A1:C10` | a rectangle |
//! | `B2:D` | columns B to D from row 2 down |
//! | `A:C` | whole columns |
//! | `1:3` | whole rows |
//! | `Sheet1`, `'My Sheet'` | a whole sheet |
//! | `Totals` | a named range (or a sheet: bare names are both, as for Google) |
//!
//! Sheet names with spaces or punctuation are quoted (`'Q1 Sales'!A1`), an apostrophe inside
//! a quoted name is doubled (`'Bob''s data'!A1`); an unquoted name before `!` is accepted too
//! (`Sheet 1!B2:D`) and quoted when printed. Google's own example `'Jon's_Data'!A1:D5` (an
//! undoubled apostrophe that is not followed by `!` or the end) is read as Google reads it.
//! `$` (absolute) markers are accepted and dropped. R1C1 notation (`R1C1`, `R[1]C[-1]`) is not
//! supported: it is refused with a message that says how to write the range in A1 notation.

use std::fmt;

/// The last column of a Google sheet (ZZZ).
pub const MAX_COLUMN: u32 = 18_278;
/// A spreadsheet holds at most 10 million cells, so no row number goes beyond this.
pub const MAX_ROW: u32 = 10_000_000;

/// A range in A1 notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum A1 {
    /// A whole sheet (`'My Sheet'`, `Sheet1`) or, when unquoted, possibly a named range.
    Name { name: String, quoted: bool },
    /// Cells, on a named sheet or (without one) on the first visible sheet.
    Cells { sheet: Option<String>, cells: Cells },
}

/// A cell reference: 1-based column and row, either of which may be absent (`A`, `5`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ref {
    pub col: Option<u32>,
    pub row: Option<u32>,
}

/// The cell part of a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cells {
    /// `B7`
    Cell { col: u32, row: u32 },
    /// `A1:C10`
    Area { start: (u32, u32), end: (u32, u32) },
    /// `B2:D`: columns B..D from row 2 on.
    OpenRows { start: (u32, u32), end_col: u32 },
    /// `A:C`
    Columns { start: u32, end: u32 },
    /// `1:3`
    Rows { start: u32, end: u32 },
}

/// Zero-based, half-open bounds (what a Sheets `GridRange` holds); `None` is unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bounds {
    pub start_row: Option<u32>,
    pub end_row: Option<u32>,
    pub start_col: Option<u32>,
    pub end_col: Option<u32>,
}

/// Column letters (`A`, `AZ`, `ZZZ`) to a 1-based index.
pub fn col_index(letters: &str) -> Option<u32> {
    if letters.is_empty() || letters.len() > 3 {
        return None;
    }
    letters.chars().try_fold(0u32, |n, c| {
        c.is_ascii_alphabetic()
            .then(|| n * 26 + (c.to_ascii_uppercase() as u32 - 'A' as u32 + 1))
    })
}

/// A 1-based column index to its letters (1 → `A`, 27 → `AA`).
pub fn col_letters(mut n: u32) -> String {
    let mut out = Vec::new();
    while n > 0 {
        let rem = (n - 1) % 26;
        out.push(char::from(b'A' + rem as u8));
        n = (n - 1) / 26;
    }
    out.iter().rev().collect()
}

/// `1-3 letters` then digits, nothing else (`A1`, `xfd20`): what Google reads as a cell.
#[allow(
    clippy::string_slice,
    reason = "A1 parsing: indices count ASCII letters and digits or come from `char_indices`: character boundaries"
)]
fn cell_like(s: &str) -> bool {
    let letters = s.chars().take_while(char::is_ascii_alphabetic).count();
    let rest = &s[letters..];
    (1..=3).contains(&letters) && !rest.is_empty() && rest.chars().all(|c| c.is_ascii_digit())
}

/// `R1C1`, `R[2]C[-1]`, `R1C`, `RC[3]` (but not `RC1`, which is cell RC1).
fn is_r1c1(s: &str) -> bool {
    #[allow(
        clippy::string_slice,
        reason = "A1 parsing: indices count ASCII letters and digits or come from `char_indices`: character boundaries"
    )]
    fn index(s: &str) -> (bool, &str) {
        if let Some(rest) = s.strip_prefix('[') {
            return match rest.find(']') {
                Some(end) => (true, &rest[end + 1..]),
                None => (false, s),
            };
        }
        let n = s.chars().take_while(char::is_ascii_digit).count();
        (n > 0, &s[n..])
    }
    let u = s.to_ascii_uppercase();
    let Some(rest) = u.strip_prefix('R') else {
        return false;
    };
    let (row, rest) = index(rest);
    let Some(rest) = rest.strip_prefix('C') else {
        return false;
    };
    let (col, rest) = index(rest);
    rest.is_empty() && (row || col) && !cell_like(s)
}

const R1C1: &str =
    "R1C1 notation is not supported: use A1 notation (R2C3 is C2, R1C1:R10C3 is A1:C10)";

/// Whether a sheet name must be quoted in a range: anything but a plain identifier, and
/// names Google would read as a cell (`Q4`) or in R1C1 (`R1C1`).
pub fn needs_quotes(name: &str) -> bool {
    let plain = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    !plain || cell_like(name) || is_r1c1(name)
}

/// A sheet name as it goes before `!`: quoted (with `'` doubled) when needed.
pub fn sheet_ref(name: &str) -> String {
    if needs_quotes(name) {
        format!("'{}'", name.replace('\'', "''"))
    } else {
        name.to_owned()
    }
}

/// The range of one cell on a sheet (`'My Sheet'!C5`), or on the first visible sheet.
pub fn cell_range(sheet: Option<&str>, col: u32, row: u32) -> String {
    let cell = Cells::Cell { col, row };
    match sheet {
        Some(s) => format!("{}!{cell}", sheet_ref(s)),
        None => cell.to_string(),
    }
}

/// Parse and check a range. The error says what is wrong and how to write it.
pub fn parse(input: &str) -> Result<A1, String> {
    let s = input.trim();
    if s.is_empty() {
        return Err("the range is empty".into());
    }
    if s.chars().any(char::is_control) {
        return Err("the range contains a line break or another control character".into());
    }
    if let Some(rest) = s.strip_prefix('\'') {
        let (name, after) = quoted_name(rest)?;
        if name.is_empty() {
            return Err("the sheet name between the quotes is empty".into());
        }
        return match after.strip_prefix('!') {
            None => Ok(A1::Name { name, quoted: true }),
            Some(cells) => Ok(A1::Cells {
                sheet: Some(name),
                cells: parse_cells(cells)?,
            }),
        };
    }
    if let Some((sheet, cells)) = s.split_once('!') {
        if sheet.trim().is_empty() {
            return Err("nothing before `!`: give the sheet name, e.g. Sheet1!A1".into());
        }
        if sheet.ends_with('\'') {
            return Err(format!(
                "the sheet name `{sheet}` ends with ' but does not start with one: quote the whole name, e.g. 'My Sheet'!A1"
            ));
        }
        return Ok(A1::Cells {
            sheet: Some(sheet.to_owned()),
            cells: parse_cells(cells)?,
        });
    }
    if s.contains(':') || s.contains('$') {
        return Ok(A1::Cells {
            sheet: None,
            cells: parse_cells(s)?,
        });
    }
    if is_r1c1(s) {
        return Err(R1C1.into());
    }
    if s.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!(
            "`{s}` alone is a row number: write a whole row as {s}:{s}"
        ));
    }
    if s.starts_with(|c: char| c.is_ascii_digit()) && s.chars().all(|c| c.is_ascii_alphanumeric()) {
        // `1A`: no named range starts with a digit, and a sheet so named needs quotes.
        return Err(format!(
            "`{s}` is not a cell reference: write column letters then a row number, like B7 (to mean a sheet named `{s}`, quote it: '{s}')"
        ));
    }
    if cell_like(s) {
        return parse_cells(s)
            .map(|cells| A1::Cells { sheet: None, cells })
            .map_err(|e| format!("{e} (to mean a sheet named `{s}`, quote it: '{s}')"));
    }
    Ok(A1::Name {
        name: s.to_owned(),
        quoted: false,
    })
}

/// The name after an opening `'`, up to the closing one (followed by `!` or the end); `''`
/// is an apostrophe. Returns the name and what follows the closing quote.
#[allow(
    clippy::string_slice,
    reason = "A1 parsing: indices count ASCII letters and digits or come from `char_indices`: character boundaries"
)]
fn quoted_name(rest: &str) -> Result<(String, &str), String> {
    let mut name = String::new();
    let mut it = rest.char_indices().peekable();
    while let Some((_, c)) = it.next() {
        if c != '\'' {
            name.push(c);
            continue;
        }
        match it.peek() {
            Some((_, '\'')) => {
                name.push('\'');
                it.next();
            }
            None => return Ok((name, "")),
            Some((j, '!')) => return Ok((name, &rest[*j..])),
            // Not closing (Google reads `'Jon's_Data'!A1` so): a literal apostrophe.
            Some(_) => name.push('\''),
        }
    }
    Err("the quote before the sheet name is not closed: write 'My Sheet'!A1, with an apostrophe inside the name doubled ('Bob''s data'!A1)".into())
}

fn parse_cells(s: &str) -> Result<Cells, String> {
    let s = s.replace('$', "");
    let s = s.trim();
    if s.is_empty() {
        return Err(
            "no cells after `!`: give cells like A1:C10, or leave out the `!` to mean the whole sheet"
                .into(),
        );
    }
    let parts: Vec<&str> = s.split(':').map(str::trim).collect();
    if parts.iter().any(|p| is_r1c1(p)) {
        return Err(R1C1.into());
    }
    match parts.as_slice() {
        [one] => match parse_ref(one)? {
            Ref {
                col: Some(col),
                row: Some(row),
            } => Ok(Cells::Cell { col, row }),
            Ref { col: Some(_), .. } => Err(format!(
                "`{one}` alone is a column: write a whole column as {one}:{one}"
            )),
            _ => Err(format!(
                "`{one}` alone is a row number: write a whole row as {one}:{one}"
            )),
        },
        ["", _] => Err("the range starts with `:`: give its first cell, e.g. A1:C10".into()),
        [_, ""] => Err("the range ends with `:`: give its last cell, e.g. A1:C10".into()),
        [a, b] => combine(parse_ref(a)?, parse_ref(b)?, a, b),
        _ => Err(
            "a range has one `:` (A1:C10); several areas at once are not supported, give one range"
                .into(),
        ),
    }
}

#[allow(
    clippy::string_slice,
    reason = "A1 parsing: indices count ASCII letters and digits or come from `char_indices`: character boundaries"
)]
fn parse_ref(p: &str) -> Result<Ref, String> {
    let letters = p.chars().take_while(char::is_ascii_alphabetic).count();
    let digits = p[letters..]
        .chars()
        .take_while(char::is_ascii_digit)
        .count();
    if letters + digits == 0 || letters + digits != p.len() {
        return Err(format!(
            "`{p}` is not a cell reference: write column letters then a row number, like B7"
        ));
    }
    let col = if letters > 0 {
        let l = p[..letters].to_ascii_uppercase();
        match col_index(&l) {
            Some(c) => Some(c),
            None => {
                return Err(format!(
                    "column `{l}` is past the last column of a sheet, ZZZ"
                ));
            }
        }
    } else {
        None
    };
    let row = if digits > 0 {
        let d = &p[letters..];
        match d.parse::<u64>() {
            Ok(0) => return Err(format!("row numbers start at 1 (`{p}`)")),
            Ok(n) if n <= u64::from(MAX_ROW) => Some(n as u32),
            _ => {
                return Err(format!(
                    "row {d} is past the last possible row ({MAX_ROW}: a spreadsheet holds at most 10 million cells)"
                ));
            }
        }
    } else {
        None
    };
    Ok(Ref { col, row })
}

fn combine(a: Ref, b: Ref, ta: &str, tb: &str) -> Result<Cells, String> {
    match (a.col, a.row, b.col, b.row) {
        (Some(c1), Some(r1), Some(c2), Some(r2)) => Ok(Cells::Area {
            start: (c1, r1),
            end: (c2, r2),
        }),
        (Some(c1), Some(r1), Some(c2), None) => Ok(Cells::OpenRows {
            start: (c1, r1),
            end_col: c2,
        }),
        (Some(c1), None, Some(c2), None) => Ok(Cells::Columns { start: c1, end: c2 }),
        (None, Some(r1), None, Some(r2)) => Ok(Cells::Rows { start: r1, end: r2 }),
        _ => Err(format!(
            "`{ta}:{tb}` mixes kinds of references: write cells as A1:C10, whole columns as A:C, whole rows as 1:3, or columns from a row down as A5:C"
        )),
    }
}

fn span(a: u32, b: u32) -> (Option<u32>, Option<u32>) {
    (Some(a.min(b) - 1), Some(a.max(b)))
}

impl Cells {
    /// Zero-based half-open bounds, as a Sheets `GridRange` holds them.
    pub fn bounds(&self) -> Bounds {
        let (rows, cols) = match *self {
            Cells::Cell { col, row } => (span(row, row), span(col, col)),
            Cells::Area { start, end } => (span(start.1, end.1), span(start.0, end.0)),
            Cells::OpenRows { start, end_col } => {
                ((Some(start.1 - 1), None), span(start.0, end_col))
            }
            Cells::Columns { start, end } => ((None, None), span(start, end)),
            Cells::Rows { start, end } => (span(start, end), (None, None)),
        };
        Bounds {
            start_row: rows.0,
            end_row: rows.1,
            start_col: cols.0,
            end_col: cols.1,
        }
    }

    /// The first cell's 1-based row, where the range has one.
    pub fn first_row(&self) -> Option<u32> {
        match *self {
            Cells::Cell { row, .. } => Some(row),
            Cells::Area { start, end } => Some(start.1.min(end.1)),
            Cells::OpenRows { start, .. } => Some(start.1),
            Cells::Rows { start, end } => Some(start.min(end)),
            Cells::Columns { .. } => Some(1),
        }
    }

    /// The first cell's 1-based column.
    pub fn first_col(&self) -> u32 {
        match *self {
            Cells::Cell { col, .. } => col,
            Cells::Area { start, end } => start.0.min(end.0),
            Cells::OpenRows { start, end_col } => start.0.min(end_col),
            Cells::Columns { start, end } => start.min(end),
            Cells::Rows { .. } => 1,
        }
    }
}

impl fmt::Display for Cells {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let l = |c: u32| col_letters(c);
        match *self {
            Cells::Cell { col, row } => write!(f, "{}{row}", l(col)),
            Cells::Area { start, end } => {
                write!(f, "{}{}:{}{}", l(start.0), start.1, l(end.0), end.1)
            }
            Cells::OpenRows { start, end_col } => {
                write!(f, "{}{}:{}", l(start.0), start.1, l(end_col))
            }
            Cells::Columns { start, end } => write!(f, "{}:{}", l(start), l(end)),
            Cells::Rows { start, end } => write!(f, "{start}:{end}"),
        }
    }
}

impl fmt::Display for A1 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            A1::Name { name, quoted } if *quoted || needs_quotes(name) => {
                write!(f, "'{}'", name.replace('\'', "''"))
            }
            A1::Name { name, .. } => f.write_str(name),
            A1::Cells {
                sheet: Some(s),
                cells,
            } => write!(f, "{}!{cells}", sheet_ref(s)),
            A1::Cells { sheet: None, cells } => write!(f, "{cells}"),
        }
    }
}

impl A1 {
    /// The sheet this range names, if it names one (a bare name may be a named range).
    pub fn sheet(&self) -> Option<&str> {
        match self {
            A1::Name { name, .. } => Some(name),
            A1::Cells { sheet, .. } => sheet.as_deref(),
        }
    }

    /// The cell part, if the range has one.
    pub fn cells(&self) -> Option<&Cells> {
        match self {
            A1::Cells { cells, .. } => Some(cells),
            A1::Name { .. } => None,
        }
    }
}
