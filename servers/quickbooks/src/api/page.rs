//! One page of a query: the `limit`/`cursor` arguments, filters applied to the page's
//! records, and running the query.

use mcp_shared::{Count, Ctx, Method, ToolError};
use serde_json::{Value, json};

use super::decimal::Decimal;
use super::entity::{Entity, concise};
use super::select::Select;
use super::transport::{request, send};

/// One page of a query: `limit` (alias `max_results`) and `cursor` (alias `start_position`).
#[derive(Debug, Clone, Copy)]
pub struct PageArgs {
    pub start: u64,
    pub max: u64,
}

/// The page asked for: `limit`/`max_results` 1-1000 (default 100), `cursor` (the
/// `next_cursor` of the previous page) or `start_position` (1-based, default 1).
pub fn page_args(
    limit: Option<Count>,
    max_results: Option<Count>,
    cursor: Option<&str>,
    start_position: Option<Count>,
) -> Result<PageArgs, ToolError> {
    let max = limit.or(max_results).map(Count::get).unwrap_or(100);
    if !(1..=1000).contains(&max) {
        return Err(ToolError::invalid_input(format!(
            "limit (max_results) must be between 1 and 1000 (got {max})"
        )));
    }
    let start = match cursor.map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) => c.parse::<u64>().map_err(|_| {
            ToolError::invalid_input(format!(
                "cursor must be the next_cursor of a previous page, such as \"101\" (got `{c}`)"
            ))
        })?,
        None => start_position.map(Count::get).unwrap_or(1),
    };
    if start == 0 {
        return Err(ToolError::invalid_input(
            "start_position (cursor) is 1-based: the first record is 1",
        ));
    }
    Ok(PageArgs { start, max })
}

/// A filter QuickBooks cannot apply in a query, applied to the page's records here.
pub struct PageFilter {
    /// The argument's name, for the result's note.
    pub arg: &'static str,
    /// Dotted path of the field in the record.
    pub path: &'static str,
    pub want: Want,
}

pub enum Want {
    /// Contains this text, ignoring case.
    Contains(String),
    /// Equals this text, ignoring case.
    Text(String),
    Flag(bool),
    /// A number at least / at most this amount.
    AtLeast(Decimal),
    AtMost(Decimal),
}

impl PageFilter {
    fn keeps(&self, rec: &Value) -> bool {
        let got = mcp_shared::json::at(rec, self.path);
        match &self.want {
            Want::Contains(t) => got
                .and_then(Value::as_str)
                .is_some_and(|s| s.to_lowercase().contains(&t.to_lowercase())),
            Want::Text(t) => got
                .and_then(Value::as_str)
                .is_some_and(|s| s.eq_ignore_ascii_case(t)),
            Want::Flag(b) => got.and_then(Value::as_bool).unwrap_or(false) == *b,
            Want::AtLeast(d) | Want::AtMost(d) => {
                let Some(n) = got
                    .and_then(Value::as_number)
                    .and_then(|n| Decimal::parse(&n.to_string()).ok())
                else {
                    return false;
                };
                let ord = n.cmp_value(d);
                match self.want {
                    Want::AtLeast(_) => ord.is_ge(),
                    _ => ord.is_le(),
                }
            }
        }
    }
}

/// Add a page filter when the argument is given.
pub fn page_filter(
    out: &mut Vec<PageFilter>,
    arg: &'static str,
    path: &'static str,
    v: Option<&str>,
    contains: bool,
) {
    if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
        out.push(PageFilter {
            arg,
            path,
            want: if contains {
                Want::Contains(v.to_owned())
            } else {
                Want::Text(v.to_owned())
            },
        });
    }
}

/// `GET /query?query=<statement>`: one page of `e`, concise, with `next_cursor`.
pub async fn query(
    ctx: &Ctx,
    e: &Entity,
    select: &Select,
    page: PageArgs,
    filters: &[PageFilter],
) -> Result<Value, ToolError> {
    let statement = select.statement(page.start, page.max);
    let v = send(request(ctx, Method::GET, "/query")?.query("query", &statement)).await?;
    let records: Vec<Value> = v
        .pointer("/QueryResponse")
        .and_then(|q| q.get(e.name))
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let got = records.len() as u64;
    let items: Vec<Value> = records
        .iter()
        .filter(|r| filters.iter().all(|f| f.keeps(r)))
        .map(|r| concise(e, r))
        .collect();
    let next = (got >= page.max).then(|| (page.start + got).to_string());
    let mut out = json!({
        "items": items,
        "start_position": page.start,
        "next_cursor": next,
    });
    if !filters.is_empty() {
        let args: Vec<&str> = filters.iter().map(|f| f.arg).collect();
        out["note"] = Value::String(format!(
            "{} applied to the {got} records of this page (QuickBooks cannot filter on them); later pages may hold more matches",
            args.join(", ")
        ));
    }
    Ok(out)
}

/// The ids of the customers whose display name contains `name` (at most 100), for filters
/// on a customer name; a clear error when none matches.
pub async fn customer_ids_named(ctx: &Ctx, name: &str) -> Result<Vec<String>, ToolError> {
    let select = Select::from("Customer").like("DisplayName", Some(name))?;
    let v = send(request(ctx, Method::GET, "/query")?.query("query", select.statement(1, 100)))
        .await
        .map_err(|e| e.context("looking up customers by name"))?;
    let ids: Vec<String> = v
        .pointer("/QueryResponse/Customer")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|c| c.get("Id").and_then(Value::as_str).map(str::to_owned))
        .collect();
    Ok(ids)
}
