//! Edits: add a slide from a layout (with a title and body), any `batchUpdate` requests, and
//! replacing text everywhere.

use std::hash::{BuildHasher as _, Hasher as _};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, presentation_id, revision_of};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("add_slide", "Add slide", Effect::Write, add_slide)
            .toolset("presentations")
            .output::<SlideRef>(),
        tool(
            "batch_update_presentation",
            "Batch update presentation",
            Effect::Destructive,
            batch_update_presentation,
        )
        .toolset("presentations"),
        tool(
            "google_slides_replace_text",
            "Replace text",
            Effect::Destructive,
            replace_text,
        )
        .toolset("presentations")
        .output::<ReplaceResult>(),
    ]
}

// Google's predefined slide layouts.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Layout {
    Blank,
    CaptionOnly,
    Title,
    TitleAndBody,
    TitleAndTwoColumns,
    TitleOnly,
    SectionHeader,
    SectionTitleAndDescription,
    OneColumnText,
    MainPoint,
    BigNumber,
}

/// A slide that was added.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct SlideRef {
    #[serde(rename = "presentationId")]
    presentation_id: String,
    #[serde(rename = "slideId")]
    slide_id: String,
    /// Holds `title`
    #[serde(rename = "titleObjectId")]
    title_object_id: Option<String>,
    /// Holds `content`
    #[serde(rename = "bodyObjectId")]
    body_object_id: Option<String>,
    #[serde(rename = "revisionId")]
    revision_id: Option<String>,
    url: String,
}

/// Add a slide from a predefined `layout` (default `TITLE_AND_BODY`) or the presentation's
/// `layout_id`, with optional title and body text, at the end or at `insertion_index`. Returns its
/// id and its placeholders' ids.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct AddSlide {
    /// Id or URL
    presentation_id: String,
    title: Option<String>,
    /// Body text
    content: Option<String>,
    layout: Option<Layout>,
    layout_id: Option<String>,
    /// From 0
    insertion_index: Option<Int>,
    /// 5 to 44 letters, digits, `_-:` (not first `-:`); default generated
    slide_id: Option<String>,
}

static IDS: AtomicU64 = AtomicU64::new(0);

/// A fresh object id: `slide_` and 16 hex digits from the time, a counter and a random key.
fn new_object_id() -> String {
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    h.write_u128(nanos);
    h.write_u64(IDS.fetch_add(1, Ordering::Relaxed));
    format!("slide_{:016x}", h.finish())
}

/// Check a caller's object id against Google's rules (the placeholders get `_title` and
/// `_body` appended, so at most 44 characters).
fn check_object_id(id: &str) -> Result<(), ToolError> {
    let first_ok = id
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
    let rest_ok = id
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | ':'));
    if !(5..=44).contains(&id.len()) || !first_ok || !rest_ok {
        return Err(ToolError::invalid_input(format!(
            "`slide_id` {id:?} is not a valid object id: use 5 to 44 characters, letters, digits, `_`, `-` and `:`, starting with a letter, digit or `_` (or leave it out to get one generated)"
        )));
    }
    Ok(())
}

/// The placeholder types of a layout's title and body (`TITLE` slides have a centered title
/// and a subtitle).
fn placeholder_types(layout: Option<Layout>) -> (&'static str, &'static str) {
    match layout {
        Some(Layout::Title) => ("CENTERED_TITLE", "SUBTITLE"),
        _ => ("TITLE", "BODY"),
    }
}

async fn add_slide(ctx: Ctx, a: AddSlide) -> Result<Value, ToolError> {
    let id = presentation_id(&a.presentation_id)?;
    let layout_id = a
        .layout_id
        .as_deref()
        .map(str::trim)
        .filter(|l| !l.is_empty());
    if layout_id.is_some() && a.layout.is_some() {
        return Err(ToolError::invalid_input(
            "give either `layout` (a predefined layout) or `layout_id` (one of the presentation's layouts), not both",
        ));
    }
    let title = a.title.as_deref().filter(|t| !t.is_empty());
    let content = a.content.as_deref().filter(|t| !t.is_empty());
    if a.layout == Some(Layout::Blank) && (title.is_some() || content.is_some()) {
        return Err(ToolError::invalid_input(
            "a BLANK slide has no placeholders for `title` or `content`: use TITLE_AND_BODY (the default), TITLE_ONLY or TITLE",
        ));
    }
    let slide_id = match a.slide_id.as_deref().map(str::trim) {
        Some(s) => {
            check_object_id(s)?;
            s.to_owned()
        }
        None => new_object_id(),
    };
    let layout = if layout_id.is_some() {
        None
    } else {
        Some(a.layout.unwrap_or(Layout::TitleAndBody))
    };
    let (title_type, body_type) = placeholder_types(layout);
    let title_id = title.map(|_| format!("{slide_id}_title"));
    let body_id = content.map(|_| format!("{slide_id}_body"));
    let mut create = Map::new();
    create.insert("objectId".into(), json!(slide_id));
    if let Some(i) = a.insertion_index {
        create.insert("insertionIndex".into(), json!(i.get()));
    }
    create.insert(
        "slideLayoutReference".into(),
        match (layout_id, layout) {
            (Some(l), _) => json!({ "layoutId": l }),
            (None, l) => json!({ "predefinedLayout": l.unwrap_or(Layout::TitleAndBody) }),
        },
    );
    let mut mappings = Vec::new();
    let mut inserts = Vec::new();
    for (object, kind, text) in [
        (&title_id, title_type, title),
        (&body_id, body_type, content),
    ] {
        if let (Some(object), Some(text)) = (object, text) {
            mappings.push(json!({
                "layoutPlaceholder": { "type": kind, "index": 0 },
                "objectId": object
            }));
            inserts.push(json!({
                "insertText": { "objectId": object, "insertionIndex": 0, "text": text }
            }));
        }
    }
    if !mappings.is_empty() {
        create.insert("placeholderIdMappings".into(), json!(mappings));
    }
    let mut requests = vec![json!({ "createSlide": create })];
    requests.extend(inserts);
    let reply = api::batch_update(&ctx, &id, &json!({ "requests": requests }))
        .await
        .map_err(|e| {
            if e.status == Some(400) && !mappings.is_empty() {
                e.with_hint("the layout may lack a title or body placeholder: pick a layout with one (TITLE_AND_BODY has both), or leave out `title`/`content`.")
            } else {
                e
            }
        })?;
    let created = reply
        .pointer("/replies/0/createSlide/objectId")
        .and_then(Value::as_str)
        .unwrap_or(&slide_id)
        .to_owned();
    let mut out = json!({
        "presentationId": id,
        "slideId": created,
        "url": format!("{}#slide=id.{created}", api::url(&id)),
    });
    if let Some(t) = title_id {
        out["titleObjectId"] = json!(t);
    }
    if let Some(b) = body_id {
        out["bodyObjectId"] = json!(b);
    }
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    Ok(out)
}

/// Apply Slides API `batchUpdate` requests atomically (create, edit, style, move or delete slides,
/// shapes, tables, text). Returns one reply per request and the revision.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct BatchUpdatePresentation {
    /// Id or URL
    presentation_id: String,
    /// Objects with one key, e.g. `[{"deleteObject": {"objectId": "g1"}}]`
    requests: Vec<Map<String, Value>>,
    /// Apply only at this revision
    required_revision_id: Option<String>,
}

async fn batch_update_presentation(
    ctx: Ctx,
    a: BatchUpdatePresentation,
) -> Result<Value, ToolError> {
    let id = presentation_id(&a.presentation_id)?;
    if a.requests.is_empty() {
        return Err(ToolError::invalid_input(
            "`requests` is empty: give at least one Slides API request, e.g. {\"createSlide\": {}}",
        ));
    }
    if let Some((i, _)) = a.requests.iter().enumerate().find(|(_, r)| r.len() != 1) {
        return Err(ToolError::invalid_input(format!(
            "requests[{i}] must have exactly one key naming the request kind (e.g. \"createSlide\", \"insertText\", \"deleteObject\")"
        )));
    }
    let mut body = json!({ "requests": a.requests });
    if let Some(rev) = a
        .required_revision_id
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        body["writeControl"] = json!({ "requiredRevisionId": rev });
    }
    let reply = api::batch_update(&ctx, &id, &body).await?;
    let mut out = json!({
        "presentationId": id,
        "replies": reply.get("replies").cloned().unwrap_or_else(|| json!([])),
    });
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    Ok(out)
}

/// What a replacement did.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)]
pub struct ReplaceResult {
    #[serde(rename = "presentationId")]
    presentation_id: String,
    #[serde(rename = "occurrencesChanged")]
    occurrences_changed: u64,
    #[serde(rename = "revisionId")]
    revision_id: Option<String>,
}

/// Replace every occurrence of a text on every slide or the given ones (empty replacement: delete).
/// Returns the count.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ReplaceText {
    /// Id or URL
    presentation_id: String,
    find_text: String,
    replace_text: String,
    /// Default true
    #[serde(default = "yes")]
    match_case: bool,
    /// Slide ids; default all
    page_object_ids: Option<Vec<String>>,
}

fn yes() -> bool {
    true
}

async fn replace_text(ctx: Ctx, a: ReplaceText) -> Result<Value, ToolError> {
    let id = presentation_id(&a.presentation_id)?;
    if a.find_text.is_empty() {
        return Err(ToolError::invalid_input("`find_text` must not be empty"));
    }
    let mut req = json!({
        "containsText": { "text": a.find_text, "matchCase": a.match_case },
        "replaceText": a.replace_text
    });
    if let Some(pages) = a.page_object_ids.filter(|p| !p.is_empty()) {
        req["pageObjectIds"] = json!(pages);
    }
    let reply = api::batch_update(
        &ctx,
        &id,
        &json!({ "requests": [{ "replaceAllText": req }] }),
    )
    .await?;
    // proto3 JSON leaves out a count of 0.
    let changed = reply
        .pointer("/replies/0/replaceAllText/occurrencesChanged")
        .and_then(Value::as_u64)
        .unwrap_or(0);
    let mut out = json!({ "presentationId": id, "occurrencesChanged": changed });
    if let Some(rev) = revision_of(&reply) {
        out["revisionId"] = rev;
    }
    Ok(out)
}
