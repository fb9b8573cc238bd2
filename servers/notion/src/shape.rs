//! Concise shapes of Notion's objects as the tools return them: pages (with property values
//! in simple form), databases, data sources (with their schema), blocks (rich text as
//! Markdown), users and comments.

use mcp_shared::json::{at, map_array, pick};
use serde_json::Value;

use crate::api::{plain, str_at};
use crate::{markdown, properties};

/// An icon as one string: the emoji, or the image URL.
fn icon(v: &Value) -> Option<Value> {
    let i = at(v, "icon")?;
    str_at(i, "emoji")
        .or_else(|| str_at(i, "external.url"))
        .or_else(|| str_at(i, "file.url"))
        .or_else(|| str_at(i, "custom_emoji.url"))
        .map(|s| Value::String(s.to_owned()))
}

fn trashed(v: &Value) -> Option<Value> {
    at(v, "in_trash").or_else(|| at(v, "archived")).cloned()
}

/// A page: id, URL, title, parent, property values in simple form, times and trash state.
pub fn page(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "object",
            "id",
            "url",
            "parent",
            "created_time",
            "last_edited_time",
            "public_url",
        ],
    );
    if let Some(props) = v.get("properties").and_then(Value::as_object) {
        let title = props
            .values()
            .find(|p| p.get("type").and_then(Value::as_str) == Some("title"))
            .map(|p| plain(p.get("title")));
        if let Some(t) = title {
            o["title"] = Value::String(t);
        }
        o["properties"] = properties::simplify_all(props);
    }
    if let Some(t) = trashed(v) {
        o["in_trash"] = t;
    }
    if let Some(i) = icon(v) {
        o["icon"] = i;
    }
    o
}

/// A database (the container of data sources).
pub fn database(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "object",
            "id",
            "url",
            "parent",
            "is_inline",
            "created_time",
            "last_edited_time",
            "public_url",
        ],
    );
    if v.get("title").is_some() {
        o["title"] = Value::String(plain(v.get("title")));
    }
    let description = plain(v.get("description"));
    if !description.is_empty() {
        o["description"] = Value::String(description);
    }
    if let Some(t) = trashed(v) {
        o["in_trash"] = t;
    }
    if let Some(i) = icon(v) {
        o["icon"] = i;
    }
    if let Some(ds) = v.get("data_sources") {
        o["data_sources"] = map_array(ds, |s| pick(s, &["id", "name"]));
    }
    o
}

/// A data source: its id, title, database, and schema (property name → type and options).
pub fn data_source(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "object",
            "id",
            "url",
            "created_time",
            "last_edited_time",
            "database_id=parent.database_id",
        ],
    );
    if v.get("title").is_some() {
        o["title"] = Value::String(plain(v.get("title")));
    }
    let description = plain(v.get("description"));
    if !description.is_empty() {
        o["description"] = Value::String(description);
    }
    if let Some(t) = trashed(v) {
        o["in_trash"] = t;
    }
    if let Some(props) = v.get("properties").and_then(Value::as_object) {
        o["properties"] = properties::schema(props);
    }
    o
}

/// A page or data source, as search and queries return them.
pub fn page_or_data_source(v: &Value) -> Value {
    match v.get("object").and_then(Value::as_str) {
        Some("data_source") => data_source(v),
        Some("database") => database(v),
        _ => page(v),
    }
}

/// A block: id, type, the text of its rich text as Markdown, and its type's main fields.
pub fn block(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "type",
            "has_children",
            "parent",
            "created_time",
            "last_edited_time",
        ],
    );
    if let Some(t) = trashed(v) {
        o["in_trash"] = t;
    }
    let ty = v.get("type").and_then(Value::as_str).unwrap_or("");
    if let Some(inner) = v.get(ty) {
        if let Some(rt) = inner.get("rich_text") {
            o["text"] = Value::String(markdown::rich_text_to_markdown(rt));
        }
        for (key, path) in [
            ("checked", "checked"),
            ("language", "language"),
            ("title", "title"),
            ("url", "url"),
            ("url", "external.url"),
            ("url", "file.url"),
            ("expression", "expression"),
            ("table_width", "table_width"),
        ] {
            if o.get(key).is_none()
                && let Some(x) = at(inner, path)
            {
                o[key] = x.clone();
            }
        }
        if let Some(cells) = inner.get("cells").and_then(Value::as_array) {
            o["cells"] = Value::Array(
                cells
                    .iter()
                    .map(|c| Value::String(markdown::rich_text_to_markdown(c)))
                    .collect(),
            );
        }
    }
    o
}

pub fn user(v: &Value) -> Value {
    pick(
        v,
        &[
            "object",
            "id",
            "type",
            "name",
            "avatar_url",
            "email=person.email",
            "workspace_name=bot.workspace_name",
            "owner=bot.owner.type",
        ],
    )
}

pub fn comment(v: &Value) -> Value {
    let mut o = pick(
        v,
        &[
            "id",
            "discussion_id",
            "parent",
            "created_time",
            "last_edited_time",
            "created_by=created_by.id",
            "display_name=display_name.resolved_name",
        ],
    );
    if let Some(rt) = v.get("rich_text") {
        o["text"] = Value::String(markdown::rich_text_to_markdown(rt));
    }
    o
}
