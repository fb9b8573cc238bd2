//! Messages: send SMS and MMS (`POST /Messages.json`), list (`GET /Messages.json`), get
//! (`GET /Messages/{Sid}.json`), redact (`POST /Messages/{Sid}.json` with an empty `Body`)
//! and delete (`DELETE /Messages/{Sid}.json`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, Form};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("twilio_send_sms", "Send an SMS", Effect::Write, send_sms).toolset("messaging"),
        tool("twilio_send_mms", "Send an MMS", Effect::Write, send_mms).toolset("messaging"),
        tool(
            "twilio_get_messages",
            "List messages",
            Effect::Read,
            get_messages,
        )
        .toolset("messaging"),
        tool(
            "twilio_get_message_by_sid",
            "Get a message",
            Effect::Read,
            get_message,
        )
        .toolset("messaging"),
        tool(
            "twilio_redact_message",
            "Redact a message's body",
            Effect::Destructive,
            redact_message,
        )
        .toolset("messaging"),
        tool(
            "twilio_delete_message",
            "Delete a message",
            Effect::Destructive,
            delete_message,
        )
        .toolset("messaging"),
    ]
}

const MESSAGE_SIDS: &[&str] = &["SM", "MM"];

/// `From`, or `MessagingServiceSid` when `from_` is a messaging service SID (MG…).
fn sender(form: &mut Form, from: &str) -> Result<(), ToolError> {
    let from = mcp_shared::non_empty(from, "from_")?;
    if api::is_sid(from, "MG") {
        form.set("MessagingServiceSid", from);
    } else {
        form.set("From", from);
    }
    Ok(())
}

/// Send an SMS (charged; never retried once it may have been sent). Returns the message's
/// sid and status (queued, then sent/delivered, reported to status_callback).
#[derive(Deserialize, JsonSchema)]
pub struct SendSms {
    /// Recipient, E.164 (+14155550100)
    to: String,
    /// A number of this account (E.164), an alphanumeric sender id, or a messaging service SID (MG…)
    from_: String,
    /// Text, up to 1600 characters
    body: String,
    /// URL Twilio POSTs status changes to
    status_callback: Option<String>,
}

async fn send_sms(ctx: Ctx, a: SendSms) -> Result<Value, ToolError> {
    let mut f = Form::default();
    f.set("To", mcp_shared::non_empty(&a.to, "to")?);
    sender(&mut f, &a.from_)?;
    f.set("Body", mcp_shared::non_empty(&a.body, "body")?);
    f.opt("StatusCallback", a.status_callback.as_deref());
    let v = api::post(&ctx, "/Messages.json", f.0, false).await?;
    Ok(api::message(&v))
}

/// Send an MMS: media URLs (public, up to 10, 5 MB in all) with an optional text (charged;
/// never retried once it may have been sent). Returns the message's sid and status.
#[derive(Deserialize, JsonSchema)]
pub struct SendMms {
    /// Recipient, E.164
    to: String,
    /// A number of this account (E.164) or a messaging service SID (MG…)
    from_: String,
    body: Option<String>,
    /// Public URLs of the media (jpeg, png, gif; other types as attachments)
    media_url: Option<Vec<String>>,
    status_callback: Option<String>,
}

async fn send_mms(ctx: Ctx, a: SendMms) -> Result<Value, ToolError> {
    let media: Vec<&str> = a
        .media_url
        .iter()
        .flatten()
        .map(|u| u.trim())
        .filter(|u| !u.is_empty())
        .collect();
    let body = a.body.as_deref().map(str::trim).filter(|b| !b.is_empty());
    if media.is_empty() && body.is_none() {
        return Err(ToolError::invalid_input(
            "Give `media_url` (one or more public URLs) or `body`: a message needs content.",
        ));
    }
    if media.len() > 10 {
        return Err(ToolError::invalid_input(format!(
            "`media_url` has {} URLs; Twilio takes at most 10 per message.",
            media.len()
        )));
    }
    let mut f = Form::default();
    f.set("To", mcp_shared::non_empty(&a.to, "to")?);
    sender(&mut f, &a.from_)?;
    f.opt("Body", body);
    for u in media {
        f.set("MediaUrl", u);
    }
    f.opt("StatusCallback", a.status_callback.as_deref());
    let v = api::post(&ctx, "/Messages.json", f.0, false).await?;
    Ok(api::message(&v))
}

/// List messages, newest first, by sender, recipient and send date: sid, status, from, to,
/// body, price, errors, dates; and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct GetMessages {
    /// Page size
    #[schemars(extend("default" = 20, "minimum" = 1, "maximum" = 1000))]
    limit: Option<Count>,
    /// Sent on or after (YYYY-MM-DD or ISO-8601, GMT)
    date_sent_after: Option<String>,
    /// Sent on or before
    date_sent_before: Option<String>,
    from_: Option<String>,
    to: Option<String>,
    /// next_cursor of the previous page (it keeps the filters)
    cursor: Option<String>,
}

async fn get_messages(ctx: Ctx, a: GetMessages) -> Result<Value, ToolError> {
    let size = api::page_size(a.limit, 20)?;
    let q = api::filters(&[
        ("To", a.to.as_deref()),
        ("From", a.from_.as_deref()),
        ("DateSent>", a.date_sent_after.as_deref()),
        ("DateSent<", a.date_sent_before.as_deref()),
    ]);
    api::list(
        &ctx,
        "/Messages.json",
        q,
        size,
        a.cursor.as_deref(),
        "messages",
        api::message,
    )
    .await
}

/// One message: status, from, to, body, segments, media count, price, error code and dates.
#[derive(Deserialize, JsonSchema)]
pub struct GetMessage {
    /// SM… or MM…
    message_sid: String,
}

async fn get_message(ctx: Ctx, a: GetMessage) -> Result<Value, ToolError> {
    let sid = api::sid(&a.message_sid, "message_sid", MESSAGE_SIDS)?;
    let v = api::get(&ctx, &format!("/Messages/{sid}.json"), &[]).await?;
    Ok(api::message(&v))
}

/// Erase a sent or received message's text (the record stays; cannot be undone). Returns the
/// message.
#[derive(Deserialize, JsonSchema)]
pub struct RedactMessage {
    /// SM… or MM…
    message_sid: String,
}

async fn redact_message(ctx: Ctx, a: RedactMessage) -> Result<Value, ToolError> {
    let sid = api::sid(&a.message_sid, "message_sid", MESSAGE_SIDS)?;
    let mut f = Form::default();
    f.set("Body", "");
    let v = api::post(&ctx, &format!("/Messages/{sid}.json"), f.0, true).await?;
    Ok(api::message(&v))
}

/// Delete a message record from the account (cannot be undone; not a recall: a sent message
/// stays with its recipient).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMessage {
    /// SM… or MM…
    message_sid: String,
}

async fn delete_message(ctx: Ctx, a: DeleteMessage) -> Result<Value, ToolError> {
    let sid = api::sid(&a.message_sid, "message_sid", MESSAGE_SIDS)?;
    api::delete(&ctx, &format!("/Messages/{sid}.json")).await?;
    Ok(json!({"deleted": true, "sid": sid}))
}
