//! Every path goes through the jail: outside paths, `..`, symbolic links out, absolute paths
//! outside; and bad input: corrupt and encrypted files, bad addresses, missing sheets, caps.

use serde_json::json;

use crate::ws;

/// One call of every tool with `filepath` set to `path`, the rest valid.
fn calls(path: &str) -> Vec<(&'static str, serde_json::Value)> {
    vec![
        ("create_workbook", json!({"filepath": path})),
        (
            "create_worksheet",
            json!({"filepath": path, "sheet_name": "S"}),
        ),
        (
            "copy_worksheet",
            json!({"filepath": path, "source_sheet": "Sheet1", "target_sheet": "C"}),
        ),
        (
            "delete_worksheet",
            json!({"filepath": path, "sheet_name": "Sheet1"}),
        ),
        (
            "rename_worksheet",
            json!({"filepath": path, "old_name": "Sheet1", "new_name": "R"}),
        ),
        ("get_workbook_metadata", json!({"filepath": path})),
        (
            "write_data_to_excel",
            json!({"filepath": path, "sheet_name": "Sheet1", "data": [[1]]}),
        ),
        (
            "read_data_from_excel",
            json!({"filepath": path, "sheet_name": "Sheet1"}),
        ),
        (
            "apply_formula",
            json!({"filepath": path, "sheet_name": "Sheet1", "cell": "A1", "formula": "=1+1"}),
        ),
        (
            "validate_formula_syntax",
            json!({"filepath": path, "sheet_name": "Sheet1", "cell": "A1", "formula": "=1+1"}),
        ),
        (
            "format_range",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_cell": "A1", "bold": true}),
        ),
        (
            "merge_cells",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_cell": "A1", "end_cell": "B1"}),
        ),
        (
            "unmerge_cells",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_cell": "A1", "end_cell": "B1"}),
        ),
        (
            "get_merged_cells",
            json!({"filepath": path, "sheet_name": "Sheet1"}),
        ),
        (
            "copy_range",
            json!({"filepath": path, "sheet_name": "Sheet1", "source_start": "A1", "source_end": "A2", "target_start": "C1"}),
        ),
        (
            "delete_range",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_cell": "A1", "end_cell": "A2"}),
        ),
        (
            "validate_excel_range",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_cell": "A1"}),
        ),
        (
            "get_data_validation_info",
            json!({"filepath": path, "sheet_name": "Sheet1"}),
        ),
        (
            "insert_rows",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_row": 1}),
        ),
        (
            "insert_columns",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_col": 1}),
        ),
        (
            "delete_sheet_rows",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_row": 1}),
        ),
        (
            "delete_sheet_columns",
            json!({"filepath": path, "sheet_name": "Sheet1", "start_col": 1}),
        ),
        (
            "create_chart",
            json!({"filepath": path, "sheet_name": "Sheet1", "data_range": "A1:B3", "chart_type": "bar", "target_cell": "D1"}),
        ),
        (
            "create_table",
            json!({"filepath": path, "sheet_name": "Sheet1", "data_range": "A1:B3"}),
        ),
        (
            "create_pivot_table",
            json!({"filepath": path, "sheet_name": "Sheet1", "data_range": "A1:B3", "rows": ["Name"], "values": ["Qty"]}),
        ),
    ]
}

#[tokio::test]
async fn every_tool_refuses_paths_out_of_the_workspace() {
    let w = ws().await;
    let outside = w.outside().join("book.xlsx");
    std::fs::copy(crate::SAMPLE, &outside).unwrap();
    let before = std::fs::read(&outside).unwrap();
    std::os::unix::fs::symlink(w.outside(), w.at("link")).unwrap();
    let abs = outside.to_str().unwrap().to_owned();
    for path in [
        "../outside/book.xlsx",
        abs.as_str(),
        "link/book.xlsx",
        "~/book.xlsx",
        "file:///tmp/book.xlsx",
    ] {
        for (tool, args) in calls(path) {
            let err = w.err(tool, args).await;
            assert!(err.contains("workspace"), "{tool} {path}: {err}");
        }
    }
    assert_eq!(
        std::fs::read(&outside).unwrap(),
        before,
        "the outside file is untouched"
    );
    assert_eq!(
        std::fs::read_dir(w.outside()).unwrap().count(),
        1,
        "nothing created outside"
    );
    w.stop().await;
}

#[tokio::test]
async fn bad_files_addresses_and_sheets_are_clear_errors() {
    let w = ws().await;
    std::fs::write(w.at("corrupt.xlsx"), b"PK\x03\x04 this is not a zip").unwrap();
    let err = w
        .err("get_workbook_metadata", json!({"filepath": "corrupt.xlsx"}))
        .await;
    assert!(err.contains("not a readable .xlsx"), "{err}");
    let mut cfb = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    cfb.resize(4096, 0);
    std::fs::write(w.at("secret.xlsx"), cfb).unwrap();
    let err = w
        .err(
            "read_data_from_excel",
            json!({"filepath": "secret.xlsx", "sheet_name": "Sheet1"}),
        )
        .await;
    assert!(err.contains("encrypted"), "{err}");
    std::fs::write(w.at("text.xlsx"), b"hello").unwrap();
    let err = w
        .err("get_workbook_metadata", json!({"filepath": "text.xlsx"}))
        .await;
    assert!(err.contains("not a zip"), "{err}");
    let err = w
        .err("get_workbook_metadata", json!({"filepath": "missing.xlsx"}))
        .await;
    assert!(err.contains("missing.xlsx"), "{err}");
    let err = w
        .err("create_workbook", json!({"filepath": "notes.txt"}))
        .await;
    assert!(err.contains(".xlsx"), "{err}");

    w.ok("create_workbook", json!({"filepath": "b.xlsx"})).await;
    let err = w
        .err(
            "apply_formula",
            json!({"filepath": "b.xlsx", "sheet_name": "Sheet1", "cell": "ZZZZ0", "formula": "=1"}),
        )
        .await;
    assert!(
        err.contains("not a cell address") && err.contains("ZZZZ0"),
        "{err}"
    );
    let err = w
        .err(
            "read_data_from_excel",
            json!({"filepath": "b.xlsx", "sheet_name": "Nope"}),
        )
        .await;
    assert!(
        err.contains("no sheet 'Nope'") && err.contains("'Sheet1'"),
        "{err}"
    );
    let err = w.err("write_data_to_excel", json!({"filepath": "b.xlsx", "sheet_name": "Sheet1", "data": [[1]], "start_cell": "A0"})).await;
    assert!(err.contains("row 0"), "{err}");
    let err = w.err("write_data_to_excel", json!({"filepath": "b.xlsx", "sheet_name": "Sheet1", "data": [[1, 2]], "start_cell": "XFD1"})).await;
    assert!(err.contains("runs past"), "{err}");
    let err = w
        .err(
            "insert_rows",
            json!({"filepath": "b.xlsx", "sheet_name": "Sheet1", "start_row": 0}),
        )
        .await;
    assert!(err.contains("start_row"), "{err}");
    let err = w
        .err(
            "create_worksheet",
            json!({"filepath": "b.xlsx", "sheet_name": "a/b"}),
        )
        .await;
    assert!(err.contains("not a valid sheet name"), "{err}");
    let err = w
        .err(
            "delete_worksheet",
            json!({"filepath": "b.xlsx", "sheet_name": "Sheet1"}),
        )
        .await;
    assert!(err.contains("at least one"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn a_zip_bomb_is_refused_before_it_is_unpacked() {
    use std::io::Write as _;
    let w = ws().await;
    let f = std::fs::File::create(w.at("bomb.xlsx")).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let opts = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .large_file(false);
    z.start_file("xl/worksheets/sheet1.xml", opts).unwrap();
    let chunk = vec![b' '; 1 << 20];
    for _ in 0..600 {
        z.write_all(&chunk).unwrap();
    }
    z.finish().unwrap();
    let err = w
        .err("get_workbook_metadata", json!({"filepath": "bomb.xlsx"}))
        .await;
    assert!(err.contains("over the cap"), "{err}");
    w.stop().await;
}
