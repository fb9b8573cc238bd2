//! OData query options of a Graph request (`$select`, `$filter`, `$orderby`, `$top`,
//! `$search`, `$expand`, `$skip`, `$count`), built as values and encoded once: servers never
//! concatenate them.
//!
//! ```ignore
//! let q = Query::new()
//!     .select(["id", "subject", "from"])
//!     .filter(Filter::eq("from/emailAddress/address", "o'neil@example.com"))
//!     .orderby("receivedDateTime", true)
//!     .top(10);
//! // GET /me/messages?$select=id,subject,from&$filter=from/emailAddress/address eq 'o''neil@example.com'&...
//! let req = ctx.authorized(Method::GET, &q.on("/me/messages"))?;
//! ```

use std::fmt;

use mcp_shared::error::ToolError;

/// An OData string literal: `'...'` with each `'` doubled (`O'Neil` → `'O''Neil'`).
pub fn literal(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A value in a filter comparison.
#[derive(Debug, Clone, PartialEq)]
pub enum Lit {
    /// A string, written as a quoted literal with `'` doubled.
    Str(String),
    Int(i64),
    Bool(bool),
    /// A date-time (`2026-01-01T00:00:00Z`), written unquoted as OData wants it.
    DateTime(String),
    Null,
}

impl Lit {
    /// A date-time literal; an error naming `arg` unless it looks like ISO 8601
    /// (`2026-01-31`, `2026-01-31T08:00:00Z`, with an offset or fractions).
    pub fn datetime(s: &str, arg: &str) -> Result<Self, ToolError> {
        let s = s.trim();
        let ok = s.len() >= 10
            && s.as_bytes().first().is_some_and(u8::is_ascii_digit)
            && s.chars()
                .all(|c| c.is_ascii_digit() || matches!(c, '-' | ':' | 'T' | 'Z' | '.' | '+'));
        if !ok {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` must be an ISO 8601 date or date-time such as 2026-01-31T08:00:00Z (got {s:?})"
            )));
        }
        Ok(Lit::DateTime(s.to_owned()))
    }
}

impl fmt::Display for Lit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Lit::Str(s) => f.write_str(&literal(s)),
            Lit::Int(i) => write!(f, "{i}"),
            Lit::Bool(b) => write!(f, "{b}"),
            Lit::DateTime(d) => f.write_str(d),
            Lit::Null => f.write_str("null"),
        }
    }
}

impl From<&str> for Lit {
    fn from(s: &str) -> Self {
        Lit::Str(s.to_owned())
    }
}

impl From<String> for Lit {
    fn from(s: String) -> Self {
        Lit::Str(s)
    }
}

impl From<&String> for Lit {
    fn from(s: &String) -> Self {
        Lit::Str(s.clone())
    }
}

impl From<bool> for Lit {
    fn from(b: bool) -> Self {
        Lit::Bool(b)
    }
}

impl From<i64> for Lit {
    fn from(i: i64) -> Self {
        Lit::Int(i)
    }
}

/// A `$filter` expression. Built from comparisons (values escaped as literals) joined with
/// `and` / `or`; [`Filter::raw`] takes an expression an agent wrote, as it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Filter(String);

impl Filter {
    /// An expression as written (an agent's `filter_query`); it is encoded, not escaped.
    pub fn raw(expr: impl Into<String>) -> Self {
        Filter(expr.into())
    }

    fn cmp(property: &str, op: &str, value: impl Into<Lit>) -> Self {
        Filter(format!("{property} {op} {}", value.into()))
    }

    /// `property eq value` (`from/emailAddress/address eq 'a@b.com'`).
    pub fn eq(property: &str, value: impl Into<Lit>) -> Self {
        Self::cmp(property, "eq", value)
    }

    pub fn ne(property: &str, value: impl Into<Lit>) -> Self {
        Self::cmp(property, "ne", value)
    }

    pub fn gt(property: &str, value: impl Into<Lit>) -> Self {
        Self::cmp(property, "gt", value)
    }

    pub fn ge(property: &str, value: impl Into<Lit>) -> Self {
        Self::cmp(property, "ge", value)
    }

    pub fn lt(property: &str, value: impl Into<Lit>) -> Self {
        Self::cmp(property, "lt", value)
    }

    pub fn le(property: &str, value: impl Into<Lit>) -> Self {
        Self::cmp(property, "le", value)
    }

    /// `startswith(property,'text')`.
    pub fn starts_with(property: &str, text: &str) -> Self {
        Filter(format!("startswith({property},{})", literal(text)))
    }

    /// `collection/any(x:x eq value)` (`resourceProvisioningOptions/any(x:x eq 'Team')`).
    pub fn any_eq(collection: &str, value: impl Into<Lit>) -> Self {
        Filter(format!("{collection}/any(x:x eq {})", value.into()))
    }

    /// Both, each in parentheses when it is itself a combination.
    pub fn and(self, other: Filter) -> Self {
        Filter(format!("{} and {}", self.grouped(), other.grouped()))
    }

    /// Either, each in parentheses when it is itself a combination.
    pub fn or(self, other: Filter) -> Self {
        Filter(format!("{} or {}", self.grouped(), other.grouped()))
    }

    fn grouped(&self) -> String {
        let s = self.0.trim();
        if s.contains(" and ") || s.contains(" or ") {
            format!("({s})")
        } else {
            s.to_owned()
        }
    }

    /// The expression as sent (before URL encoding).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The OData system query options of one request, and any other query parameters, in a
/// fixed order. [`Query::on`] gives the path with the query, percent-encoded (`%20` for a
/// space; `$`, `,`, `'`, `(`, `)`, `/` and `:` kept as OData writes them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Query {
    select: Vec<String>,
    expand: Vec<String>,
    filter: Option<Filter>,
    orderby: Vec<String>,
    search: Option<String>,
    top: Option<u64>,
    skip: Option<u64>,
    count: bool,
    params: Vec<(String, String)>,
}

/// Property names in `$select`/`$orderby` an agent gave: letters, digits and `_ . / @ -`.
fn is_property(s: &str) -> bool {
    !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '/' | '@' | '-'))
}

impl Query {
    pub fn new() -> Self {
        Self::default()
    }

    /// `$select`: only these properties (added to those already selected).
    pub fn select<I, S>(mut self, fields: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        for f in fields {
            let f = f.into();
            if !self.select.contains(&f) {
                self.select.push(f);
            }
        }
        self
    }

    /// `$select` from a comma-separated list an agent gave (`"id,subject"`), else `default`.
    /// An entry that is not a property name is a clear error naming `arg`.
    pub fn select_list(
        self,
        given: Option<&str>,
        default: &[&str],
        arg: &str,
    ) -> Result<Self, ToolError> {
        let given: Vec<&str> = given
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        if given.is_empty() {
            return Ok(self.select(default.iter().copied()));
        }
        if let Some(bad) = given.iter().find(|s| !is_property(s)) {
            return Err(ToolError::invalid_input(format!(
                "`{arg}` must list property names separated by commas, such as id,subject,from (got {bad:?})"
            )));
        }
        Ok(self.select(given))
    }

    /// `$expand` of a navigation property, with its own options written as OData does
    /// (`attachments($select=name,size)`).
    pub fn expand(mut self, navigation: impl Into<String>) -> Self {
        self.expand.push(navigation.into());
        self
    }

    /// `$filter`; a second filter is joined to the first with `and`.
    pub fn filter(mut self, f: Filter) -> Self {
        self.filter = Some(match self.filter.take() {
            Some(old) => old.and(f),
            None => f,
        });
        self
    }

    /// `$filter` from an expression an agent wrote, when it gave a non-blank one.
    pub fn filter_raw(self, expr: Option<&str>) -> Self {
        match expr.map(str::trim).filter(|e| !e.is_empty()) {
            Some(e) => self.filter(Filter::raw(e)),
            None => self,
        }
    }

    /// `$orderby` one more property, descending or not.
    pub fn orderby(mut self, property: &str, desc: bool) -> Self {
        self.orderby.push(if desc {
            format!("{property} desc")
        } else {
            property.to_owned()
        });
        self
    }

    /// `$orderby` from what an agent wrote (`"receivedDateTime desc, subject"`); each entry a
    /// property name with an optional `asc`/`desc`, else a clear error naming `arg`.
    pub fn orderby_raw(mut self, given: Option<&str>, arg: &str) -> Result<Self, ToolError> {
        for entry in given
            .unwrap_or("")
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
        {
            let mut words = entry.split_whitespace();
            let prop = words.next().unwrap_or("");
            let dir = words.next().map(str::to_ascii_lowercase);
            let ok = is_property(prop)
                && words.next().is_none()
                && matches!(dir.as_deref(), None | Some("asc" | "desc"));
            if !ok {
                return Err(ToolError::invalid_input(format!(
                    "`{arg}` must be property names each with an optional asc or desc, separated by commas, such as \"receivedDateTime desc\" (got {entry:?})"
                )));
            }
            self.orderby.push(match dir {
                Some(d) => format!("{prop} {d}"),
                None => prop.to_owned(),
            });
        }
        Ok(self)
    }

    /// `$search`, as the quoted phrase Graph expects (`"budget review"`; a `"` inside is
    /// escaped as `\"`). Blank text adds nothing.
    pub fn search(mut self, text: &str) -> Self {
        let t = text.trim();
        if !t.is_empty() {
            self.search = Some(format!(
                "\"{}\"",
                t.replace('\\', "\\\\").replace('"', "\\\"")
            ));
        }
        self
    }

    /// `$search` exactly as written (a KQL expression such as `"from:ada" AND "subject:q3"`).
    pub fn search_raw(mut self, expr: &str) -> Self {
        let t = expr.trim();
        if !t.is_empty() {
            self.search = Some(t.to_owned());
        }
        self
    }

    /// `$top`: the page size.
    pub fn top(mut self, n: u64) -> Self {
        self.top = Some(n);
        self
    }

    /// The `$top` set, if any.
    pub fn top_value(&self) -> Option<u64> {
        self.top
    }

    pub fn skip(mut self, n: u64) -> Self {
        self.skip = Some(n);
        self
    }

    /// `$count=true`: the total in `@odata.count` (directory objects also need the header
    /// `ConsistencyLevel: eventual`).
    pub fn count(mut self, yes: bool) -> Self {
        self.count = yes;
        self
    }

    /// Any other query parameter (`includeHiddenFolders=true`).
    pub fn param(mut self, name: &str, value: impl ToString) -> Self {
        self.params.push((name.to_owned(), value.to_string()));
        self
    }

    /// The parameters as name and (unencoded) value, in the order they are sent.
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        let mut push = |k: &str, v: String| out.push((k.to_owned(), v));
        if !self.select.is_empty() {
            push("$select", self.select.join(","));
        }
        if !self.expand.is_empty() {
            push("$expand", self.expand.join(","));
        }
        if let Some(f) = &self.filter {
            push("$filter", f.as_str().to_owned());
        }
        if let Some(s) = &self.search {
            push("$search", s.clone());
        }
        if !self.orderby.is_empty() {
            push("$orderby", self.orderby.join(","));
        }
        if let Some(t) = self.top {
            push("$top", t.to_string());
        }
        if let Some(s) = self.skip {
            push("$skip", s.to_string());
        }
        if self.count {
            push("$count", "true".to_owned());
        }
        for (k, v) in &self.params {
            out.push((k.clone(), v.clone()));
        }
        out
    }

    /// The query string, percent-encoded (empty when there is no option).
    pub fn encode(&self) -> String {
        self.pairs()
            .iter()
            .map(|(k, v)| format!("{}={}", enc(k), enc(v)))
            .collect::<Vec<_>>()
            .join("&")
    }

    /// `path` with this query (`/me/messages?$top=10`), for [`Ctx::authorized`](mcp_shared::Ctx)
    /// or a [batch](super::batch) request's `url`.
    pub fn on(&self, path: &str) -> String {
        let q = self.encode();
        if q.is_empty() {
            path.to_owned()
        } else if path.contains('?') {
            format!("{path}&{q}")
        } else {
            format!("{path}?{q}")
        }
    }
}

/// What is percent-encoded in a query name or value: controls, non-ASCII, and the characters
/// that end or split a parameter or mean something else in a URL (`&`, `=`, `+`, `#`, `%`,
/// `?`, space, quotes and brackets); OData's own `$ , ' ( ) / : @ * !` are kept.
const QUERY_VALUE: &percent_encoding::AsciiSet = &percent_encoding::CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'&')
    .add(b'+')
    .add(b'<')
    .add(b'=')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

fn enc(s: &str) -> String {
    percent_encoding::utf8_percent_encode(s, QUERY_VALUE).to_string()
}
