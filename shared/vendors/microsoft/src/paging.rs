//! Graph collections behind a list tool's `limit` + `cursor`: the first page is the tool's
//! path and [`Query`] with `$top`, later pages are Graph's `@odata.nextLink`, handed to the
//! agent as the cursor and taken back only when it points into the configured base URL.
//!
//! ```ignore
//! let page = List::new("/me/mailFolders", Query::new().select(["id", "displayName"]))
//!     .limit(page_size(a.limit, 25, 100, "limit")?)
//!     .cursor(a.cursor.as_deref())
//!     .send(&ctx)
//!     .await?;
//! Ok(page.into_json("folders", |f| pick(f, &["id", "displayName"])))
//! ```

use serde_json::{Value, json};
use url::Url;

use super::odata::Query;
use mcp_shared::error::ToolError;
use mcp_shared::upstream::pagination::{Pages, Stop};
use mcp_shared::{Ctx, Method};

/// A page size from a tool's `limit` (or `top`): `default` when absent, a clear error naming
/// `arg` and the range when it is outside 1..=`max`.
pub fn page_size(limit: Option<u64>, default: u64, max: u64, arg: &str) -> Result<u64, ToolError> {
    match limit {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(ToolError::invalid_input(format!(
            "`{arg}` must be between 1 and {max} (got {n})"
        ))),
    }
}

/// A cursor (an `@odata.nextLink`) checked against the base URL: the same scheme, host and
/// port, and a path under the base's (`/v1.0/...`). Anything else is refused before a request
/// is made, so the caller's token never goes to another host.
pub fn check_cursor(base: &Url, cursor: &str) -> Result<Url, ToolError> {
    let refuse = || {
        ToolError::invalid_input(format!(
            "`cursor` is not a page of this server's Microsoft Graph API ({}): pass back the next_cursor of the previous result unchanged",
            base.as_str().trim_end_matches('/')
        ))
    };
    let url = Url::parse(cursor.trim()).map_err(|_| refuse())?;
    let prefix = base.path().trim_end_matches('/');
    let under = url
        .path()
        .strip_prefix(prefix)
        .is_some_and(|rest| rest.starts_with('/'));
    if url.origin() != base.origin() || !under || url.username() != "" || url.password().is_some() {
        return Err(refuse());
    }
    Ok(url)
}

/// One page of a Graph collection as a list tool returns it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Page {
    /// The collection's `value` items, in Graph's order.
    pub items: Vec<Value>,
    /// The `@odata.nextLink` to pass back as `cursor`; `None` on the last page.
    pub next_cursor: Option<String>,
    /// `@odata.count` of the first page read, when the query asked for it.
    pub count: Option<u64>,
    /// Why reading stopped early, when Graph repeated a next link.
    pub note: Option<String>,
}

impl Page {
    /// `{key: [item(x) for each item], "next_cursor": ... | null}`, with `count` and `note`
    /// when there are.
    pub fn into_json(self, key: &str, item: impl Fn(&Value) -> Value) -> Value {
        let items: Vec<Value> = self.items.iter().map(item).collect();
        let mut out = json!({ key: items, "next_cursor": self.next_cursor });
        if let Some(c) = self.count {
            out["count"] = json!(c);
        }
        if let Some(n) = self.note {
            out["note"] = json!(n);
        }
        out
    }
}

/// A list call: a collection path, its query options, the page size and the cursor, and
/// headers every page needs (`Prefer`, `ConsistencyLevel`).
#[derive(Debug, Clone)]
pub struct List {
    path: String,
    query: Query,
    limit: u64,
    cursor: Option<String>,
    headers: Vec<(&'static str, String)>,
    max_pages: usize,
    send_top: bool,
}

impl List {
    /// The collection at `path` (relative to the base URL) with `query`; 50 items unless
    /// [`List::limit`] says otherwise.
    pub fn new(path: impl Into<String>, query: Query) -> Self {
        Self {
            path: path.into(),
            query,
            limit: 50,
            cursor: None,
            headers: Vec::new(),
            max_pages: mcp_shared::upstream::pagination::MAX_PAGES,
            send_top: true,
        }
    }

    /// At most `n` items (at least 1): sent as `$top`, and pages are followed until there are
    /// `n` (Graph may answer with smaller pages than asked, or empty ones with a next link).
    pub fn limit(mut self, n: u64) -> Self {
        self.limit = n.max(1);
        self
    }

    /// Continue from a previous result's `next_cursor` (blank: from the start). The path and
    /// query are then those of the cursor.
    pub fn cursor(mut self, cursor: Option<&str>) -> Self {
        self.cursor = cursor
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(str::to_owned);
        self
    }

    /// A header for every page (`Prefer: outlook.body-content-type="text"`).
    pub fn header(mut self, name: &'static str, value: impl Into<String>) -> Self {
        self.headers.push((name, value.into()));
        self
    }

    /// Send no `$top`, for collections that do not take it (a team's channels, a user's
    /// joined teams): pages are read until the limit is reached, and returned whole (Graph
    /// chooses their size, so the result may hold more items than the limit).
    pub fn no_top(mut self) -> Self {
        self.send_top = false;
        self
    }

    /// Read at most this many pages in one call (default [`mcp_shared::upstream::pagination::MAX_PAGES`]).
    pub fn max_pages(mut self, n: usize) -> Self {
        self.max_pages = n.max(1);
        self
    }

    /// Read pages until `limit` items, the last page, or the page cap. Pages after the first
    /// are read only while the largest page seen so far still fits in what is missing, so
    /// no item is dropped and none is returned twice across calls.
    pub async fn send(self, ctx: &Ctx) -> Result<Page, ToolError> {
        let base = ctx.upstream().base_url().cloned().ok_or_else(|| {
            ToolError::transport("this server has no Microsoft Graph base URL configured")
        })?;
        let limit = usize::try_from(self.limit).unwrap_or(usize::MAX);
        let mut url = match &self.cursor {
            Some(c) => check_cursor(&base, c)?.to_string(),
            None if self.send_top => self.query.clone().top(self.limit).on(&self.path),
            None => self.query.on(&self.path),
        };
        let mut pages = Pages::with_cap(self.max_pages);
        let mut page = Page::default();
        let mut largest = 0usize;
        loop {
            let mut req = ctx.authorized(Method::GET, &url)?;
            for (k, v) in &self.headers {
                req = req.header(k, v);
            }
            let v: Value = req.send_json().await?;
            let items = v.get("value").and_then(Value::as_array).ok_or_else(|| {
                ToolError::transport(
                    "Microsoft Graph answered a list request without a `value` collection",
                )
                .with_hint("the path may name a single item rather than a collection.")
            })?;
            if page.count.is_none() {
                page.count = v.get("@odata.count").and_then(Value::as_u64);
            }
            largest = largest.max(items.len());
            page.items.extend(items.iter().cloned());
            let next = v
                .get("@odata.nextLink")
                .and_then(Value::as_str)
                .filter(|n| !n.is_empty());
            let room = limit.saturating_sub(page.items.len());
            if room == 0 || largest > room {
                page.next_cursor = next.map(str::to_owned);
                break;
            }
            match pages.next(next) {
                Some(n) => match check_cursor(&base, &n) {
                    Ok(u) => url = u.to_string(),
                    // A next link off the base is never followed with the token; the agent
                    // gets it and the next call refuses it with the reason.
                    Err(_) => {
                        page.next_cursor = Some(n);
                        break;
                    }
                },
                None => {
                    match pages.stopped() {
                        Some(Stop::PageCap) => page.next_cursor = next.map(str::to_owned),
                        Some(Stop::RepeatedCursor) => page.note = pages.note(),
                        None => {}
                    }
                    break;
                }
            }
        }
        Ok(page)
    }
}
