//! The one error model of every tool: a short message for people and agents that says what
//! went wrong and what to do, returned as an `isError` tool result.

use std::fmt;

/// What kind of failure a [`ToolError`] is (for tests and logs; the message is what users see).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ErrorKind {
    /// The arguments are wrong: the caller can fix them.
    InvalidInput,
    /// No usable credentials for this request.
    MissingCredentials,
    /// The vendor answered with an error status or error body.
    Upstream,
    /// The vendor could not be reached, timed out or answered with something unreadable.
    Transport,
    /// The vendor rate-limited us beyond what we wait for.
    RateLimited,
    /// The server itself failed (a tool's handler panicked): a bug of ours, not of the
    /// caller's or the vendor's. The call fails; the process and every other call go on.
    Internal,
}

/// A failed tool call. Its `Display` is the message an agent reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolError {
    pub kind: ErrorKind,
    /// HTTP status of the vendor's answer, where there was one.
    pub status: Option<u16>,
    /// The vendor's own error code (`channel_not_found`, `object_not_found`, ...), where given.
    pub code: Option<String>,
    pub message: String,
    pub hint: Option<String>,
    /// The hint is the generic one for the HTTP status, not the vendor's own reading.
    pub generic_hint: bool,
    /// The OAuth scopes the vendor said the token lacks (with `--oauth`, the HTTP reply becomes
    /// a scope challenge: `403` with `WWW-Authenticate: Bearer error="insufficient_scope"`).
    pub missing_scopes: Option<Box<MissingScopes>>,
}

/// OAuth scopes a call lacked, as the vendor said: what it needs and, where the vendor says,
/// what the token holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MissingScopes {
    /// Scopes the call needs (for GitHub, the accepted scopes: any one of them will do);
    /// empty when the vendor did not say which.
    pub needed: Vec<String>,
    /// Scopes the token holds, where the vendor says (empty when it does not).
    pub held: Vec<String>,
}

impl MissingScopes {
    pub fn new<S: Into<String>>(
        needed: impl IntoIterator<Item = S>,
        held: impl IntoIterator<Item = S>,
    ) -> Self {
        let clean = |v: Vec<String>| -> Vec<String> {
            let mut out: Vec<String> = Vec::new();
            for s in v.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
                if !out.iter().any(|o| o == s) {
                    out.push(s.to_owned());
                }
            }
            out
        };
        Self {
            needed: clean(needed.into_iter().map(Into::into).collect()),
            held: clean(held.into_iter().map(Into::into).collect()),
        }
    }

    /// The `scope` of a scope challenge: the scopes held, then those needed (so that a client
    /// that asks for them keeps what the user granted before), each once.
    pub fn challenge_scope(&self) -> String {
        let mut all: Vec<&str> = self.held.iter().map(String::as_str).collect();
        for n in &self.needed {
            if !all.contains(&n.as_str()) {
                all.push(n);
            }
        }
        all.join(" ")
    }
}

/// How a server words a refusal for missing permissions ([`ServerSpec::scope_hint`]): the
/// call's error and the permissions its tool declares ([`ToolDef::scopes`]).
///
/// [`ServerSpec::scope_hint`]: crate::ServerSpec::scope_hint
/// [`ToolDef::scopes`]: crate::ToolDef::scopes
pub type ScopeHint = fn(ToolError, &'static str) -> ToolError;

/// The default [`ScopeHint`]: a vendor's 403 to a tool that declares the scopes it needs
/// names them in the hint and as the scopes missing (for `--oauth`'s scope challenge), unless
/// the vendor's answer already said which. `scopes` is the tool's declaration as written
/// (`repo`, `Mail.Read (or Mail.ReadWrite)`): its words with a `.`, `:` or `_` in them, or
/// the whole when it has one word, are the scope names.
pub fn needs_scopes(err: ToolError, scopes: &'static str) -> ToolError {
    if err.status != Some(403) || err.kind != ErrorKind::Upstream || err.missing_scopes.is_some() {
        return err;
    }
    let words: Vec<&str> = scopes
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')'))
        .filter(|w| !w.is_empty() && *w != "or" && *w != "and")
        .collect();
    let named: Vec<&str> = if words.len() == 1 {
        words
    } else {
        words
            .into_iter()
            .filter(|w| w.contains(['.', ':', '_']))
            .collect()
    };
    err.with_hint(format!(
        "this call needs the permission {scopes}: grant it to the token (or the app) and send a new token; otherwise the account has no access to the item."
    ))
    .with_missing_scopes(MissingScopes::new(named, std::iter::empty()))
}

impl ToolError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            status: None,
            code: None,
            message: message.into(),
            hint: None,
            generic_hint: false,
            missing_scopes: None,
        }
    }

    /// The vendor said the token lacks scopes (see [`MissingScopes`]); an empty `needed`
    /// list means it did not say which (a scope challenge then names the server's scopes).
    pub fn with_missing_scopes(mut self, scopes: MissingScopes) -> Self {
        self.missing_scopes = Some(Box::new(scopes));
        self
    }

    /// Bad arguments: say which and how to fix them.
    pub fn invalid_input(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::InvalidInput, message)
    }

    pub fn transport(message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Transport, message)
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self.generic_hint = false;
        self
    }

    /// Add a tool-specific note after the vendor's own hint (a generic per-status hint is
    /// replaced by it): for a note that holds whatever the vendor said.
    pub fn add_hint(self, note: impl Into<String>) -> Self {
        let note = note.into();
        match &self.hint {
            Some(h) if !self.generic_hint => {
                let joined = format!("{h} {note}");
                self.with_hint(joined)
            }
            _ => self.with_hint(note),
        }
    }

    /// Set a tool-specific hint unless the vendor's error said something more precise (a
    /// vendor hint such as the missing scope wins; the generic per-status hint does not).
    pub fn with_specific_hint(self, hint: impl Into<String>) -> Self {
        if self.hint.is_none() || self.generic_hint {
            self.with_hint(hint)
        } else {
            self
        }
    }

    /// Put context before the message (e.g. which step of a multi-request tool failed).
    pub fn context(mut self, prefix: impl std::fmt::Display) -> Self {
        self.message = format!("{prefix}: {}", self.message);
        self
    }

    pub fn with_status(mut self, status: u16) -> Self {
        self.status = Some(status);
        self
    }

    pub fn with_code(mut self, code: impl Into<String>) -> Self {
        self.code = Some(code.into());
        self
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(hint) = &self.hint {
            write!(f, " Hint: {hint}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ToolError {}

/// The hint for an HTTP status, where the status alone says what to do.
pub fn status_hint(status: u16) -> Option<&'static str> {
    Some(match status {
        400 | 422 => {
            "the request was rejected as invalid: check the arguments against the tool's schema and the vendor's rules."
        }
        401 => {
            "the token is missing, invalid or expired: supply a fresh token in x-auth-data (or AUTH_DATA)."
        }
        403 => {
            "the token lacks a permission or scope for this action, or the account cannot access the resource."
        }
        404 => {
            "not found, or the token has no access to it: check the identifiers and the token's access."
        }
        409 => "the resource changed or is in a conflicting state: read it again and retry.",
        429 => "rate limited by the vendor: wait and retry later.",
        500..=599 => "the vendor had a server-side problem: retry later.",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(status: u16) -> ToolError {
        ToolError::new(ErrorKind::Upstream, "Acme API error").with_status(status)
    }

    fn needed(e: &ToolError) -> Vec<String> {
        e.missing_scopes
            .as_ref()
            .map(|m| m.needed.clone())
            .unwrap_or_default()
    }

    #[test]
    fn a_403_names_the_declared_scopes() {
        let e = needs_scopes(refused(403), "Files.Read or Files.ReadWrite");
        assert_eq!(needed(&e), ["Files.Read", "Files.ReadWrite"]);
        assert!(
            e.hint
                .as_deref()
                .is_some_and(|h| h.contains("needs the permission Files.Read or Files.ReadWrite")),
            "{:?}",
            e.hint
        );
        assert_eq!(
            needed(&needs_scopes(refused(403), "Mail.Read (or Mail.ReadWrite)")),
            ["Mail.Read", "Mail.ReadWrite"]
        );
        assert_eq!(needed(&needs_scopes(refused(403), "repo")), ["repo"]);
        assert_eq!(
            needed(&needs_scopes(refused(403), "read:org, gist_write")),
            ["read:org", "gist_write"]
        );
    }

    #[test]
    fn other_errors_and_named_scopes_are_left_as_they_are() {
        for e in [
            refused(404),
            refused(401),
            ToolError::new(ErrorKind::InvalidInput, "bad").with_status(403),
        ] {
            let before = e.to_string();
            let after = needs_scopes(e, "repo");
            assert_eq!(after.to_string(), before);
            assert!(after.missing_scopes.is_none());
        }
        // The vendor said which scope is missing: that stays.
        let said = refused(403)
            .with_hint("the token lacks things:write")
            .with_missing_scopes(MissingScopes::new(["things:write"], ["things:read"]));
        let after = needs_scopes(said, "repo");
        assert_eq!(needed(&after), ["things:write"]);
        assert_eq!(after.hint.as_deref(), Some("the token lacks things:write"));
    }
}
