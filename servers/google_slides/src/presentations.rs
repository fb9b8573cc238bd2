//! Presentations: create, list (Drive), read, summarize.

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, PRESENTATIONS, TEXT_FIELDS, presentation_id};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "create_presentation",
            "Create presentation",
            Effect::Write,
            create_presentation,
        )
        .toolset("presentations")
        .output::<PresentationRef>(),
        tool(
            "list_presentations",
            "List presentations",
            Effect::Read,
            list_presentations,
        )
        .toolset("presentations"),
        tool(
            "get_presentation",
            "Get presentation",
            Effect::Read,
            get_presentation,
        )
        .toolset("presentations"),
        tool(
            "summarize_presentation",
            "Summarize presentation",
            Effect::Read,
            summarize_presentation,
        )
        .toolset("presentations"),
    ]
}

/// A presentation that was created.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct PresentationRef {
    #[serde(rename = "presentationId")]
    presentation_id: String,
    title: Option<String>,
    #[serde(rename = "revisionId")]
    revision_id: Option<String>,
    url: String,
    #[serde(rename = "slideIds")]
    slide_ids: Vec<String>,
}

/// Create a presentation (with one title slide) in the user's Drive root. Returns its id, URL and
/// slide ids.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct CreatePresentation {
    title: String,
}

async fn create_presentation(ctx: Ctx, a: CreatePresentation) -> Result<Value, ToolError> {
    let title = a.title.trim();
    if title.is_empty() {
        return Err(ToolError::invalid_input("`title` must not be empty"));
    }
    let p: Value = api::req(&ctx, Method::POST, PRESENTATIONS)?
        .json(&json!({ "title": title }))
        .send_json()
        .await?;
    let id = p
        .get("presentationId")
        .and_then(Value::as_str)
        .ok_or_else(|| {
            ToolError::transport("Google Slides created a presentation but sent no id")
        })?;
    let mut out = pick(&p, &["presentationId", "title", "revisionId"]);
    out["url"] = json!(api::url(id));
    out["slideIds"] = mcp_shared::json::pluck(&p, "slides", "objectId");
    Ok(out)
}

/// List the user's presentations, most recently modified first: id, name, modified time, owners,
/// link, and `nextPageToken`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListPresentations {
    /// Name contains
    query: Option<String>,
    /// 1 to 1000, default 100
    page_size: Option<Int>,
    page_token: Option<String>,
}

async fn list_presentations(ctx: Ctx, a: ListPresentations) -> Result<Value, ToolError> {
    mcp_vendor_google::drive::list_editor_files(
        &ctx,
        "application/vnd.google-apps.presentation",
        a.query.as_deref(),
        a.page_size.map(Int::get).unwrap_or(100),
        a.page_token.as_deref(),
        "presentations",
    )
    .await
}

/// What get_presentation asks for by default: the text view plus page size and layouts.
fn overview_fields() -> String {
    format!("{TEXT_FIELDS},locale,pageSize,layouts(objectId,layoutProperties(name,displayName))")
}

/// Read a presentation: title, revision, page size, layouts (for add_slide's `layout_id`) and per
/// slide its id, layout, text elements (id, kind, text) and notes. With `fields`, Google's answer
/// for that field mask as it is.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct GetPresentation {
    /// Id or URL
    presentation_id: String,
    /// e.g. `slides(objectId,pageElements)`; `*` is large
    fields: Option<String>,
}

async fn get_presentation(ctx: Ctx, a: GetPresentation) -> Result<Value, ToolError> {
    let id = presentation_id(&a.presentation_id)?;
    if let Some(fields) = a.fields.as_deref().map(str::trim).filter(|f| !f.is_empty()) {
        return api::get(&ctx, &id, Some(fields)).await;
    }
    let p = api::get(&ctx, &id, Some(&overview_fields())).await?;
    let mut out = pick(&p, &["presentationId", "title", "revisionId", "locale"]);
    out["url"] = json!(api::url(&id));
    if let Some(size) = p.get("pageSize") {
        out["pageSize"] = size.clone();
    }
    let layouts: Vec<Value> = p
        .get("layouts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(|l| {
            pick(
                l,
                &[
                    "objectId",
                    "name=layoutProperties.name",
                    "displayName=layoutProperties.displayName",
                ],
            )
        })
        .collect();
    let list: Vec<Value> = api::slides(&p)
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let els = api::elements(
                s.get("pageElements")
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
                    .unwrap_or(&[]),
            );
            let mut o = json!({ "slideNumber": i + 1 });
            if let Some(id) = s.get("objectId") {
                o["objectId"] = id.clone();
            }
            if let Some(l) = s.pointer("/slideProperties/layoutObjectId") {
                o["layoutId"] = l.clone();
            }
            if let Some(t) = api::title_of(&els) {
                o["title"] = json!(t);
            }
            o["elements"] = json!(els);
            if let Some(n) = api::notes(s) {
                o["notes"] = json!(n);
            }
            o
        })
        .collect();
    out["slideCount"] = json!(list.len());
    out["slides"] = json!(list);
    out["layouts"] = json!(layouts);
    Ok(out)
}

/// Extract a presentation's text per slide (number, title, text of its elements in order), and the
/// speaker notes with `include_notes`.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct SummarizePresentation {
    /// Id or URL
    presentation_id: String,
    include_notes: Option<bool>,
}

async fn summarize_presentation(ctx: Ctx, a: SummarizePresentation) -> Result<Value, ToolError> {
    let id = presentation_id(&a.presentation_id)?;
    let p = api::get(&ctx, &id, Some(TEXT_FIELDS)).await?;
    let notes = a.include_notes.unwrap_or(false);
    let list: Vec<Value> = api::slides(&p)
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let els = api::elements(
                s.get("pageElements")
                    .and_then(Value::as_array)
                    .map(Vec::as_slice)
                    .unwrap_or(&[]),
            );
            let title = api::title_of(&els);
            let mut o = json!({ "slideNumber": i + 1 });
            if let Some(id) = s.get("objectId") {
                o["objectId"] = id.clone();
            }
            if let Some(t) = &title {
                o["title"] = json!(t);
            }
            let mut seen_title = false;
            let text: Vec<&str> = els
                .iter()
                .filter(|e| {
                    let is_title = !seen_title
                        && matches!(e["kind"].as_str(), Some("TITLE" | "CENTERED_TITLE"));
                    seen_title |= is_title;
                    !is_title
                })
                .filter_map(|e| e["text"].as_str())
                .collect();
            if !text.is_empty() {
                o["text"] = json!(text);
            }
            if notes && let Some(n) = api::notes(s) {
                o["notes"] = json!(n);
            }
            o
        })
        .collect();
    let mut out = pick(&p, &["presentationId", "title"]);
    out["slideCount"] = json!(list.len());
    out["slides"] = json!(list);
    Ok(out)
}
