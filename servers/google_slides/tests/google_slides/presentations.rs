//! create_presentation, list_presentations, get_presentation, summarize_presentation.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, matchers};
use mcp_vendor_google::testkit::drive_files_list;
use mcp_vendor_google::testkit::{not_found, permission_denied};
use serde_json::{Value, json};

use crate::common::{
    DECK, TEXT_FIELDS, TOKEN, deck, deck_path, google_error, insufficient_scope, setup,
};

#[tokio::test]
async fn create_presentation_contract() {
    let s = setup().await;
    expect("POST", "/v1/presentations")
        .bearer(TOKEN)
        .json_body(json!({"title": "Q3 Review"}))
        .respond(
            &s.slides,
            200,
            json!({
                "presentationId": DECK, "title": "Q3 Review", "locale": "en", "revisionId": "rev-new",
                "pageSize": {"width": {"magnitude": 9144000, "unit": "EMU"}, "height": {"magnitude": 5143500, "unit": "EMU"}},
                "slides": [{"objectId": "p", "pageType": "SLIDE", "pageElements": [], "slideProperties": {"layoutObjectId": "p2", "masterObjectId": "p1"}}],
                "masters": [], "layouts": []
            }),
        )
        .await;
    let v = s
        .client
        .call_ok("create_presentation", json!({"title": "Q3 Review"}))
        .await;
    assert_eq!(
        v,
        json!({"presentationId": DECK, "title": "Q3 Review", "revisionId": "rev-new",
               "url": format!("https://docs.google.com/presentation/d/{DECK}/edit"), "slideIds": ["p"]})
    );
}

#[tokio::test]
async fn create_presentation_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err("create_presentation", json!({"title": ""}))
        .await;
    assert!(err.contains("`title` must not be empty"), "{err}");
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/v1/presentations"))
        .respond_with(insufficient_scope(
            "https://www.googleapis.com/auth/presentations",
        ))
        .expect(1)
        .mount(&s.slides)
        .await;
    let err = s
        .client
        .call_err("create_presentation", json!({"title": "X"}))
        .await;
    assert!(
        err.contains("Google Slides API error 403") && err.contains("auth/presentations"),
        "{err}"
    );
}

const DRIVE_FIELDS: &str = "nextPageToken,files(id,name,createdTime,modifiedTime,webViewLink,owners(displayName,emailAddress))";
const DECK_MIME: &str = "application/vnd.google-apps.presentation";
const DECKS: &str = "mimeType='application/vnd.google-apps.presentation' and trashed=false";

#[tokio::test]
async fn list_presentations_contract() {
    let s = setup().await;
    drive_files_list(TOKEN, DECK_MIME, DRIVE_FIELDS)
        .respond(
            &s.drive,
            200,
            json!({"nextPageToken": "tok2", "files": [
                {"id": DECK, "name": "Q3 Review", "createdTime": "2024-06-01T08:00:00.000Z",
                 "modifiedTime": "2024-06-03T09:30:00.000Z",
                 "webViewLink": format!("https://docs.google.com/presentation/d/{DECK}/edit?usp=drivesdk"),
                 "owners": [{"displayName": "Ann Lee", "emailAddress": "ann@example.com"}]}
            ]}),
        )
        .await;
    let v = s.client.call_ok("list_presentations", json!({})).await;
    assert_eq!(v["presentations"][0]["id"], DECK);
    assert_eq!(v["presentations"][0]["owners"], json!(["ann@example.com"]));
    assert_eq!(
        v["presentations"][0]["url"],
        format!("https://docs.google.com/presentation/d/{DECK}/edit?usp=drivesdk")
    );
    assert_eq!(v["nextPageToken"], "tok2");
}

#[tokio::test]
async fn list_presentations_next_page_and_failure() {
    let s = setup().await;
    expect("GET", "/drive/v3/files")
        .bearer(TOKEN)
        .query("q", format!("{DECKS} and name contains 'Q3'"))
        .query("orderBy", "modifiedTime desc")
        .query("pageSize", 10)
        .query("pageToken", "tok2")
        .query("fields", DRIVE_FIELDS)
        .respond(
            &s.drive,
            400,
            google_error(400, "INVALID_ARGUMENT", "Invalid Value"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "list_presentations",
            json!({"query": "Q3", "page_size": 10, "page_token": "tok2"}),
        )
        .await;
    assert!(
        err.contains("Google Drive API error 400") && err.contains("Invalid Value"),
        "{err}"
    );
}

const OVERVIEW_EXTRA: &str =
    ",locale,pageSize,layouts(objectId,layoutProperties(name,displayName))";

fn overview() -> Value {
    let mut d = deck();
    d["locale"] = json!("en");
    d["pageSize"] = json!({"width": {"magnitude": 9144000, "unit": "EMU"}, "height": {"magnitude": 5143500, "unit": "EMU"}});
    d["layouts"] = json!([
        {"objectId": "lay_title", "layoutProperties": {"name": "TITLE", "displayName": "Title slide"}},
        {"objectId": "lay_tb", "layoutProperties": {"name": "TITLE_AND_BODY", "displayName": "Title and body"}}
    ]);
    d
}

#[tokio::test]
async fn get_presentation_reads_text_per_slide() {
    let s = setup().await;
    expect("GET", deck_path())
        .bearer(TOKEN)
        .query("fields", format!("{TEXT_FIELDS}{OVERVIEW_EXTRA}"))
        .respond(&s.slides, 200, overview())
        .await;
    let v = s
        .client
        .call_ok("get_presentation", json!({"presentation_id": DECK}))
        .await;
    assert_eq!(v["title"], "Q3 Review");
    assert_eq!(v["slideCount"], 3);
    assert_eq!(
        v["slides"][1],
        json!({
            "slideNumber": 2, "objectId": "g2a", "layoutId": "lay_tb", "title": "Results",
            "elements": [
                {"objectId": "g2a_t", "kind": "TITLE", "text": "Results"},
                {"objectId": "g2a_b", "kind": "BODY", "text": "Revenue up 12%\nChurn down 🚀"},
                {"objectId": "g2a_tbl", "kind": "TABLE", "text": "Region | Growth\nEU | 8%"},
                {"objectId": "g2a_src", "kind": "TEXT_BOX", "text": "Source: finance"}
            ],
            "notes": "Mention EU first"
        })
    );
    assert_eq!(v["slides"][0]["title"], "Q3 Review");
    assert_eq!(v["slides"][2]["elements"][1]["text"], "Slide 3");
    assert!(
        v["slides"][2].get("notes").is_none(),
        "empty notes are left out"
    );
    assert_eq!(
        v["layouts"][1],
        json!({"objectId": "lay_tb", "name": "TITLE_AND_BODY", "displayName": "Title and body"})
    );
}

#[tokio::test]
async fn get_presentation_with_fields_returns_googles_answer() {
    let s = setup().await;
    let answer = json!({"title": "Q3 Review", "slides": [{"objectId": "p1"}, {"objectId": "g2a"}]});
    expect("GET", deck_path())
        .bearer(TOKEN)
        .query("fields", "title,slides.objectId")
        .respond(&s.slides, 200, answer.clone())
        .await;
    let v = s
        .client
        .call_ok(
            "get_presentation",
            json!({"presentation_id": format!("https://docs.google.com/presentation/d/{DECK}/edit#slide=id.p1"),
                   "fields": "title,slides.objectId"}),
        )
        .await;
    assert_eq!(v, answer);
}

#[tokio::test]
async fn get_presentation_failures() {
    let s = setup().await;
    expect("GET", "/v1/presentations/nope1")
        .bearer(TOKEN)
        .query("fields", format!("{TEXT_FIELDS}{OVERVIEW_EXTRA}"))
        .respond_with(&s.slides, not_found())
        .await;
    let err = s
        .client
        .call_err("get_presentation", json!({"presentation_id": "nope1"}))
        .await;
    for said in [
        "404",
        "NOT_FOUND",
        "Requested entity was not found",
        "check the id",
    ] {
        assert!(err.contains(said), "{said}: {err}");
    }
    let err = s
        .client
        .call_err("get_presentation", json!({"presentation_id": "a b"}))
        .await;
    assert!(err.contains("not a Google Slides id"), "{err}");
}

#[tokio::test]
async fn summarize_presentation_with_notes() {
    let s = setup().await;
    expect("GET", deck_path())
        .bearer(TOKEN)
        .query("fields", TEXT_FIELDS)
        .respond(&s.slides, 200, deck())
        .await;
    let v = s
        .client
        .call_ok(
            "summarize_presentation",
            json!({"presentation_id": DECK, "include_notes": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "presentationId": DECK, "title": "Q3 Review", "slideCount": 3,
            "slides": [
                {"slideNumber": 1, "objectId": "p1", "title": "Q3 Review", "text": ["Ann Lee · June 2024"], "notes": "Welcome everyone"},
                {"slideNumber": 2, "objectId": "g2a", "title": "Results",
                 "text": ["Revenue up 12%\nChurn down 🚀", "Region | Growth\nEU | 8%", "Source: finance"], "notes": "Mention EU first"},
                {"slideNumber": 3, "objectId": "g3b", "title": "Thanks", "text": ["Slide 3"]}
            ]
        })
    );
}

#[tokio::test]
async fn summarize_presentation_without_notes_and_failure() {
    let s = setup().await;
    expect("GET", deck_path())
        .bearer(TOKEN)
        .query("fields", TEXT_FIELDS)
        .respond(&s.slides, 200, deck())
        .await;
    let v = s
        .client
        .call_ok("summarize_presentation", json!({"presentation_id": DECK}))
        .await;
    assert!(
        v["slides"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.get("notes").is_none())
    );
    expect("GET", "/v1/presentations/gone1")
        .bearer(TOKEN)
        .query("fields", TEXT_FIELDS)
        .respond_with(&s.slides, permission_denied())
        .await;
    let err = s
        .client
        .call_err(
            "summarize_presentation",
            json!({"presentation_id": "gone1"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("no permission"),
        "{err}"
    );
}

#[tokio::test]
async fn the_binary_lists_through_the_drive_base_url() {
    mcp_vendor_google::testkit::binary_lists_through_drive(
        &google_slides_mcp_server::SPEC,
        env!("CARGO_BIN_EXE_google-slides-mcp-server"),
        "list_presentations",
        (DECK_MIME, DRIVE_FIELDS),
        "presentations",
    )
    .await;
}
