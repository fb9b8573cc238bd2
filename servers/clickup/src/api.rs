//! What every ClickUp tool shares: ClickUp's `{"err", "ECODE"}` error body read with a hint
//! per code family, argument types and checks, and the concise shapes of tasks, lists,
//! folders and spaces.

use mcp_shared::json::{map_array, pick, pluck};
use mcp_shared::reexports::http;
use mcp_shared::{ToolError, VendorError};
use serde_json::{Value, json};

/// Reads ClickUp's error body (`{"err": "Team not authorized", "ECODE": "OAUTH_027"}`).
pub fn parse_error(_status: u16, _headers: &http::HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| {
        body.get(k)
            .and_then(Value::as_str)
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty())
    };
    let code = s("ECODE");
    let message = s("err").or_else(|| s("error")).or_else(|| s("message"));
    let hint = code.as_deref().and_then(hint_for).map(str::to_owned);
    VendorError {
        code,
        message,
        hint,
        ..VendorError::default()
    }
}

fn hint_for(code: &str) -> Option<&'static str> {
    let (family, n) = code.split_once('_')?;
    let n: u32 = n.parse().unwrap_or(0);
    Some(match family {
        "OAUTH" if matches!(n, 17 | 18 | 19 | 21 | 25 | 26) => {
            "the token is missing, malformed, expired or revoked: send a valid personal token (pk_...) or OAuth access token as access_token."
        }
        "OAUTH" => {
            "the token is not authorized for this workspace: use a workspace from clickup_get_teams, or re-run the OAuth flow and select this workspace."
        }
        "ITEM" | "ACCESS" => {
            "the item does not exist or the token's user cannot see it: check the id (clickup_get_spaces / clickup_get_lists / clickup_get_tasks list what you can reach)."
        }
        "INPUT" | "TASK" | "SUBCAT" | "CAT" | "PROJ" => {
            "ClickUp rejected an argument: check the message, ids and values (priority 1-4, dates in Unix milliseconds, statuses that exist in the list)."
        }
        _ => return None,
    })
}

pub use mcp_shared::Count;

/// A priority 1 (urgent) to 4 (low).
pub fn priority(p: Option<Count>) -> Result<Option<u64>, ToolError> {
    match p.map(|c| c.0) {
        None => Ok(None),
        Some(n @ 1..=4) => Ok(Some(n)),
        Some(n) => Err(ToolError::invalid_input(format!(
            "priority must be 1 (urgent), 2 (high), 3 (normal) or 4 (low) (got {n})"
        ))),
    }
}

/// A user id (ClickUp's are numbers).
pub fn user_id(s: &str, what: &str) -> Result<i64, ToolError> {
    s.trim().parse::<i64>().map_err(|_| {
        ToolError::invalid_input(format!(
            "{what} must be a numeric ClickUp user id such as 183 (got {s:?}); clickup_get_team_members lists them"
        ))
    })
}

/// A date given as Unix milliseconds or `YYYY-MM-DD` (midnight UTC): Unix milliseconds.
pub fn millis(s: &str, what: &str) -> Result<i64, ToolError> {
    let s = s.trim();
    if let Ok(n) = s.parse::<i64>() {
        return Ok(n);
    }
    let parts: Vec<&str> = s.split('-').collect();
    if let [y, m, d] = parts.as_slice()
        && y.len() == 4
        && let (Ok(y), Ok(m), Ok(d)) = (y.parse::<i64>(), m.parse::<i64>(), d.parse::<i64>())
        && (1..=12).contains(&m)
        && (1..=31).contains(&d)
    {
        return Ok(days_from_civil(y, m, d) * 86_400_000);
    }
    Err(ToolError::invalid_input(format!(
        "{what} must be Unix milliseconds (1767225600000) or a date YYYY-MM-DD (got {s:?})"
    )))
}

// Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// A task in lists.
pub fn task(t: &Value) -> Value {
    let mut v = pick(
        t,
        &[
            "id",
            "custom_id",
            "name",
            "status=status.status",
            "priority=priority.priority",
            "due_date",
            "start_date",
            "date_updated",
            "parent",
            "list=list.name",
            "url",
        ],
    );
    let assignees = pluck(t, "assignees", "username");
    if let Some(m) = v.as_object_mut()
        && assignees.as_array().is_some_and(|a| !a.is_empty())
    {
        m.insert("assignees".into(), assignees);
    }
    v
}

/// One task with its description, tags and subtasks.
pub fn task_detail(t: &Value) -> Value {
    let mut v = task(t);
    if let Some(m) = v.as_object_mut() {
        for (k, path) in [
            ("description", "text_content"),
            ("creator", "creator.username"),
            ("date_created", "date_created"),
            ("folder", "folder.name"),
            ("space_id", "space.id"),
        ] {
            if let Some(x) = mcp_shared::json::at(t, path).filter(|x| x.as_str() != Some("")) {
                m.insert(k.into(), x.clone());
            }
        }
        let tags = pluck(t, "tags", "name");
        if tags.as_array().is_some_and(|a| !a.is_empty()) {
            m.insert("tags".into(), tags);
        }
        if let Some(subs) = t.get("subtasks") {
            m.insert("subtasks".into(), map_array(subs, task));
        }
    }
    v
}

/// A space, folder or list: id, name and what an agent needs to go on.
pub fn container(c: &Value) -> Value {
    let mut v = pick(
        c,
        &[
            "id",
            "name",
            "private",
            "archived",
            "content",
            "task_count",
            "due_date",
            "status=status.status",
            "folder=folder.name",
            "space=space.name",
        ],
    );
    if let Some(lists) = c.get("lists").filter(|l| l.is_array())
        && let Some(m) = v.as_object_mut()
    {
        m.insert(
            "lists".into(),
            map_array(lists, |l| json!({"id": l["id"], "name": l["name"]})),
        );
    }
    if let Some(statuses) = c.get("statuses").filter(|s| s.is_array())
        && let Some(m) = v.as_object_mut()
    {
        m.insert("statuses".into(), pluck(c, "statuses", "status"));
        let _ = statuses;
    }
    v
}
