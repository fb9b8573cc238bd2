//! Which tools are visible and callable: the process's flags, narrowed per request by a
//! gateway's `X-MCP-*` headers (GitHub's official server's header names), which the HTTP edge
//! reads (`transport::edge`).

use std::collections::BTreeSet;

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
