//! Audience members: `GET|POST /lists/{list_id}/members`,
//! `GET|PATCH|DELETE /lists/{list_id}/members/{subscriber_hash}` (DELETE archives),
//! `POST …/{subscriber_hash}/actions/delete-permanent`, `POST …/tags`, `GET …/activity`.
//! The subscriber hash is the MD5 of the lower-cased e-mail address.

use std::collections::BTreeMap;

use crate::api::{get, id, member, member_path, opt, page, paged, request};
use mcp_shared::json::{insert_opt, pick};
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "mailchimp_get_audience_members",
            "List audience members",
            Effect::Read,
            get_audience_members,
        )
        .toolset("members"),
        tool(
            "mailchimp_add_member_to_audience",
            "Add member",
            Effect::Write,
            add_member,
        )
        .toolset("members"),
        tool(
            "mailchimp_get_member_info",
            "Get member",
            Effect::Read,
            get_member_info,
        )
        .toolset("members"),
        tool(
            "mailchimp_update_member",
            "Update member",
            Effect::IdempotentWrite,
            update_member,
        )
        .toolset("members"),
        tool(
            "mailchimp_delete_member",
            "Archive member",
            Effect::Destructive,
            delete_member,
        )
        .toolset("members"),
        tool(
            "mailchimp_delete_member_permanently",
            "Delete member permanently",
            Effect::Destructive,
            delete_member_permanently,
        )
        .toolset("members"),
        tool(
            "mailchimp_add_member_tags",
            "Add member tags",
            Effect::IdempotentWrite,
            add_member_tags,
        )
        .toolset("members"),
        tool(
            "mailchimp_remove_member_tags",
            "Remove member tags",
            Effect::IdempotentWrite,
            remove_member_tags,
        )
        .toolset("members"),
        tool(
            "mailchimp_get_member_activity",
            "Get member activity",
            Effect::Read,
            get_member_activity,
        )
        .toolset("members"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Subscribed,
    Unsubscribed,
    Cleaned,
    Pending,
    Transactional,
}

/// List an audience's members, optionally by status or opt-in time. Returns `members`
/// (e-mail, status, merge fields, tags...), `total_items` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetAudienceMembers {
    /// Audience (list) id
    list_id: String,
    /// Page size, 1-1000 (default 10)
    limit: Option<Count>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
    /// Klavis's name for `limit`
    count: Option<Count>,
    /// Items to skip (Klavis's paging; `cursor` wins)
    offset: Option<Count>,
    status: Option<Status>,
    /// Members who opted in after this ISO 8601 time
    since_timestamp_opt: Option<String>,
}

async fn get_audience_members(ctx: Ctx, a: GetAudienceMembers) -> Result<Value, ToolError> {
    let (count, offset) = page(a.limit, a.count, a.cursor.as_deref(), a.offset)?;
    let path = format!("/lists/{}/members", id(&a.list_id, "list_id")?);
    let v: Value = get(&ctx, &path, "_links,members._links")?
        .query("count", count)
        .query("offset", offset)
        .query_opt("status", a.status.map(|s| mcp_shared::json::enum_str(&s)))
        .query_opt("since_timestamp_opt", opt(&a.since_timestamp_opt))
        .send_json()
        .await?;
    Ok(paged(&v, "members", member, offset))
}

/// Add a contact to an audience. `pending` sends a confirmation e-mail first. Fails with
/// "Member Exists" if the address is already there (use mailchimp_update_member). Returns
/// the member.
#[derive(Deserialize, JsonSchema)]
pub struct AddMember {
    list_id: String,
    email_address: String,
    #[schemars(extend("default" = "subscribed"))]
    status: Option<Status>,
    /// Audience fields by tag, e.g. {"FNAME": "Ann", "LNAME": "Lee"}
    merge_fields: Option<Map<String, Value>>,
    /// Group (interest) ids to true or false
    interests: Option<BTreeMap<String, bool>>,
    /// Language code, e.g. `en`
    language: Option<String>,
    vip: Option<bool>,
    /// Tag names to put on the member
    tags: Option<Vec<String>>,
    /// IP address the member signed up from
    ip_signup: Option<String>,
    /// Sign-up time, `YYYY-MM-DD HH:MM:SS`
    timestamp_signup: Option<String>,
    /// IP address the member confirmed from
    ip_opt: Option<String>,
    /// Opt-in time, `YYYY-MM-DD HH:MM:SS`
    timestamp_opt: Option<String>,
}

async fn add_member(ctx: Ctx, a: AddMember) -> Result<Value, ToolError> {
    let path = format!("/lists/{}/members", id(&a.list_id, "list_id")?);
    let mut body = Map::new();
    body.insert(
        "email_address".into(),
        json!(non_empty(&a.email_address, "email_address")?),
    );
    body.insert(
        "status".into(),
        json!(a.status.unwrap_or(Status::Subscribed)),
    );
    insert_opt(&mut body, "merge_fields", a.merge_fields);
    insert_opt(&mut body, "interests", a.interests);
    insert_opt(&mut body, "language", a.language);
    insert_opt(&mut body, "vip", a.vip);
    insert_opt(&mut body, "tags", a.tags);
    insert_opt(&mut body, "ip_signup", a.ip_signup);
    insert_opt(&mut body, "timestamp_signup", a.timestamp_signup);
    insert_opt(&mut body, "ip_opt", a.ip_opt);
    insert_opt(&mut body, "timestamp_opt", a.timestamp_opt);
    let v: Value = request(&ctx, Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(member(&v))
}

/// One member of an audience by e-mail address: status, merge fields, tags, stats.
#[derive(Deserialize, JsonSchema)]
pub struct GetMemberInfo {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
}

async fn get_member_info(ctx: Ctx, a: GetMemberInfo) -> Result<Value, ToolError> {
    let path = member_path(&a.list_id, &a.email_address)?;
    let v: Value = get(&ctx, &path, "_links")?.send_json().await?;
    Ok(member(&v))
}

/// Change a member's status, merge fields, interests, language or VIP flag; only the fields
/// given are sent. Returns the member.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateMember {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
    status: Option<Status>,
    /// Audience fields by tag, e.g. {"FNAME": "Ann"}
    merge_fields: Option<Map<String, Value>>,
    /// Group (interest) ids to true or false
    interests: Option<BTreeMap<String, bool>>,
    language: Option<String>,
    vip: Option<bool>,
    ip_opt: Option<String>,
    /// Opt-in time, `YYYY-MM-DD HH:MM:SS`
    timestamp_opt: Option<String>,
}

async fn update_member(ctx: Ctx, a: UpdateMember) -> Result<Value, ToolError> {
    let path = member_path(&a.list_id, &a.email_address)?;
    let mut body = Map::new();
    insert_opt(&mut body, "status", a.status);
    insert_opt(&mut body, "merge_fields", a.merge_fields);
    insert_opt(&mut body, "interests", a.interests);
    insert_opt(&mut body, "language", a.language);
    insert_opt(&mut body, "vip", a.vip);
    insert_opt(&mut body, "ip_opt", a.ip_opt);
    insert_opt(&mut body, "timestamp_opt", a.timestamp_opt);
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to update: give at least one of status, merge_fields, interests, language, vip, ip_opt, timestamp_opt.",
        ));
    }
    let v: Value = request(&ctx, Method::PATCH, &path)?
        .json(&body)
        .idempotent(true)
        .send_json()
        .await?;
    Ok(member(&v))
}

/// Archive a member (Mailchimp's DELETE): it leaves the audience and its count, keeps its
/// history, and can be added again. To erase it for good use
/// mailchimp_delete_member_permanently.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMember {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
}

async fn delete_member(ctx: Ctx, a: DeleteMember) -> Result<Value, ToolError> {
    let path = member_path(&a.list_id, &a.email_address)?;
    request(&ctx, Method::DELETE, &path)?.send().await?;
    Ok(
        json!({"archived": true, "email_address": a.email_address.trim(), "list_id": a.list_id.trim()}),
    )
}

/// Permanently delete a member and its data (GDPR erasure). It cannot be undone and the
/// address cannot be re-imported; it can only sign up again through a Mailchimp form.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteMemberPermanently {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
}

async fn delete_member_permanently(
    ctx: Ctx,
    a: DeleteMemberPermanently,
) -> Result<Value, ToolError> {
    let path = format!(
        "{}/actions/delete-permanent",
        member_path(&a.list_id, &a.email_address)?
    );
    request(&ctx, Method::POST, &path)?.send().await?;
    Ok(
        json!({"deleted_permanently": true, "email_address": a.email_address.trim(), "list_id": a.list_id.trim()}),
    )
}

/// Put tags on a member (tags that do not exist yet are created).
#[derive(Deserialize, JsonSchema)]
pub struct AddMemberTags {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
    /// Tag names
    tags: Vec<String>,
}

/// Take tags off a member (the tags stay in the audience).
#[derive(Deserialize, JsonSchema)]
pub struct RemoveMemberTags {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
    /// Tag names
    tags: Vec<String>,
}

async fn set_tags(
    ctx: &Ctx,
    list_id: &str,
    email: &str,
    tags: &[String],
    status: &str,
) -> Result<Vec<String>, ToolError> {
    let path = format!("{}/tags", member_path(list_id, email)?);
    let names: Vec<String> = tags
        .iter()
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .collect();
    if names.is_empty() {
        return Err(ToolError::invalid_input(
            "`tags` must name at least one tag.",
        ));
    }
    let body = json!({
        "tags": names.iter().map(|n| json!({"name": n, "status": status})).collect::<Vec<_>>()
    });
    request(ctx, Method::POST, &path)?
        .json(&body)
        .idempotent(true)
        .send()
        .await?;
    Ok(names)
}

async fn add_member_tags(ctx: Ctx, a: AddMemberTags) -> Result<Value, ToolError> {
    let names = set_tags(&ctx, &a.list_id, &a.email_address, &a.tags, "active").await?;
    Ok(json!({"email_address": a.email_address.trim(), "tags_added": names}))
}

async fn remove_member_tags(ctx: Ctx, a: RemoveMemberTags) -> Result<Value, ToolError> {
    let names = set_tags(&ctx, &a.list_id, &a.email_address, &a.tags, "inactive").await?;
    Ok(json!({"email_address": a.email_address.trim(), "tags_removed": names}))
}

/// A member's latest activity (opens, clicks, bounces, sends...; Mailchimp keeps the last
/// 50), newest first: action, time, campaign id and title.
#[derive(Deserialize, JsonSchema)]
pub struct GetMemberActivity {
    list_id: String,
    /// The member's e-mail address (or its subscriber hash)
    email_address: String,
    /// How many events, 1-50
    #[schemars(extend("default" = 10))]
    count: Option<Count>,
}

async fn get_member_activity(ctx: Ctx, a: GetMemberActivity) -> Result<Value, ToolError> {
    let n = match a.count.map(Count::get) {
        None => 10,
        Some(n @ 1..=50) => n,
        Some(n) => {
            return Err(ToolError::invalid_input(format!(
                "`count` must be 1 to 50 (Mailchimp keeps a member's last 50 events), got {n}."
            )));
        }
    };
    let path = format!("{}/activity", member_path(&a.list_id, &a.email_address)?);
    let v: Value = get(&ctx, &path, "_links")?.send_json().await?;
    let all = v.get("activity").and_then(Value::as_array);
    let events: Vec<Value> = all
        .into_iter()
        .flatten()
        .take(usize::try_from(n).unwrap_or(50))
        .map(|e| {
            pick(
                e,
                &[
                    "action",
                    "timestamp",
                    "type",
                    "campaign_id",
                    "title",
                    "url",
                    "parent_campaign",
                ],
            )
        })
        .collect();
    let mut out = json!({ "email_address": a.email_address.trim(), "activity": events });
    if let (Some(m), Some(t)) = (out.as_object_mut(), v.get("total_items")) {
        m.insert("total_items".into(), t.clone());
    }
    Ok(out)
}
