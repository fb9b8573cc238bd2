//! Library analytics (Enterprise): `GET /v1/analytics/libraries/{key}/{asset}/{metric}` for
//! components, styles and variables, usages and actions (Klavis calls
//! `/v1/files/{key}/library_analytics`, which Figma does not have).

use crate::api::{file_key, opt, request};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "figma_get_library_analytics",
            "Get library analytics",
            Effect::Read,
            get_library_analytics,
        )
        .toolset("library_analytics"),
    ]
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Asset {
    Component,
    Style,
    Variable,
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum Metric {
    Usages,
    Actions,
}

#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq)]
#[serde(rename_all = "snake_case")]
pub enum GroupBy {
    Asset,
    File,
    Team,
}

/// A published library's analytics: `usages` (instances, teams and files using each asset,
/// or usage per file) or weekly `actions` (insertions and detachments per asset or team) of
/// its components, styles or variables. Returns `rows` and `next_cursor`.
#[derive(Deserialize, JsonSchema)]
pub struct GetLibraryAnalytics {
    /// Library file key, or the file's URL
    file_key: String,
    #[schemars(extend("default" = "component"))]
    asset: Option<Asset>,
    #[schemars(extend("default" = "usages"))]
    metric: Option<Metric>,
    /// `asset` (per component/style/variable, the default), `file` (usages) or `team` (actions)
    group_by: Option<GroupBy>,
    /// Actions only: first week, YYYY-MM-DD (default a year ago)
    start_date: Option<String>,
    /// Actions only: last week, YYYY-MM-DD
    end_date: Option<String>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

fn date(s: &Option<String>, what: &str) -> Result<Option<String>, ToolError> {
    let Some(d) = opt(s) else { return Ok(None) };
    let ok = d.len() == 10
        && d.char_indices().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if !ok {
        return Err(ToolError::invalid_input(format!(
            "`{what}` must be a date YYYY-MM-DD"
        )));
    }
    Ok(Some(d.to_owned()))
}

async fn get_library_analytics(ctx: Ctx, a: GetLibraryAnalytics) -> Result<Value, ToolError> {
    let key = file_key(&a.file_key)?;
    let asset = a.asset.unwrap_or(Asset::Component);
    let metric = a.metric.unwrap_or(Metric::Usages);
    let asset_name = match asset {
        Asset::Component => "component",
        Asset::Style => "style",
        Asset::Variable => "variable",
    };
    let group_by = match (a.group_by.unwrap_or(GroupBy::Asset), metric) {
        (GroupBy::Asset, _) => asset_name,
        (GroupBy::File, Metric::Usages) => "file",
        (GroupBy::Team, Metric::Actions) => "team",
        (GroupBy::File, Metric::Actions) => {
            return Err(ToolError::invalid_input(
                "actions group by `asset` or `team`, not `file`",
            ));
        }
        (GroupBy::Team, Metric::Usages) => {
            return Err(ToolError::invalid_input(
                "usages group by `asset` or `file`, not `team`",
            ));
        }
    };
    let (start, end) = (
        date(&a.start_date, "start_date")?,
        date(&a.end_date, "end_date")?,
    );
    if metric == Metric::Usages && (start.is_some() || end.is_some()) {
        return Err(ToolError::invalid_input(
            "`start_date` and `end_date` apply to `metric: actions` only",
        ));
    }
    let metric_name = match metric {
        Metric::Usages => "usages",
        Metric::Actions => "actions",
    };
    let path = format!("/v1/analytics/libraries/{key}/{asset_name}/{metric_name}");
    let v: Value = request(&ctx, Method::GET, &path)?
        .query("group_by", group_by)
        .query_opt("cursor", opt(&a.cursor))
        .query_opt("start_date", start)
        .query_opt("end_date", end)
        .send_json()
        .await?;
    let next = v
        .get("cursor")
        .filter(|_| v.get("next_page").and_then(Value::as_bool).unwrap_or(false))
        .cloned()
        .unwrap_or(Value::Null);
    Ok(json!({
        "rows": v.get("rows").cloned().unwrap_or_else(|| json!([])),
        "next_cursor": next,
    }))
}
