//! add_slide, batch_update_presentation, google_slides_replace_text: the exact batchUpdate
//! bodies.

use mcp_testkit::expect;
use mcp_testkit::wiremock::{Mock, ResponseTemplate, matchers};
use serde_json::{Value, json};

use crate::common::{DECK, TOKEN, batch_path, google_error, setup};

fn reply(replies: Value) -> Value {
    mcp_vendor_google::testkit::batch_update_reply(
        "presentationId",
        DECK,
        replies,
        Some("rev-after"),
    )
}

#[tokio::test]
async fn add_slide_contract() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"createSlide": {
                "objectId": "results_slide",
                "insertionIndex": 1,
                "slideLayoutReference": {"predefinedLayout": "TITLE_AND_BODY"},
                "placeholderIdMappings": [
                    {"layoutPlaceholder": {"type": "TITLE", "index": 0}, "objectId": "results_slide_title"},
                    {"layoutPlaceholder": {"type": "BODY", "index": 0}, "objectId": "results_slide_body"}
                ]
            }},
            {"insertText": {"objectId": "results_slide_title", "insertionIndex": 0, "text": "Results"}},
            {"insertText": {"objectId": "results_slide_body", "insertionIndex": 0, "text": "Revenue up 12%\nChurn down"}}
        ]}))
        .respond(&s.slides, 200, reply(json!([{"createSlide": {"objectId": "results_slide"}}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "add_slide",
            json!({"presentation_id": DECK, "title": "Results", "content": "Revenue up 12%\nChurn down",
                   "insertion_index": 1, "slide_id": "results_slide"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"presentationId": DECK, "slideId": "results_slide",
               "titleObjectId": "results_slide_title", "bodyObjectId": "results_slide_body",
               "revisionId": "rev-after",
               "url": format!("https://docs.google.com/presentation/d/{DECK}/edit#slide=id.results_slide")})
    );
}

#[tokio::test]
async fn add_slide_title_layout_uses_centered_title_and_subtitle() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"createSlide": {
                "objectId": "intro1",
                "slideLayoutReference": {"predefinedLayout": "TITLE"},
                "placeholderIdMappings": [
                    {"layoutPlaceholder": {"type": "CENTERED_TITLE", "index": 0}, "objectId": "intro1_title"},
                    {"layoutPlaceholder": {"type": "SUBTITLE", "index": 0}, "objectId": "intro1_body"}
                ]
            }},
            {"insertText": {"objectId": "intro1_title", "insertionIndex": 0, "text": "Q4 Plan"}},
            {"insertText": {"objectId": "intro1_body", "insertionIndex": 0, "text": "Ann Lee"}}
        ]}))
        .respond(&s.slides, 200, reply(json!([{"createSlide": {"objectId": "intro1"}}, {}, {}])))
        .await;
    let v = s
        .client
        .call_ok(
            "add_slide",
            json!({"presentation_id": DECK, "title": "Q4 Plan", "content": "Ann Lee", "layout": "TITLE", "slide_id": "intro1"}),
        )
        .await;
    assert_eq!(v["slideId"], "intro1");
}

#[tokio::test]
async fn add_slide_from_a_custom_layout_with_a_generated_id() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path(batch_path()))
        .and(matchers::header(
            "authorization",
            format!("Bearer {TOKEN}").as_str(),
        ))
        .respond_with(ResponseTemplate::new(200).set_body_json(reply(json!([{}, {}]))))
        .expect(1)
        .mount(&s.slides)
        .await;
    let v = s
        .client
        .call_ok(
            "add_slide",
            json!({"presentation_id": DECK, "title": "Agenda", "layout_id": "lay_custom_7"}),
        )
        .await;
    let req = &s.slides.received_requests().await.unwrap()[0];
    let body: Value = serde_json::from_slice(&req.body).unwrap();
    let id = body["requests"][0]["createSlide"]["objectId"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        id.len() == 22
            && id.starts_with("slide_")
            && id
                .strip_prefix("slide_")
                .is_some_and(|h| h.chars().all(|c| c.is_ascii_hexdigit())),
        "{id}"
    );
    assert_eq!(
        body,
        json!({"requests": [
            {"createSlide": {
                "objectId": id,
                "slideLayoutReference": {"layoutId": "lay_custom_7"},
                "placeholderIdMappings": [
                    {"layoutPlaceholder": {"type": "TITLE", "index": 0}, "objectId": format!("{id}_title")}
                ]
            }},
            {"insertText": {"objectId": format!("{id}_title"), "insertionIndex": 0, "text": "Agenda"}}
        ]})
    );
    assert_eq!(v["slideId"], id.as_str());
    assert!(v.get("bodyObjectId").is_none());
}

#[tokio::test]
async fn add_slide_failures() {
    let s = setup().await;
    for (args, want) in [
        (
            json!({"presentation_id": DECK, "title": "x", "layout": "BLANK"}),
            "BLANK slide has no placeholders",
        ),
        (
            json!({"presentation_id": DECK, "layout": "TITLE_ONLY", "layout_id": "l1"}),
            "not both",
        ),
        (
            json!({"presentation_id": DECK, "slide_id": "-bad"}),
            "not a valid object id",
        ),
        (
            json!({"presentation_id": DECK, "layout": "TITLE_AND_THREE_COLUMNS"}),
            "unknown variant `TITLE_AND_THREE_COLUMNS`",
        ),
    ] {
        let err = s.client.call_err("add_slide", args).await;
        assert!(err.contains(want), "{err}");
    }
    assert!(s.slides.received_requests().await.unwrap().is_empty());
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [
            {"createSlide": {
                "objectId": "caption1",
                "slideLayoutReference": {"predefinedLayout": "SECTION_HEADER"},
                "placeholderIdMappings": [
                    {"layoutPlaceholder": {"type": "BODY", "index": 0}, "objectId": "caption1_body"}
                ]
            }},
            {"insertText": {"objectId": "caption1_body", "insertionIndex": 0, "text": "x"}}
        ]}))
        .respond(
            &s.slides,
            400,
            google_error(400, "INVALID_ARGUMENT", "Invalid requests[0].createSlide: The layout placeholder with type BODY and index 0 does not exist on the layout."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "add_slide",
            json!({"presentation_id": DECK, "content": "x", "layout": "SECTION_HEADER", "slide_id": "caption1"}),
        )
        .await;
    assert!(
        err.contains("does not exist on the layout") && err.contains("TITLE_AND_BODY has both"),
        "{err}"
    );
}

#[tokio::test]
async fn batch_update_presentation_contract() {
    let s = setup().await;
    let requests = json!([
        {"createShape": {"objectId": "box_1", "shapeType": "TEXT_BOX", "elementProperties": {
            "pageObjectId": "g2a",
            "size": {"width": {"magnitude": 3000000, "unit": "EMU"}, "height": {"magnitude": 600000, "unit": "EMU"}},
            "transform": {"scaleX": 1, "scaleY": 1, "translateX": 311700, "translateY": 4200000, "unit": "EMU"}}}},
        {"insertText": {"objectId": "box_1", "insertionIndex": 0, "text": "Source: finance"}},
        {"deleteObject": {"objectId": "g2a_img"}}
    ]);
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(
            json!({"requests": requests, "writeControl": {"requiredRevisionId": "rev-deck-1"}}),
        )
        .respond(
            &s.slides,
            200,
            reply(json!([{"createShape": {"objectId": "box_1"}}, {}, {}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "batch_update_presentation",
            json!({"presentation_id": DECK, "requests": requests, "required_revision_id": "rev-deck-1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"presentationId": DECK, "replies": [{"createShape": {"objectId": "box_1"}}, {}, {}], "revisionId": "rev-after"})
    );
}

#[tokio::test]
async fn batch_update_presentation_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "batch_update_presentation",
            json!({"presentation_id": DECK, "requests": []}),
        )
        .await;
    assert!(err.contains("`requests` is empty"), "{err}");
    let err = s
        .client
        .call_err(
            "batch_update_presentation",
            json!({"presentation_id": DECK, "requests": [{"deleteObject": {"objectId": "a"}, "createSlide": {}}]}),
        )
        .await;
    assert!(
        err.contains("requests[0] must have exactly one key"),
        "{err}"
    );
    assert!(s.slides.received_requests().await.unwrap().is_empty());
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"deleteObject": {"objectId": "missing_1"}}]}))
        .respond(
            &s.slides,
            400,
            google_error(
                400,
                "INVALID_ARGUMENT",
                "Invalid requests[0].deleteObject: The object (missing_1) could not be found.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "batch_update_presentation",
            json!({"presentation_id": DECK, "requests": [{"deleteObject": {"objectId": "missing_1"}}]}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("could not be found"),
        "{err}"
    );
}

#[tokio::test]
async fn replace_text_on_chosen_slides_contract() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"replaceAllText": {
            "containsText": {"text": "{{customer}}", "matchCase": true},
            "replaceText": "Acme",
            "pageObjectIds": ["p1", "g2a"]
        }}]}))
        .respond(
            &s.slides,
            200,
            reply(json!([{"replaceAllText": {"occurrencesChanged": 4}}])),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_slides_replace_text",
            json!({"presentation_id": DECK, "find_text": "{{customer}}", "replace_text": "Acme", "page_object_ids": ["p1", "g2a"]}),
        )
        .await;
    assert_eq!(
        v,
        json!({"presentationId": DECK, "occurrencesChanged": 4, "revisionId": "rev-after"})
    );
}

#[tokio::test]
async fn replace_text_everywhere_ignoring_case_and_failures() {
    let s = setup().await;
    expect("POST", batch_path())
        .bearer(TOKEN)
        .json_body(json!({"requests": [{"replaceAllText": {
            "containsText": {"text": "draft", "matchCase": false},
            "replaceText": ""
        }}]}))
        .respond(&s.slides, 200, reply(json!([{"replaceAllText": {}}])))
        .await;
    let v = s
        .client
        .call_ok(
            "google_slides_replace_text",
            json!({"presentation_id": DECK, "find_text": "draft", "replace_text": "", "match_case": false}),
        )
        .await;
    assert_eq!(v["occurrencesChanged"], 0);
    let err = s
        .client
        .call_err(
            "google_slides_replace_text",
            json!({"presentation_id": DECK, "find_text": "", "replace_text": "x"}),
        )
        .await;
    assert!(err.contains("`find_text` must not be empty"), "{err}");
}
