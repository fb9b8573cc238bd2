//! Notifications of the authenticated user: list them, read one thread, mark threads read or
//! done, and manage thread and repository subscriptions (the `notifications` toolset).
//!
//! GitHub's notification endpoints accept only classic personal access tokens (scope
//! `notifications` or `repo`); fine-grained and GitHub App tokens get 403.

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Int, Method, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{self, page_of, repo_path};
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("notifications");
    vec![
        t(tool(
            "github_list_notifications",
            "List notifications",
            Effect::Read,
            list_notifications,
        )
        .github_name("list_notifications")),
        t(tool(
            "github_get_notification_details",
            "Get notification details",
            Effect::Read,
            get_notification_details,
        )
        .github_name("get_notification_details")),
        t(tool(
            "github_dismiss_notification",
            "Dismiss notification",
            Effect::IdempotentWrite,
            dismiss_notification,
        )
        .official_name("dismiss_notification")),
        // GitHub's server v0.15.0 declared `state` optional (and then required it).
        t(tool(
            "dismiss_notification",
            "Dismiss notification",
            Effect::IdempotentWrite,
            dismiss_notification_v15,
        )
        .only_in(&[Profile::Mcpmark])),
        t(tool(
            "github_mark_all_notifications_read",
            "Mark all notifications as read",
            Effect::IdempotentWrite,
            mark_all_notifications_read,
        )
        .github_name("mark_all_notifications_read")),
        t(tool(
            "github_manage_notification_subscription",
            "Manage notification subscription",
            Effect::IdempotentWrite,
            manage_notification_subscription,
        )
        .github_name("manage_notification_subscription")),
        t(tool(
            "github_manage_repository_notification_subscription",
            "Manage repository notification subscription",
            Effect::IdempotentWrite,
            manage_repository_notification_subscription,
        )
        .github_name("manage_repository_notification_subscription")),
    ]
}

/// GitHub's largest page of notifications.
const MAX_PER_PAGE: u64 = 50;

/// What a 403 or 404 from the notification endpoints usually means.
fn hint(e: ToolError) -> ToolError {
    match e.status {
        Some(403) => e.with_specific_hint(
            "GitHub's notification endpoints accept only a classic personal access token with the `notifications` (or `repo`) scope; fine-grained and GitHub App tokens are refused.",
        ),
        Some(404) => e.with_specific_hint(
            "no such notification thread or repository for the authenticated user (thread ids are the `id` of github_list_notifications items).",
        ),
        _ => e,
    }
}

/// A notification thread: what it is about and why the user got it.
fn notification(v: &Value) -> Value {
    let mut o = mcp_shared::json::pick(
        v,
        &[
            "id",
            "unread",
            "reason",
            "updated_at",
            "last_read_at",
            "repository=repository.full_name",
            "type=subject.type",
            "title=subject.title",
            "subject_url=subject.url",
            "latest_comment_url=subject.latest_comment_url",
        ],
    );
    // Issues and pull requests: their number, for the issue and pull request tools.
    let kind = at(v, "subject.type").and_then(Value::as_str);
    if matches!(kind, Some("Issue" | "PullRequest"))
        && let Some(n) = at(v, "subject.url")
            .and_then(Value::as_str)
            .and_then(|u| u.rsplit('/').next())
            .and_then(|n| n.parse::<u64>().ok())
    {
        o["number"] = json!(n);
    }
    o
}

/// `/notifications/threads/{id}`, with a clear error when the id is not a thread id.
fn thread_path(id: &str, what: &str) -> Result<String, ToolError> {
    let id = id.trim();
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a notification thread id: the numeric `id` of a github_list_notifications item (e.g. `1`), got `{id}`"
        )));
    }
    Ok(format!("/notifications/threads/{id}"))
}

/// An ISO 8601 timestamp argument (`2024-01-31T00:00:00Z`), checked for its date part so that
/// a wrong value fails here with the argument's name rather than as GitHub's 422.
fn timestamp(v: Option<String>, what: &str) -> Result<Option<String>, ToolError> {
    let Some(s) = v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
    let ok = b.len() >= 10
        && digits(0..4)
        && b[4] == b'-'
        && digits(5..7)
        && b[7] == b'-'
        && digits(8..10)
        && (b.len() == 10 || b[10] == b'T');
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be an ISO 8601 timestamp such as `2024-01-31T09:30:00Z`, got `{s}`"
        )));
    }
    Ok(Some(s))
}

/// The repository both `owner` and `repo` name (its API path and `owner/repo`), none when
/// neither is given; one without the other is an error (GitHub's server would silently act on
/// every repository).
fn repo_scope(
    owner: Option<&str>,
    repo: Option<&str>,
) -> Result<Option<(String, String)>, ToolError> {
    let owner = owner.map(str::trim).filter(|s| !s.is_empty());
    let repo = repo.map(str::trim).filter(|s| !s.is_empty());
    match (owner, repo) {
        (Some(o), Some(r)) => Ok(Some((repo_path(o, r), format!("{o}/{r}")))),
        (None, None) => Ok(None),
        _ => Err(ToolError::invalid_input(
            "give both `owner` and `repo` to act on one repository's notifications, or neither for all of them",
        )),
    }
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
enum Filter {
    Default,
    IncludeReadNotifications,
    OnlyParticipating,
}

/// List the authenticated user's notifications (unread by default), newest first: review
/// requests, mentions, assignments and updates on issues, pull requests, releases and more.
/// Each has its thread `id` (for the other notification tools), repository, subject type,
/// title and number, the reason it was sent and whether it is unread. Returns notifications
/// and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct ListNotifications {
    /// Which notifications: `default` (unread ones), `include_read_notifications` (read ones
    /// too) or `only_participating` (unread ones where the user is directly involved:
    /// mentioned, assigned, author, commented)
    filter: Option<Filter>,
    /// Only notifications updated after this time (ISO 8601, e.g. `2024-01-31T00:00:00Z`)
    since: Option<String>,
    /// Only notifications updated before this time (ISO 8601)
    before: Option<String>,
    /// Repository owner: with `repo`, only that repository's notifications
    owner: Option<String>,
    /// Repository name: with `owner`, only that repository's notifications
    repo: Option<String>,
    page: Option<Int>,
    /// Results per page (max 50, GitHub's default)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn list_notifications(ctx: Ctx, a: ListNotifications) -> Result<Value, ToolError> {
    let path = match repo_scope(a.owner.as_deref(), a.repo.as_deref())? {
        Some((repo, _)) => format!("{repo}/notifications"),
        None => "/notifications".to_owned(),
    };
    let since = timestamp(a.since, "since")?;
    let before = timestamp(a.before, "before")?;
    let filter = a.filter.unwrap_or(Filter::Default);
    let resp = api::req(&ctx, Method::GET, &path)?
        .query_opt(
            "all",
            (filter == Filter::IncludeReadNotifications).then_some("true"),
        )
        .query_opt(
            "participating",
            (filter == Filter::OnlyParticipating).then_some("true"),
        )
        .query_opt("since", since)
        .query_opt("before", before)
        .query_opt("page", a.page.map(|p| p.get().max(1)))
        .query_opt(
            "per_page",
            a.per_page.map(|p| p.get().clamp(1, MAX_PER_PAGE)),
        )
        .send()
        .await
        .map_err(hint)?;
    let v: Value = resp.json()?;
    Ok(page_of(&resp, api::each(&v, notification)))
}

/// Get one notification thread of the authenticated user: repository, subject (type, title,
/// number, API URL, latest comment URL), reason, unread state and times. List notifications
/// first to find its id.
#[derive(Deserialize, JsonSchema)]
pub struct GetNotificationDetails {
    /// The notification thread id (the `id` of a github_list_notifications item)
    #[serde(rename = "notificationID")]
    notification_id: String,
}

async fn get_notification_details(ctx: Ctx, a: GetNotificationDetails) -> Result<Value, ToolError> {
    let path = thread_path(&a.notification_id, "notificationID")?;
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .send_json()
        .await
        .map_err(hint)?;
    Ok(notification(&v))
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum DismissState {
    Read,
    Done,
}

/// Dismiss a notification thread: mark it `read` (it stays in the inbox as read) or `done`
/// (it leaves the inbox; GitHub's API cannot move it back). Doing it again changes nothing.
#[derive(Deserialize, JsonSchema)]
pub struct DismissNotification {
    /// The notification thread id (the `id` of a github_list_notifications item)
    #[serde(rename = "threadID")]
    thread_id: String,
    /// `read` to mark the thread as read, `done` to mark it as done
    state: DismissState,
}

/// Dismiss a notification thread: mark it `read` (the default; it stays in the inbox as read)
/// or `done` (it leaves the inbox; GitHub's API cannot move it back). Doing it again changes
/// nothing.
#[derive(Deserialize, JsonSchema)]
pub struct DismissNotificationV15 {
    /// The notification thread id (the `id` of a list_notifications item)
    #[serde(rename = "threadID")]
    thread_id: String,
    /// `read` to mark the thread as read (default), `done` to mark it as done
    #[schemars(extend("default" = "read"))]
    state: Option<DismissState>,
}

async fn dismiss_notification_v15(ctx: Ctx, a: DismissNotificationV15) -> Result<Value, ToolError> {
    let a = DismissNotification {
        thread_id: a.thread_id,
        state: a.state.unwrap_or(DismissState::Read),
    };
    dismiss_notification(ctx, a).await
}

async fn dismiss_notification(ctx: Ctx, a: DismissNotification) -> Result<Value, ToolError> {
    let path = thread_path(&a.thread_id, "threadID")?;
    let (method, state) = match a.state {
        DismissState::Read => (Method::PATCH, "read"),
        DismissState::Done => (Method::DELETE, "done"),
    };
    api::req(&ctx, method, &path)?
        .idempotent(true)
        .send()
        .await
        .map_err(hint)?;
    Ok(json!({ "thread_id": a.thread_id.trim(), "state": state }))
}

/// Mark the authenticated user's notifications as read: all of them, or one repository's
/// (`owner` and `repo`), up to `lastReadAt` (default: now; later ones stay unread). When
/// there are many, GitHub marks them in the background (`"status": "in_progress"`).
#[derive(Deserialize, JsonSchema)]
pub struct MarkAllNotificationsRead {
    /// Mark notifications updated up to this time as read (ISO 8601, e.g.
    /// `2024-01-31T00:00:00Z`; default: now)
    #[serde(rename = "lastReadAt")]
    last_read_at: Option<String>,
    /// Repository owner: with `repo`, only that repository's notifications
    owner: Option<String>,
    /// Repository name: with `owner`, only that repository's notifications
    repo: Option<String>,
}

async fn mark_all_notifications_read(
    ctx: Ctx,
    a: MarkAllNotificationsRead,
) -> Result<Value, ToolError> {
    let scope = repo_scope(a.owner.as_deref(), a.repo.as_deref())?;
    let last_read_at = timestamp(a.last_read_at, "lastReadAt")?;
    let mut body = Map::new();
    mcp_shared::json::insert_opt(&mut body, "last_read_at", last_read_at.clone());
    let path = match &scope {
        Some((repo, _)) => format!("{repo}/notifications"),
        None => {
            body.insert("read".into(), Value::Bool(true));
            "/notifications".to_owned()
        }
    };
    let resp = api::req(&ctx, Method::PUT, &path)?
        .json(&body)
        .send()
        .await
        .map_err(hint)?;
    // 205: done; 202: too many for one request, GitHub goes on in the background.
    let background = resp.status.as_u16() == 202;
    let message = resp
        .json::<Value>()
        .ok()
        .and_then(|v| v.get("message").cloned());
    Ok(json!({
        "repository": scope.map(|(_, name)| name),
        "last_read_at": last_read_at,
        "status": if background { "in_progress" } else { "done" },
        "message": message,
    }))
}

#[derive(Deserialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum SubscriptionAction {
    Ignore,
    Watch,
    Delete,
}

/// A thread or repository subscription as GitHub returns it.
fn subscription(v: &Value) -> Value {
    mcp_shared::json::pick(
        v,
        &[
            "subscribed",
            "ignored",
            "reason",
            "created_at",
            "thread_url",
            "repository_url",
        ],
    )
}

/// Manage the subscription to one notification thread: `ignore` mutes it (no more
/// notifications, even when watching the repository), `watch` subscribes to it (also after
/// ignoring it), `delete` removes the subscription (no notifications until you comment or are
/// mentioned). Returns the subscription.
#[derive(Deserialize, JsonSchema)]
pub struct ManageNotificationSubscription {
    /// The notification thread id (the `id` of a github_list_notifications item)
    #[serde(rename = "notificationID")]
    notification_id: String,
    /// `ignore`, `watch` or `delete` the thread subscription
    action: SubscriptionAction,
}

async fn manage_notification_subscription(
    ctx: Ctx,
    a: ManageNotificationSubscription,
) -> Result<Value, ToolError> {
    let path = format!(
        "{}/subscription",
        thread_path(&a.notification_id, "notificationID")?
    );
    let thread_id = a.notification_id.trim();
    let ignored = match a.action {
        SubscriptionAction::Delete => {
            api::req(&ctx, Method::DELETE, &path)?
                .send()
                .await
                .map_err(hint)?;
            return Ok(json!({ "thread_id": thread_id, "subscription_deleted": true }));
        }
        SubscriptionAction::Ignore => true,
        SubscriptionAction::Watch => false,
    };
    let v: Value = api::req(&ctx, Method::PUT, &path)?
        .json(&json!({ "ignored": ignored }))
        .send_json()
        .await
        .map_err(hint)?;
    let mut o = subscription(&v);
    o["thread_id"] = json!(thread_id);
    Ok(o)
}

/// Manage the authenticated user's subscription to a repository's notifications: `watch`
/// (notifications for all its activity), `ignore` (none at all, not even mentions) or `delete`
/// (stop watching: only participating and @mention notifications). Returns the subscription.
#[derive(Deserialize, JsonSchema)]
pub struct ManageRepositoryNotificationSubscription {
    owner: String,
    repo: String,
    /// `ignore`, `watch` or `delete` the repository subscription
    action: SubscriptionAction,
}

async fn manage_repository_notification_subscription(
    ctx: Ctx,
    a: ManageRepositoryNotificationSubscription,
) -> Result<Value, ToolError> {
    let path = format!("{}/subscription", repo_path(&a.owner, &a.repo));
    let repository = format!("{}/{}", a.owner, a.repo);
    let body = match a.action {
        SubscriptionAction::Delete => {
            api::req(&ctx, Method::DELETE, &path)?
                .send()
                .await
                .map_err(hint)?;
            return Ok(json!({ "repository": repository, "subscription_deleted": true }));
        }
        SubscriptionAction::Ignore => json!({ "ignored": true }),
        SubscriptionAction::Watch => json!({ "subscribed": true, "ignored": false }),
    };
    let v: Value = api::req(&ctx, Method::PUT, &path)?
        .json(&body)
        .send_json()
        .await
        .map_err(hint)?;
    let mut o = subscription(&v);
    o["repository"] = json!(repository);
    Ok(o)
}
