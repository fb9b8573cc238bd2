//! Campaigns: `GET|POST /campaigns`, `GET|DELETE /campaigns/{campaign_id}`,
//! `PUT /campaigns/{campaign_id}/content`, `POST …/actions/send|schedule|unschedule`.

use crate::api::{campaign, get, id, opt, page, paged, request};
use mcp_shared::json::{enum_str, insert_opt};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mailchimp_get_all_campaigns",
            "List campaigns",
            Effect::Read,
            get_all_campaigns,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_create_campaign",
            "Create campaign",
            Effect::Write,
            create_campaign,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_get_campaign_info",
            "Get campaign",
            Effect::Read,
            get_campaign_info,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_set_campaign_content",
            "Set campaign content",
            Effect::IdempotentWrite,
            set_campaign_content,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_send_campaign",
            "Send campaign",
            Effect::Write,
            send_campaign,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_schedule_campaign",
            "Schedule campaign",
            Effect::Write,
            schedule_campaign,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_unschedule_campaign",
            "Unschedule campaign",
            Effect::IdempotentWrite,
            unschedule_campaign,
        )
        .toolset("campaigns"),
        tool(
            "mailchimp_delete_campaign",
            "Delete campaign",
            Effect::Destructive,
            delete_campaign,
        )
        .toolset("campaigns"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum CampaignType {
    Regular,
    Plaintext,
    Absplit,
    Rss,
    Variate,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum CampaignStatus {
    Save,
    Paused,
    Schedule,
    Sending,
    Sent,
    Canceled,
    Canceling,
    Archived,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum SortField {
    CreateTime,
    SendTime,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
pub enum SortDir {
    Asc,
    Desc,
}

/// List campaigns, optionally by type, status, audience, folder and time range. Returns
/// `campaigns` (id, status, subject, audience, send time, opens and clicks), `total_items`
/// and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetAllCampaigns {
    /// Page size, 1-1000 (default 10)
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Klavis's name for `limit`
    count: Option<Count>,
    /// Items to skip (Klavis's paging; `cursor` wins)
    offset: Option<Count>,
    #[serde(rename = "type")]
    kind: Option<CampaignType>,
    status: Option<CampaignStatus>,
    /// ISO 8601 time; the same format for the other time filters
    before_send_time: Option<String>,
    since_send_time: Option<String>,
    before_create_time: Option<String>,
    since_create_time: Option<String>,
    /// Only campaigns sent to this audience
    list_id: Option<String>,
    folder_id: Option<String>,
    sort_field: Option<SortField>,
    sort_dir: Option<SortDir>,
}

async fn get_all_campaigns(ctx: Ctx, a: GetAllCampaigns) -> Result<Value, ToolError> {
    let (count, offset) = page(a.limit, a.count, a.cursor.as_deref(), a.offset)?;
    let v: Value = get(&ctx, "/campaigns", "_links,campaigns._links")?
        .query("count", count)
        .query("offset", offset)
        .query_opt("type", a.kind.map(|t| enum_str(&t)))
        .query_opt("status", a.status.map(|s| enum_str(&s)))
        .query_opt("before_send_time", opt(&a.before_send_time))
        .query_opt("since_send_time", opt(&a.since_send_time))
        .query_opt("before_create_time", opt(&a.before_create_time))
        .query_opt("since_create_time", opt(&a.since_create_time))
        .query_opt("list_id", opt(&a.list_id))
        .query_opt("folder_id", opt(&a.folder_id))
        .query_opt("sort_field", a.sort_field.map(|s| enum_str(&s)))
        .query_opt("sort_dir", a.sort_dir.map(|s| enum_str(&s)))
        .send_json()
        .await?;
    Ok(paged(&v, "campaigns", campaign, offset))
}

/// Create a draft campaign for an audience. Add its content with
/// mailchimp_set_campaign_content, then send or schedule it. Returns the campaign.
#[derive(Deserialize, JsonSchema)]
pub struct CreateCampaign {
    #[serde(rename = "type")]
    kind: CampaignType,
    /// Audience (list) to send to
    list_id: String,
    subject_line: String,
    /// Sender name (not an address)
    from_name: String,
    /// Reply-to address
    reply_to: String,
    /// Internal title
    title: Option<String>,
    folder_id: Option<String>,
    #[schemars(extend("default" = true))]
    authenticate: Option<bool>,
    #[schemars(extend("default" = true))]
    auto_footer: Option<bool>,
    #[schemars(extend("default" = true))]
    inline_css: Option<bool>,
    #[schemars(extend("default" = false))]
    auto_tweet: Option<bool>,
    #[schemars(extend("default" = true))]
    fb_comments: Option<bool>,
    /// Not a create setting in Mailchimp's API (accepted, not sent): use it on
    /// mailchimp_schedule_campaign
    timewarp: Option<bool>,
    /// Id of a saved template for the content
    template_id: Option<Count>,
    /// Not a create setting in Mailchimp's API (accepted, not sent)
    drag_and_drop: Option<bool>,
}

async fn create_campaign(ctx: Ctx, a: CreateCampaign) -> Result<Value, ToolError> {
    let mut settings = Map::new();
    settings.insert(
        "subject_line".into(),
        json!(non_empty(&a.subject_line, "subject_line")?),
    );
    settings.insert(
        "from_name".into(),
        json!(non_empty(&a.from_name, "from_name")?),
    );
    settings.insert(
        "reply_to".into(),
        json!(non_empty(&a.reply_to, "reply_to")?),
    );
    insert_opt(&mut settings, "title", opt(&a.title));
    insert_opt(&mut settings, "folder_id", opt(&a.folder_id));
    insert_opt(&mut settings, "authenticate", a.authenticate);
    insert_opt(&mut settings, "auto_footer", a.auto_footer);
    insert_opt(&mut settings, "inline_css", a.inline_css);
    insert_opt(&mut settings, "auto_tweet", a.auto_tweet);
    insert_opt(&mut settings, "fb_comments", a.fb_comments);
    insert_opt(&mut settings, "template_id", a.template_id);
    let _ = (a.timewarp, a.drag_and_drop);
    let body = json!({
        "type": a.kind,
        "recipients": {"list_id": non_empty(&a.list_id, "list_id")?},
        "settings": settings,
    });
    let v: Value = request(&ctx, Method::POST, "/campaigns")?
        .json(&body)
        .send_json()
        .await?;
    Ok(campaign(&v))
}

/// One campaign: status, audience, subject, sender, send time, opens and clicks.
#[derive(Deserialize, JsonSchema)]
pub struct GetCampaignInfo {
    campaign_id: String,
}

async fn get_campaign_info(ctx: Ctx, a: GetCampaignInfo) -> Result<Value, ToolError> {
    let path = format!("/campaigns/{}", id(&a.campaign_id, "campaign_id")?);
    let v: Value = get(&ctx, &path, "_links")?.send_json().await?;
    Ok(campaign(&v))
}

/// Set a draft campaign's content from one source: `html` (with optional `plain_text`), a
/// `url` to import, a `template`, an `archive`, or `variate_contents` for A/B campaigns. It
/// replaces the content. Returns the sizes of the stored HTML and plain text.
#[derive(Deserialize, JsonSchema)]
pub struct SetCampaignContent {
    campaign_id: String,
    html: Option<String>,
    /// Plain-text version (generated from the HTML when not given)
    plain_text: Option<String>,
    /// A page whose HTML becomes the content
    url: Option<String>,
    /// {"id": template id, "sections": {"name": "html"}}
    template: Option<Map<String, Value>>,
    /// {"archive_content": base64 zip, "archive_type": "zip"}
    archive: Option<Map<String, Value>>,
    /// A/B content: [{"content_label", "html" | "url" | "template" | "archive"}]
    variate_contents: Option<Vec<Value>>,
}

async fn set_campaign_content(ctx: Ctx, a: SetCampaignContent) -> Result<Value, ToolError> {
    let cid = id(&a.campaign_id, "campaign_id")?;
    let mut body = Map::new();
    insert_opt(&mut body, "html", a.html);
    insert_opt(&mut body, "plain_text", a.plain_text);
    insert_opt(&mut body, "url", opt(&a.url));
    insert_opt(&mut body, "template", a.template);
    insert_opt(&mut body, "archive", a.archive);
    insert_opt(&mut body, "variate_contents", a.variate_contents);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "give the content: html, plain_text, url, template, archive or variate_contents.",
        ));
    }
    let v: Value = request(&ctx, Method::PUT, &format!("/campaigns/{cid}/content"))?
        .json(&body)
        .send_json()
        .await?;
    let len = |k: &str| v.get(k).and_then(Value::as_str).map(|s| s.chars().count());
    let mut out = json!({"campaign_id": a.campaign_id.trim(), "updated": true});
    if let Some(m) = out.as_object_mut() {
        insert_opt(m, "html_chars", len("html"));
        insert_opt(m, "plain_text_chars", len("plain_text"));
        insert_opt(
            m,
            "variate_contents",
            v.get("variate_contents")
                .and_then(Value::as_array)
                .map(|a| a.len()),
        );
    }
    Ok(out)
}

/// Send a draft campaign now to its audience. It cannot be recalled once sent; Mailchimp
/// checks the campaign first (content, sender, recipients).
#[derive(Deserialize, JsonSchema)]
pub struct SendCampaign {
    campaign_id: String,
}

async fn send_campaign(ctx: Ctx, a: SendCampaign) -> Result<Value, ToolError> {
    let cid = id(&a.campaign_id, "campaign_id")?;
    request(
        &ctx,
        Method::POST,
        &format!("/campaigns/{cid}/actions/send"),
    )?
    .send()
    .await?;
    Ok(json!({"campaign_id": a.campaign_id.trim(), "sent": true}))
}

/// Schedule a draft campaign (undo with mailchimp_unschedule_campaign).
#[derive(Deserialize, JsonSchema)]
pub struct ScheduleCampaign {
    campaign_id: String,
    /// UTC ISO 8601 time on a quarter hour (:00, :15, :30, :45), e.g. 2026-12-01T15:00:00Z
    schedule_time: String,
    /// Deliver at schedule_time in each recipient's time zone (not with batches)
    #[schemars(extend("default" = false))]
    timewarp: Option<bool>,
    /// Minutes between delivery batches; needs batch_count
    batch_delay: Option<Count>,
    /// Number of delivery batches; needs batch_delay
    batch_count: Option<Count>,
}

async fn schedule_campaign(ctx: Ctx, a: ScheduleCampaign) -> Result<Value, ToolError> {
    let cid = id(&a.campaign_id, "campaign_id")?;
    let mut body = Map::new();
    body.insert(
        "schedule_time".into(),
        json!(non_empty(&a.schedule_time, "schedule_time")?),
    );
    insert_opt(&mut body, "timewarp", a.timewarp);
    match (a.batch_delay, a.batch_count) {
        (None, None) => {}
        (Some(delay), Some(count)) => {
            body.insert(
                "batch_delivery".into(),
                json!({"batch_delay": delay, "batch_count": count}),
            );
        }
        _ => {
            return Err(ToolError::invalid_input(
                "batch delivery needs both `batch_delay` (minutes) and `batch_count`.",
            ));
        }
    }
    request(
        &ctx,
        Method::POST,
        &format!("/campaigns/{cid}/actions/schedule"),
    )?
    .json(&body)
    .send()
    .await?;
    Ok(
        json!({"campaign_id": a.campaign_id.trim(), "scheduled": true, "schedule_time": a.schedule_time.trim()}),
    )
}

/// Unschedule a scheduled campaign; it goes back to draft (`save`).
#[derive(Deserialize, JsonSchema)]
pub struct UnscheduleCampaign {
    campaign_id: String,
}

async fn unschedule_campaign(ctx: Ctx, a: UnscheduleCampaign) -> Result<Value, ToolError> {
    let cid = id(&a.campaign_id, "campaign_id")?;
    request(
        &ctx,
        Method::POST,
        &format!("/campaigns/{cid}/actions/unschedule"),
    )?
    .send()
    .await?;
    Ok(json!({"campaign_id": a.campaign_id.trim(), "unscheduled": true}))
}

/// Delete a campaign for good (sent campaigns' reports go with it).
#[derive(Deserialize, JsonSchema)]
pub struct DeleteCampaign {
    campaign_id: String,
}

async fn delete_campaign(ctx: Ctx, a: DeleteCampaign) -> Result<Value, ToolError> {
    let cid = id(&a.campaign_id, "campaign_id")?;
    request(&ctx, Method::DELETE, &format!("/campaigns/{cid}"))?
        .send()
        .await?;
    Ok(json!({"campaign_id": a.campaign_id.trim(), "deleted": true}))
}
