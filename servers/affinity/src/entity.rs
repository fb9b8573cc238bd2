//! What persons and companies share: the same v2 reads under `/v2/persons` and
//! `/v2/companies` (their tools differ only in names and in the id parameter's name).

use mcp_shared::{Count, Ctx, ToolError};
use serde_json::Value;

use crate::api::{id, one_v2, page_v2};
use crate::lists::{Fields, Page, ids};

/// `/v2/{collection}`: all, optionally only `only` ids, with the fields asked for.
pub async fn all(
    ctx: &Ctx,
    collection: &str,
    page: Page,
    only: Option<Vec<Count>>,
    fields: Fields,
) -> Result<Value, ToolError> {
    let mut q = fields.into_query(Some(page));
    q.ids = ids(only);
    page_v2(ctx, &format!("/v2/{collection}"), q).await
}

/// `/v2/{collection}/{id}` with the fields asked for; `param` names the id in errors.
pub async fn single(
    ctx: &Ctx,
    collection: &str,
    entity: Count,
    param: &str,
    fields: Fields,
) -> Result<Value, ToolError> {
    let eid = id(entity, param)?;
    one_v2(
        ctx,
        &format!("/v2/{collection}/{eid}"),
        fields.into_query(None),
    )
    .await
}

/// `/v2/{collection}/fields`: the fields such entities have.
pub async fn fields_meta(ctx: &Ctx, collection: &str, page: Page) -> Result<Value, ToolError> {
    page_v2(ctx, &format!("/v2/{collection}/fields"), page.into_query()).await
}

/// `/v2/{collection}/{id}/{what}` (`lists`, `list-entries`).
pub async fn related(
    ctx: &Ctx,
    collection: &str,
    entity: Count,
    param: &str,
    what: &str,
    page: Page,
) -> Result<Value, ToolError> {
    let eid = id(entity, param)?;
    page_v2(
        ctx,
        &format!("/v2/{collection}/{eid}/{what}"),
        page.into_query(),
    )
    .await
}
