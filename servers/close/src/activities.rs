//! Activities: all types, and emails, calls, SMS, meetings, WhatsApp messages and notes.
// Argument names such as `date_created__gte` are the catalog's (and Close's filters).
#![allow(non_snake_case)]

use crate::api::{self, Count, id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

const ANY: &[&str] = &[
    "id",
    "_type",
    "lead_id",
    "contact_id",
    "user_name",
    "direction",
    "status",
    "subject",
    "note",
    "text",
    "duration",
    "date_created",
    "activity_at",
];
const EMAIL: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "status",
    "subject",
    "sender",
    "to",
    "cc",
    "bcc",
    "body_text",
    "template_id",
    "thread_id",
    "date_created",
    "date_sent",
];
const CALL: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "status",
    "disposition",
    "phone",
    "duration",
    "note",
    "recording_url",
    "date_created",
];
const SMS: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "status",
    "text",
    "local_phone",
    "remote_phone",
    "date_created",
    "date_sent",
];
const MEETING: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "title",
    "status",
    "starts_at",
    "ends_at",
    "duration",
    "attendees",
    "location",
    "user_note_html",
    "outcome_id",
    "date_created",
];
const WHATSAPP: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "direction",
    "message_markdown",
    "external_whatsapp_message_id",
    "response_to_id",
    "integration_link",
    "attachments",
    "date_created",
];
const NOTE: &[&str] = &[
    "id",
    "lead_id",
    "contact_id",
    "user_id",
    "user_name",
    "note",
    "date_created",
    "date_updated",
];

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "close_list_activities",
            "List activities",
            Effect::Read,
            list_activities,
        )
        .toolset("activities"),
        tool(
            "close_search_activities",
            "Search activities",
            Effect::Read,
            search_activities,
        )
        .toolset("activities"),
        tool(
            "close_list_email_activities",
            "List emails",
            Effect::Read,
            list_emails,
        )
        .toolset("activities"),
        tool(
            "close_get_email_activity",
            "Get email",
            Effect::Read,
            get_email,
        )
        .toolset("activities"),
        tool(
            "close_create_email_activity",
            "Create email",
            Effect::Write,
            create_email,
        )
        .toolset("activities"),
        tool(
            "close_update_email_activity",
            "Update email",
            Effect::IdempotentWrite,
            update_email,
        )
        .toolset("activities"),
        tool(
            "close_delete_email_activity",
            "Delete email",
            Effect::Destructive,
            delete_email,
        )
        .toolset("activities"),
        tool(
            "close_send_email_activity",
            "Send email",
            Effect::Write,
            send_email,
        )
        .toolset("activities"),
        tool(
            "close_search_email_activities",
            "Search emails",
            Effect::Read,
            search_emails,
        )
        .toolset("activities"),
        tool(
            "close_list_call_activities",
            "List calls",
            Effect::Read,
            list_calls,
        )
        .toolset("activities"),
        tool(
            "close_get_call_activity",
            "Get call",
            Effect::Read,
            get_call,
        )
        .toolset("activities"),
        tool(
            "close_create_call_activity",
            "Log call",
            Effect::Write,
            create_call,
        )
        .toolset("activities"),
        tool(
            "close_update_call_activity",
            "Update call",
            Effect::IdempotentWrite,
            update_call,
        )
        .toolset("activities"),
        tool(
            "close_delete_call_activity",
            "Delete call",
            Effect::Destructive,
            delete_call,
        )
        .toolset("activities"),
        tool(
            "close_search_call_activities",
            "Search calls",
            Effect::Read,
            search_calls,
        )
        .toolset("activities"),
        tool(
            "close_list_sms_activities",
            "List SMS",
            Effect::Read,
            list_sms,
        )
        .toolset("activities"),
        tool("close_get_sms_activity", "Get SMS", Effect::Read, get_sms).toolset("activities"),
        tool(
            "close_create_sms_activity",
            "Create SMS",
            Effect::Write,
            create_sms,
        )
        .toolset("activities"),
        tool(
            "close_update_sms_activity",
            "Update SMS",
            Effect::IdempotentWrite,
            update_sms,
        )
        .toolset("activities"),
        tool(
            "close_delete_sms_activity",
            "Delete SMS",
            Effect::Destructive,
            delete_sms,
        )
        .toolset("activities"),
        tool(
            "close_send_sms_activity",
            "Send SMS",
            Effect::Write,
            send_sms,
        )
        .toolset("activities"),
        tool(
            "close_search_sms_activities",
            "Search SMS",
            Effect::Read,
            search_sms,
        )
        .toolset("activities"),
        tool(
            "close_list_meeting_activities",
            "List meetings",
            Effect::Read,
            list_meetings,
        )
        .toolset("activities"),
        tool(
            "close_get_meeting_activity",
            "Get meeting",
            Effect::Read,
            get_meeting,
        )
        .toolset("activities"),
        tool(
            "close_create_meeting_activity",
            "Create meeting",
            Effect::Write,
            create_meeting,
        )
        .toolset("activities"),
        tool(
            "close_update_meeting_activity",
            "Update meeting",
            Effect::IdempotentWrite,
            update_meeting,
        )
        .toolset("activities"),
        tool(
            "close_delete_meeting_activity",
            "Delete meeting",
            Effect::Destructive,
            delete_meeting,
        )
        .toolset("activities"),
        tool(
            "close_search_meeting_activities",
            "Search meetings",
            Effect::Read,
            search_meetings,
        )
        .toolset("activities"),
        tool(
            "close_list_whatsapp_activities",
            "List WhatsApp messages",
            Effect::Read,
            list_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_get_whatsapp_activity",
            "Get WhatsApp message",
            Effect::Read,
            get_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_create_whatsapp_activity",
            "Log WhatsApp message",
            Effect::Write,
            create_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_update_whatsapp_activity",
            "Update WhatsApp message",
            Effect::IdempotentWrite,
            update_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_delete_whatsapp_activity",
            "Delete WhatsApp message",
            Effect::Destructive,
            delete_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_search_whatsapp_activities",
            "Search WhatsApp messages",
            Effect::Read,
            search_whatsapp,
        )
        .toolset("activities"),
        tool(
            "close_list_note_activities",
            "List notes",
            Effect::Read,
            list_notes,
        )
        .toolset("activities"),
        tool(
            "close_get_note_activity",
            "Get note",
            Effect::Read,
            get_note,
        )
        .toolset("activities"),
        tool(
            "close_create_note_activity",
            "Create note",
            Effect::Write,
            create_note,
        )
        .toolset("activities"),
        tool(
            "close_update_note_activity",
            "Update note",
            Effect::IdempotentWrite,
            update_note,
        )
        .toolset("activities"),
        tool(
            "close_delete_note_activity",
            "Delete note",
            Effect::Destructive,
            delete_note,
        )
        .toolset("activities"),
        tool(
            "close_search_note_activities",
            "Search notes",
            Effect::Read,
            search_notes,
        )
        .toolset("activities"),
    ]
}

/// The query of a list: each given filter as is.
fn filters(pairs: Vec<(&'static str, Option<String>)>) -> Vec<(&'static str, String)> {
    pairs
        .into_iter()
        .filter_map(|(k, v)| {
            v.map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .map(|v| (k, v))
        })
        .collect()
}

/// get, delete and search tools of one activity type, whose id argument is `$idf`.
macro_rules! get_delete_search {
    ($path:literal, $fields:ident, $idf:ident,
     $Get:ident, $get:ident, $get_doc:literal,
     $Del:ident, $del:ident, $del_doc:literal,
     $Search:ident, $search:ident, $search_doc:literal) => {
        #[doc = $get_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Get {
            $idf: String,
        }

        async fn $get(ctx: Ctx, a: $Get) -> Result<Value, ToolError> {
            let i = id(&a.$idf, stringify!($idf))?;
            api::get(&ctx, &format!(concat!($path, "{}/"), i), $fields).await
        }

        #[doc = $del_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Del {
            $idf: String,
        }

        async fn $del(ctx: Ctx, a: $Del) -> Result<Value, ToolError> {
            let i = id(&a.$idf, stringify!($idf))?;
            api::delete(&ctx, &format!(concat!($path, "{}/"), i), &i).await
        }

        #[doc = $search_doc]
        #[doc = " Scans the 500 most recent, case-insensitively; returns `items` and `scanned`."]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Search {
            /// Text to find
            query: String,
            /// Most matches to return, 1-100
            #[schemars(extend("default" = 25))]
            limit: Option<Count>,
        }

        async fn $search(ctx: Ctx, a: $Search) -> Result<Value, ToolError> {
            api::scan(&ctx, $path, &a.query, a.limit, $fields).await
        }
    };
}

get_delete_search!(
    "/activity/email/",
    EMAIL,
    email_id,
    GetEmail,
    get_email,
    "Get an email activity: addresses, subject, status, text.",
    DeleteEmail,
    delete_email,
    "Delete an email activity.",
    SearchEmails,
    search_emails,
    "Find email activities containing `query` (subject, body, addresses)."
);
get_delete_search!(
    "/activity/call/",
    CALL,
    call_id,
    GetCall,
    get_call,
    "Get a call activity: direction, phone, duration (s), disposition, note.",
    DeleteCall,
    delete_call,
    "Delete a call activity.",
    SearchCalls,
    search_calls,
    "Find call activities containing `query` (note, phone)."
);
get_delete_search!(
    "/activity/sms/",
    SMS,
    sms_id,
    GetSms,
    get_sms,
    "Get an SMS activity.",
    DeleteSms,
    delete_sms,
    "Delete an SMS activity.",
    SearchSms,
    search_sms,
    "Find SMS activities containing `query`."
);
get_delete_search!(
    "/activity/meeting/",
    MEETING,
    meeting_id,
    GetMeeting,
    get_meeting,
    "Get a meeting activity: times, attendees, status, notes.",
    DeleteMeeting,
    delete_meeting,
    "Delete a meeting activity.",
    SearchMeetings,
    search_meetings,
    "Find meeting activities containing `query` (title, notes, attendees)."
);
get_delete_search!(
    "/activity/whatsapp_message/",
    WHATSAPP,
    whatsapp_id,
    GetWhatsapp,
    get_whatsapp,
    "Get a WhatsApp message activity.",
    DeleteWhatsapp,
    delete_whatsapp,
    "Delete a WhatsApp message activity.",
    SearchWhatsapp,
    search_whatsapp,
    "Find WhatsApp message activities containing `query`."
);
get_delete_search!(
    "/activity/note/",
    NOTE,
    note_id,
    GetNote,
    get_note,
    "Get a note activity.",
    DeleteNote,
    delete_note,
    "Delete a note activity.",
    SearchNotes,
    search_notes,
    "Find note activities containing `query`."
);

/// List activities of every type, newest first, a page at a time. `user_id` works only
/// with `lead_id`. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListActivities {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Items to skip (prefer `cursor`)
    skip: Option<Count>,
    lead_id: Option<String>,
    user_id: Option<String>,
    /// Created at or after, ISO 8601
    date_created__gte: Option<String>,
    /// Created at or before, ISO 8601
    date_created__lte: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_activities(ctx: Ctx, a: ListActivities) -> Result<Value, ToolError> {
    let q = filters(vec![
        ("lead_id", a.lead_id),
        ("user_id", a.user_id),
        ("date_created__gte", a.date_created__gte),
        ("date_created__lte", a.date_created__lte),
    ]);
    api::list(
        &ctx,
        "/activity/",
        q,
        a.limit,
        a.skip,
        a.cursor.as_deref(),
        ANY,
    )
    .await
}

/// Find activities of any type containing `query` (note, subject, text, phone). Scans the
/// 500 most recent, case-insensitively; returns `items` and `scanned`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchActivities {
    /// Text to find
    query: String,
    /// Most matches to return, 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
}

async fn search_activities(ctx: Ctx, a: SearchActivities) -> Result<Value, ToolError> {
    api::scan(&ctx, "/activity/", &a.query, a.limit, ANY).await
}

/// Filters of a per-type activity list.
#[derive(Deserialize, JsonSchema)]
pub struct ListCommon {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Items to skip (prefer `cursor`)
    skip: Option<Count>,
    lead_id: Option<String>,
    contact_id: Option<String>,
    user_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

impl ListCommon {
    fn query(&self) -> Vec<(&'static str, String)> {
        filters(vec![
            ("lead_id", self.lead_id.clone()),
            ("contact_id", self.contact_id.clone()),
            ("user_id", self.user_id.clone()),
        ])
    }

    /// One page with these extra query filters, then only the items matching `keep`
    /// (filters Close does not take, applied to the page: `direction`, `status`, ...).
    async fn run(
        &self,
        ctx: &Ctx,
        path: &str,
        mut extra: Vec<(&'static str, String)>,
        keep: Vec<(&'static str, String)>,
        fields: &[&str],
    ) -> Result<Value, ToolError> {
        let mut q = self.query();
        q.append(&mut extra);
        let cursor = self.cursor.as_deref();
        let mut v = api::list(ctx, path, q, self.limit, self.skip, cursor, fields).await?;
        if let Some(items) = v.get_mut("items").and_then(Value::as_array_mut) {
            items.retain(|i| keep.iter().all(|(k, want)| matches(i.get(*k), want)));
        }
        Ok(v)
    }
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Inbound,
    Outbound,
}

/// WhatsApp messages say `incoming`/`outgoing`; Klavis's `inbound`/`outbound` are accepted.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum WaDirection {
    #[serde(alias = "inbound")]
    Incoming,
    #[serde(alias = "outbound")]
    Outgoing,
}

fn dir(d: Option<Direction>) -> Option<String> {
    d.map(|d| mcp_shared::json::enum_str(&d))
}

/// A field equals the wanted value (emails say `incoming`/`outgoing` for directions).
fn matches(v: Option<&Value>, want: &str) -> bool {
    let Some(got) = v.and_then(Value::as_str) else {
        return false;
    };
    let alias = match want {
        "inbound" => "incoming",
        "outbound" => "outgoing",
        _ => want,
    };
    got.eq_ignore_ascii_case(want) || got.eq_ignore_ascii_case(alias)
}

/// List email activities, newest first. `direction` filters the page read. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListEmails {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<Direction>,
}

async fn list_emails(ctx: Ctx, a: ListEmails) -> Result<Value, ToolError> {
    let keep = filters(vec![("direction", dir(a.direction))]);
    a.common
        .run(&ctx, "/activity/email/", Vec::new(), keep, EMAIL)
        .await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EmailStatus {
    Inbox,
    Draft,
    Scheduled,
    Outbox,
    Sent,
}

/// Create an email activity on a lead: a draft by default; `outbox` sends it now, `sent`
/// or `inbox` logs one sent or received elsewhere. Returns the email.
#[derive(Deserialize, JsonSchema)]
pub struct CreateEmail {
    lead_id: String,
    subject: String,
    body_text: Option<String>,
    body_html: Option<String>,
    /// Recipient addresses
    to: Option<Vec<String>>,
    cc: Option<Vec<String>>,
    bcc: Option<Vec<String>>,
    /// From, e.g. `Jo <jo@acme.com>`
    sender: Option<String>,
    #[schemars(extend("default" = "draft"))]
    status: Option<EmailStatus>,
    /// Email template id (`tmpl_...`)
    template_id: Option<String>,
}

async fn create_email(ctx: Ctx, a: CreateEmail) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("subject".into(), json!(a.subject));
    b.insert(
        "status".into(),
        json!(a.status.unwrap_or(EmailStatus::Draft)),
    );
    insert_opt(&mut b, "body_text", a.body_text);
    insert_opt(&mut b, "body_html", a.body_html);
    insert_opt(&mut b, "to", a.to);
    insert_opt(&mut b, "cc", a.cc);
    insert_opt(&mut b, "bcc", a.bcc);
    insert_opt(&mut b, "sender", a.sender);
    insert_opt(&mut b, "template_id", a.template_id);
    api::create(&ctx, "/activity/email/", &[], b, EMAIL).await
}

/// Update an email activity (a draft's subject or body, or its status). Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateEmail {
    email_id: String,
    subject: Option<String>,
    body_text: Option<String>,
    body_html: Option<String>,
    status: Option<EmailStatus>,
}

async fn update_email(ctx: Ctx, a: UpdateEmail) -> Result<Value, ToolError> {
    let path = format!("/activity/email/{}/", id(&a.email_id, "email_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "subject", a.subject);
    insert_opt(&mut b, "body_text", a.body_text);
    insert_opt(&mut b, "body_html", a.body_html);
    insert_opt(&mut b, "status", a.status);
    api::update(&ctx, &path, b, EMAIL).await
}

/// Send a draft email now (sets its status to `outbox`). Returns the email.
#[derive(Deserialize, JsonSchema)]
pub struct SendEmail {
    email_id: String,
}

async fn send_email(ctx: Ctx, a: SendEmail) -> Result<Value, ToolError> {
    let path = format!("/activity/email/{}/", id(&a.email_id, "email_id")?);
    outbox(&ctx, &path, EMAIL).await
}

/// `PUT {"status": "outbox"}`, never retried: it sends a message.
async fn outbox(ctx: &Ctx, path: &str, fields: &[&str]) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::PUT, path)?
        .json(&json!({"status": "outbox"}))
        .idempotent(false)
        .send_json()
        .await?;
    Ok(api::trim(&v, fields))
}

/// List call activities, newest first. `direction` and `disposition` filter the page read.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListCalls {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<Direction>,
    /// e.g. `answered`, `no-answer`, `vm-left`, `busy`
    disposition: Option<String>,
}

async fn list_calls(ctx: Ctx, a: ListCalls) -> Result<Value, ToolError> {
    let keep = filters(vec![
        ("direction", dir(a.direction)),
        ("disposition", a.disposition),
    ]);
    a.common
        .run(&ctx, "/activity/call/", Vec::new(), keep, CALL)
        .await
}

/// Log a call made outside Close on a lead. Returns the call.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCall {
    lead_id: String,
    direction: Direction,
    /// The other party's number, E.164
    phone: Option<String>,
    /// e.g. `answered`, `no-answer`, `vm-left`, `busy`
    disposition: Option<String>,
    /// Seconds
    duration: Option<Count>,
    note: Option<String>,
    contact_id: Option<String>,
    user_id: Option<String>,
}

async fn create_call(ctx: Ctx, a: CreateCall) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("direction".into(), json!(a.direction));
    insert_opt(&mut b, "phone", a.phone);
    insert_opt(&mut b, "disposition", a.disposition);
    insert_opt(&mut b, "duration", a.duration.map(Count::get));
    insert_opt(&mut b, "note", a.note);
    insert_opt(&mut b, "contact_id", a.contact_id);
    insert_opt(&mut b, "user_id", a.user_id);
    api::create(&ctx, "/activity/call/", &[], b, CALL).await
}

/// Update a call's disposition, duration or note. Returns the call.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateCall {
    call_id: String,
    disposition: Option<String>,
    /// Seconds
    duration: Option<Count>,
    note: Option<String>,
}

async fn update_call(ctx: Ctx, a: UpdateCall) -> Result<Value, ToolError> {
    let path = format!("/activity/call/{}/", id(&a.call_id, "call_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "disposition", a.disposition);
    insert_opt(&mut b, "duration", a.duration.map(Count::get));
    insert_opt(&mut b, "note", a.note);
    api::update(&ctx, &path, b, CALL).await
}

/// List SMS activities, newest first. `direction` filters the page read. Returns `items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListSms {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<Direction>,
}

async fn list_sms(ctx: Ctx, a: ListSms) -> Result<Value, ToolError> {
    let keep = filters(vec![("direction", dir(a.direction))]);
    a.common
        .run(&ctx, "/activity/sms/", Vec::new(), keep, SMS)
        .await
}

#[derive(Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SmsStatus {
    Inbox,
    Draft,
    Scheduled,
    Outbox,
    Sent,
}

/// Create an SMS activity on a lead: outbound ones are drafts by default (`outbox` sends
/// now), inbound ones `inbox`. Returns the SMS.
#[derive(Deserialize, JsonSchema)]
pub struct CreateSms {
    lead_id: String,
    text: String,
    direction: Direction,
    /// The contact's number, E.164
    remote_phone: Option<String>,
    /// Your Close number, E.164 (needed to send)
    local_phone: Option<String>,
    contact_id: Option<String>,
    status: Option<SmsStatus>,
}

async fn create_sms(ctx: Ctx, a: CreateSms) -> Result<Value, ToolError> {
    let status = a.status.unwrap_or(match a.direction {
        Direction::Inbound => SmsStatus::Inbox,
        Direction::Outbound => SmsStatus::Draft,
    });
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("text".into(), json!(a.text));
    b.insert("direction".into(), json!(a.direction));
    b.insert("status".into(), json!(status));
    insert_opt(&mut b, "remote_phone", a.remote_phone);
    insert_opt(&mut b, "local_phone", a.local_phone);
    insert_opt(&mut b, "contact_id", a.contact_id);
    api::create(&ctx, "/activity/sms/", &[], b, SMS).await
}

/// Update an SMS draft's text or status. Returns the SMS.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateSms {
    sms_id: String,
    text: Option<String>,
    status: Option<SmsStatus>,
}

async fn update_sms(ctx: Ctx, a: UpdateSms) -> Result<Value, ToolError> {
    let path = format!("/activity/sms/{}/", id(&a.sms_id, "sms_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "text", a.text);
    insert_opt(&mut b, "status", a.status);
    api::update(&ctx, &path, b, SMS).await
}

/// Send a draft SMS now (sets its status to `outbox`). Returns the SMS.
#[derive(Deserialize, JsonSchema)]
pub struct SendSms {
    sms_id: String,
}

async fn send_sms(ctx: Ctx, a: SendSms) -> Result<Value, ToolError> {
    let path = format!("/activity/sms/{}/", id(&a.sms_id, "sms_id")?);
    outbox(&ctx, &path, SMS).await
}

/// List meeting activities, newest first. Times are ISO 8601; `starts_at__*` is the same
/// filter as `date_created__*`; `status` filters the page read. Returns `items` and
/// `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListMeetings {
    #[serde(flatten)]
    common: ListCommon,
    /// e.g. `upcoming`, `completed`, `canceled`
    status: Option<String>,
    date_created__gte: Option<String>,
    date_created__lte: Option<String>,
    starts_at__gte: Option<String>,
    starts_at__lte: Option<String>,
}

async fn list_meetings(ctx: Ctx, a: ListMeetings) -> Result<Value, ToolError> {
    // A meeting's date_created is its start time in Close.
    let both = |x: &Option<String>, y: &Option<String>, n: &str| match (x, y) {
        (Some(x), Some(y)) if x.trim() != y.trim() => Err(ToolError::invalid_input(format!(
            "date_created{n} and starts_at{n} are the same filter in Close (a meeting's date_created is its start); give one"
        ))),
        _ => Ok(()),
    };
    both(&a.date_created__gte, &a.starts_at__gte, "__gte")?;
    both(&a.date_created__lte, &a.starts_at__lte, "__lte")?;
    let extra = filters(vec![
        (
            "date_created__gte",
            a.date_created__gte.or(a.starts_at__gte),
        ),
        (
            "date_created__lte",
            a.date_created__lte.or(a.starts_at__lte),
        ),
    ]);
    let keep = filters(vec![("status", a.status)]);
    a.common
        .run(&ctx, "/activity/meeting/", extra, keep, MEETING)
        .await
}

/// Close's API cannot create meetings: they come from synced Google or Microsoft
/// calendars. This tool only says so; log the meeting with close_create_note_activity.
#[derive(Deserialize, JsonSchema)]
#[allow(dead_code)] // Klavis's arguments, accepted and unused.
pub struct CreateMeeting {
    lead_id: String,
    starts_at: String,
    ends_at: String,
    status: Option<String>,
    attendees: Option<Vec<Map<String, Value>>>,
    user_note_html: Option<String>,
    outcome_id: Option<String>,
    user_id: Option<String>,
    date_created: Option<String>,
}

async fn create_meeting(_ctx: Ctx, _a: CreateMeeting) -> Result<Value, ToolError> {
    Err(ToolError::invalid_input(
        "Close's API has no way to create a meeting: meetings are synced from connected Google or Microsoft calendars. \
         Schedule it in a synced calendar, or record it with close_create_note_activity (and close_update_meeting_activity to add notes to a synced one).",
    ))
}

/// Update a meeting: times, status, attendees, notes or outcome. Returns the meeting.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMeeting {
    meeting_id: String,
    starts_at: Option<String>,
    ends_at: Option<String>,
    status: Option<String>,
    attendees: Option<Vec<Map<String, Value>>>,
    user_note_html: Option<String>,
    outcome_id: Option<String>,
}

async fn update_meeting(ctx: Ctx, a: UpdateMeeting) -> Result<Value, ToolError> {
    let path = format!("/activity/meeting/{}/", id(&a.meeting_id, "meeting_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "starts_at", a.starts_at);
    insert_opt(&mut b, "ends_at", a.ends_at);
    insert_opt(&mut b, "status", a.status);
    insert_opt(&mut b, "attendees", a.attendees);
    insert_opt(&mut b, "user_note_html", a.user_note_html);
    insert_opt(&mut b, "outcome_id", a.outcome_id);
    api::update(&ctx, &path, b, MEETING).await
}

/// List WhatsApp message activities, newest first. `direction` filters the page read.
/// Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListWhatsapp {
    #[serde(flatten)]
    common: ListCommon,
    direction: Option<WaDirection>,
    date_created__gte: Option<String>,
    date_created__lte: Option<String>,
}

async fn list_whatsapp(ctx: Ctx, a: ListWhatsapp) -> Result<Value, ToolError> {
    let extra = filters(vec![
        ("date_created__gte", a.date_created__gte),
        ("date_created__lte", a.date_created__lte),
    ]);
    let keep = filters(vec![(
        "direction",
        a.direction.map(|d| mcp_shared::json::enum_str(&d)),
    )]);
    a.common
        .run(&ctx, "/activity/whatsapp_message/", extra, keep, WHATSAPP)
        .await
}

/// Log a WhatsApp message exchanged outside Close on a lead. Returns the activity.
#[derive(Deserialize, JsonSchema)]
pub struct CreateWhatsapp {
    lead_id: String,
    /// The message's id in WhatsApp
    external_whatsapp_message_id: String,
    message_markdown: String,
    direction: Option<WaDirection>,
    /// Files already uploaded to Close: `[{"url", "filename", "content_type"}]`
    attachments: Option<Vec<Map<String, Value>>>,
    /// URL of the message in the integration
    integration_link: Option<String>,
    /// Close activity id (`acti_...`) of the WhatsApp message this replies to
    response_to_id: Option<String>,
    user_id: Option<String>,
    contact_id: Option<String>,
    date_created: Option<String>,
    /// With `incoming`: also notify the user's inbox
    send_to_inbox: Option<bool>,
}

async fn create_whatsapp(ctx: Ctx, a: CreateWhatsapp) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert(
        "external_whatsapp_message_id".into(),
        json!(non_empty(
            &a.external_whatsapp_message_id,
            "external_whatsapp_message_id"
        )?),
    );
    b.insert("message_markdown".into(), json!(a.message_markdown));
    insert_opt(&mut b, "direction", a.direction);
    insert_opt(&mut b, "attachments", a.attachments);
    insert_opt(&mut b, "integration_link", a.integration_link);
    insert_opt(&mut b, "response_to_id", a.response_to_id);
    insert_opt(&mut b, "user_id", a.user_id);
    insert_opt(&mut b, "contact_id", a.contact_id);
    insert_opt(&mut b, "date_created", a.date_created);
    let q: Vec<(&str, String)> = match a.send_to_inbox {
        Some(true) => vec![("send_to_inbox", "true".to_owned())],
        _ => Vec::new(),
    };
    api::create(&ctx, "/activity/whatsapp_message/", &q, b, WHATSAPP).await
}

/// Update a WhatsApp message activity. Returns it.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateWhatsapp {
    whatsapp_id: String,
    message_markdown: Option<String>,
    attachments: Option<Vec<Map<String, Value>>>,
    integration_link: Option<String>,
}

async fn update_whatsapp(ctx: Ctx, a: UpdateWhatsapp) -> Result<Value, ToolError> {
    let path = format!(
        "/activity/whatsapp_message/{}/",
        id(&a.whatsapp_id, "whatsapp_id")?
    );
    let mut b = Map::new();
    insert_opt(&mut b, "message_markdown", a.message_markdown);
    insert_opt(&mut b, "attachments", a.attachments);
    insert_opt(&mut b, "integration_link", a.integration_link);
    api::update(&ctx, &path, b, WHATSAPP).await
}

/// List note activities, newest first. Returns `items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct ListNotes {
    /// 1-100
    #[schemars(extend("default" = 25))]
    limit: Option<Count>,
    /// Items to skip (prefer `cursor`)
    skip: Option<Count>,
    lead_id: Option<String>,
    user_id: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn list_notes(ctx: Ctx, a: ListNotes) -> Result<Value, ToolError> {
    let q = filters(vec![("lead_id", a.lead_id), ("user_id", a.user_id)]);
    api::list(
        &ctx,
        "/activity/note/",
        q,
        a.limit,
        a.skip,
        a.cursor.as_deref(),
        NOTE,
    )
    .await
}

/// Add a plain-text note to a lead. Returns the note.
#[derive(Deserialize, JsonSchema)]
pub struct CreateNote {
    lead_id: String,
    note: String,
    /// Author (`user_...`); the caller when omitted
    user_id: Option<String>,
}

async fn create_note(ctx: Ctx, a: CreateNote) -> Result<Value, ToolError> {
    let mut b = Map::new();
    b.insert("lead_id".into(), json!(non_empty(&a.lead_id, "lead_id")?));
    b.insert("note".into(), json!(non_empty(&a.note, "note")?));
    insert_opt(&mut b, "user_id", a.user_id);
    api::create(&ctx, "/activity/note/", &[], b, NOTE).await
}

/// Replace a note's text. Returns the note.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateNote {
    note_id: String,
    note: Option<String>,
}

async fn update_note(ctx: Ctx, a: UpdateNote) -> Result<Value, ToolError> {
    let path = format!("/activity/note/{}/", id(&a.note_id, "note_id")?);
    let mut b = Map::new();
    insert_opt(&mut b, "note", a.note);
    api::update(&ctx, &path, b, NOTE).await
}
