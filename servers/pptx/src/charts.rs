//! Charts: a chart part (`c:chartSpace`) with its data in the series caches, in a graphic
//! frame of the slide; and replacing a chart's categories and series.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use xot::Node;

use crate::blank::{ct, rt};
use crate::deck::{self, emu, emu_size, shape_at, sp_tree};
use crate::schemes::{Scheme, scheme};
use crate::store::Server;
use crate::x::{self, At, CHART, esc, local};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("add_chart", "Add chart", Effect::Write, add_chart).toolset("structure"),
        tool(
            "update_chart_data",
            "Update chart data",
            Effect::IdempotentWrite,
            update_chart_data,
        )
        .toolset("structure"),
    ]
}

/// The chart kinds: name, plot element, bar direction, grouping.
const KINDS: &[(&str, &str, &str, &str)] = &[
    ("column", "barChart", "col", "clustered"),
    ("column_clustered", "barChart", "col", "clustered"),
    ("column_stacked", "barChart", "col", "stacked"),
    ("bar", "barChart", "bar", "clustered"),
    ("bar_clustered", "barChart", "bar", "clustered"),
    ("bar_stacked", "barChart", "bar", "stacked"),
    ("line", "lineChart", "", "standard"),
    ("line_markers", "lineChart", "", "standard"),
    ("pie", "pieChart", "", ""),
    ("doughnut", "doughnutChart", "", ""),
    ("area", "areaChart", "", "standard"),
    ("area_stacked", "areaChart", "", "stacked"),
];

fn kind(name: &str) -> Result<(&'static str, &'static str, &'static str, &'static str), ToolError> {
    let key = name.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    KINDS.iter().find(|k| k.0 == key).copied().ok_or_else(|| {
        let names: Vec<&str> = KINDS.iter().map(|k| k.0).collect();
        ToolError::invalid_input(format!(
            "chart_type {name:?} is not one of {}",
            names.join(", ")
        ))
    })
}

fn col_letter(mut n: usize) -> String {
    let mut s = String::new();
    n += 1;
    while n > 0 {
        let r = (n - 1) % 26;
        s.insert(0, (b'A' + r as u8) as char);
        n = (n - 1) / 26;
    }
    s
}

fn num(v: f64) -> String {
    format!("{v}")
}

/// The `c:ser` elements of a plot.
fn series_xml(
    plot: &str,
    categories: &[String],
    series: &[(String, Vec<f64>)],
    colors: &[String],
    markers: bool,
) -> String {
    let n = categories.len();
    let cat_pts: String = categories
        .iter()
        .enumerate()
        .map(|(i, c)| format!("<c:pt idx=\"{i}\"><c:v>{}</c:v></c:pt>", esc(c)))
        .collect();
    let mut out = String::new();
    for (i, (name, values)) in series.iter().enumerate() {
        let col = col_letter(i + 1);
        let val_pts: String = values
            .iter()
            .enumerate()
            .map(|(j, v)| format!("<c:pt idx=\"{j}\"><c:v>{}</c:v></c:pt>", num(*v)))
            .collect();
        let sp_pr = match (plot, colors.get(i % colors.len().max(1))) {
            ("pieChart" | "doughnutChart", _) | (_, None) => String::new(),
            ("lineChart", Some(c)) => format!(
                "<c:spPr><a:ln w=\"28575\"><a:solidFill><a:srgbClr val=\"{c}\"/></a:solidFill></a:ln></c:spPr>"
            ),
            (_, Some(c)) => {
                format!("<c:spPr><a:solidFill><a:srgbClr val=\"{c}\"/></a:solidFill></c:spPr>")
            }
        };
        let mid = match plot {
            "barChart" => "<c:invertIfNegative val=\"0\"/>".to_owned(),
            "lineChart" if !markers => "<c:marker><c:symbol val=\"none\"/></c:marker>".to_owned(),
            "pieChart" | "doughnutChart" => {
                // One colour per point, from the scheme.
                (0..n)
                    .filter_map(|j| colors.get(j % colors.len().max(1)).map(|c| (j, c)))
                    .map(|(j, c)| format!("<c:dPt><c:idx val=\"{j}\"/><c:bubble3D val=\"0\"/><c:spPr><a:solidFill><a:srgbClr val=\"{c}\"/></a:solidFill></c:spPr></c:dPt>"))
                    .collect()
            }
            _ => String::new(),
        };
        let tail = if plot == "lineChart" {
            "<c:smooth val=\"0\"/>"
        } else {
            ""
        };
        out.push_str(&format!(
            "<c:ser><c:idx val=\"{i}\"/><c:order val=\"{i}\"/><c:tx><c:strRef><c:f>Sheet1!${col}$1</c:f><c:strCache><c:ptCount val=\"1\"/><c:pt idx=\"0\"><c:v>{}</c:v></c:pt></c:strCache></c:strRef></c:tx>{sp_pr}{mid}<c:cat><c:strRef><c:f>Sheet1!$A$2:$A${}</c:f><c:strCache><c:ptCount val=\"{n}\"/>{cat_pts}</c:strCache></c:strRef></c:cat><c:val><c:numRef><c:f>Sheet1!${col}$2:${col}${}</c:f><c:numCache><c:formatCode>General</c:formatCode><c:ptCount val=\"{}\"/>{val_pts}</c:numCache></c:numRef></c:val>{tail}</c:ser>",
            esc(name),
            n + 1,
            values.len() + 1,
            values.len()
        ));
    }
    out
}

/// The chart's data as a workbook (Sheet1: categories in column A, one series per column from
/// B, names in row 1), embedded so that PowerPoint's "Edit Data" and python-pptx's
/// `replace_data` find it.
fn workbook(categories: &[String], series: &[(String, Vec<f64>)]) -> Result<Vec<u8>, ToolError> {
    const DECL: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n";
    let text = |r: &str, t: &str| {
        format!(
            "<c r=\"{r}\" t=\"inlineStr\"><is><t>{}</t></is></c>",
            esc(t)
        )
    };
    let mut rows = String::from("<row r=\"1\">");
    for (j, (name, _)) in series.iter().enumerate() {
        rows.push_str(&text(&format!("{}1", col_letter(j + 1)), name));
    }
    rows.push_str("</row>");
    for (i, cat) in categories.iter().enumerate() {
        let r = i + 2;
        rows.push_str(&format!("<row r=\"{r}\">{}", text(&format!("A{r}"), cat)));
        for (j, (_, values)) in series.iter().enumerate() {
            if let Some(v) = values.get(i) {
                rows.push_str(&format!(
                    "<c r=\"{}{r}\"><v>{}</v></c>",
                    col_letter(j + 1),
                    num(*v)
                ));
            }
        }
        rows.push_str("</row>");
    }
    let main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
    let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
    let parts = vec![
        (
            "[Content_Types].xml".to_owned(),
            format!(
                "{DECL}<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\"><Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/><Default Extension=\"xml\" ContentType=\"application/xml\"/><Override PartName=\"/xl/workbook.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml\"/><Override PartName=\"/xl/worksheets/sheet1.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml\"/></Types>"
            ),
        ),
        (
            "_rels/.rels".to_owned(),
            format!(
                "{DECL}<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"{rel}/officeDocument\" Target=\"xl/workbook.xml\"/></Relationships>"
            ),
        ),
        (
            "xl/workbook.xml".to_owned(),
            format!(
                "{DECL}<workbook xmlns=\"{main}\" xmlns:r=\"{rel}\"><sheets><sheet name=\"Sheet1\" sheetId=\"1\" r:id=\"rId1\"/></sheets></workbook>"
            ),
        ),
        (
            "xl/_rels/workbook.xml.rels".to_owned(),
            format!(
                "{DECL}<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rId1\" Type=\"{rel}/worksheet\" Target=\"worksheets/sheet1.xml\"/></Relationships>"
            ),
        ),
        (
            "xl/worksheets/sheet1.xml".to_owned(),
            format!("{DECL}<worksheet xmlns=\"{main}\"><sheetData>{rows}</sheetData></worksheet>"),
        ),
    ];
    mcp_vendor_office::Package::from_parts(
        parts
            .into_iter()
            .map(|(n, d)| (n, d.into_bytes()))
            .collect(),
    )
    .write()
}

const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/// Embed the data workbook of a new chart part and point the chart at it.
fn embed_workbook(
    deck: &mut crate::deck::Deck,
    chart: &str,
    categories: &[String],
    series: &[(String, Vec<f64>)],
) -> Result<(), ToolError> {
    let book = workbook(categories, series)?;
    let part = deck
        .pkg
        .free_name("ppt/embeddings/Microsoft_Excel_Worksheet", ".xlsx");
    deck.pkg.set_part(&part, book);
    deck.pkg.ensure_default_type("xlsx", XLSX)?;
    let rid = deck
        .pkg
        .add_relationship(chart, rt::PACKAGE, &part, false)?;
    deck.edit(chart, |cx| {
        let root = cx.root()?;
        x::remove_kids(&mut cx.xot, root, "externalData")?;
        let before = x::elements(&cx.xot, root)
            .find(|n| matches!(local(&cx.xot, *n), "userShapes" | "extLst"));
        x::insert(
            cx,
            before.map_or(At::End(root), At::Before),
            &format!("<c:externalData r:id=\"{rid}\"><c:autoUpdate val=\"0\"/></c:externalData>"),
        )?;
        Ok(())
    })
}

/// Rewrite the workbook a chart embeds (when it embeds one) with new data.
fn refresh_workbook(
    deck: &mut crate::deck::Deck,
    chart: &str,
    categories: &[String],
    series: &[(String, Vec<f64>)],
) -> Result<bool, ToolError> {
    let xml = deck.pkg.xml(chart)?;
    let root = xml.root()?;
    let Some(rid) = x::kid(&xml.xot, root, "externalData").and_then(|e| deck::r_id(&xml.xot, e))
    else {
        return Ok(false);
    };
    match deck.pkg.target_of(chart, &rid)? {
        Some(part) if part.ends_with(".xlsx") && deck.pkg.part(&part).is_some() => {
            deck.pkg.set_part(&part, workbook(categories, series)?);
            Ok(true)
        }
        _ => Ok(false),
    }
}

fn rich(text: &str, size: u32) -> String {
    format!(
        "<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz=\"{size}\" b=\"1\"/></a:pPr><a:r><a:rPr lang=\"en-US\" sz=\"{size}\" b=\"1\"/><a:t>{}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val=\"0\"/></c:title>",
        esc(text)
    )
}

struct Opts<'a> {
    title: Option<&'a str>,
    x_title: Option<&'a str>,
    y_title: Option<&'a str>,
    legend: Option<&'a str>,
    labels: bool,
    colors: Vec<String>,
}

fn chart_space(
    k: (&str, &str, &str, &str),
    categories: &[String],
    series: &[(String, Vec<f64>)],
    o: &Opts,
) -> String {
    let (name, plot, dir, grouping) = k;
    let sers = series_xml(plot, categories, series, &o.colors, name == "line_markers");
    let dlbls = if o.labels {
        let pct = if matches!(plot, "pieChart" | "doughnutChart") {
            "1"
        } else {
            "0"
        };
        let val = if pct == "1" { "0" } else { "1" };
        format!(
            "<c:dLbls><c:showLegendKey val=\"0\"/><c:showVal val=\"{val}\"/><c:showCatName val=\"0\"/><c:showSerName val=\"0\"/><c:showPercent val=\"{pct}\"/><c:showBubbleSize val=\"0\"/></c:dLbls>"
        )
    } else {
        String::new()
    };
    let ax = "<c:axId val=\"500000001\"/><c:axId val=\"500000002\"/>";
    let plot_xml = match plot {
        "barChart" => {
            let overlap = if grouping == "stacked" {
                "<c:overlap val=\"100\"/>"
            } else {
                ""
            };
            format!(
                "<c:barChart><c:barDir val=\"{dir}\"/><c:grouping val=\"{grouping}\"/><c:varyColors val=\"0\"/>{sers}{dlbls}<c:gapWidth val=\"150\"/>{overlap}{ax}</c:barChart>"
            )
        }
        "lineChart" => format!(
            "<c:lineChart><c:grouping val=\"{grouping}\"/><c:varyColors val=\"0\"/>{sers}{dlbls}<c:marker val=\"1\"/>{ax}</c:lineChart>"
        ),
        "areaChart" => format!(
            "<c:areaChart><c:grouping val=\"{grouping}\"/><c:varyColors val=\"0\"/>{sers}{dlbls}{ax}</c:areaChart>"
        ),
        "pieChart" => format!(
            "<c:pieChart><c:varyColors val=\"1\"/>{sers}{dlbls}<c:firstSliceAng val=\"0\"/></c:pieChart>"
        ),
        _ => format!(
            "<c:doughnutChart><c:varyColors val=\"1\"/>{sers}{dlbls}<c:firstSliceAng val=\"0\"/><c:holeSize val=\"50\"/></c:doughnutChart>"
        ),
    };
    let axes = if matches!(plot, "pieChart" | "doughnutChart") {
        String::new()
    } else {
        let (cat_pos, val_pos) = if dir == "bar" { ("l", "b") } else { ("b", "l") };
        let xt = o.x_title.map(|t| rich(t, 1200)).unwrap_or_default();
        let yt = o.y_title.map(|t| rich(t, 1200)).unwrap_or_default();
        format!(
            "<c:catAx><c:axId val=\"500000001\"/><c:scaling><c:orientation val=\"minMax\"/></c:scaling><c:delete val=\"0\"/><c:axPos val=\"{cat_pos}\"/>{xt}<c:numFmt formatCode=\"General\" sourceLinked=\"1\"/><c:majorTickMark val=\"out\"/><c:minorTickMark val=\"none\"/><c:tickLblPos val=\"nextTo\"/><c:crossAx val=\"500000002\"/><c:crosses val=\"autoZero\"/><c:auto val=\"1\"/><c:lblAlgn val=\"ctr\"/><c:lblOffset val=\"100\"/><c:noMultiLvlLbl val=\"0\"/></c:catAx><c:valAx><c:axId val=\"500000002\"/><c:scaling><c:orientation val=\"minMax\"/></c:scaling><c:delete val=\"0\"/><c:axPos val=\"{val_pos}\"/><c:majorGridlines/>{yt}<c:numFmt formatCode=\"General\" sourceLinked=\"1\"/><c:majorTickMark val=\"out\"/><c:minorTickMark val=\"none\"/><c:tickLblPos val=\"nextTo\"/><c:crossAx val=\"500000001\"/><c:crosses val=\"autoZero\"/><c:crossBetween val=\"between\"/></c:valAx>"
        )
    };
    let (title, deleted) = match o.title {
        Some(t) => (rich(t, 1800), "0"),
        None => (String::new(), "1"),
    };
    let legend = o
        .legend
        .map(|p| format!("<c:legend><c:legendPos val=\"{p}\"/><c:overlay val=\"0\"/></c:legend>"))
        .unwrap_or_default();
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<c:chartSpace xmlns:c=\"{CHART}\" xmlns:a=\"{}\" xmlns:r=\"{}\"><c:date1904 val=\"0\"/><c:roundedCorners val=\"0\"/><c:chart>{title}<c:autoTitleDeleted val=\"{deleted}\"/><c:plotArea><c:layout/>{plot_xml}{axes}</c:plotArea>{legend}<c:plotVisOnly val=\"1\"/><c:dispBlanksAs val=\"gap\"/></c:chart></c:chartSpace>",
        mcp_vendor_office::ns::DRAWING,
        mcp_vendor_office::ns::OFFICE_RELS
    )
}

fn check_data(categories: &[String], series: &[(String, Vec<f64>)]) -> Result<(), ToolError> {
    if categories.is_empty() || categories.len() > 10_000 {
        return Err(ToolError::invalid_input(
            "`categories` must have 1 to 10000 entries",
        ));
    }
    if series.is_empty() || series.len() > 255 {
        return Err(ToolError::invalid_input("give 1 to 255 series"));
    }
    for (name, values) in series {
        if values.len() != categories.len() {
            return Err(ToolError::invalid_input(format!(
                "series {name:?} has {} values for {} categories: give one value per category",
                values.len(),
                categories.len()
            )));
        }
        if values.iter().any(|v| !v.is_finite()) {
            return Err(ToolError::invalid_input(format!(
                "series {name:?} has a value that is not a finite number"
            )));
        }
    }
    Ok(())
}

/// Add a chart at left/top/width/height (inches), one value per category in each series
/// (pie and doughnut show the first series). The data is also in an embedded workbook
/// (PowerPoint's Edit Data opens it).
#[derive(Deserialize, JsonSchema)]
pub struct AddChart {
    /// From 0
    slide_index: i64,
    /// column, column_stacked, bar, bar_stacked, line, line_markers, pie, doughnut, area or
    /// area_stacked
    chart_type: String,
    left: f64,
    top: f64,
    width: f64,
    height: f64,
    categories: Vec<String>,
    series_names: Vec<String>,
    /// One list of numbers per series
    series_values: Vec<Vec<f64>>,
    #[serde(default = "crate::content::yes")]
    has_legend: bool,
    /// right, left, top, bottom or corner
    #[serde(default = "right")]
    legend_position: String,
    /// Values (pie, doughnut: percentages) on the points
    #[serde(default)]
    has_data_labels: bool,
    title: Option<String>,
    x_axis_title: Option<String>,
    y_axis_title: Option<String>,
    /// modern_blue, corporate_gray, elegant_green or warm_red
    color_scheme: Option<String>,
    /// Default: current
    presentation_id: Option<String>,
}

fn right() -> String {
    "right".into()
}

fn legend_pos(p: &str) -> Result<&'static str, ToolError> {
    Ok(match p.to_ascii_lowercase().as_str() {
        "right" | "r" => "r",
        "left" | "l" => "l",
        "top" | "t" => "t",
        "bottom" | "b" => "b",
        "corner" | "top_right" | "tr" => "tr",
        other => {
            return Err(ToolError::invalid_input(format!(
                "legend_position {other:?}: use right, left, top, bottom or corner"
            )));
        }
    })
}

async fn add_chart(ctx: Ctx, a: AddChart) -> Result<Value, ToolError> {
    let k = kind(&a.chart_type)?;
    if a.series_names.len() != a.series_values.len() {
        return Err(ToolError::invalid_input(format!(
            "{} series_names for {} series_values: give one name per series",
            a.series_names.len(),
            a.series_values.len()
        )));
    }
    let series: Vec<(String, Vec<f64>)> = a
        .series_names
        .iter()
        .cloned()
        .zip(a.series_values.iter().cloned())
        .collect();
    check_data(&a.categories, &series)?;
    let pos = (
        emu("left", a.left)?,
        emu("top", a.top)?,
        emu_size("width", a.width)?,
        emu_size("height", a.height)?,
    );
    let colors = match &a.color_scheme {
        Some(s) => scheme(s)?.chart_colors(),
        None => Vec::new(),
    };
    let legend = if a.has_legend {
        Some(legend_pos(&a.legend_position)?)
    } else {
        None
    };
    let opts = Opts {
        title: a.title.as_deref(),
        x_title: a.x_axis_title.as_deref(),
        y_title: a.y_axis_title.as_deref(),
        legend,
        labels: a.has_data_labels,
        colors,
    };
    let xml = chart_space(k, &a.categories, &series, &opts);
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let index = insert_chart(deck, &slide, xml, pos, &a.categories, &series)?;
        Ok(json!({
            "message": format!("Added {} chart to slide {}", k.0, a.slide_index),
            "shape_index": index,
            "chart_type": k.0,
            "categories": a.categories.len(),
            "series": series.len(),
        }))
    })
}

/// One series of update_chart_data.
#[derive(Deserialize, JsonSchema)]
pub struct SeriesData {
    name: String,
    /// One per category
    values: Vec<f64>,
}

/// Replace the categories and series of the chart at shape_index (its kind and plot
/// formatting are kept; per-series formatting is reset), and of its embedded workbook.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateChartData {
    /// From 0
    slide_index: i64,
    shape_index: i64,
    categories: Vec<String>,
    series_data: Vec<SeriesData>,
    /// Default: current
    presentation_id: Option<String>,
}

async fn update_chart_data(ctx: Ctx, a: UpdateChartData) -> Result<Value, ToolError> {
    let series: Vec<(String, Vec<f64>)> = a
        .series_data
        .iter()
        .map(|s| (s.name.clone(), s.values.clone()))
        .collect();
    check_data(&a.categories, &series)?;
    Server::of(&ctx)?.edit(a.presentation_id.as_deref(), |deck| {
        let slide = deck.slide(a.slide_index)?;
        let xml = deck.pkg.xml(&slide)?;
        let tree = sp_tree(&xml)?;
        let frame = shape_at(&xml.xot, tree, a.shape_index)?;
        let chart_ref = x::path(&xml.xot, frame, &["graphic", "graphicData", "chart"])
            .ok_or_else(|| ToolError::invalid_input(format!("shape {} is not a chart (see get_slide_info)", a.shape_index)))?;
        let rid = deck::r_id(&xml.xot, chart_ref).ok_or_else(|| ToolError::invalid_input("the chart has no relationship id"))?;
        let part = deck
            .pkg
            .target_of(&slide, &rid)?
            .ok_or_else(|| ToolError::invalid_input("the chart's part is missing from the file"))?;
        let kind_name = deck.edit(&part, |cx| {
            let root = cx.root()?;
            let area = x::path(&cx.xot, root, &["chart", "plotArea"]).ok_or_else(|| ToolError::invalid_input("the chart has no plot area"))?;
            let plot: Node = x::elements(&cx.xot, area)
                .find(|n| local(&cx.xot, *n).ends_with("Chart"))
                .ok_or_else(|| ToolError::invalid_input("the chart has no plot"))?;
            let plot_kind = local(&cx.xot, plot).to_owned();
            if !matches!(plot_kind.as_str(), "barChart" | "lineChart" | "pieChart" | "doughnutChart" | "areaChart") {
                return Err(ToolError::invalid_input(format!("this server updates bar, line, pie, doughnut and area charts, not {plot_kind}")));
            }
            let had_markers = x::kids(&cx.xot, plot, "ser").any(|s| x::kid(&cx.xot, s, "marker").is_none());
            x::remove_kids(&mut cx.xot, plot, "ser")?;
            let before = x::elements(&cx.xot, plot).find(|n| {
                !matches!(local(&cx.xot, *n), "barDir" | "grouping" | "varyColors")
            });
            let sers = series_xml(&plot_kind, &a.categories, &series, &[], had_markers);
            x::insert(cx, before.map_or(At::End(plot), At::Before), &sers)?;
            Ok(plot_kind)
        })?;
        let workbook_updated = refresh_workbook(deck, &part, &a.categories, &series)?;
        Ok(json!({
            "workbook_updated": workbook_updated,
            "message": format!("Updated chart data of shape {} on slide {}", a.shape_index, a.slide_index),
            "plot": kind_name,
            "categories": a.categories.len(),
            "series": series.len(),
        }))
    })
}

/// A chart from a template's content: `{type, categories, series: [{name, values}]}`.
pub fn add_from_value(
    deck: &mut crate::deck::Deck,
    slide: &str,
    v: &Value,
    pos: (i64, i64, i64, i64),
    sc: &Scheme,
) -> Result<usize, ToolError> {
    let bad = || {
        ToolError::invalid_input(
            "a chart's content is {\"type\": \"column\", \"categories\": [...], \"series\": [{\"name\": ..., \"values\": [...]}]}",
        )
    };
    let k = kind(v.get("type").and_then(Value::as_str).unwrap_or("column"))?;
    let categories: Vec<String> = v
        .get("categories")
        .and_then(Value::as_array)
        .ok_or_else(bad)?
        .iter()
        .map(crate::structure::cell_text)
        .collect();
    let mut series = Vec::new();
    for s in v.get("series").and_then(Value::as_array).ok_or_else(bad)? {
        let name = s
            .get("name")
            .map(crate::structure::cell_text)
            .unwrap_or_default();
        let values: Option<Vec<f64>> = s
            .get("values")
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_f64).collect());
        let values = values.ok_or_else(bad)?;
        series.push((name, values));
    }
    check_data(&categories, &series)?;
    let opts = Opts {
        title: v.get("title").and_then(Value::as_str),
        x_title: None,
        y_title: None,
        legend: Some("b"),
        labels: false,
        colors: sc.chart_colors(),
    };
    let xml = chart_space(k, &categories, &series, &opts);
    insert_chart(deck, slide, xml, pos, &categories, &series)
}

fn insert_chart(
    deck: &mut crate::deck::Deck,
    slide: &str,
    xml: String,
    pos: (i64, i64, i64, i64),
    categories: &[String],
    series: &[(String, Vec<f64>)],
) -> Result<usize, ToolError> {
    let (part, rid) = deck.add_part(
        slide,
        "ppt/charts/chart",
        "xml",
        ct::CHART,
        rt::CHART,
        xml.into_bytes(),
    )?;
    embed_workbook(deck, &part, categories, series)?;
    let frame = format!(
        "<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id=\"{{id}}\" name=\"Chart {{id}}\"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x=\"{}\" y=\"{}\"/><a:ext cx=\"{}\" cy=\"{}\"/></p:xfrm><a:graphic><a:graphicData uri=\"{CHART}\"><c:chart r:id=\"{rid}\"/></a:graphicData></a:graphic></p:graphicFrame>",
        pos.0, pos.1, pos.2, pos.3
    );
    deck.add_shape(slide, &frame)
}

/// Give each series of a chart part a colour (the professional design's chart enhancement).
pub fn recolor(
    deck: &mut crate::deck::Deck,
    part: &str,
    colors: &[String],
) -> Result<(), ToolError> {
    deck.edit(part, |cx| {
        let sers: Vec<Node> = x::descendants(&cx.xot, cx.root()?, "ser").collect();
        for (i, s) in sers.into_iter().enumerate() {
            let Some(c) = colors.get(i % colors.len().max(1)) else {
                continue;
            };
            x::remove_kids(&mut cx.xot, s, "spPr")?;
            let after = x::kid(&cx.xot, s, "tx").or_else(|| x::kid(&cx.xot, s, "order"));
            let frag =
                format!("<c:spPr><a:solidFill><a:srgbClr val=\"{c}\"/></a:solidFill></c:spPr>");
            match after.and_then(|n| cx.xot.next_sibling(n)) {
                Some(next) => x::insert(cx, At::Before(next), &frag)?,
                None => x::insert(cx, At::End(s), &frag)?,
            };
        }
        Ok(())
    })
}
