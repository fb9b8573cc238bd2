//! Calls: list (`GET /v2/calls`), one call (`GET /v2/calls/{id}`), extensive data
//! (`POST /v2/calls/extensive`), transcripts (`POST /v2/calls/transcript`), a user's
//! transcripts, and adding a call (`POST /v2/calls`).

use mcp_shared::json::insert_opt;
use mcp_shared::pagination::Pages;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, seg_id, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "gong_get_transcripts_by_user",
            "Get a user's call transcripts",
            Effect::Read,
            transcripts_by_user,
        )
        .toolset("calls"),
        tool(
            "gong_get_extensive_data",
            "Get extensive call data",
            Effect::Read,
            extensive,
        )
        .toolset("calls"),
        tool(
            "gong_get_call_transcripts",
            "Get call transcripts",
            Effect::Read,
            transcripts,
        )
        .toolset("calls"),
        tool("gong_list_calls", "List calls", Effect::Read, list_calls).toolset("calls"),
        tool("gong_get_call_by_id", "Get a call", Effect::Read, get_call).toolset("calls"),
        tool("gong_add_new_call", "Add a call", Effect::Write, add_call).toolset("calls"),
    ]
}

/// Transcripts of the calls a user hosted (found by email), newest first: per call its id,
/// title, start and monologues (speaker, topic, text).
#[derive(Deserialize, JsonSchema)]
pub struct TranscriptsByUser {
    user_email: String,
    /// Start of the range (ISO-8601); with to_date, limits the calls searched
    from_date: Option<String>,
    to_date: Option<String>,
    /// Most calls to return
    #[schemars(range(min = 1, max = 100), extend("default" = 10))]
    limit: Option<api::Count>,
}

async fn transcripts_by_user(ctx: Ctx, a: TranscriptsByUser) -> Result<Value, ToolError> {
    let email = non_empty(&a.user_email, "user_email")?.to_ascii_lowercase();
    let limit = a.limit.map_or(10, |c| c.0).clamp(1, 100) as usize;
    // 1. The user's id: Gong lists users 100 a page.
    let mut pages = Pages::new();
    let mut cursor: Option<String> = None;
    let user_id = loop {
        let v: Value = ctx
            .authorized(Method::GET, "/v2/users")?
            .query_opt("cursor", cursor.as_deref())
            .send_json()
            .await?;
        let found = v
            .get("users")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .find(|u| {
                let addr = |k: &str| {
                    u.get(k)
                        .and_then(Value::as_str)
                        .is_some_and(|e| e.eq_ignore_ascii_case(&email))
                };
                addr("emailAddress")
                    || u.get("emailAliases")
                        .and_then(Value::as_array)
                        .is_some_and(|a| {
                            a.iter()
                                .filter_map(Value::as_str)
                                .any(|e| e.eq_ignore_ascii_case(&email))
                        })
            })
            .and_then(|u| u.get("id"))
            .map(|id| id.as_str().map_or_else(|| id.to_string(), str::to_owned));
        if let Some(id) = found {
            break id;
        }
        match pages.next(api::next_cursor(&v).as_str()) {
            Some(c) => cursor = Some(c),
            None => {
                let note = pages.note().map(|n| format!(" ({n})")).unwrap_or_default();
                return Err(ToolError::invalid_input(format!(
                    "No Gong user has the email `{email}`{note}. Check the address, or list users with gong_list_all_users."
                )));
            }
        }
    };
    // 2. The calls that user hosted in the range.
    let filter = api::call_filter(
        a.from_date.as_deref(),
        a.to_date.as_deref(),
        None,
        None,
        Some(std::slice::from_ref(&user_id)),
    )?;
    let mut calls: Vec<Value> = Vec::new();
    let mut pages = Pages::new();
    let mut cursor: Option<String> = None;
    let note = loop {
        let mut body = serde_json::Map::new();
        insert_opt(&mut body, "cursor", cursor.take());
        body.insert("filter".into(), Value::Object(filter.clone()));
        let v: Value = ctx
            .authorized(Method::POST, "/v2/calls/extensive")?
            .json(&body)
            .send_json()
            .await
            .map_err(|e| e.context("Listing the user's calls failed"))?;
        calls.extend(
            v.get("calls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(|c| c.get("metaData").cloned()),
        );
        match pages.next(api::next_cursor(&v).as_str()) {
            Some(c) => cursor = Some(c),
            None => break pages.note(),
        }
    };
    calls.sort_by(|x, y| {
        let s = |c: &Value| {
            c.get("started")
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_owned()
        };
        s(y).cmp(&s(x))
    });
    calls.truncate(limit);
    if calls.is_empty() {
        return Ok(json!({ "user_id": user_id, "calls": [] }));
    }
    let stopped = note;
    let ids: Vec<String> = calls
        .iter()
        .filter_map(|c| c.get("id"))
        .map(|id| id.as_str().map_or_else(|| id.to_string(), str::to_owned))
        .collect();
    // 3. Their transcripts.
    let t: Value = ctx
        .authorized(Method::POST, "/v2/calls/transcript")?
        .json(&json!({ "filter": { "callIds": ids } }))
        .send_json()
        .await
        .map_err(|e| e.context("Reading the calls' transcripts failed"))?;
    let by_id: Vec<Value> = t
        .get("callTranscripts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(api::transcript)
        .collect();
    let out: Vec<Value> = calls
        .iter()
        .map(|c| {
            let id = c.get("id").cloned().unwrap_or(Value::Null);
            let monologues = by_id
                .iter()
                .find(|t| t.get("callId") == Some(&id))
                .and_then(|t| t.get("monologues").cloned())
                .unwrap_or_else(|| json!([]));
            json!({
                "id": id,
                "title": c.get("title"),
                "started": c.get("started"),
                "url": c.get("url"),
                "monologues": monologues,
            })
        })
        .collect();
    let mut result = json!({ "user_id": user_id, "calls": out });
    if let Some(n) = stopped {
        result["note"] = json!(n);
    }
    Ok(result)
}

/// Calls with the data contentSelector asks for (parties, topics, trackers, brief, outline,
/// highlights, interaction stats, CRM context), filtered by ids, date range or hosts. Returns
/// Gong's call objects and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct Extensive {
    call_ids: Option<Vec<String>>,
    /// ISO-8601 date or date-time
    from_date: Option<String>,
    to_date: Option<String>,
    /// Ids of the users who hosted the calls
    user_ids: Option<Vec<String>>,
    workspace_id: Option<String>,
    cursor: Option<String>,
    /// CRM context: None, Extended
    #[schemars(extend("default" = "Extended"))]
    context: Option<String>,
    /// When the CRM context is taken: Now, TimeOfCall
    context_timing: Option<Vec<String>>,
    /// Gong's exposedFields, e.g. {"parties": true, "content": {"brief": true, "topics": true}, "interaction": {"speakers": true}}
    exposed_fields: Option<Map<String, Value>>,
}

async fn extensive(ctx: Ctx, a: Extensive) -> Result<Value, ToolError> {
    let filter = api::call_filter(
        a.from_date.as_deref(),
        a.to_date.as_deref(),
        a.workspace_id.as_deref(),
        a.call_ids.as_deref(),
        a.user_ids.as_deref(),
    )?;
    let mut selector = Map::new();
    selector.insert(
        "context".into(),
        a.context.unwrap_or_else(|| "Extended".into()).into(),
    );
    insert_opt(
        &mut selector,
        "contextTiming",
        a.context_timing.filter(|v| !v.is_empty()),
    );
    insert_opt(&mut selector, "exposedFields", a.exposed_fields);
    let mut body = Map::new();
    insert_opt(&mut body, "cursor", a.cursor.filter(|c| !c.is_empty()));
    body.insert("filter".into(), Value::Object(filter));
    body.insert("contentSelector".into(), Value::Object(selector));
    let v: Value = ctx
        .authorized(Method::POST, "/v2/calls/extensive")?
        .json(&body)
        .send_json()
        .await?;
    let calls = v.get("calls").cloned().unwrap_or_else(|| json!([]));
    Ok(api::page(&v, "calls", calls))
}

/// Transcripts of calls by ids or date range: per call its monologues (speaker id, topic,
/// start in ms, text), and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct Transcripts {
    call_ids: Option<Vec<String>>,
    /// ISO-8601 date or date-time
    from_date: Option<String>,
    to_date: Option<String>,
    workspace_id: Option<String>,
    cursor: Option<String>,
}

async fn transcripts(ctx: Ctx, a: Transcripts) -> Result<Value, ToolError> {
    let filter = api::call_filter(
        a.from_date.as_deref(),
        a.to_date.as_deref(),
        a.workspace_id.as_deref(),
        a.call_ids.as_deref(),
        None,
    )?;
    let mut body = Map::new();
    insert_opt(&mut body, "cursor", a.cursor.filter(|c| !c.is_empty()));
    body.insert("filter".into(), Value::Object(filter));
    let v: Value = ctx
        .authorized(Method::POST, "/v2/calls/transcript")?
        .json(&body)
        .send_json()
        .await?;
    let items: Vec<Value> = v
        .get("callTranscripts")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(api::transcript)
        .collect();
    Ok(api::page(&v, "transcripts", Value::Array(items)))
}

/// Calls that started in a date range: id, title, start, duration (s), host, direction,
/// url; and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct ListCalls {
    /// ISO-8601 date or date-time
    from_date: String,
    to_date: String,
    cursor: Option<String>,
    workspace_id: Option<String>,
    /// Most calls to return from this page (Gong pages hold up to 100)
    #[schemars(range(min = 1, max = 100), extend("default" = 50))]
    limit: Option<api::Count>,
}

async fn list_calls(ctx: Ctx, a: ListCalls) -> Result<Value, ToolError> {
    let from = api::datetime(non_empty(&a.from_date, "from_date")?, "from_date", false)?;
    let to = api::datetime(non_empty(&a.to_date, "to_date")?, "to_date", true)?;
    let limit = a.limit.map_or(50, |c| c.0).clamp(1, 100) as usize;
    let v: Value = ctx
        .authorized(Method::GET, "/v2/calls")?
        .query("fromDateTime", &from)
        .query("toDateTime", &to)
        .query_opt("cursor", a.cursor.as_deref().filter(|c| !c.is_empty()))
        .query_opt(
            "workspaceId",
            a.workspace_id.as_deref().filter(|c| !c.is_empty()),
        )
        .send_json()
        .await?;
    let calls: Vec<Value> = v
        .get("calls")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .take(limit)
        .map(api::call)
        .collect();
    Ok(api::page(&v, "calls", Value::Array(calls)))
}

/// One call's basic data: title, start, duration (s), host, direction, scope, url.
#[derive(Deserialize, JsonSchema)]
pub struct GetCall {
    call_id: String,
}

async fn get_call(ctx: Ctx, a: GetCall) -> Result<Value, ToolError> {
    let id = seg_id(&a.call_id, "call_id")?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/v2/calls/{id}"))?
        .send_json()
        .await?;
    Ok(api::call(v.get("call").unwrap_or(&Value::Null)))
}

/// Add a call's record to Gong; returns its callId (upload the recording to that call
/// unless downloadMediaUrl is given). Times are ISO-8601.
#[derive(Deserialize, JsonSchema)]
#[allow(non_snake_case)]
pub struct AddCall {
    /// Your system's unique id of the call
    clientUniqueId: String,
    title: Option<String>,
    purpose: Option<String>,
    scheduledStart: Option<String>,
    scheduledEnd: Option<String>,
    actualStart: String,
    /// Seconds
    duration: Option<f64>,
    /// Participants: {emailAddress, name, userId, partyId, phoneNumber, mediaChannelId, context}; the host must be one
    parties: Vec<Map<String, Value>>,
    direction: Direction,
    disposition: Option<String>,
    /// CRM references: [{system, objects: [{objectType, objectId, fields}]}]
    context: Option<Vec<Map<String, Value>>>,
    customData: Option<String>,
    speakersTimeline: Option<Map<String, Value>>,
    meetingUrl: Option<String>,
    callProviderCode: Option<String>,
    /// A URL Gong downloads the recording from
    downloadMediaUrl: Option<String>,
    workspaceId: Option<String>,
    /// e.g. en-US
    languageCode: Option<String>,
    /// Accepted for Klavis compatibility; Gong's API has no such field, so it is not sent
    #[allow(dead_code)]
    flowContext: Option<Map<String, Value>>,
    /// Gong user id of the host
    primaryUser: String,
}

// The call's direction.
#[derive(Deserialize, JsonSchema, serde::Serialize)]
enum Direction {
    Inbound,
    Outbound,
    Conference,
    Unknown,
}

async fn add_call(ctx: Ctx, a: AddCall) -> Result<Value, ToolError> {
    if a.parties.is_empty() {
        return Err(ToolError::invalid_input(
            "`parties` needs at least one participant (the host, e.g. {\"userId\": \"...\"})",
        ));
    }
    let mut body = Map::new();
    body.insert(
        "clientUniqueId".into(),
        non_empty(&a.clientUniqueId, "clientUniqueId")?.into(),
    );
    insert_opt(&mut body, "title", a.title);
    insert_opt(&mut body, "purpose", a.purpose);
    insert_opt(&mut body, "scheduledStart", a.scheduledStart);
    insert_opt(&mut body, "scheduledEnd", a.scheduledEnd);
    body.insert(
        "actualStart".into(),
        non_empty(&a.actualStart, "actualStart")?.into(),
    );
    insert_opt(&mut body, "duration", a.duration);
    body.insert("parties".into(), json!(a.parties));
    body.insert("direction".into(), json!(a.direction));
    insert_opt(&mut body, "disposition", a.disposition);
    insert_opt(&mut body, "context", a.context);
    insert_opt(&mut body, "customData", a.customData);
    insert_opt(&mut body, "speakersTimeline", a.speakersTimeline);
    insert_opt(&mut body, "meetingUrl", a.meetingUrl);
    insert_opt(&mut body, "callProviderCode", a.callProviderCode);
    insert_opt(&mut body, "downloadMediaUrl", a.downloadMediaUrl);
    insert_opt(&mut body, "workspaceId", a.workspaceId);
    insert_opt(&mut body, "languageCode", a.languageCode);
    body.insert(
        "primaryUser".into(),
        non_empty(&a.primaryUser, "primaryUser")?.into(),
    );
    let v: Value = ctx
        .authorized(Method::POST, "/v2/calls")?
        .json(&body)
        .send_json()
        .await?;
    Ok(mcp_shared::json::pick(&v, &["callId", "url", "requestId"]))
}
