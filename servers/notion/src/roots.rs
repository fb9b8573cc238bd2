//! The root pages the `API-*` tools may be limited to (`--root-page-id` /
//! `NOTION_ROOT_PAGE_ID`, `--root-page-url` / `NOTION_ROOT_PAGE_URL`, as Toolathlon's copy of
//! Notion's server reads them), read at start-up, and the ids found under them since (the walk
//! that finds them is in `jail`).

use std::collections::HashSet;
use std::sync::Mutex;

use mcp_shared::{Profile, ServerOption, Settings};

use crate::ids::bare_id;

/// The options that set the root pages (comma-separated lists).
pub const OPTIONS: &[ServerOption] = &[
    ServerOption {
        name: "root-page-id",
        env: "NOTION_ROOT_PAGE_ID",
        help: "Limit the API-* tools to these pages and what lies under them (comma-separated page ids)",
    },
    ServerOption {
        name: "root-page-url",
        env: "NOTION_ROOT_PAGE_URL",
        help: "As --root-page-id, with the pages' Notion URLs",
    },
];

/// Ids remembered as under a root (the set starts over when it is full).
const MAX_REMEMBERED: usize = 10_000;

/// An id in one form for comparing: lower-case hexadecimal digits without dashes.
pub fn compact(id: &str) -> String {
    id.chars()
        .filter(|c| *c != '-')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The root pages and the ids found under them.
pub struct Roots {
    roots: HashSet<String>,
    inside: Mutex<HashSet<String>>,
}

impl Roots {
    /// The root pages the operator gave, if any. Ids and URLs that name no page stop the
    /// server, and so does the limit without a profile of Notion's own server (our `notion_*`
    /// tools are not limited).
    pub fn from_settings(settings: &Settings) -> Result<Option<Roots>, String> {
        let mut roots = HashSet::new();
        for opt in OPTIONS {
            let given = settings.option(opt.name).unwrap_or_default();
            for raw in given.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                let id = bare_id(raw, opt.env).map_err(|e| e.to_string())?;
                let id = compact(&id);
                if id.len() != 32 || !id.chars().all(|c| c.is_ascii_hexdigit()) {
                    return Err(format!(
                        "{} (--{}): `{raw}` is not a Notion page id (32 hexadecimal digits, with or without dashes) or a Notion page URL",
                        opt.env, opt.name
                    ));
                }
                roots.insert(id);
            }
        }
        if roots.is_empty() {
            return Ok(None);
        }
        if settings.profile == Profile::Default {
            return Err(
                "the root-page limit (NOTION_ROOT_PAGE_ID, NOTION_ROOT_PAGE_URL) applies to the API-* tools of Notion's own server: run with --profile toolathlon (or atlas, mcpmark, official)"
                    .to_owned(),
            );
        }
        Ok(Some(Roots {
            roots,
            inside: Mutex::new(HashSet::new()),
        }))
    }

    /// Whether `id` (compact) is a root or was found under one.
    pub fn known_inside(&self, id: &str) -> bool {
        self.roots.contains(id) || self.inside.lock().map(|s| s.contains(id)).unwrap_or(false)
    }

    /// Remember these ids (compact) as under a root.
    pub fn remember(&self, ids: Vec<String>) {
        if let Ok(mut s) = self.inside.lock() {
            if s.len() + ids.len() > MAX_REMEMBERED {
                s.clear();
            }
            s.extend(ids);
        }
    }
}
