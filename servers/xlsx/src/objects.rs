//! Charts, tables and pivot summaries.

use std::collections::BTreeMap;

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use umya_spreadsheet::drawing::charts::{CategoryAxisData, StringReference};
use umya_spreadsheet::drawing::spreadsheet::MarkerType;
use umya_spreadsheet::{
    CellRawValue, Chart, ChartType, Table, TableColumn, TableStyleInfo, Worksheet,
};

use crate::book::{
    self, Cell, MAX_COL, MAX_ROW, Range, check_sheet_name, has_sheet, parse_cell, parse_range,
    quoted_sheet, sheet, sheet_mut,
};

/// Most source cells a pivot summary reads.
const MAX_PIVOT_CELLS: u64 = 1_000_000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("create_chart", "Create chart", Effect::Write, create_chart).toolset("objects"),
        tool(
            "create_pivot_table",
            "Create pivot table",
            Effect::Destructive,
            create_pivot_table,
        )
        .toolset("objects"),
        tool("create_table", "Create table", Effect::Write, create_table).toolset("objects"),
    ]
}

/// Add a native Excel chart of `data_range`: with two or more columns the first holds the
/// categories (a scatter chart's x values), each other one a series, named by the first row
/// when it is text.
#[derive(Deserialize, JsonSchema)]
pub struct CreateChart {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet the chart goes on (and the data's sheet, unless data_range names one)
    sheet_name: String,
    /// The data, like A1:C10 or 'Other sheet'!A1:C10
    data_range: String,
    /// line, bar (vertical bars), column, barh (horizontal bars), pie, doughnut, scatter, area, radar
    chart_type: String,
    /// The chart's top-left cell, like E2
    target_cell: String,
    /// The chart's title
    #[serde(default)]
    title: String,
    /// The x axis title
    #[serde(default)]
    x_axis: String,
    /// The y axis title
    #[serde(default)]
    y_axis: String,
}

fn chart_type(s: &str) -> Result<ChartType, ToolError> {
    Ok(match s.trim().to_ascii_lowercase().as_str() {
        "line" => ChartType::LineChart,
        "bar" | "column" | "barh" => ChartType::BarChart,
        "pie" => ChartType::PieChart,
        "doughnut" => ChartType::DoughnutChart,
        "scatter" => ChartType::ScatterChart,
        "area" => ChartType::AreaChart,
        "radar" => ChartType::RadarChart,
        other => {
            return Err(ToolError::invalid_input(format!(
                "`chart_type` '{other}' is not one of: line, bar, column, barh, pie, doughnut, scatter, area, radar."
            )));
        }
    })
}

fn is_text(s: &Worksheet, at: Cell) -> bool {
    s.get_cell(at.pos()).is_some_and(|c| {
        matches!(
            c.get_raw_value(),
            CellRawValue::String(_) | CellRawValue::RichText(_) | CellRawValue::Lazy(_)
        ) && !c.is_formula()
    })
}

async fn create_chart(ctx: Ctx, a: CreateChart) -> Result<String, ToolError> {
    let kind = chart_type(&a.chart_type)?;
    let horizontal = a.chart_type.trim().eq_ignore_ascii_case("barh");
    let (data_sheet, range) = parse_range("data_range", &a.data_range)?;
    let target = parse_cell("target_cell", &a.target_cell)?;
    book::edit(&ctx, a.filepath, move |b| {
        let data_sheet = data_sheet.unwrap_or_else(|| a.sheet_name.clone());
        sheet(b, "sheet_name", &a.sheet_name)?;
        let src = sheet(b, "data_range", &data_sheet)?;
        let multi = range.cols() > 1;
        let first_series_col = if multi {
            range.start.col + 1
        } else {
            range.start.col
        };
        let header = range.rows() > 1
            && (first_series_col..=range.end.col).all(|col| {
                is_text(
                    src,
                    Cell {
                        col,
                        row: range.start.row,
                    },
                )
            });
        let first_row = if header {
            range.start.row + 1
        } else {
            range.start.row
        };
        let prefix = quoted_sheet(&data_sheet);
        let column_ref = |col: u32| {
            Range {
                start: Cell {
                    col,
                    row: first_row,
                },
                end: Cell {
                    col,
                    row: range.end.row,
                },
            }
            .absolute()
        };
        let mut refs: Vec<String> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        for col in first_series_col..=range.end.col {
            if matches!(kind, ChartType::ScatterChart) {
                if !multi {
                    return Err(ToolError::invalid_input(
                        "a scatter chart needs two columns or more: x values first, then y values.",
                    ));
                }
                refs.push(format!("{prefix}!{}", column_ref(range.start.col)));
            }
            refs.push(format!("{prefix}!{}", column_ref(col)));
            if header {
                names.push(src.get_value((col, range.start.row)));
            }
        }
        let mut from = MarkerType::default();
        from.set_coordinate(target.a1());
        let mut to = MarkerType::default();
        to.set_coordinate(
            Cell {
                col: (target.col + 8).min(MAX_COL),
                row: (target.row + 15).min(MAX_ROW),
            }
            .a1(),
        );
        let mut chart = Chart::default();
        chart.new_chart(
            kind.clone(),
            from,
            to,
            refs.iter().map(String::as_str).collect(),
        );
        if !names.is_empty() {
            chart.set_series_title(names);
        }
        if multi && !matches!(kind, ChartType::ScatterChart) {
            let categories = format!("{prefix}!{}", column_ref(range.start.col));
            for series in chart
                .get_area_chart_series_list_mut()
                .get_area_chart_series_mut()
            {
                let mut sr = StringReference::default();
                sr.get_formula_mut().set_address_str(categories.clone());
                let mut cat = CategoryAxisData::default();
                cat.set_string_reference(sr);
                series.set_category_axis_data(cat);
            }
        }
        if matches!(kind, ChartType::BarChart)
            && let Some(bar) = chart.get_plot_area_mut().get_bar_chart_mut()
        {
            bar.get_grouping_mut()
                .set_val(umya_spreadsheet::drawing::charts::GroupingValues::Standard);
            bar.get_overlap_mut().set_val(0);
            if horizontal {
                bar.get_bar_direction_mut()
                    .set_val(umya_spreadsheet::drawing::charts::BarDirectionValues::Bar);
            }
        }
        if !a.title.is_empty() {
            chart.set_title(a.title.clone());
        }
        if !matches!(kind, ChartType::PieChart | ChartType::DoughnutChart) {
            if !a.x_axis.is_empty() {
                chart.set_horizontal_title(a.x_axis.clone());
            }
            if !a.y_axis.is_empty() {
                chart.set_vertical_title(a.y_axis.clone());
            }
        }
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        s.add_chart(chart);
        Ok(format!(
            "{} chart created at {} from {}",
            a.chart_type.trim(),
            target.a1(),
            range.a1()
        ))
    })
    .await
}

/// Make a range a native Excel table (filter buttons, a style); its first row is the header
/// (empty header cells are named Column1, ...). The name is unique in the workbook: letters,
/// digits, `_` and `.`, starting with a letter or `_`, not a cell address.
#[derive(Deserialize, JsonSchema)]
pub struct CreateTable {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet
    sheet_name: String,
    /// The table's range, header row included, like A1:D20
    data_range: String,
    /// The table's name (default: the next free Table<N>)
    table_name: Option<String>,
    /// A built-in table style, like TableStyleMedium9, TableStyleLight1 or TableStyleDark2
    #[serde(default = "medium9")]
    table_style: String,
}

fn medium9() -> String {
    "TableStyleMedium9".to_owned()
}

fn table_names(b: &umya_spreadsheet::Spreadsheet) -> Vec<String> {
    b.get_sheet_collection_no_check()
        .iter()
        .flat_map(|s| s.get_tables().iter().map(|t| t.get_name().to_lowercase()))
        .collect()
}

fn check_table_name(name: &str, taken: &[String]) -> Result<(), ToolError> {
    let valid = name
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_' || c == '\\')
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '.' || c == '\\')
        && name.chars().count() <= 255
        && parse_cell("table_name", name).is_err()
        && !name.eq_ignore_ascii_case("r")
        && !name.eq_ignore_ascii_case("c");
    if !valid {
        return Err(ToolError::invalid_input(format!(
            "`table_name` '{name}' is not a valid table name: letters, digits, `_` and `.`, starting with a letter or `_`, and not a cell address."
        )));
    }
    if taken.contains(&name.to_lowercase()) {
        return Err(ToolError::invalid_input(format!(
            "`table_name`: the workbook has a table '{name}' already."
        )));
    }
    Ok(())
}

async fn create_table(ctx: Ctx, a: CreateTable) -> Result<String, ToolError> {
    let (_, range) = parse_range("data_range", &a.data_range)?;
    let style = a.table_style.trim().to_owned();
    let style_ok = ["TableStyleLight", "TableStyleMedium", "TableStyleDark"]
        .iter()
        .any(|p| {
            style
                .strip_prefix(p)
                .is_some_and(|n| n.parse::<u32>().is_ok_and(|n| (1..=28).contains(&n)))
        });
    if !style_ok {
        return Err(ToolError::invalid_input(format!(
            "`table_style` '{style}' is not a built-in style: TableStyleLight1-21, TableStyleMedium1-28 or TableStyleDark1-11."
        )));
    }
    book::edit(&ctx, a.filepath, move |b| {
        let taken = table_names(b);
        let name = match a
            .table_name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
        {
            Some(n) => {
                check_table_name(n, &taken)?;
                n.to_owned()
            }
            None => (1..)
                .map(|i| format!("Table{i}"))
                .find(|n| !taken.contains(&n.to_lowercase()))
                .unwrap_or_else(|| "Table".to_owned()),
        };
        let s = sheet_mut(b, "sheet_name", &a.sheet_name)?;
        for t in s.get_tables() {
            let (ts, te) = t.get_area();
            let other = book::normalise(
                Cell {
                    col: *ts.get_col_num(),
                    row: *ts.get_row_num(),
                },
                Cell {
                    col: *te.get_col_num(),
                    row: *te.get_row_num(),
                },
            );
            if other.overlaps(range) {
                return Err(ToolError::invalid_input(format!(
                    "{} overlaps the table '{}' ({}).",
                    range.a1(),
                    t.get_name(),
                    other.a1()
                )));
            }
        }
        let mut table = Table::new(&name, (range.start.a1().as_str(), range.end.a1().as_str()));
        let mut seen: Vec<String> = Vec::new();
        for (i, col) in (range.start.col..=range.end.col).enumerate() {
            let at = (col, range.start.row);
            let mut header = s.get_value(at).trim().to_owned();
            if header.is_empty() || seen.contains(&header.to_lowercase()) {
                header = format!(
                    "{}{}",
                    if header.is_empty() { "Column" } else { &header },
                    i + 1
                );
                s.get_cell_mut(at).set_value_string(header.clone());
            } else if !is_text(
                s,
                Cell {
                    col,
                    row: range.start.row,
                },
            ) {
                // Excel's table headers are text.
                s.get_cell_mut(at).set_value_string(header.clone());
            }
            seen.push(header.to_lowercase());
            table.add_column(TableColumn::new(&header));
        }
        table.set_style_info(Some(TableStyleInfo::new(&style, false, false, true, false)));
        s.add_table(table);
        Ok(format!("Table '{name}' created for {}", range.a1()))
    })
    .await
}

/// Summarise a range like a pivot table: records grouped by the `rows` fields (and `columns`
/// fields, across), each `values` field aggregated with `agg_func`; fields are header names.
/// Written as plain cells (not an Excel PivotTable) to a new sheet `<sheet_name>_pivot`,
/// replacing one of that name.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePivot {
    /// Workbook path relative to the workspace
    filepath: String,
    /// The sheet of the data
    sheet_name: String,
    /// The data, header row included, like A1:E100
    data_range: String,
    /// The header names to group rows by
    rows: Vec<String>,
    /// The header names to aggregate
    values: Vec<String>,
    /// The header names to spread across columns
    columns: Option<Vec<String>>,
    /// mean (or average), sum, count, min or max
    #[serde(default = "mean")]
    agg_func: String,
}

fn mean() -> String {
    "mean".to_owned()
}

#[derive(Clone, Copy)]
enum Agg {
    Mean,
    Sum,
    Count,
    Min,
    Max,
}

#[derive(Default, Clone)]
struct Acc {
    sum: f64,
    n: u64,
    min: Option<f64>,
    max: Option<f64>,
    present: u64,
}

impl Acc {
    fn add(&mut self, v: Option<f64>, present: bool) {
        if present {
            self.present += 1;
        }
        if let Some(v) = v {
            self.sum += v;
            self.n += 1;
            self.min = Some(self.min.map_or(v, |m| m.min(v)));
            self.max = Some(self.max.map_or(v, |m| m.max(v)));
        }
    }

    fn get(&self, agg: Agg) -> Option<f64> {
        match agg {
            #[allow(clippy::cast_precision_loss)]
            Agg::Mean => (self.n > 0).then(|| self.sum / self.n as f64),
            Agg::Sum => Some(self.sum),
            #[allow(clippy::cast_precision_loss)]
            Agg::Count => Some(self.present as f64),
            Agg::Min => self.min,
            Agg::Max => self.max,
        }
    }
}

async fn create_pivot_table(ctx: Ctx, a: CreatePivot) -> Result<String, ToolError> {
    let agg = match a.agg_func.trim().to_ascii_lowercase().as_str() {
        "mean" | "average" | "avg" => Agg::Mean,
        "sum" => Agg::Sum,
        "count" => Agg::Count,
        "min" => Agg::Min,
        "max" => Agg::Max,
        other => {
            return Err(ToolError::invalid_input(format!(
                "`agg_func` '{other}' is not one of: mean, sum, count, min, max."
            )));
        }
    };
    if a.rows.is_empty() || a.values.is_empty() {
        return Err(ToolError::invalid_input(
            "`rows` and `values` each need at least one header name of the data.",
        ));
    }
    let (_, range) = parse_range("data_range", &a.data_range)?;
    if range.rows() < 2 {
        return Err(ToolError::invalid_input(
            "`data_range` needs a header row and at least one row of data.",
        ));
    }
    if range.cells() > MAX_PIVOT_CELLS {
        return Err(ToolError::invalid_input(format!(
            "`data_range` has {} cells, over the cap of {MAX_PIVOT_CELLS}.",
            range.cells()
        )));
    }
    let pivot_name = format!("{}_pivot", a.sheet_name);
    check_sheet_name("sheet_name", &pivot_name)?;
    book::edit(&ctx, a.filepath, move |b| {
        let s = sheet(b, "sheet_name", &a.sheet_name)?;
        let headers: Vec<String> = (range.start.col..=range.end.col)
            .map(|c| s.get_value((c, range.start.row)).trim().to_owned())
            .collect();
        let field = |arg: &str, name: &str| -> Result<u32, ToolError> {
            headers
                .iter()
                .position(|h| h == name.trim())
                .and_then(|i| u32::try_from(i).ok())
                .map(|i| range.start.col + i)
                .ok_or_else(|| {
                    ToolError::invalid_input(format!(
                        "`{arg}`: '{name}' is not a header of {}; the headers are: {}.",
                        range.a1(),
                        headers.join(", ")
                    ))
                })
        };
        let row_cols = a
            .rows
            .iter()
            .map(|n| field("rows", n))
            .collect::<Result<Vec<_>, _>>()?;
        let col_cols = a
            .columns
            .iter()
            .flatten()
            .map(|n| field("columns", n))
            .collect::<Result<Vec<_>, _>>()?;
        let val_cols = a
            .values
            .iter()
            .map(|n| field("values", n))
            .collect::<Result<Vec<_>, _>>()?;
        let text = |col: u32, row: u32| s.get_value((col, row)).to_string();
        // (row key, column key, value index) -> accumulator
        let mut groups: BTreeMap<Vec<String>, BTreeMap<Vec<String>, Vec<Acc>>> = BTreeMap::new();
        let mut col_keys: Vec<Vec<String>> = Vec::new();
        for row in range.start.row + 1..=range.end.row {
            let rk: Vec<String> = row_cols.iter().map(|c| text(*c, row)).collect();
            if rk.iter().all(String::is_empty) {
                continue;
            }
            let ck: Vec<String> = col_cols.iter().map(|c| text(*c, row)).collect();
            if !col_keys.contains(&ck) {
                col_keys.push(ck.clone());
            }
            let accs = groups
                .entry(rk)
                .or_default()
                .entry(ck)
                .or_insert_with(|| vec![Acc::default(); val_cols.len()]);
            for (i, vc) in val_cols.iter().enumerate() {
                let cell = s.get_cell((*vc, row));
                let v = cell.and_then(|c| c.get_value_number());
                let present = cell.is_some_and(|c| !c.get_value().is_empty());
                if let Some(acc) = accs.get_mut(i) {
                    acc.add(v, present);
                }
            }
        }
        col_keys.sort();
        if has_sheet(b, &pivot_name) {
            b.remove_sheet_by_name(&pivot_name)
                .map_err(|e| ToolError::invalid_input(format!("cannot replace the sheet: {e}")))?;
        }
        let out = b
            .new_sheet(pivot_name.clone())
            .map_err(|e| ToolError::invalid_input(format!("cannot add the sheet: {e}")))?;
        let mut col = 1u32;
        for r in &a.rows {
            out.get_cell_mut((col, 1)).set_value_string(r.clone());
            col += 1;
        }
        let agg_name = a.agg_func.trim().to_ascii_lowercase();
        for ck in &col_keys {
            for v in &a.values {
                let label = if ck.is_empty() {
                    format!("{v} ({agg_name})")
                } else {
                    format!("{v} ({agg_name}) {}", ck.join(" / "))
                };
                out.get_cell_mut((col, 1)).set_value_string(label);
                col += 1;
            }
        }
        for c in 1..col {
            out.get_style_mut((c, 1)).get_font_mut().set_bold(true);
        }
        for (row, (rk, by_col)) in (2u32..).zip(groups.iter()) {
            let mut col = 1u32;
            for k in rk {
                out.get_cell_mut((col, row)).set_value(k.clone());
                col += 1;
            }
            for ck in &col_keys {
                for i in 0..val_cols.len() {
                    let v = by_col
                        .get(ck)
                        .and_then(|accs| accs.get(i))
                        .and_then(|a| a.get(agg));
                    if let Some(v) = v.filter(|v| v.is_finite()) {
                        out.get_cell_mut((col, row)).set_value_number(v);
                    }
                    col += 1;
                }
            }
        }
        Ok(format!(
            "Pivot summary of {} written to sheet '{pivot_name}' ({} rows)",
            range.a1(),
            groups.len()
        ))
    })
    .await
}
