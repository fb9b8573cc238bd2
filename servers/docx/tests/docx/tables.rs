//! Table tools, with assertions on the table's XML.

use serde_json::json;

use crate::ws;

#[tokio::test]
async fn tables_every_tool() {
    let w = ws().await;
    w.ok("create_document", json!({"filename": "t"})).await;
    w.ok("add_table", json!({"filename": "t", "rows": 4, "cols": 3, "data": [["h1", "h2", "h3"], ["a", 1, "c"], ["d", "e", "f"]]})).await;
    let doc = w.part("t.docx", "word/document.xml");
    assert!(
        doc.contains("<w:tblStyle w:val=\"TableGrid\"/>")
            && doc.contains("<w:gridCol w:w=\"3120\"/>"),
        "{doc}"
    );
    assert!(
        doc.contains("<w:tcW w:w=\"3120\" w:type=\"dxa\"/>"),
        "{doc}"
    );
    assert!(
        w.part("t.docx", "word/styles.xml")
            .contains("<w:insideH w:val=\"single\"")
    );
    let text = w.ok("get_document_text", json!({"filename": "t"})).await;
    assert!(text.starts_with("h1 | h2 | h3\na | 1 | c"), "{text}");
    let calls = [
        (
            "format_table",
            json!({"has_header_row": true, "border_style": "double", "shading": ["FFFFFF", "EEEEEE"]}),
        ),
        (
            "set_table_cell_shading",
            json!({"row_index": 1, "col_index": 1, "fill_color": "FFFF00"}),
        ),
        ("apply_table_alternating_rows", json!({})),
        ("highlight_table_header", json!({})),
        (
            "set_table_cell_alignment",
            json!({"row_index": 1, "col_index": 0, "horizontal": "center", "vertical": "bottom"}),
        ),
        (
            "set_table_alignment_all",
            json!({"horizontal": "right", "vertical": "bottom"}),
        ),
        (
            "set_table_column_width",
            json!({"col_index": 0, "width": 100}),
        ),
        (
            "set_table_column_widths",
            json!({"widths": [1, 2], "width_type": "inches"}),
        ),
        ("auto_fit_table_columns", json!({})),
        (
            "set_table_width",
            json!({"width": 100, "width_type": "percent"}),
        ),
        (
            "format_table_cell_text",
            json!({"row_index": 2, "col_index": 2, "text_content": "new", "bold": true, "font_size": 9}),
        ),
        (
            "set_table_cell_padding",
            json!({"row_index": 0, "col_index": 0, "top": 5, "left": 3}),
        ),
        (
            "merge_table_cells_horizontal",
            json!({"row_index": 3, "start_col": 0, "end_col": 1}),
        ),
        (
            "merge_table_cells_vertical",
            json!({"col_index": 2, "start_row": 2, "end_row": 3}),
        ),
        (
            "merge_table_cells",
            json!({"start_row": 1, "start_col": 0, "end_row": 2, "end_col": 1}),
        ),
    ];
    for (tool, mut args) in calls {
        args["filename"] = json!("t");
        args["table_index"] = json!(0);
        w.ok(tool, args).await;
    }
    let doc = w.part("t.docx", "word/document.xml");
    for needle in [
        "<w:tblHeader/>",
        "<w:top w:val=\"double\"",
        "w:fill=\"4472C4\"",
        "<w:vAlign w:val=\"bottom\"/>",
        "<w:jc w:val=\"right\"/>",
        "<w:tblW w:w=\"5000\" w:type=\"pct\"/>",
        "<w:gridCol w:w=\"1440\"/>",
        "<w:gridCol w:w=\"2880\"/>",
        "<w:tcMar><w:top w:w=\"100\" w:type=\"dxa\"/><w:left w:w=\"60\" w:type=\"dxa\"/></w:tcMar>",
        "<w:gridSpan w:val=\"2\"/>",
        "<w:vMerge w:val=\"restart\"/>",
        "<w:vMerge/>",
        "<w:tblLayout w:type=\"autofit\"/>",
        "<w:tcW w:w=\"0\" w:type=\"auto\"/>",
        ">new<",
    ] {
        assert!(doc.contains(needle), "{needle} missing in {doc}");
    }
    let e = w.err("set_table_cell_shading", json!({"filename": "t", "table_index": 3, "row_index": 0, "col_index": 0, "fill_color": "FF0000"})).await;
    assert!(e.contains("table_index 3 is out of range"), "{e}");
    let e = w.err("set_table_cell_shading", json!({"filename": "t", "table_index": 0, "row_index": 9, "col_index": 0, "fill_color": "FF0000"})).await;
    assert!(e.contains("row index 9"), "{e}");
    let e = w
        .err("add_table", json!({"filename": "t", "rows": 0, "cols": 3}))
        .await;
    assert!(e.contains("cannot be made"), "{e}");
    w.stop().await;
}

/// merge_table_cells with rows outside a 2x2 table: refused at once (no loop over the rows
/// first, as an end row of 9e15 once spun a worker forever), naming the rows the table has;
/// the file is not written.
#[test]
fn merge_cells_rows_outside_the_table_are_refused_at_once() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let outcome = rt.block_on(merge_cells_outside_the_table());
    // A call that never answered leaves its worker spinning: do not wait for it.
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    if let Err(e) = outcome {
        panic!("{e}");
    }
}

async fn merge_cells_outside_the_table() -> Result<(), String> {
    let w = ws().await;
    w.ok("create_document", json!({"filename": "m"})).await;
    w.ok(
        "add_table",
        json!({"filename": "m", "rows": 2, "cols": 2, "data": [["a", "b"], ["c", "d"]]}),
    )
    .await;
    let before = std::fs::read(w.at("m.docx")).unwrap();
    let huge: i64 = 9_000_000_000_000_000;
    for (start_row, end_row, start_col, end_col, needle) in [
        // One column: merging a row changes nothing there, so only the row check stops it.
        (0, huge, 0, 0, format!("row index {huge} is out of range")),
        (
            0,
            1_000_000,
            0,
            1,
            "row index 1000000 is out of range".to_owned(),
        ),
        (2, 2, 0, 1, "row index 2 is out of range".to_owned()),
        (-1, 1, 0, 1, "row index -1 is out of range".to_owned()),
    ] {
        let call = w.err(
            "merge_table_cells",
            json!({"filename": "m", "table_index": 0, "start_row": start_row, "end_row": end_row, "start_col": start_col, "end_col": end_col}),
        );
        let Ok(e) = tokio::time::timeout(std::time::Duration::from_secs(30), call).await else {
            return Err(format!("rows {start_row} to {end_row}: no answer in 30 s"));
        };
        assert!(
            e.contains(&needle) && e.contains("the table has 2 rows"),
            "rows {start_row} to {end_row}: {e}"
        );
        assert_eq!(
            std::fs::read(w.at("m.docx")).unwrap(),
            before,
            "rows {start_row} to {end_row}: the file changed"
        );
    }
    let e = w
        .err(
            "merge_table_cells",
            json!({"filename": "m", "table_index": 0, "start_row": 1, "end_row": 0, "start_col": 0, "end_col": 1}),
        )
        .await;
    assert!(e.contains("end row 0 is before start row 1"), "{e}");
    assert_eq!(std::fs::read(w.at("m.docx")).unwrap(), before);
    // Inside the table the same call merges.
    w.ok(
        "merge_table_cells",
        json!({"filename": "m", "table_index": 0, "start_row": 0, "end_row": 1, "start_col": 0, "end_col": 1}),
    )
    .await;
    assert_ne!(std::fs::read(w.at("m.docx")).unwrap(), before);
    w.stop().await;
    Ok(())
}
