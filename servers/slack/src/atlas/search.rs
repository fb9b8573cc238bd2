//! `conversations_search_messages` of the atlas profile: `search.messages` (user token) with
//! the query built from the free text and the filter arguments (`in:`, `from:`, `with:`,
//! `before:`, `after:`, `on:`, `during:`, `is:thread`), and Slack message links looked up.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use chrono::{Datelike, Days, NaiveDate, Utc};
use mcp_shared::{Ctx, Effect, Profile, Secret, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use super::conversations::rows;
use super::csv;
use super::directory::{self, Users};
use crate::api::{self, Form};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "conversations_search_messages",
            "Search messages (CSV)",
            Effect::Read,
            search,
        )
        .toolset("search")
        .only_in(&[Profile::Atlas]),
    ]
}

/// Search messages in channels, group DMs and DMs (user token) as CSV
/// (`UserID,UserName,RealName,Channel,ThreadTs,Text,Time,Cursor`). Give `search_query`, the
/// filters, or both; a Slack message link as `search_query` returns that message alone.
#[derive(Deserialize, JsonSchema)]
pub struct Search {
    /// Words to find (Slack's modifiers such as `in:#general` work too), or a message link
    /// (https://x.slack.com/archives/C1234567890/p1234567890123456)
    search_query: Option<String>,
    /// Only in this channel: an ID (C1234567890) or `#general`
    filter_in_channel: Option<String>,
    /// Only in this DM or group DM: its ID (D1234567890) or `@username`
    filter_in_im_or_mpim: Option<String>,
    /// Only threads and DMs with this user: an ID (U1234567890) or `@username`
    filter_users_with: Option<String>,
    /// Only messages from this user: an ID (U1234567890) or `@username`
    filter_users_from: Option<String>,
    /// Sent before this date: `2023-10-01`, `10/01/2023`, `Oct 1, 2023`, `today`, `yesterday`,
    /// `3 days ago`
    filter_date_before: Option<String>,
    /// Sent after this date (same forms as `filter_date_before`)
    filter_date_after: Option<String>,
    /// Sent on this date (same forms); not with the other date filters
    filter_date_on: Option<String>,
    /// Sent during this day, month (`July`, `July 2024`) or year (`2024`); not with
    /// `filter_date_before` / `filter_date_after`
    filter_date_during: Option<String>,
    /// Only messages in threads
    filter_threads_only: Option<bool>,
    /// The last row's `Cursor` of the previous page
    #[schemars(extend("default" = ""))]
    cursor: Option<String>,
    /// Results per page, 1 to 100
    #[schemars(extend("default" = 20))]
    limit: Option<f64>,
}

/// Slack's cap on `count` for search.messages.
const SEARCH_MAX: u64 = 100;

/// The filter keys of a query, in the order the query lists them.
const KEYS: [&str; 8] = [
    "is", "in", "from", "with", "before", "after", "on", "during",
];

/// A query: free words and `key:value` filters.
#[derive(Default)]
struct Query {
    words: Vec<String>,
    filters: [Vec<String>; 8],
}

impl Query {
    fn parse(raw: &str) -> Self {
        let mut q = Query::default();
        for tok in raw.split_whitespace() {
            let key = tok.split_once(':').and_then(|(k, v)| {
                KEYS.iter()
                    .position(|x| x.eq_ignore_ascii_case(k))
                    .map(|i| (i, v))
            });
            match key {
                Some((i, v)) => q.add(i, v.to_owned()),
                None => q.words.push(tok.to_owned()),
            }
        }
        q
    }

    fn add(&mut self, i: usize, v: String) {
        if let Some(f) = self.filters.get_mut(i)
            && !f.contains(&v)
        {
            f.push(v);
        }
    }

    fn set(&mut self, key: &str, v: String) {
        if let Some(i) = KEYS.iter().position(|k| *k == key) {
            self.add(i, v);
        }
    }

    fn text(&self) -> String {
        let mut out = self.words.clone();
        for (key, values) in KEYS.iter().zip(&self.filters) {
            out.extend(values.iter().map(|v| format!("{key}:{v}")));
        }
        out.join(" ")
    }
}

async fn search(ctx: Ctx, a: Search) -> Result<String, ToolError> {
    let token = super::token(&ctx)?;
    let raw = super::given(&a.search_query).unwrap_or_default();
    if let Some(link) = message_link(raw) {
        return linked_message(&ctx, &token, &link).await;
    }
    let count = super::count(a.limit, "limit", 20, SEARCH_MAX)?;
    let page = page_of(super::given(&a.cursor))?;
    let mut q = Query::parse(raw);
    let mut users: Option<Users> = None;
    if a.filter_threads_only == Some(true) {
        q.set("is", "thread".to_owned());
    }
    if let Some(c) = super::given(&a.filter_in_channel) {
        q.set("in", channel_ref(c)?);
    } else if let Some(c) = super::given(&a.filter_in_im_or_mpim) {
        q.set("in", dm_ref(&ctx, &token, &mut users, c).await?);
    }
    if let Some(u) = super::given(&a.filter_users_with) {
        q.set("with", user_ref(&ctx, &token, &mut users, u).await?);
    }
    if let Some(u) = super::given(&a.filter_users_from) {
        q.set("from", user_ref(&ctx, &token, &mut users, u).await?);
    }
    let dates = Dates {
        before: super::given(&a.filter_date_before),
        after: super::given(&a.filter_date_after),
        on: super::given(&a.filter_date_on),
        during: super::given(&a.filter_date_during),
    };
    for (key, value) in dates.filters()? {
        q.set(key, value);
    }
    let query = q.text();
    if query.is_empty() {
        return Err(ToolError::invalid_input(
            "nothing to search for: give `search_query` or at least one filter",
        ));
    }
    let form = Form::new()
        .set("query", &query)
        .set("count", count)
        .set("page", page);
    let v = api::read_as(&ctx, &token, "search.messages", form).await?;
    let matches: Vec<&Value> = v
        .pointer("/messages/matches")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .collect();
    let mut out = rows(&ctx, &token, &matches, users, |m| {
        let name = m
            .pointer("/channel/name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        format!("#{name}")
    })
    .await?;
    for (row, m) in out.iter_mut().zip(&matches) {
        if row.thread_ts.is_empty() {
            row.thread_ts = m
                .get("permalink")
                .and_then(Value::as_str)
                .and_then(|p| query_param(p, "thread_ts"))
                .unwrap_or_default();
        }
    }
    let number = |p: &str| {
        v.pointer(&format!("/messages/pagination/{p}"))
            .and_then(Value::as_u64)
    };
    let (at, pages) = (
        number("page").unwrap_or(page),
        number("page_count").unwrap_or(0),
    );
    let next = (!out.is_empty() && at < pages).then(|| STANDARD.encode(format!("page:{}", at + 1)));
    Ok(csv::messages(out, next))
}

/// The page a cursor (`base64("page:N")`) names; the first without one.
fn page_of(cursor: Option<&str>) -> Result<u64, ToolError> {
    let Some(c) = cursor else { return Ok(1) };
    STANDARD
        .decode(c)
        .ok()
        .and_then(|b| String::from_utf8(b).ok())
        .and_then(|s| s.strip_prefix("page:").and_then(|n| n.parse::<u64>().ok()))
        .filter(|n| *n >= 1)
        .ok_or_else(|| {
            ToolError::invalid_input(format!(
                "invalid `cursor` {c:?}: pass the last row's Cursor of the previous page, or none for the first page"
            ))
        })
}

/// Whether `s` looks like a Slack ID with one of these leading letters (`C0123ABCD`).
fn is_id(s: &str, leading: &[char]) -> bool {
    s.len() >= 9
        && s.starts_with(leading)
        && s.chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
}

/// `in:` for a channel: an ID as Slack's link form (`<#C123>`), a name with its `#`.
fn channel_ref(raw: &str) -> Result<String, ToolError> {
    if is_id(raw, &['C', 'G']) {
        return Ok(format!("<#{raw}>"));
    }
    let name = raw.trim_start_matches('#');
    if name.is_empty() || name.contains(char::is_whitespace) {
        return Err(ToolError::invalid_input(format!(
            "invalid `filter_in_channel` {raw:?}: give a channel ID (C1234567890) or a name such as #general"
        )));
    }
    Ok(format!("#{name}"))
}

/// `in:` for a DM: its user (`<@U123>`), from a DM ID through `conversations.info`.
async fn dm_ref(
    ctx: &Ctx,
    token: &Secret,
    users: &mut Option<Users>,
    raw: &str,
) -> Result<String, ToolError> {
    if is_id(raw, &['D']) {
        let v = api::read_as(
            ctx,
            token,
            "conversations.info",
            Form::new().set("channel", raw),
        )
        .await?;
        return match v.pointer("/channel/user").and_then(Value::as_str) {
            Some(u) => Ok(format!("<@{u}>")),
            None => Ok(format!("<#{raw}>")),
        };
    }
    if is_id(raw, &['G', 'C']) {
        return Ok(format!("<#{raw}>"));
    }
    user_ref(ctx, token, users, raw).await
}

/// A user as the query names them (`<@U123>`): an ID as it is, `@name` looked up in
/// `users.list` (read once per call).
async fn user_ref(
    ctx: &Ctx,
    token: &Secret,
    users: &mut Option<Users>,
    raw: &str,
) -> Result<String, ToolError> {
    let bare = raw
        .trim()
        .trim_start_matches("<@")
        .trim_end_matches('>')
        .trim_start_matches('@');
    if is_id(bare, &['U', 'W']) {
        return Ok(format!("<@{bare}>"));
    }
    if users.is_none() {
        *users = Some(directory::users(ctx, token).await?);
    }
    users
        .as_ref()
        .and_then(|u| u.find(bare))
        .map(|u| format!("<@{}>", u.id))
        .ok_or_else(|| {
            ToolError::invalid_input(format!("no user called `{raw}` in this workspace"))
                .with_hint("give a user ID (U1234567890) or their @handle.")
        })
}

/// The date filters as given.
struct Dates<'a> {
    before: Option<&'a str>,
    after: Option<&'a str>,
    on: Option<&'a str>,
    during: Option<&'a str>,
}

impl Dates<'_> {
    /// The `before:` / `after:` / `on:` / `during:` filters, dates as `YYYY-MM-DD`.
    fn filters(&self) -> Result<Vec<(&'static str, String)>, ToolError> {
        if let Some(on) = self.on {
            if self.during.is_some() || self.before.is_some() || self.after.is_some() {
                return Err(ToolError::invalid_input(
                    "`filter_date_on` cannot be combined with the other date filters",
                ));
            }
            return Ok(vec![("on", date(on, "filter_date_on")?.1)]);
        }
        if let Some(during) = self.during {
            if self.before.is_some() || self.after.is_some() {
                return Err(ToolError::invalid_input(
                    "`filter_date_during` cannot be combined with `filter_date_before` or `filter_date_after`",
                ));
            }
            return period(during);
        }
        let mut out = Vec::new();
        let after = self
            .after
            .map(|a| date(a, "filter_date_after"))
            .transpose()?;
        let before = self
            .before
            .map(|b| date(b, "filter_date_before"))
            .transpose()?;
        if let (Some((a, _)), Some((b, _))) = (&after, &before)
            && a > b
        {
            return Err(ToolError::invalid_input(
                "`filter_date_after` is later than `filter_date_before`: no message can match",
            ));
        }
        if let Some((_, a)) = after {
            out.push(("after", a));
        }
        if let Some((_, b)) = before {
            out.push(("before", b));
        }
        Ok(out)
    }
}

const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// The month a name or its first three letters (`sept` too) names, 1 to 12.
fn month(name: &str) -> Option<u32> {
    let n = name.to_ascii_lowercase();
    let n = if n == "sept" { "sep".to_owned() } else { n };
    MONTHS
        .iter()
        .position(|m| *m == n || (n.len() == 3 && m.starts_with(&n)))
        .and_then(|i| u32::try_from(i + 1).ok())
}

/// A date in the forms korotovsky's server reads, and `YYYY-MM-DD` for the query.
fn date(raw: &str, name: &str) -> Result<(NaiveDate, String), ToolError> {
    let s = raw.trim();
    let d = parse_date(s).ok_or_else(|| {
        ToolError::invalid_input(format!(
            "invalid `{name}` {raw:?}: give a date such as 2023-10-01, 10/01/2023, Oct 1, 2023, July 2024, today, yesterday or 3 days ago"
        ))
    })?;
    Ok((d, d.format("%Y-%m-%d").to_string()))
}

fn parse_date(s: &str) -> Option<NaiveDate> {
    const FORMATS: [&str; 10] = [
        "%Y-%m-%d",
        "%Y/%m/%d",
        "%m-%d-%Y",
        "%m/%d/%Y",
        "%d-%m-%Y",
        "%d/%m/%Y",
        "%b %d, %Y",
        "%B %d, %Y",
        "%d %b %Y",
        "%d %B %Y",
    ];
    if let Some(d) = FORMATS
        .iter()
        .find_map(|f| NaiveDate::parse_from_str(s, f).ok())
    {
        return Some(d);
    }
    let today = Utc::now().date_naive();
    let lower = s.to_ascii_lowercase();
    match lower.as_str() {
        "today" => return Some(today),
        "yesterday" => return today.checked_sub_days(Days::new(1)),
        "tomorrow" => return today.checked_add_days(Days::new(1)),
        _ => {}
    }
    let words: Vec<&str> = lower
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .collect();
    let num = |w: &str| w.parse::<i64>().ok();
    match words.as_slice() {
        [n, "day" | "days", "ago"] => num(n)
            .and_then(|n| u64::try_from(n).ok())
            .and_then(|n| today.checked_sub_days(Days::new(n))),
        // `2024 July`, `July 2024`: the first of the month.
        [a, b] => {
            let (y, m) = match (num(a), num(b)) {
                (Some(y), None) => (y, month(b)?),
                (None, Some(y)) => (y, month(a)?),
                _ => return None,
            };
            NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, 1)
        }
        // `2 July 2024`, `July 2 2024`, `2024 July 2`.
        [a, b, c] => {
            let (y, m, d) = match (num(a), num(b), num(c)) {
                (Some(d), None, Some(y)) if d <= 31 => (y, month(b)?, d),
                (None, Some(d), Some(y)) => (y, month(a)?, d),
                (Some(y), None, Some(d)) => (y, month(b)?, d),
                _ => return None,
            };
            NaiveDate::from_ymd_opt(i32::try_from(y).ok()?, m, u32::try_from(d).ok()?)
        }
        _ => None,
    }
}

/// `during`: a day is `on:` it; a month (`July`: the last July that has begun; `July 2024`)
/// or a year (`2024`) is the range `after:` the day before it, `before:` the day after it.
fn period(raw: &str) -> Result<Vec<(&'static str, String)>, ToolError> {
    let s = raw.trim();
    let today = Utc::now().date_naive();
    let ymd = |y: i32, m: u32| NaiveDate::from_ymd_opt(y, m, 1);
    let range = if let Some(m) = month(s) {
        let y = if m > today.month() {
            today.year() - 1
        } else {
            today.year()
        };
        ymd(y, m).zip(if m == 12 {
            ymd(y + 1, 1)
        } else {
            ymd(y, m + 1)
        })
    } else if s.len() == 4 && s.chars().all(|c| c.is_ascii_digit()) {
        s.parse::<i32>()
            .ok()
            .and_then(|y| ymd(y, 1).zip(ymd(y + 1, 1)))
    } else if let Some(d) = parse_date(s) {
        if s.split_whitespace().count() == 2 && d.day() == 1 {
            // A month of a year (`July 2024`).
            let next = if d.month() == 12 {
                ymd(d.year() + 1, 1)
            } else {
                ymd(d.year(), d.month() + 1)
            };
            next.map(|n| (d, n))
        } else {
            return Ok(vec![("on", d.format("%Y-%m-%d").to_string())]);
        }
    } else {
        None
    };
    let (first, next) = range.ok_or_else(|| {
        ToolError::invalid_input(format!(
            "invalid `filter_date_during` {raw:?}: give a day (2023-10-01, yesterday), a month (July, July 2024) or a year (2024)"
        ))
    })?;
    let before_first = first.checked_sub_days(Days::new(1)).unwrap_or(first);
    Ok(vec![
        ("after", before_first.format("%Y-%m-%d").to_string()),
        ("before", next.format("%Y-%m-%d").to_string()),
    ])
}

/// The value of `key` in a URL's query string.
fn query_param(url: &str, key: &str) -> Option<String> {
    let (_, query) = url.split_once('?')?;
    query.split('&').find_map(|kv| {
        kv.split_once('=')
            .filter(|(k, _)| *k == key)
            .map(|(_, v)| v.to_owned())
    })
}

/// A Slack message link: its channel, message ts and thread (when it is a reply).
struct Link {
    channel: String,
    ts: String,
    thread_ts: Option<String>,
}

/// `https://<team>.slack.com/archives/C123/p1234567890123456[?thread_ts=...]`.
fn message_link(s: &str) -> Option<Link> {
    if !(s.starts_with("https://") || s.starts_with("http://")) || s.contains(char::is_whitespace) {
        return None;
    }
    let (_, rest) = s.split_once("/archives/")?;
    let path = rest.split(['?', '#']).next()?;
    let mut parts = path.split('/');
    let channel = parts.next().filter(|c| is_id(c, &['C', 'G', 'D']))?;
    let digits = parts.next()?.strip_prefix('p')?;
    if digits.len() < 7 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let cut = digits.len() - 6;
    let ts = format!("{}.{}", digits.get(..cut)?, digits.get(cut..)?);
    Some(Link {
        channel: channel.to_owned(),
        thread_ts: query_param(s, "thread_ts").filter(|t| *t != ts),
        ts,
    })
}

/// The one message a link points at (`conversations.history`, or `conversations.replies`
/// for a reply), as a CSV row.
async fn linked_message(ctx: &Ctx, token: &Secret, link: &Link) -> Result<String, ToolError> {
    let (method, form) = match &link.thread_ts {
        Some(thread) => (
            "conversations.replies",
            Form::new().set("channel", &link.channel).set("ts", thread),
        ),
        None => (
            "conversations.history",
            Form::new().set("channel", &link.channel),
        ),
    };
    let form = form
        .set("oldest", &link.ts)
        .set("latest", &link.ts)
        .set("inclusive", true)
        .set("limit", 1);
    let v = api::read_as(ctx, token, method, form).await?;
    let found: Vec<&Value> = v
        .get("messages")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter(|m| m.get("ts").and_then(Value::as_str) == Some(link.ts.as_str()))
        .take(1)
        .collect();
    if found.is_empty() {
        return Err(ToolError::invalid_input(format!(
            "no message at this link (channel {}, ts {}) that this token can read",
            link.channel, link.ts
        )));
    }
    let out = rows(ctx, token, &found, None, |_| link.channel.clone()).await?;
    Ok(csv::messages(out, None))
}
