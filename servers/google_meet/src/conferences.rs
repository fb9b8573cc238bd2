//! Held meetings: conference records and their participants, recordings, transcripts and
//! transcript entries (Meet REST API v2 `conferenceRecords.*`). Meet has no list of spaces
//! nor participants of a space: a space's calls are found with a `conferenceRecords.list`
//! filter.

use mcp_shared::json::{at, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{
    bound, conference_record, cursor, meet, next_token, page_size, resolve_record, resource_path,
    space_ref,
};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_meet_v2_list_meetings",
            "List held meetings",
            Effect::Read,
            list_meetings,
        )
        .toolset("conferences"),
        tool(
            "google_meet_v2_get_participants",
            "List meeting participants",
            Effect::Read,
            get_participants,
        )
        .toolset("conferences"),
        tool(
            "google_meet_v2_list_recordings",
            "List meeting recordings",
            Effect::Read,
            list_recordings,
        )
        .toolset("conferences"),
        tool(
            "google_meet_v2_list_transcripts",
            "List meeting transcripts",
            Effect::Read,
            list_transcripts,
        )
        .toolset("conferences"),
        tool(
            "google_meet_v2_list_transcript_entries",
            "Read transcript",
            Effect::Read,
            list_transcript_entries,
        )
        .toolset("conferences"),
    ]
}

/// The items of a list answer at `key`, shaped by `f`, with `next_cursor`.
fn page(v: &Value, key: &str, f: fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = v
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(f)
        .collect();
    json!({ key: items, "next_cursor": next_token(v) })
}

/// List held meetings: conference records (name, space, start, end), newest first; Meet
/// keeps them 30 days.
#[derive(Deserialize, JsonSchema)]
pub struct ListMeetings {
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    max_results: Option<Count>,
    cursor: Option<String>,
    /// Only this space (spaces/{id}, meeting code or URL)
    space_id: Option<String>,
    /// Only calls started at or after this time (RFC 3339 or date)
    start_after: Option<String>,
    /// Only calls going on now
    active_only: Option<bool>,
}

async fn list_meetings(ctx: Ctx, a: ListMeetings) -> Result<Value, ToolError> {
    let size = page_size(a.max_results.map(Count::get), 10, 100, "max_results")?;
    let mut filter = Vec::new();
    if let Some(s) = a.space_id.as_deref().filter(|s| !s.trim().is_empty()) {
        filter.push(space_ref(s, "space_id")?.filter());
    }
    if let Some(t) = a.start_after.as_deref() {
        filter.push(format!("start_time>=\"{}\"", bound(t, "start_after")?));
    }
    if a.active_only == Some(true) {
        filter.push("end_time IS NULL".to_owned());
    }
    let filter = (!filter.is_empty()).then(|| filter.join(" AND "));
    let v: Value = meet(&ctx, Method::GET, "/conferenceRecords")?
        .query_opt("filter", filter)
        .query("pageSize", size)
        .query_opt("pageToken", cursor(a.cursor.as_deref()))
        .send_json()
        .await?;
    Ok(page(&v, "conferenceRecords", conference_record))
}

/// A participant: who (signed-in user, anonymous or phone), first join and last leave.
fn participant(p: &Value) -> Value {
    let mut o = pick(p, &["name", "earliestStartTime", "latestEndTime"]);
    for (kind, key) in [
        ("signed_in", "signedinUser"),
        ("anonymous", "anonymousUser"),
        ("phone", "phoneUser"),
    ] {
        if let Some(u) = at(p, key) {
            o["kind"] = json!(kind);
            if let Some(n) = at(u, "displayName") {
                o["displayName"] = n.clone();
            }
            if let Some(id) = at(u, "user") {
                o["user"] = id.clone();
            }
        }
    }
    o
}

/// Who joined a held meeting: first join, last leave (none: still in the call).
#[derive(Deserialize, JsonSchema)]
pub struct GetParticipants {
    /// A conference record (conferenceRecords/{id}), or a space (spaces/{id}, meeting code,
    /// Meet URL) for its latest call
    space_id: String,
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 250))]
    max_results: Option<Count>,
    cursor: Option<String>,
}

async fn get_participants(ctx: Ctx, a: GetParticipants) -> Result<Value, ToolError> {
    let size = page_size(a.max_results.map(Count::get), 50, 250, "max_results")?;
    let record = resolve_record(&ctx, &a.space_id, "space_id").await?;
    let path = resource_path(&record, &["conferenceRecords"], "space_id")?;
    let v: Value = meet(&ctx, Method::GET, &format!("{path}/participants"))?
        .query("pageSize", size)
        .query_opt("pageToken", cursor(a.cursor.as_deref()))
        .send_json()
        .await?;
    let mut out = page(&v, "participants", participant);
    out["conference_record"] = json!(record);
    Ok(out)
}

/// The conference record argument, page size and cursor of an artifact list.
struct Artifacts<'a> {
    conference_record: &'a str,
    limit: Option<Count>,
    cursor: Option<&'a str>,
}

async fn artifacts(
    ctx: &Ctx,
    a: Artifacts<'_>,
    key: &str,
    f: fn(&Value) -> Value,
) -> Result<Value, ToolError> {
    let size = page_size(a.limit.map(Count::get), 10, 100, "limit")?;
    let record = resolve_record(ctx, a.conference_record, "conference_record").await?;
    let path = resource_path(&record, &["conferenceRecords"], "conference_record")?;
    let v: Value = meet(ctx, Method::GET, &format!("{path}/{key}"))?
        .query("pageSize", size)
        .query_opt("pageToken", cursor(a.cursor))
        .send_json()
        .await?;
    let mut out = page(&v, key, f);
    out["conference_record"] = json!(record);
    Ok(out)
}

fn recording(v: &Value) -> Value {
    pick(
        v,
        &[
            "name",
            "state",
            "startTime",
            "endTime",
            "driveFileId=driveDestination.file",
            "url=driveDestination.exportUri",
        ],
    )
}

fn transcript(v: &Value) -> Value {
    pick(
        v,
        &[
            "name",
            "state",
            "startTime",
            "endTime",
            "docsDocumentId=docsDestination.document",
            "url=docsDestination.exportUri",
        ],
    )
}

/// List a held meeting's recordings (MP4 in the organizer's Drive): state, times, Drive
/// file id, playback URL.
#[derive(Deserialize, JsonSchema)]
pub struct ListRecordings {
    /// conferenceRecords/{id}, or a space (as in space_id) for its latest call
    conference_record: String,
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_recordings(ctx: Ctx, a: ListRecordings) -> Result<Value, ToolError> {
    let args = Artifacts {
        conference_record: &a.conference_record,
        limit: a.limit,
        cursor: a.cursor.as_deref(),
    };
    artifacts(&ctx, args, "recordings", recording).await
}

/// List a held meeting's transcripts (Google Docs): state, times, document id, URL. Text:
/// google_meet_v2_list_transcript_entries.
#[derive(Deserialize, JsonSchema)]
pub struct ListTranscripts {
    /// conferenceRecords/{id}, or a space for its latest call
    conference_record: String,
    #[schemars(extend("default" = 10, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_transcripts(ctx: Ctx, a: ListTranscripts) -> Result<Value, ToolError> {
    let args = Artifacts {
        conference_record: &a.conference_record,
        limit: a.limit,
        cursor: a.cursor.as_deref(),
    };
    artifacts(&ctx, args, "transcripts", transcript).await
}

fn entry(v: &Value) -> Value {
    pick(
        v,
        &[
            "participant",
            "text",
            "languageCode",
            "startTime",
            "endTime",
        ],
    )
}

/// Read a transcript: what each participant (google_meet_v2_get_participants `name`) said,
/// in order.
#[derive(Deserialize, JsonSchema)]
pub struct ListTranscriptEntries {
    /// conferenceRecords/{id}/transcripts/{id}, from google_meet_v2_list_transcripts
    transcript: String,
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 100))]
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_transcript_entries(ctx: Ctx, a: ListTranscriptEntries) -> Result<Value, ToolError> {
    let size = page_size(a.limit.map(Count::get), 50, 100, "limit")?;
    let path = resource_path(
        &a.transcript,
        &["conferenceRecords", "transcripts"],
        "transcript",
    )?;
    let v: Value = meet(&ctx, Method::GET, &format!("{path}/entries"))?
        .query("pageSize", size)
        .query_opt("pageToken", cursor(a.cursor.as_deref()))
        .send_json()
        .await?;
    Ok(page(&v, "transcriptEntries", entry))
}
