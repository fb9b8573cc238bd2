//! A workbook of the workspace: read through the jail into memory, parsed by umya-spreadsheet,
//! changed, serialised in memory and written back through the jail (a new file renamed into
//! place). umya never sees a host path. Cell addresses and ranges are parsed here, strictly,
//! with messages that name the argument.

use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};

use mcp_shared::workspace::Workspace;
use mcp_shared::{Ctx, ToolError};
use umya_spreadsheet::{Spreadsheet, Worksheet};

use crate::keep;

/// Excel's last column (XFD) and row.
pub const MAX_COL: u32 = 16_384;
pub const MAX_ROW: u32 = 1_048_576;
/// Most bytes the parts of a package may hold once unpacked (a zip bomb is refused).
const MAX_UNPACKED: u64 = 512 * 1024 * 1024;
/// Most parts in a package.
const MAX_PARTS: usize = 10_000;

/// Read the workbook `filepath` (the argument `arg`) of the workspace.
pub fn load(ws: &Workspace, arg: &str, filepath: &str) -> Result<Spreadsheet, ToolError> {
    let p = ws.path(arg, filepath)?;
    check_extension(arg, filepath)?;
    let bytes = ws.read(arg, &p)?;
    parse(arg, filepath, bytes)
}

/// Parse the bytes of a workbook.
pub fn parse(arg: &str, filepath: &str, bytes: Vec<u8>) -> Result<Spreadsheet, ToolError> {
    if mcp_vendor_office::is_ole_compound_file(&bytes) {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` {filepath} is an encrypted (password-protected) workbook or a legacy .xls file: \
             this server reads only unencrypted .xlsx."
        ))
        .with_hint("save it without a password as .xlsx (Excel Workbook) first."));
    }
    if !bytes.starts_with(b"PK") {
        return Err(not_a_workbook(arg, filepath, "it is not a zip package"));
    }
    check_package(arg, filepath, &bytes)?;
    let parsed = catch_unwind(AssertUnwindSafe(|| {
        umya_spreadsheet::reader::xlsx::read_reader(Cursor::new(bytes), true)
    }));
    match parsed {
        Ok(Ok(book)) if book.get_sheet_count() > 0 => Ok(book),
        Ok(Ok(_)) => Err(not_a_workbook(arg, filepath, "it has no worksheet")),
        Ok(Err(e)) => Err(not_a_workbook(arg, filepath, &e.to_string())),
        Err(_) => Err(not_a_workbook(
            arg,
            filepath,
            "its XML parts could not be parsed",
        )),
    }
}

fn not_a_workbook(arg: &str, filepath: &str, why: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "`{arg}` {filepath} is not a readable .xlsx workbook ({why})."
    ))
    .with_hint("check the file; a corrupt or truncated file cannot be opened.")
}

/// The zip directory's own sizes: refuse a package that unpacks to more than the cap.
fn check_package(arg: &str, filepath: &str, bytes: &[u8]) -> Result<(), ToolError> {
    let entries = zip_entries(bytes);
    let Some((count, total)) = entries else {
        return Err(not_a_workbook(
            arg,
            filepath,
            "its zip directory cannot be read",
        ));
    };
    if count > MAX_PARTS {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` {filepath} holds {count} parts, over the cap of {MAX_PARTS}."
        )));
    }
    if total > MAX_UNPACKED {
        return Err(ToolError::invalid_input(format!(
            "`{arg}` {filepath} unpacks to {total} bytes, over the cap of {MAX_UNPACKED} bytes."
        )));
    }
    Ok(())
}

/// The number of entries and their declared uncompressed size, from the zip's central
/// directory (read by hand: the end record, then each header).
fn zip_entries(b: &[u8]) -> Option<(usize, u64)> {
    zip_directory(b).map(|(names, total)| (names.len(), total))
}

/// The part names of a package and their declared uncompressed size.
fn zip_directory(b: &[u8]) -> Option<(Vec<String>, u64)> {
    let le16 = |at: usize| -> Option<u64> {
        let s = b.get(at..at + 2)?;
        Some(u64::from(u16::from_le_bytes([s[0], s[1]])))
    };
    let le32 = |at: usize| -> Option<u64> {
        let s = b.get(at..at + 4)?;
        Some(u64::from(u32::from_le_bytes([s[0], s[1], s[2], s[3]])))
    };
    let min = b.len().saturating_sub(22 + 65_535);
    let eocd = (min..=b.len().saturating_sub(22))
        .rev()
        .find(|&i| b.get(i..i + 4) == Some(&[0x50, 0x4b, 0x05, 0x06]))?;
    let count = usize::try_from(le16(eocd + 10)?).ok()?;
    let mut at = usize::try_from(le32(eocd + 16)?).ok()?;
    let mut total = 0u64;
    let mut names = Vec::with_capacity(count.min(MAX_PARTS + 1));
    for _ in 0..count {
        if b.get(at..at + 4) != Some(&[0x50, 0x4b, 0x01, 0x02]) {
            return None;
        }
        let size = le32(at + 24)?;
        // ZIP64 sizes are marked 0xFFFFFFFF: count them as over any cap.
        total = total.saturating_add(if size == 0xFFFF_FFFF { u64::MAX } else { size });
        let name = usize::try_from(le16(at + 28)?).ok()?;
        let extra = usize::try_from(le16(at + 30)?).ok()?;
        let comment = usize::try_from(le16(at + 32)?).ok()?;
        if names.len() <= MAX_PARTS {
            let raw = b.get(at + 46..at + 46 + name)?;
            names.push(String::from_utf8_lossy(raw).into_owned());
        }
        at = at.checked_add(46 + name + extra + comment)?;
    }
    let _ = count;
    Some((names, total))
}

/// Serialise `book` and write it to `filepath` through the jail.
pub fn save(
    ws: &Workspace,
    arg: &str,
    filepath: &str,
    book: &Spreadsheet,
) -> Result<(), ToolError> {
    let p = ws.path(arg, filepath)?;
    check_extension(arg, filepath)?;
    let bytes = serialise(book)?;
    ws.write(arg, &p, &bytes)?;
    Ok(())
}

/// The bytes of `book` as an .xlsx package.
pub fn serialise(book: &Spreadsheet) -> Result<Vec<u8>, ToolError> {
    let mut out = Vec::new();
    let written = catch_unwind(AssertUnwindSafe(|| {
        umya_spreadsheet::writer::xlsx::write_writer(book, &mut out)
    }));
    match written {
        Ok(Ok(())) => Ok(out),
        Ok(Err(e)) => Err(ToolError::new(
            mcp_shared::ErrorKind::Internal,
            format!("the workbook could not be written: {e}"),
        )),
        Err(_) => Err(ToolError::new(
            mcp_shared::ErrorKind::Internal,
            "the workbook could not be written (the library failed on one of its parts)",
        )),
    }
}

fn check_extension(arg: &str, filepath: &str) -> Result<(), ToolError> {
    let lower = filepath.to_ascii_lowercase();
    if lower.ends_with(".xlsx") || lower.ends_with(".xlsm") {
        Ok(())
    } else {
        Err(ToolError::invalid_input(format!(
            "`{arg}` {filepath}: this server reads and writes Excel workbooks, whose names end in .xlsx (or .xlsm)."
        )))
    }
}

/// Load, change and save a workbook, off the async runtime; `f` returns the tool's answer.
pub async fn edit<T, F>(ctx: &Ctx, filepath: String, f: F) -> Result<T, ToolError>
where
    T: Send + 'static,
    F: FnOnce(&mut Spreadsheet) -> Result<T, ToolError> + Send + 'static,
{
    edit_inner(ctx, filepath, None, f).await
}

/// As [`edit`], for an edit that moves the cells of `sheet` (rows or columns inserted or
/// deleted): refused when a drawing this server carries without reading it depends on them.
pub async fn edit_shifting<T, F>(
    ctx: &Ctx,
    filepath: String,
    sheet: String,
    f: F,
) -> Result<T, ToolError>
where
    T: Send + 'static,
    F: FnOnce(&mut Spreadsheet) -> Result<T, ToolError> + Send + 'static,
{
    edit_inner(ctx, filepath, Some(sheet), f).await
}

async fn edit_inner<T, F>(
    ctx: &Ctx,
    filepath: String,
    shifting: Option<String>,
    f: F,
) -> Result<T, ToolError>
where
    T: Send + 'static,
    F: FnOnce(&mut Spreadsheet) -> Result<T, ToolError> + Send + 'static,
{
    Workspace::of(ctx)?
        .run(move |ws| {
            let p = ws.path("filepath", &filepath)?;
            check_extension("filepath", &filepath)?;
            let bytes = ws.read("filepath", &p)?;
            let before = zip_directory(&bytes).map(|(n, _)| n).unwrap_or_default();
            let original = keep::original(&bytes, &filepath, &before);
            let mut book = parse("filepath", &filepath, bytes)?;
            // What the library keeps of the file when nothing is changed, with the drawings
            // it drops carried over: a part still missing would be lost by any edit.
            let untouched = serialise(&book)?;
            let ids = sheet_ids(&book);
            // A drawing that cannot be planned or carried (a part that is not well-formed XML,
            // say) is not carried: the check below then refuses the edit, as it did before.
            let carried = original.as_ref().and_then(|o| {
                keep::plan(o, &filepath, &untouched)
                    .ok()
                    .filter(|plan| !plan.is_empty())
                    .map(|plan| (o, plan))
            });
            let trial = carried
                .as_ref()
                .and_then(|(o, plan)| keep::apply(o, plan, &filepath, &untouched, &ids, &ids).ok());
            let carried = carried.filter(|_| trial.is_some());
            let after: Vec<String> = match &trial {
                Some(pkg) => pkg.names().map(str::to_owned).collect(),
                None => zip_directory(&untouched)
                    .map(|(n, _)| n)
                    .unwrap_or_default(),
            };
            keeps_parts(&filepath, &before, &after)?;
            if let (Some((o, plan)), Some(sheet)) = (&carried, &shifting) {
                plan.check_shift(o, &filepath, sheet)?;
            }
            let out = f(&mut book)?;
            let mut written = serialise(&book)?;
            if let Some((o, plan)) = &carried {
                written =
                    keep::apply(o, plan, &filepath, &written, &ids, &sheet_ids(&book))?.write()?;
            }
            ws.write("filepath", &p, &written)?;
            Ok(out)
        })
        .await
}

/// The sheets of a book as (name, id): a sheet renamed keeps its id.
fn sheet_ids(book: &Spreadsheet) -> Vec<(String, String)> {
    book.get_sheet_collection_no_check()
        .iter()
        .map(|s| (s.get_name().to_owned(), s.get_sheet_id().to_owned()))
        .collect()
}

/// The kinds of package parts whose loss an edit must never hide.
const KEPT: &[(&str, &str)] = &[
    ("xl/charts/chart", "chart"),
    ("xl/drawings/drawing", "drawing"),
    ("xl/media/", "picture"),
    ("xl/tables/", "table"),
    ("xl/pivotTables/", "pivot table"),
    ("xl/pivotCache/", "pivot cache"),
    ("xl/comments", "comment"),
    ("xl/vbaProject", "macro project"),
    ("xl/externalLinks/", "external link"),
];

/// Refuse to write a workbook that lost parts the library could not read (for example a
/// chart anchored in a way umya-spreadsheet does not read): the file stays as it was.
fn keeps_parts(filepath: &str, before: &[String], after: &[String]) -> Result<(), ToolError> {
    let count =
        |names: &[String], prefix: &str| names.iter().filter(|n| n.starts_with(prefix)).count();
    let lost: Vec<String> = KEPT
        .iter()
        .filter_map(|(prefix, what)| {
            let (b, a) = (count(before, prefix), count(after, prefix));
            (a < b).then(|| format!("{} {what} part(s)", b - a))
        })
        .collect();
    if lost.is_empty() {
        return Ok(());
    }
    Err(ToolError::invalid_input(format!(
        "{filepath} was not changed: writing it back would drop {} that this server cannot read \
         (written by another program in a form umya-spreadsheet does not load).",
        lost.join(", ")
    ))
    .with_hint("edit this workbook with Excel or LibreOffice, or copy its data to a new workbook."))
}

/// Load a workbook and read from it, off the async runtime.
pub async fn view<T, F>(ctx: &Ctx, filepath: String, f: F) -> Result<T, ToolError>
where
    T: Send + 'static,
    F: FnOnce(&Spreadsheet, &Workspace) -> Result<T, ToolError> + Send + 'static,
{
    Workspace::of(ctx)?
        .run(move |ws| {
            let book = load(ws, "filepath", &filepath)?;
            f(&book, ws)
        })
        .await
}

/// The names of the sheets, for messages.
pub fn sheet_names(book: &Spreadsheet) -> String {
    book.get_sheet_collection_no_check()
        .iter()
        .map(|s| format!("'{}'", s.get_name()))
        .collect::<Vec<_>>()
        .join(", ")
}

fn no_sheet(book: &Spreadsheet, arg: &str, name: &str) -> ToolError {
    ToolError::invalid_input(format!(
        "`{arg}`: the workbook has no sheet '{name}'; its sheets are {}.",
        sheet_names(book)
    ))
}

pub fn sheet<'a>(book: &'a Spreadsheet, arg: &str, name: &str) -> Result<&'a Worksheet, ToolError> {
    book.get_sheet_by_name(name)
        .ok_or_else(|| no_sheet(book, arg, name))
}

pub fn sheet_mut<'a>(
    book: &'a mut Spreadsheet,
    arg: &str,
    name: &str,
) -> Result<&'a mut Worksheet, ToolError> {
    if book.get_sheet_by_name(name).is_none() {
        return Err(no_sheet(book, arg, name));
    }
    book.get_sheet_by_name_mut(name)
        .ok_or_else(|| ToolError::invalid_input(format!("no sheet '{name}'")))
}

/// Excel's rules for a sheet name.
pub fn check_sheet_name(arg: &str, name: &str) -> Result<(), ToolError> {
    let bad = |why: &str| {
        Err(ToolError::invalid_input(format!(
            "`{arg}` '{name}' is not a valid sheet name: {why}."
        )))
    };
    if name.trim().is_empty() {
        return bad("it is empty");
    }
    if name.chars().count() > 31 {
        return bad("a sheet name has at most 31 characters");
    }
    if let Some(c) = name.chars().find(|c| ":\\/?*[]".contains(*c)) {
        return bad(&format!(
            "it contains `{c}` (none of : \\ / ? * [ ] may be used)"
        ));
    }
    if name.starts_with('\'') || name.ends_with('\'') {
        return bad("it may not begin or end with an apostrophe");
    }
    if name.eq_ignore_ascii_case("history") {
        return bad("Excel reserves 'History'");
    }
    Ok(())
}

/// True when a sheet of that name exists (Excel compares names without case).
pub fn has_sheet(book: &Spreadsheet, name: &str) -> bool {
    book.get_sheet_collection_no_check()
        .iter()
        .any(|s| s.get_name().to_lowercase() == name.to_lowercase())
}

/// A cell: column and row, both from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    pub col: u32,
    pub row: u32,
}

impl Cell {
    pub fn a1(self) -> String {
        format!("{}{}", col_name(self.col), self.row)
    }

    pub fn pos(self) -> (u32, u32) {
        (self.col, self.row)
    }
}

/// A rectangle of cells, `start` top-left and `end` bottom-right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Range {
    pub start: Cell,
    pub end: Cell,
}

impl Range {
    pub fn a1(self) -> String {
        if self.start == self.end {
            self.start.a1()
        } else {
            format!("{}:{}", self.start.a1(), self.end.a1())
        }
    }

    pub fn rows(self) -> u32 {
        self.end.row - self.start.row + 1
    }

    pub fn cols(self) -> u32 {
        self.end.col - self.start.col + 1
    }

    pub fn cells(self) -> u64 {
        u64::from(self.rows()) * u64::from(self.cols())
    }

    pub fn contains(self, c: Cell) -> bool {
        (self.start.col..=self.end.col).contains(&c.col)
            && (self.start.row..=self.end.row).contains(&c.row)
    }

    pub fn overlaps(self, o: Range) -> bool {
        self.start.col <= o.end.col
            && o.start.col <= self.end.col
            && self.start.row <= o.end.row
            && o.start.row <= self.end.row
    }

    /// `$A$1:$B$2`, for chart and table references.
    pub fn absolute(self) -> String {
        format!(
            "${}${}:${}${}",
            col_name(self.start.col),
            self.start.row,
            col_name(self.end.col),
            self.end.row
        )
    }
}

/// `A`, `Z`, `AA`, ... for a column from 1.
pub fn col_name(mut col: u32) -> String {
    let mut out = Vec::new();
    while col > 0 {
        let rem = (col - 1) % 26;
        out.push(char::from(b'A' + u8::try_from(rem).unwrap_or(0)));
        col = (col - 1) / 26;
    }
    out.iter().rev().collect()
}

/// The column number of `AB` (letters only, any case), if within Excel's columns.
pub fn col_number(letters: &str) -> Option<u32> {
    if letters.is_empty() || letters.len() > 3 || !letters.chars().all(|c| c.is_ascii_alphabetic())
    {
        return None;
    }
    let mut n: u32 = 0;
    for c in letters.chars() {
        let d = u32::from(c.to_ascii_uppercase()) - u32::from('A') + 1;
        n = n * 26 + d;
    }
    (1..=MAX_COL).contains(&n).then_some(n)
}

/// Parse `A1` (or `$A$1`, any case) given as the argument `arg`.
pub fn parse_cell(arg: &str, s: &str) -> Result<Cell, ToolError> {
    let t = s.trim().replace('$', "");
    let split = t.find(|c: char| c.is_ascii_digit()).unwrap_or(t.len());
    let (letters, digits) = t.split_at(split);
    let bad = |why: String| {
        ToolError::invalid_input(format!(
            "`{arg}` '{s}' is not a cell address: {why}; write a column of letters and a row number, like A1 or XFD1048576."
        ))
    };
    let col = col_number(letters).ok_or_else(|| {
        if letters.is_empty() {
            bad("it has no column letters".to_owned())
        } else if letters.chars().all(|c| c.is_ascii_alphabetic()) {
            bad(format!("column {letters} is beyond the last column, XFD"))
        } else {
            bad("it has characters other than letters and digits".to_owned())
        }
    })?;
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(bad("it has no row number after the column".to_owned()));
    }
    let row: u32 = digits
        .parse()
        .ok()
        .filter(|r| (1..=MAX_ROW).contains(r))
        .ok_or_else(|| bad(format!("row {digits} is not between 1 and {MAX_ROW}")))?;
    Ok(Cell { col, row })
}

/// A range from a start cell and an optional end cell (in either order).
pub fn range_of(
    start_arg: &str,
    start: &str,
    end_arg: &str,
    end: Option<&str>,
) -> Result<Range, ToolError> {
    let a = parse_cell(start_arg, start)?;
    let b = match end {
        Some(e) if !e.trim().is_empty() => parse_cell(end_arg, e)?,
        _ => a,
    };
    Ok(normalise(a, b))
}

pub fn normalise(a: Cell, b: Cell) -> Range {
    Range {
        start: Cell {
            col: a.col.min(b.col),
            row: a.row.min(b.row),
        },
        end: Cell {
            col: a.col.max(b.col),
            row: a.row.max(b.row),
        },
    }
}

/// Parse `A1:B5` (or a single cell), optionally prefixed by a sheet (`Sheet1!A1:B5`,
/// `'My sheet'!A1:B5`): the sheet, if any, and the range.
pub fn parse_range(arg: &str, s: &str) -> Result<(Option<String>, Range), ToolError> {
    let s = s.trim();
    let (sheet, rest) = match s.rsplit_once('!') {
        Some((sh, r)) => {
            let sh = sh
                .strip_prefix('\'')
                .and_then(|x| x.strip_suffix('\''))
                .map(|x| x.replace("''", "'"))
                .unwrap_or_else(|| sh.to_owned());
            (Some(sh), r)
        }
        None => (None, s),
    };
    let range = match rest.split_once(':') {
        Some((a, b)) => normalise(parse_cell(arg, a)?, parse_cell(arg, b)?),
        None => {
            let c = parse_cell(arg, rest)?;
            Range { start: c, end: c }
        }
    };
    Ok((sheet, range))
}

/// `'Sheet name'!` quoted as a formula needs it.
pub fn quoted_sheet(name: &str) -> String {
    if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit())
    {
        name.to_owned()
    } else {
        format!("'{}'", name.replace('\'', "''"))
    }
}

/// The used area of a sheet (A1 for an empty one).
pub fn used_range(sheet: &Worksheet) -> Range {
    let (col, row) = sheet.get_highest_column_and_row();
    Range {
        start: Cell { col: 1, row: 1 },
        end: Cell {
            col: col.max(1),
            row: row.max(1),
        },
    }
}

/// A positive count argument within `max`.
pub fn count_arg(arg: &str, n: u64, max: u32) -> Result<u32, ToolError> {
    u32::try_from(n)
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            ToolError::invalid_input(format!("`{arg}` must be between 1 and {max}, not {n}."))
        })
}
