//! Changing an event safely: PATCH with If-Match, and the read-edit-write of its attendees.

use mcp_shared::{Ctx, Method, ToolError};
use serde_json::{Map, Value, json};

use crate::api::{EVENT_FIELDS, changed_meanwhile, req};

/// PATCH an event with `body`; with `etag`, only if it is still that version (If-Match).
pub(super) async fn patch(
    ctx: &Ctx,
    path: &str,
    send_updates: &str,
    body: &Map<String, Value>,
    etag: Option<&str>,
) -> Result<Value, ToolError> {
    let mut r = req(ctx, Method::PATCH, path)?
        .query("sendUpdates", send_updates)
        .query("fields", EVENT_FIELDS)
        .json(body);
    match etag {
        Some(tag) => r = r.header("if-match", tag),
        // Setting fields twice sets them once: safe to retry after a gateway error.
        None => r = r.idempotent(true),
    }
    r.send_json().await.map_err(changed_meanwhile)
}

/// What an attendee edit did, and the new list.
pub(super) struct Edit {
    pub(super) attendees: Vec<Value>,
    pub(super) report: Map<String, Value>,
    pub(super) changed: bool,
}

/// Read the event's attendees (and version), edit them, and PATCH them back with `extra`
/// fields, conditional on the version read, so a concurrent change is never overwritten
/// (Google answers 412; the edit is then redone once on the new version).
pub(super) async fn edit_attendees(
    ctx: &Ctx,
    path: &str,
    send_updates: &str,
    extra: &Map<String, Value>,
    edit: impl Fn(Vec<Value>) -> Result<Edit, ToolError>,
) -> Result<(Option<Value>, Map<String, Value>), ToolError> {
    let mut attempt = 0;
    loop {
        attempt += 1;
        let current: Value = req(ctx, Method::GET, path)?
            .query("fields", "etag,attendees")
            .send_json()
            .await?;
        let list = current
            .get("attendees")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let e = edit(list)?;
        if !e.changed && extra.is_empty() {
            return Ok((None, e.report));
        }
        let mut body = extra.clone();
        if e.changed {
            body.insert("attendees".into(), Value::Array(e.attendees));
        }
        let etag = current.get("etag").and_then(Value::as_str);
        match patch(ctx, path, send_updates, &body, etag).await {
            Err(err) if err.status == Some(412) && attempt < 2 => continue,
            Err(err) => return Err(err),
            Ok(v) => return Ok((Some(v), e.report)),
        }
    }
}

fn email_of(a: &Value) -> String {
    a.get("email")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// Add and remove guests (case-insensitive), keeping everything Google knows about the others.
pub(super) fn add_remove(list: Vec<Value>, add: &[String], remove: &[String]) -> Edit {
    let before = list.len();
    let mut removed = Vec::new();
    let mut attendees: Vec<Value> = list
        .into_iter()
        .filter(|a| {
            let gone = remove.iter().any(|r| r.eq_ignore_ascii_case(&email_of(a)));
            if gone {
                removed.push(json!(email_of(a)));
            }
            !gone
        })
        .collect();
    let mut added = Vec::new();
    let mut already = Vec::new();
    for e in add {
        if attendees
            .iter()
            .any(|a| email_of(a) == e.to_ascii_lowercase())
        {
            already.push(json!(e));
        } else {
            attendees.push(json!({ "email": e }));
            added.push(json!(e));
        }
    }
    let changed = !added.is_empty() || attendees.len() != before;
    let mut report = Map::new();
    if !add.is_empty() {
        report.insert("added".into(), Value::Array(added));
        if !already.is_empty() {
            report.insert("already_attendees".into(), Value::Array(already));
        }
    }
    if !remove.is_empty() {
        let not_found: Vec<Value> = remove
            .iter()
            .filter(|r| {
                !removed
                    .iter()
                    .any(|x| x.as_str().is_some_and(|x| x.eq_ignore_ascii_case(r)))
            })
            .map(|r| json!(r))
            .collect();
        report.insert("removed".into(), Value::Array(removed));
        if !not_found.is_empty() {
            report.insert("not_attendees".into(), Value::Array(not_found));
        }
    }
    Edit {
        attendees,
        report,
        changed,
    }
}
