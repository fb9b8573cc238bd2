//! What every Google Slides tool shares: presentation ids (bare or inside a URL), requests under
//! `/v1/presentations`, `batchUpdate`, and the text of a presentation's slides.

use mcp_shared::{Ctx, Method, Request, ToolError, seg};
use serde_json::{Map, Value, json};

/// The presentations collection of the Slides API.
pub const PRESENTATIONS: &str = "/v1/presentations";

/// What a text read asks `presentations.get` for: each slide's elements with their text
/// (shapes, tables, groups, word art), its layout, and its speaker notes.
pub const TEXT_FIELDS: &str = "presentationId,title,revisionId,slides(objectId,\
slideProperties(layoutObjectId,notesPage(notesProperties,pageElements(objectId,shape(text(textElements(textRun(content),autoText(content))))))),\
pageElements(objectId,shape(shapeType,placeholder(type),text(textElements(textRun(content),autoText(content)))),\
table(rows,columns,tableRows(tableCells(text(textElements(textRun(content),autoText(content)))))),elementGroup,wordArt,image(contentUrl)))";

/// A presentation id from an id or a Slides URL
/// (`https://docs.google.com/presentation/d/<id>/edit`).
pub fn presentation_id(raw: &str) -> Result<String, ToolError> {
    mcp_vendor_google::editor_file_id(raw, "presentation_id", "presentation", "Google Slides")
}

/// An authenticated request to the Slides API.
pub fn req(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, path)
}

/// `GET /v1/presentations/{id}` with a `fields` mask.
pub async fn get(ctx: &Ctx, id: &str, fields: Option<&str>) -> Result<Value, ToolError> {
    req(ctx, Method::GET, &format!("{PRESENTATIONS}/{}", seg(id)))?
        .query_opt("fields", fields)
        .send_json()
        .await
}

/// `POST /v1/presentations/{id}:batchUpdate`.
pub async fn batch_update(ctx: &Ctx, id: &str, body: &Value) -> Result<Value, ToolError> {
    req(
        ctx,
        Method::POST,
        &format!("{PRESENTATIONS}/{}:batchUpdate", seg(id)),
    )?
    .json(body)
    .send_json()
    .await
}

/// The presentation's editor URL.
pub fn url(id: &str) -> String {
    format!("https://docs.google.com/presentation/d/{id}/edit")
}

/// The revision a `batchUpdate` answer reports (`writeControl.requiredRevisionId`).
pub fn revision_of(reply: &Value) -> Option<Value> {
    reply
        .pointer("/writeControl/requiredRevisionId")
        .filter(|v| !v.is_null())
        .cloned()
}

fn arr<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// The text of a `TextContent`: its runs and auto text (slide numbers), without the final
/// newline; line breaks (U+000B) as newlines.
pub fn text_of(text: Option<&Value>) -> String {
    let Some(text) = text else {
        return String::new();
    };
    let mut out = String::new();
    for e in arr(text, "textElements") {
        if let Some(c) = e
            .pointer("/textRun/content")
            .or_else(|| e.pointer("/autoText/content"))
            .and_then(Value::as_str)
        {
            out.push_str(c);
        }
    }
    out.replace('\u{b}', "\n").trim_end().to_owned()
}

/// A page element's kind: its placeholder type (`TITLE`, `BODY`...), shape type (`TEXT_BOX`,
/// `RECTANGLE`...), or `TABLE`, `GROUP`, `WORD_ART`, `IMAGE`.
fn kind_of(el: &Value) -> Option<&str> {
    if let Some(shape) = el.get("shape") {
        return shape
            .pointer("/placeholder/type")
            .or_else(|| shape.get("shapeType"))
            .and_then(Value::as_str)
            .or(Some("SHAPE"));
    }
    [
        ("table", "TABLE"),
        ("wordArt", "WORD_ART"),
        ("image", "IMAGE"),
    ]
    .into_iter()
    .find(|(k, _)| el.get(*k).is_some())
    .map(|(_, kind)| kind)
}

/// The text elements of a slide, groups flattened: `{objectId, kind, text}` for each element
/// with text (a table's rows as lines, cells separated by ` | `).
pub fn elements(page_elements: &[Value]) -> Vec<Value> {
    let mut out = Vec::new();
    for el in page_elements {
        if let Some(group) = el.get("elementGroup") {
            out.extend(elements(arr(group, "children")));
            continue;
        }
        let text = if let Some(t) = el.get("table") {
            arr(t, "tableRows")
                .iter()
                .map(|r| {
                    arr(r, "tableCells")
                        .iter()
                        .map(|c| text_of(c.get("text")).replace('\n', " "))
                        .collect::<Vec<_>>()
                        .join(" | ")
                })
                .collect::<Vec<_>>()
                .join("\n")
        } else if let Some(w) = el.pointer("/wordArt/renderedText").and_then(Value::as_str) {
            w.to_owned()
        } else {
            text_of(el.pointer("/shape/text"))
        };
        if text.trim().is_empty() {
            continue;
        }
        let mut o = Map::new();
        if let Some(id) = el.get("objectId") {
            o.insert("objectId".into(), id.clone());
        }
        if let Some(k) = kind_of(el) {
            o.insert("kind".into(), json!(k));
        }
        o.insert("text".into(), json!(text));
        out.push(Value::Object(o));
    }
    out
}

/// The speaker notes of a slide: the text of its notes page's speaker notes shape.
pub fn notes(slide: &Value) -> Option<String> {
    let page = slide.pointer("/slideProperties/notesPage")?;
    let id = page
        .pointer("/notesProperties/speakerNotesObjectId")
        .and_then(Value::as_str)?;
    let shape = arr(page, "pageElements")
        .iter()
        .find(|e| e.get("objectId").and_then(Value::as_str) == Some(id))?;
    Some(text_of(shape.pointer("/shape/text"))).filter(|t| !t.trim().is_empty())
}

/// The title of a slide: the text of its `TITLE` or `CENTERED_TITLE` placeholder.
pub fn title_of(elements: &[Value]) -> Option<String> {
    elements
        .iter()
        .find(|e| matches!(e["kind"].as_str(), Some("TITLE" | "CENTERED_TITLE")))
        .and_then(|e| e["text"].as_str())
        .map(str::to_owned)
}

/// The slides of a presentation.
pub fn slides(p: &Value) -> &[Value] {
    arr(p, "slides")
}
