//! Glob patterns on paths relative to a search's or tree's directory, as the reference server
//! reads them (minimatch with `dot`): `*` stays within one part of a path, `**` crosses
//! parts, names starting with a dot match like any other.

use std::path::Path;

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use mcp_shared::ToolError;

fn glob(pattern: &str, arg: &str) -> Result<Glob, ToolError> {
    GlobBuilder::new(pattern)
        .literal_separator(true)
        .build()
        .map_err(|e| {
            ToolError::invalid_input(format!(
                "`{arg}` `{pattern}` is not a valid glob pattern: {}.",
                e.kind()
            ))
        })
}

/// The search pattern.
pub struct Pattern(GlobSet);

impl Pattern {
    pub fn new(pattern: &str) -> Result<Self, ToolError> {
        let mut set = GlobSetBuilder::new();
        set.add(glob(pattern, "pattern")?);
        set.build()
            .map(Pattern)
            .map_err(|e| ToolError::invalid_input(format!("`pattern`: {e}")))
    }

    pub fn matches(&self, rel: &Path) -> bool {
        self.0.is_match(rel)
    }
}

/// Exclusion patterns: a pattern with `*` matches as a glob; a pattern without one also
/// matches that name (or path) at any depth, and everything below it (`node_modules`
/// excludes `a/node_modules/x`).
pub struct Excludes(GlobSet);

impl Excludes {
    pub fn new(patterns: &[String]) -> Result<Self, ToolError> {
        let mut set = GlobSetBuilder::new();
        for p in patterns.iter().filter(|p| !p.trim().is_empty()) {
            set.add(glob(p, "excludePatterns")?);
            if !p.contains('*') {
                set.add(glob(&format!("**/{p}"), "excludePatterns")?);
                set.add(glob(&format!("**/{p}/**"), "excludePatterns")?);
            }
        }
        set.build()
            .map(Excludes)
            .map_err(|e| ToolError::invalid_input(format!("`excludePatterns`: {e}")))
    }

    pub fn excludes(&self, rel: &Path) -> bool {
        self.0.is_match(rel)
    }
}
