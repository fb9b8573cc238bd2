//! SerpApi helpers: credential fields, the error body, the search request and the concise
//! job shape.

use mcp_shared::json::{at, pick};
use mcp_shared::{Ctx, Method, ToolError};
use serde_json::{Value, json};

/// Credential fields that may carry the SerpApi key (Klavis reads `token`, then `api_key`;
/// a bare token in `AUTH_DATA` or a Bearer header arrives as `access_token`).
pub const KEY_FIELDS: &[&str] = &["token", "api_key", "access_token"];

/// SerpApi's error body: `{"error": "..."}`.
pub static ERRORS: mcp_shared::ErrorShape = mcp_shared::ErrorShape {
    message: &["/error"],
    status_hints: &[
        (
            401,
            "the SerpApi key was refused: check it at serpapi.com/manage-api-key.",
        ),
        (
            429,
            "the SerpApi plan's searches or hourly throughput are used up: wait, or upgrade the plan.",
        ),
    ],
    ..mcp_shared::ErrorShape::NONE
};

/// SerpApi's answer when Google has nothing for a query: not a failure.
fn is_no_results(msg: &str) -> bool {
    msg.contains("hasn't returned any results")
}

/// `GET /search.json` with these parameters (the key is added by the spec's auth). A 200
/// whose body or metadata says error is a tool error, except "no results".
pub async fn search(ctx: &Ctx, params: &[(&str, String)]) -> Result<Value, ToolError> {
    let mut req = ctx.authorized(Method::GET, "/search.json")?;
    for (k, v) in params {
        req = req.query(k, v);
    }
    let v: Value = req.send_json().await?;
    let err = at(&v, "error").and_then(Value::as_str);
    match err {
        Some(m) if is_no_results(m) => Ok(json!({})),
        Some(m) => Err(ToolError::transport(format!("SerpApi error: {m}"))),
        None if at(&v, "search_metadata.status").and_then(Value::as_str) == Some("Error") => Err(
            ToolError::transport("SerpApi reported an error for this search; retry it later"),
        ),
        None => Ok(v),
    }
}

/// Snippet length of a job description in search results.
const SNIPPET_CHARS: usize = 300;

fn snippet(s: &str) -> String {
    let s = s.trim();
    match s.char_indices().nth(SNIPPET_CHARS) {
        Some((i, _)) => format!("{}…", s.get(..i).unwrap_or_default().trim_end()),
        None => s.to_owned(),
    }
}

/// One job, concise.
pub fn job(j: &Value) -> Value {
    let mut out = pick(
        j,
        &[
            "job_id",
            "title",
            "company=company_name",
            "location",
            "via",
            "posted_at=detected_extensions.posted_at",
            "schedule_type=detected_extensions.schedule_type",
            "salary=detected_extensions.salary",
            "work_from_home=detected_extensions.work_from_home",
        ],
    );
    if let Some(d) = at(j, "description").and_then(Value::as_str) {
        out["snippet"] = json!(snippet(d));
    }
    if let Some(l) = at(j, "apply_options.0.link").or_else(|| at(j, "share_link")) {
        out["apply_link"] = l.clone();
    }
    out
}

/// Age in days of a `posted_at` such as "3 days ago", "5 hours ago", "2 weeks ago".
pub fn age_days(posted: &str) -> Option<f64> {
    let p = posted.to_lowercase();
    let mut words = p.split_whitespace();
    let n: f64 = match words.next()? {
        "a" | "an" => 1.0,
        w => w.trim_end_matches('+').parse().ok()?,
    };
    let unit = words.next()?;
    let days = if unit.starts_with("minute") || unit.starts_with("hour") {
        0.0
    } else if unit.starts_with("day") {
        n
    } else if unit.starts_with("week") {
        n * 7.0
    } else if unit.starts_with("month") {
        n * 30.0
    } else if unit.starts_with("year") {
        n * 365.0
    } else {
        return None;
    };
    Some(days)
}

/// The top of a salary such as "100K–150K a year" or "25–30 an hour", per year.
pub fn salary_top(s: &str) -> Option<f64> {
    let lower = s.to_lowercase();
    let mut best: Option<f64> = None;
    let chars: Vec<char> = lower.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i].is_ascii_digit() {
            let mut num = String::new();
            while i < chars.len()
                && (chars[i].is_ascii_digit() || chars[i] == '.' || chars[i] == ',')
            {
                if chars[i] != ',' {
                    num.push(chars[i]);
                }
                i += 1;
            }
            let mut v: f64 = num.parse().unwrap_or(0.0);
            if i < chars.len() && chars[i] == 'k' {
                v *= 1000.0;
            }
            best = Some(best.map_or(v, |b: f64| b.max(v)));
        } else {
            i += 1;
        }
    }
    let per_year = if lower.contains("hour") {
        2080.0
    } else if lower.contains("month") {
        12.0
    } else if lower.contains("week") {
        52.0
    } else {
        1.0
    };
    best.filter(|b| *b > 0.0).map(|b| b * per_year)
}
