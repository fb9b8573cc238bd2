//! Test setup shared by the Google Slides tests: fake Slides and Drive APIs, Google's error
//! bodies, and a realistic presentation.

use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, settings_for};
use serde_json::{Value, json};

pub const TOKEN: &str = "ya29.test-slides-token";
pub const DECK: &str = "1DeckAbCdEfGhIjKlMnOpQrStUvWxYz0123456789";

pub struct Setup {
    pub slides: MockServer,
    pub drive: MockServer,
    pub server: TestServer,
    pub client: Client,
}

pub async fn setup() -> Setup {
    let slides = MockServer::start().await;
    let drive = MockServer::start().await;
    let settings = settings_for(&slides.uri()).with_api("drive", &drive.uri());
    let server = TestServer::start(&google_slides_mcp_server::SPEC, settings).await;
    let client = server.client(TOKEN).await;
    Setup {
        slides,
        drive,
        server,
        client,
    }
}

pub fn deck_path() -> String {
    format!("/v1/presentations/{DECK}")
}

pub fn batch_path() -> String {
    format!("/v1/presentations/{DECK}:batchUpdate")
}

/// What a text read asks for.
pub const TEXT_FIELDS: &str = "presentationId,title,revisionId,slides(objectId,slideProperties(layoutObjectId,notesPage(notesProperties,pageElements(objectId,shape(text(textElements(textRun(content),autoText(content))))))),pageElements(objectId,shape(shapeType,placeholder(type),text(textElements(textRun(content),autoText(content)))),table(rows,columns,tableRows(tableCells(text(textElements(textRun(content),autoText(content)))))),elementGroup,wordArt,image(contentUrl)))";

pub fn google_error(code: u16, status: &str, message: &str) -> Value {
    mcp_vendor_google::testkit::google_error(code, status, None, message)
}

/// The 403 of a token without the scope a method needs, with its `WWW-Authenticate`.
pub fn insufficient_scope(scope: &str) -> ResponseTemplate {
    mcp_vendor_google::testkit::insufficient_scope(&API, scope)
}

const API: mcp_vendor_google::testkit::GoogleApi = mcp_vendor_google::testkit::GoogleApi {
    service: "slides.googleapis.com",
    method: "google.apps.slides.v1.PresentationsService.BatchUpdatePresentation",
    legacy_errors: false,
};

/// A `TextContent` as the text mask returns it: paragraph markers (empty under the mask),
/// runs, and auto text.
fn text(parts: &[&str]) -> Value {
    let mut els = Vec::new();
    for p in parts {
        if let Some(auto) = p.strip_prefix("auto:") {
            els.push(json!({"autoText": {"content": auto}}));
        } else {
            if p.is_empty() || els.is_empty() {
                els.push(json!({}));
            }
            els.push(json!({"textRun": {"content": p}}));
        }
    }
    json!({"textElements": els})
}

fn shape(id: &str, kind: &str, placeholder: bool, parts: &[&str]) -> Value {
    let mut s = json!({"shapeType": "TEXT_BOX", "text": text(parts)});
    if placeholder {
        s["placeholder"] = json!({"type": kind});
    } else {
        s["shapeType"] = json!(kind);
    }
    json!({"objectId": id, "shape": s})
}

fn notes(slide: &str, parts: &[&str]) -> Value {
    json!({
        "notesProperties": {"speakerNotesObjectId": format!("{slide}:notes")},
        "pageElements": [
            {"objectId": format!("{slide}:thumb")},
            {"objectId": format!("{slide}:notes"), "shape": {"text": text(parts)}}
        ]
    })
}

/// A three-slide deck under the text mask: a title slide, a content slide with a body of two
/// paragraphs (one with an emoji), a table, a group and an image, and a closing slide with a
/// slide number; speaker notes on the first two.
pub fn deck() -> Value {
    json!({
        "presentationId": DECK,
        "title": "Q3 Review",
        "revisionId": "rev-deck-1",
        "slides": [
            {"objectId": "p1",
             "slideProperties": {"layoutObjectId": "lay_title", "notesPage": notes("p1", &["Welcome everyone\n"])},
             "pageElements": [
                 shape("p1_t", "CENTERED_TITLE", true, &["Q3 Review\n"]),
                 shape("p1_s", "SUBTITLE", true, &["Ann Lee · June 2024\n"])
             ]},
            {"objectId": "g2a",
             "slideProperties": {"layoutObjectId": "lay_tb", "notesPage": notes("g2a", &["Mention EU first\n"])},
             "pageElements": [
                 shape("g2a_t", "TITLE", true, &["Results\n"]),
                 shape("g2a_b", "BODY", true, &["Revenue up 12%\n", "Churn down 🚀\n"]),
                 {"objectId": "g2a_tbl", "table": {"rows": 2, "columns": 2, "tableRows": [
                     {"tableCells": [{"text": text(&["Region\n"])}, {"text": text(&["Growth\n"])}]},
                     {"tableCells": [{"text": text(&["EU\n"])}, {"text": text(&["8%\n"])}]}
                 ]}},
                 {"objectId": "g2a_grp", "elementGroup": {"children": [
                     shape("g2a_src", "TEXT_BOX", false, &["Source: finance\n"]),
                     {"objectId": "g2a_line", "line": {"lineType": "STRAIGHT_CONNECTOR_1"}}
                 ]}},
                 {"objectId": "g2a_img", "image": {"contentUrl": "https://lh3.googleusercontent.com/abc"}}
             ]},
            {"objectId": "g3b",
             "slideProperties": {"layoutObjectId": "lay_to", "notesPage": notes("g3b", &["\n"])},
             "pageElements": [
                 shape("g3b_t", "TITLE", true, &["Thanks\n"]),
                 shape("g3b_n", "RECTANGLE", false, &["Slide ", "auto:3", "\n"])
             ]}
        ]
    })
}
