//! Workbooks and worksheets: create (xlsx built here), list, add in a session.

use crate::common::{SESSION, SHEET_ID, TOKEN, WB, graph_error, req, session, setup};
use mcp_testkit::expect;
use serde_json::json;

const SHARE: &str = "https://contoso-my.sharepoint.com/:x:/g/personal/ada/EeBcQ";

#[tokio::test]
async fn list_worksheets_by_id_and_by_share_link() {
    let s = setup().await;
    req("GET", &format!("{WB}/worksheets"), &[("$select", "id,name,position,visibility")])
        .respond(&s.fake, 200, json!({"value": [{"@odata.id": "/x", "id": SHEET_ID, "name": "Sheet1", "position": 0, "visibility": "Visible"}]}))
        .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_list_worksheets",
            json!({"workbook_url": "W1"}),
        )
        .await;
    assert_eq!(
        v["worksheets"],
        json!([{"id": SHEET_ID, "name": "Sheet1", "position": 0, "visibility": "Visible"}])
    );
    let share = format!(
        "/shares/u!{}/driveItem",
        base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, SHARE)
    );
    req("GET", &share, &[("$select", "id,name,parentReference,file,folder")])
        .respond(&s.fake, 200, json!({"id": "W2", "name": "Budget.xlsx", "file": {}, "parentReference": {"driveId": "b!drive1"}}))
        .await;
    req(
        "GET",
        "/drives/b!drive1/items/W2/workbook/worksheets",
        &[("$select", "id,name,position,visibility")],
    )
    .respond(&s.fake, 200, json!({"value": []}))
    .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_list_worksheets",
            json!({"workbook_url": SHARE}),
        )
        .await;
    assert_eq!(v["worksheets"], json!([]));
}

#[tokio::test]
async fn list_worksheets_not_a_workbook() {
    let s = setup().await;
    req(
        "GET",
        &format!("{WB}/worksheets"),
        &[("$select", "id,name,position,visibility")],
    )
    .respond(
        &s.fake,
        400,
        graph_error("InvalidArgument", "The file is not a supported workbook"),
    )
    .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_list_worksheets",
            json!({"workbook_url": "W1"}),
        )
        .await;
    assert!(err.contains("400 Bad Request (InvalidArgument)"), "{err}");
    assert!(err.contains("request-id 5f1a7c2e"), "{err}");
}

#[tokio::test]
async fn create_worksheets_in_one_session() {
    let s = setup().await;
    session(&s.fake, WB).await;
    for (n, pos) in [("Q1", 1), ("Q2", 2)] {
        expect("POST", format!("{WB}/worksheets/add"))
            .bearer(TOKEN)
            .header("workbook-session-id", SESSION)
            .json_body(json!({"name": n}))
            .respond(&s.fake, 201, json!({"id": format!("{{id-{n}}}"), "name": n, "position": pos, "visibility": "Visible"}))
            .await;
    }
    let v = s
        .client
        .call_ok(
            "microsoft_excel_create_worksheets",
            json!({"workbook_url": "W1", "sheet_names": ["Q1", "Q2"]}),
        )
        .await;
    assert_eq!(v["worksheets"][1]["name"], "Q2");
    assert_eq!(v["worksheets"][1]["position"], 2);
}

#[tokio::test]
async fn create_worksheets_closes_the_session_on_failure() {
    let s = setup().await;
    session(&s.fake, WB).await; // closeSession is expected exactly once
    expect("POST", format!("{WB}/worksheets/add"))
        .bearer(TOKEN)
        .header("workbook-session-id", SESSION)
        .json_body(json!({"name": "Q1"}))
        .respond(
            &s.fake,
            409,
            graph_error(
                "ItemAlreadyExists",
                "A resource with the same name or identifier already exists.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_create_worksheets",
            json!({"workbook_url": "W1", "sheet_names": ["Q1"]}),
        )
        .await;
    assert!(err.contains("409 Conflict (ItemAlreadyExists)"), "{err}");
    let err = s
        .client
        .call_err(
            "microsoft_excel_create_worksheets",
            json!({"workbook_url": "W1", "sheet_names": ["a/b"]}),
        )
        .await;
    assert!(
        err.contains("`sheet_names` must be 1 to 31 characters"),
        "{err}"
    );
}

#[tokio::test]
async fn create_workbook_uploads_built_xlsx() {
    let s = setup().await;
    req(
        "PUT",
        "/me/drive/root:/Budget%202027.xlsx:/content",
        &[("@microsoft.graph.conflictBehavior", "rename")],
    )
    .header(
        "content-type",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    )
    .any_body()
    .respond(
        &s.fake,
        201,
        json!({"id": "W9", "name": "Budget 2027.xlsx", "size": 1500,
        "webUrl": "https://contoso-my.sharepoint.com/personal/ada/Documents/Budget%202027.xlsx",
        "parentReference": {"driveId": "b!drive1"}, "file": {}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "microsoft_excel_create_workbook",
            json!({"title": "Budget 2027", "sheet_name": "Plan", "data": "[[\"Item\",\"Cost\"],[\"Widget & Co\",3.5],[\"Total\",\"=SUM(B2:B2)\"]]"}),
        )
        .await;
    assert_eq!(v["id"], "W9");
    assert_eq!(v["worksheet"], "Plan");
    assert_eq!(v["cells"], 6);
    let reqs = s.fake.received_requests().await.unwrap();
    let body = &reqs.last().unwrap().body;
    assert!(body.starts_with(b"PK"), "a zip package");
    let text = String::from_utf8_lossy(body);
    assert!(text.contains("<sheet name=\"Plan\""), "{text}");
    assert!(text.contains(
        "<c r=\"A2\" t=\"inlineStr\"><is><t xml:space=\"preserve\">Widget &amp; Co</t></is></c>"
    ));
    assert!(text.contains("<c r=\"B2\"><v>3.5</v></c>"));
    assert!(text.contains("<c r=\"B3\"><f>SUM(B2:B2)</f></c>"));
}

#[tokio::test]
async fn create_workbook_in_a_shared_folder_and_failures() {
    let s = setup().await;
    let share = format!(
        "/shares/u!{}/driveItem",
        base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, SHARE)
    );
    req("GET", &share, &[("$select", "id,name,parentReference,file,folder")])
        .respond(&s.fake, 200, json!({"id": "F1", "name": "Team", "folder": {"childCount": 0}, "parentReference": {"driveId": "b!drive1"}}))
        .await;
    req(
        "PUT",
        "/drives/b!drive1/items/F1:/Plan.xlsx:/content",
        &[("@microsoft.graph.conflictBehavior", "rename")],
    )
    .any_body()
    .respond(&s.fake, 403, graph_error("accessDenied", "Access denied"))
    .await;
    let err = s
        .client
        .call_err(
            "microsoft_excel_create_workbook",
            json!({"title": "Plan.xlsx", "data": "{\"1\": {\"A\": \"x\"}}", "parent_link": SHARE}),
        )
        .await;
    assert!(err.contains("Files.ReadWrite"), "{err}");
    let err = s
        .client
        .call_err(
            "microsoft_excel_create_workbook",
            json!({"title": "Plan", "data": "{\"1\": {\"A\": {\"nested\": 1}}}"}),
        )
        .await;
    assert!(err.contains("`data` must be JSON"), "{err}");
}
