//! The query language: `SELECT` statements built from typed, quoted conditions.

use std::fmt::Write as _;

use mcp_shared::ToolError;

use super::decimal::Decimal;

/// A `SELECT * FROM <Entity> WHERE ...` statement, built only from typed conditions: every
/// value is quoted and escaped here (`\` and `'` are escaped with a backslash, as Intuit's
/// query language wants); property names are constants of this crate.
#[derive(Debug, Clone)]
pub struct Select {
    entity: &'static str,
    conditions: Vec<String>,
}

/// A quoted, escaped string literal of the query language.
pub fn quote(v: &str) -> Result<String, ToolError> {
    if v.chars().any(char::is_control) {
        return Err(ToolError::invalid_input(
            "filter values cannot contain control characters (line breaks, tabs)",
        ));
    }
    let mut out = String::with_capacity(v.len() + 2);
    out.push('\'');
    for c in v.chars() {
        if c == '\'' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('\'');
    Ok(out)
}

impl Select {
    pub fn from(entity: &'static str) -> Self {
        Self {
            entity,
            conditions: Vec::new(),
        }
    }

    fn push(&mut self, c: String) {
        self.conditions.push(c);
    }

    /// `prop = 'v'`.
    pub fn eq(mut self, prop: &'static str, v: Option<&str>) -> Result<Self, ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.push(format!("{prop} = {}", quote(v)?));
        }
        Ok(self)
    }

    /// `prop LIKE '%v%'` (a partial match).
    pub fn like(mut self, prop: &'static str, v: Option<&str>) -> Result<Self, ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            self.push(format!("{prop} LIKE {}", quote(&format!("%{v}%"))?));
        }
        Ok(self)
    }

    /// `prop = true|false`.
    pub fn flag(mut self, prop: &'static str, v: Option<bool>) -> Self {
        if let Some(v) = v {
            self.push(format!("{prop} = {v}"));
        }
        self
    }

    /// `prop >= n` / `prop <= n` for an amount.
    pub fn amount(mut self, prop: &'static str, op: &'static str, v: Option<&Decimal>) -> Self {
        if let Some(v) = v {
            self.push(format!("{prop} {op} {}", v.text()));
        }
        self
    }

    /// `prop >= 'date'` / `prop <= 'date'` for a date or date-time (YYYY-MM-DD or ISO-8601).
    pub fn date(
        mut self,
        prop: &'static str,
        op: &'static str,
        v: Option<&str>,
        what: &str,
    ) -> Result<Self, ToolError> {
        if let Some(v) = v.map(str::trim).filter(|v| !v.is_empty()) {
            let ok = v.len() >= 10
                && v.bytes()
                    .all(|b| b.is_ascii_digit() || b"-:T+Z.".contains(&b))
                && v.as_bytes().get(4) == Some(&b'-');
            if !ok {
                return Err(ToolError::invalid_input(format!(
                    "{what} must be a date such as 2026-01-31 (or an ISO-8601 date-time), got `{v}`"
                )));
            }
            self.push(format!("{prop} {op} {}", quote(v)?));
        }
        Ok(self)
    }

    /// `prop IN ('a', 'b')`.
    pub fn any_of(mut self, prop: &'static str, values: &[String]) -> Result<Self, ToolError> {
        let quoted = values
            .iter()
            .map(|v| quote(v))
            .collect::<Result<Vec<_>, _>>()?;
        self.push(format!("{prop} IN ({})", quoted.join(", ")));
        Ok(self)
    }

    /// A condition written by this crate (`Active IN (true, false)`).
    pub fn raw(mut self, condition: &'static str) -> Self {
        self.push(condition.to_owned());
        self
    }

    /// The statement for one page.
    pub fn statement(&self, start: u64, max: u64) -> String {
        let mut q = format!("SELECT * FROM {}", self.entity);
        if !self.conditions.is_empty() {
            let _ = write!(q, " WHERE {}", self.conditions.join(" AND "));
        }
        let _ = write!(q, " STARTPOSITION {start} MAXRESULTS {max}");
        q
    }
}

/// `active_only` of the list tools: `Active = true` (the default), or every record.
pub fn active(q: Select, active_only: Option<bool>) -> Select {
    if active_only.unwrap_or(true) {
        q.raw("Active = true")
    } else {
        q.raw("Active IN (true, false)")
    }
}
