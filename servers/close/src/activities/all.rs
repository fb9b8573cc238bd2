//! Activities of every type: list and search.

use super::common::filters;
use crate::api::{self, Count};
use mcp_shared::{Ctx, ToolError};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

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

pub(super) async fn list_activities(ctx: Ctx, a: ListActivities) -> Result<Value, ToolError> {
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

pub(super) async fn search_activities(ctx: Ctx, a: SearchActivities) -> Result<Value, ToolError> {
    api::scan(&ctx, "/activity/", &a.query, a.limit, ANY).await
}
