//! The guard every paginating loop asks before it follows a vendor's next cursor (page
//! token, `next_cursor`, `Link: rel="next"`, `start_cursor`...): it stops on a cursor the
//! vendor already gave (a vendor bug that would loop forever) and at a page cap, and says
//! so in a short note the tool puts in its result.
//!
//! ```ignore
//! let mut pages = Pages::new();
//! let mut cursor = None;
//! loop {
//!     let page = fetch(cursor.as_deref()).await?;
//!     // ... use the page ...
//!     match pages.next(page.next_cursor()) {
//!         Some(c) => cursor = Some(c),
//!         None => break,
//!     }
//! }
//! if let Some(note) = pages.note() { out["note"] = note.into(); }
//! ```

use std::collections::HashSet;

/// Most pages one tool call reads, unless the loop sets its own cap.
pub const MAX_PAGES: usize = 100;

/// Why a loop stopped before the vendor's last page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    /// The vendor gave a cursor it had given before.
    RepeatedCursor,
    /// The page cap was reached with more pages left.
    PageCap,
}

/// The pages of one paginating loop: how many were read and which cursors were followed.
#[derive(Debug)]
pub struct Pages {
    cap: usize,
    read: usize,
    seen: HashSet<String>,
    stopped: Option<Stop>,
}

impl Default for Pages {
    fn default() -> Self {
        Self::new()
    }
}

impl Pages {
    /// A guard with the default cap ([`MAX_PAGES`]).
    pub fn new() -> Self {
        Self::with_cap(MAX_PAGES)
    }

    /// A guard reading at most `cap` pages (at least one).
    pub fn with_cap(cap: usize) -> Self {
        Self {
            cap: cap.max(1),
            read: 0,
            seen: HashSet::new(),
            stopped: None,
        }
    }

    /// A page was read and the vendor says the next one is at `cursor` (`None` or empty:
    /// that was the last page). The cursor to follow, or `None` to stop: at the end, on a
    /// cursor already followed, or at the cap (then [`Pages::note`] says why).
    pub fn next(&mut self, cursor: Option<&str>) -> Option<String> {
        self.read += 1;
        let cursor = cursor.filter(|c| !c.is_empty())?;
        if !self.seen.insert(cursor.to_owned()) {
            self.stopped = Some(Stop::RepeatedCursor);
            return None;
        }
        if self.read >= self.cap {
            self.stopped = Some(Stop::PageCap);
            return None;
        }
        Some(cursor.to_owned())
    }

    /// Pages read so far.
    pub fn read(&self) -> usize {
        self.read
    }

    /// Why the loop stopped early, if it did.
    pub fn stopped(&self) -> Option<Stop> {
        self.stopped
    }

    /// A short note for the result when the loop stopped early, e.g. "stopped after 3
    /// pages: the vendor repeated a page token".
    pub fn note(&self) -> Option<String> {
        let n = self.read;
        let pages = if n == 1 { "page" } else { "pages" };
        self.stopped.map(|s| match s {
            Stop::RepeatedCursor => format!(
                "stopped after {n} {pages}: the vendor repeated a page token, so the rest could not be read; the result is incomplete"
            ),
            Stop::PageCap => format!(
                "stopped after {n} {pages}: the cap on pages read in one call; the result is incomplete"
            ),
        })
    }
}

/// A cursor argument, trimmed; an empty one means none (the first page).
pub fn cursor(c: Option<&str>) -> Option<&str> {
    c.map(str::trim).filter(|c| !c.is_empty())
}

/// An offset cursor (the `next_cursor` a list tool returned, a number of items to skip):
/// `None` for the first page, a clear error for anything that is not a number.
pub fn offset_cursor(c: Option<&str>) -> Result<Option<u64>, crate::error::ToolError> {
    cursor(c)
        .map(|c| {
            c.parse::<u64>().map_err(|_| {
                crate::error::ToolError::invalid_input(format!(
                    "cursor must be the next_cursor of a previous page (got {c:?})"
                ))
            })
        })
        .transpose()
}

/// A page size argument: `default` when not given, else 1 to `max`; out of range, a message
/// that names the argument `what` and its range.
pub fn page_size(
    n: Option<u64>,
    default: u64,
    max: u64,
    what: &str,
) -> Result<u64, crate::error::ToolError> {
    match n {
        None => Ok(default),
        Some(n) if (1..=max).contains(&n) => Ok(n),
        Some(n) => Err(crate::error::ToolError::invalid_input(format!(
            "`{what}` must be between 1 and {max} (got {n})"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offset_cursors_are_numbers() {
        assert_eq!(offset_cursor(None), Ok(None));
        assert_eq!(offset_cursor(Some("  ")), Ok(None));
        assert_eq!(offset_cursor(Some(" 40 ")), Ok(Some(40)));
        let e = offset_cursor(Some("abc"))
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(e.contains("next_cursor of a previous page"), "{e}");
    }

    #[test]
    fn stops_at_the_end_on_a_repeated_cursor_and_at_the_cap() {
        let mut p = Pages::new();
        assert_eq!(p.next(Some("a")), Some("a".to_owned()));
        assert_eq!(p.next(Some("b")), Some("b".to_owned()));
        assert_eq!(p.next(None), None);
        assert_eq!(p.note(), None);

        let mut p = Pages::new();
        assert_eq!(p.next(Some("")), None);
        assert_eq!(p.note(), None);

        let mut p = Pages::new();
        assert!(p.next(Some("same")).is_some());
        assert_eq!(p.next(Some("same")), None);
        assert_eq!(p.stopped(), Some(Stop::RepeatedCursor));
        let note = p.note().unwrap_or_default();
        assert!(note.starts_with("stopped after 2 pages: the vendor repeated a page token"));

        let mut p = Pages::with_cap(3);
        assert!(p.next(Some("1")).is_some());
        assert!(p.next(Some("2")).is_some());
        assert_eq!(p.next(Some("3")), None);
        assert_eq!(p.stopped(), Some(Stop::PageCap));
        assert_eq!(p.read(), 3);
        assert!(
            p.note()
                .unwrap_or_default()
                .starts_with("stopped after 3 pages")
        );
    }
}
