//! Which tools are visible and callable: the process's flags, narrowed per request by the
//! `X-MCP-*` headers of a gateway (GitHub's official server's header names).

use std::collections::BTreeSet;

use http::{HeaderMap, HeaderName};

use crate::tool::ToolDef;

/// An allow/deny filter over tools.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filter {
    pub read_only: bool,
    /// Allowed toolsets; `None`: no toolset restriction.
    pub toolsets: Option<BTreeSet<String>>,
    /// Allowed tools (in addition to those of `toolsets`); `None`: no tool restriction.
    pub tools: Option<BTreeSet<String>>,
    pub exclude: BTreeSet<String>,
}

impl Filter {
    pub fn allows(&self, t: &ToolDef) -> bool {
        if self.read_only && !t.is_read_only() {
            return false;
        }
        if self.exclude.contains(t.name()) {
            return false;
        }
        match (&self.toolsets, &self.tools) {
            (None, None) => true,
            (ts, tl) => {
                ts.as_ref().is_some_and(|s| s.contains(t.toolset_name()))
                    || tl.as_ref().is_some_and(|s| s.contains(t.name()))
            }
        }
    }

    /// Why this filter hides `t`, for an error message.
    pub fn reason(&self, t: &ToolDef, origin: &str) -> String {
        if self.read_only && !t.is_read_only() {
            return format!("{origin} allows read-only tools only and this tool writes");
        }
        if self.exclude.contains(t.name()) {
            return format!("{origin} excludes it");
        }
        format!(
            "{origin} does not enable it (it belongs to toolset `{}`)",
            t.toolset_name()
        )
    }

    /// The per-request filter from `X-MCP-Readonly`, `X-MCP-Toolsets`, `X-MCP-Tools` and
    /// `X-MCP-Exclude-Tools`. `None` when the request carries none of them.
    pub fn from_headers(headers: &HeaderMap) -> Option<Filter> {
        // `HeaderName` constants: a `&str` name is parsed and validated on every lookup, and
        // this runs for every call.
        const READ_ONLY: HeaderName = HeaderName::from_static("x-mcp-readonly");
        const TOOLSETS: HeaderName = HeaderName::from_static("x-mcp-toolsets");
        const TOOLS: HeaderName = HeaderName::from_static("x-mcp-tools");
        const EXCLUDE: HeaderName = HeaderName::from_static("x-mcp-exclude-tools");
        let get = |n: &HeaderName| headers.get(n).and_then(|v| v.to_str().ok()).map(str::trim);
        let ro = get(&READ_ONLY);
        let ts = get(&TOOLSETS);
        let tl = get(&TOOLS);
        let ex = get(&EXCLUDE);
        if ro.is_none() && ts.is_none() && tl.is_none() && ex.is_none() {
            return None;
        }
        let (toolsets, tools) = allow_lists(ts.map(split), tl.map(split));
        Some(Filter {
            read_only: ro.is_some_and(truthy),
            toolsets,
            tools,
            exclude: ex.map(split).unwrap_or_default(),
        })
    }
}

/// Normalise allow-lists: `all` among the toolsets lifts every restriction; naming only tools
/// (or only toolsets) restricts to those.
pub fn allow_lists(
    toolsets: Option<BTreeSet<String>>,
    tools: Option<BTreeSet<String>>,
) -> (Option<BTreeSet<String>>, Option<BTreeSet<String>>) {
    if toolsets.as_ref().is_some_and(|s| s.contains("all")) {
        return (None, None);
    }
    match (toolsets, tools) {
        (None, None) => (None, None),
        (ts, tl) => (Some(ts.unwrap_or_default()), Some(tl.unwrap_or_default())),
    }
}

/// Split a comma-separated list, trimming and dropping empty items.
pub fn split(s: &str) -> BTreeSet<String> {
    s.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect()
}

/// `1`, `true`, `yes` or `on` (any case): a header or variable that turns something on.
pub fn truthy(v: &str) -> bool {
    matches!(
        v.trim().to_ascii_lowercase().as_str(),
        "1" | "true" | "yes" | "on"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use http::HeaderValue;

    #[test]
    fn header_filter_parsing() {
        let mut h = HeaderMap::new();
        assert_eq!(Filter::from_headers(&h), None);
        h.insert("x-mcp-readonly", HeaderValue::from_static("TRUE"));
        let f = Filter::from_headers(&h).unwrap_or_default();
        assert!(f.read_only);
        assert_eq!(f.toolsets, None);
        h.insert("x-mcp-tools", HeaderValue::from_static("a, b,,"));
        let f = Filter::from_headers(&h).unwrap_or_default();
        assert_eq!(f.tools, Some(split("a,b")));
        assert_eq!(f.toolsets, Some(BTreeSet::new()));
        h.insert("x-mcp-toolsets", HeaderValue::from_static("all"));
        let f = Filter::from_headers(&h).unwrap_or_default();
        assert_eq!(f.toolsets, None);
    }
}
