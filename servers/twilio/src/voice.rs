//! Calls and recordings: place a call (`POST /Calls.json`), list (`GET /Calls.json`), get
//! (`GET /Calls/{Sid}.json`), end (`POST /Calls/{Sid}.json` with `Status`), and list
//! recordings (`GET /Recordings.json`, by call with `CallSid`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::{self, Form};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("twilio_make_call", "Place a call", Effect::Write, make_call).toolset("voice"),
        tool("twilio_get_calls", "List calls", Effect::Read, get_calls).toolset("voice"),
        tool(
            "twilio_get_call_by_sid",
            "Get a call",
            Effect::Read,
            get_call,
        )
        .toolset("voice"),
        tool(
            "twilio_end_call",
            "End a call",
            Effect::Destructive,
            end_call,
        )
        .toolset("voice"),
        tool(
            "twilio_get_recordings",
            "List recordings",
            Effect::Read,
            get_recordings,
        )
        .toolset("voice"),
    ]
}

/// Place an outbound call (charged; never retried once it may have been placed). Twilio
/// runs the TwiML of `twiml` or fetches it from `url` when the call connects. Returns the
/// call's sid and status.
#[derive(Deserialize, JsonSchema)]
pub struct MakeCall {
    /// Number to call (E.164), a SIP URI or client:name
    to: String,
    /// Caller id: a number of this account or a verified one (E.164)
    from_: String,
    /// URL returning TwiML; give this or twiml
    url: Option<String>,
    /// TwiML to run, e.g. <Response><Say>Hi</Say></Response>; wins over url
    twiml: Option<String>,
    /// HTTP method for url: GET or POST (default POST)
    method: Option<String>,
    /// URL Twilio calls when the call ends
    status_callback: Option<String>,
    /// Seconds to ring before no-answer (default 60, at most 600)
    timeout: Option<Count>,
    /// Record the call
    record: Option<bool>,
}

async fn make_call(ctx: Ctx, a: MakeCall) -> Result<Value, ToolError> {
    let url = a.url.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let twiml = a.twiml.as_deref().map(str::trim).filter(|s| !s.is_empty());
    if url.is_none() && twiml.is_none() {
        return Err(ToolError::invalid_input(
            "Give `twiml` (what the call does, e.g. <Response><Say>Hello</Say></Response>) or `url` (where Twilio fetches it).",
        ));
    }
    let method = match a.method.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(m) if m.eq_ignore_ascii_case("get") => Some("GET"),
        Some(m) if m.eq_ignore_ascii_case("post") => Some("POST"),
        Some(m) => {
            return Err(ToolError::invalid_input(format!(
                "`method` must be GET or POST, got `{m}`."
            )));
        }
    };
    if let Some(t) = a.timeout.map(Count::get)
        && t > 600
    {
        return Err(ToolError::invalid_input(format!(
            "`timeout` is at most 600 seconds, got {t}."
        )));
    }
    let mut f = Form::default();
    f.set("To", mcp_shared::non_empty(&a.to, "to")?);
    f.set("From", mcp_shared::non_empty(&a.from_, "from_")?);
    f.opt("Url", url);
    f.opt("Twiml", twiml);
    f.opt("Method", method);
    f.opt("StatusCallback", a.status_callback.as_deref());
    if let Some(t) = a.timeout {
        f.set("Timeout", t.get());
    }
    if let Some(r) = a.record {
        f.set("Record", r);
    }
    let v = api::post(&ctx, "/Calls.json", f.0, false).await?;
    Ok(api::call(&v))
}

// The statuses Twilio filters calls by.
#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub enum CallStatus {
    Queued,
    Ringing,
    InProgress,
    Completed,
    Busy,
    Failed,
    NoAnswer,
    Canceled,
}

impl CallStatus {
    fn as_str(self) -> &'static str {
        match self {
            Self::Queued => "queued",
            Self::Ringing => "ringing",
            Self::InProgress => "in-progress",
            Self::Completed => "completed",
            Self::Busy => "busy",
            Self::Failed => "failed",
            Self::NoAnswer => "no-answer",
            Self::Canceled => "canceled",
        }
    }
}

/// List calls, newest first, by status, numbers and start time: sid, status, direction,
/// from, to, start/end, duration (s), price; and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct GetCalls {
    /// Page size
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 1000))]
    limit: Option<Count>,
    status: Option<CallStatus>,
    from_: Option<String>,
    to: Option<String>,
    /// Started on or after (YYYY-MM-DD or ISO-8601, GMT)
    start_time_after: Option<String>,
    /// Started on or before
    start_time_before: Option<String>,
    /// next_cursor of the previous page (it keeps the filters)
    cursor: Option<String>,
}

async fn get_calls(ctx: Ctx, a: GetCalls) -> Result<Value, ToolError> {
    let size = api::page_size(a.limit, 50)?;
    let q = api::filters(&[
        ("To", a.to.as_deref()),
        ("From", a.from_.as_deref()),
        ("Status", a.status.map(CallStatus::as_str)),
        ("StartTime>", a.start_time_after.as_deref()),
        ("StartTime<", a.start_time_before.as_deref()),
    ]);
    api::list(
        &ctx,
        "/Calls.json",
        q,
        size,
        a.cursor.as_deref(),
        "calls",
        api::call,
    )
    .await
}

/// One call: status, direction, from, to, start/end, duration (s), answered_by, price.
#[derive(Deserialize, JsonSchema)]
pub struct GetCall {
    /// CA…
    call_sid: String,
}

async fn get_call(ctx: Ctx, a: GetCall) -> Result<Value, ToolError> {
    let sid = api::sid(&a.call_sid, "call_sid", &["CA"])?;
    let v = api::get(&ctx, &format!("/Calls/{sid}.json"), &[]).await?;
    Ok(api::call(&v))
}

// How a call ends.
#[derive(Deserialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum EndStatus {
    #[default]
    Completed,
    Canceled,
}

/// End a call: `completed` hangs up a call in progress (or one not yet answered),
/// `canceled` only drops one still queued or ringing. Returns the call.
#[derive(Deserialize, JsonSchema)]
pub struct EndCall {
    /// CA…
    call_sid: String,
    #[schemars(extend("default" = "completed"))]
    status: Option<EndStatus>,
}

async fn end_call(ctx: Ctx, a: EndCall) -> Result<Value, ToolError> {
    let sid = api::sid(&a.call_sid, "call_sid", &["CA"])?;
    let status = match a.status.unwrap_or_default() {
        EndStatus::Completed => "completed",
        EndStatus::Canceled => "canceled",
    };
    let mut f = Form::default();
    f.set("Status", status);
    let v = api::post(&ctx, &format!("/Calls/{sid}.json"), f.0, true).await?;
    Ok(api::call(&v))
}

/// List recordings, newest first, of the account or of one call: sid, call_sid, status,
/// duration (s), media_url (download; add .mp3 or .wav); and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct GetRecordings {
    /// Page size
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 1000))]
    limit: Option<Count>,
    /// Only this call's recordings (CA…)
    call_sid: Option<String>,
    /// Created on or after (YYYY-MM-DD or ISO-8601, GMT)
    date_created_after: Option<String>,
    /// Created on or before
    date_created_before: Option<String>,
    /// next_cursor of the previous page (it keeps the filters)
    cursor: Option<String>,
}

async fn get_recordings(ctx: Ctx, a: GetRecordings) -> Result<Value, ToolError> {
    let size = api::page_size(a.limit, 50)?;
    let call = match a
        .call_sid
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(c) => Some(api::sid(c, "call_sid", &["CA"])?),
        None => None,
    };
    let q = api::filters(&[
        ("CallSid", call.as_deref()),
        ("DateCreated>", a.date_created_after.as_deref()),
        ("DateCreated<", a.date_created_before.as_deref()),
    ]);
    api::list(
        &ctx,
        "/Recordings.json",
        q,
        size,
        a.cursor.as_deref(),
        "recordings",
        api::recording,
    )
    .await
}
