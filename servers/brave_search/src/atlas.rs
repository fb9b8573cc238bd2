//! The MCP-Atlas view (`--profile atlas`, Klavis's `brave_search_atlas`, a copy of the archived
//! reference server `@modelcontextprotocol/server-brave-search` 0.6.2): `brave_web_search` and
//! `brave_local_search` with that server's parameters, answering in its text blocks, on the
//! requests of our web search (`/web/search`) and Brave's place endpoints (`/local/pois`,
//! `/local/descriptions`).

use mcp_shared::json::at;
use mcp_shared::{Ctx, Effect, Int, Method, Profile, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::api::clean;
use crate::search::{Query, check, get};

/// Brave's largest web page of results, and the most place ids its place endpoints take.
const MAX_COUNT: u64 = 20;
/// Brave's largest page index.
const MAX_OFFSET: u64 = 9;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("brave_web_search", "Web search", Effect::Read, web_search)
            .toolset("search")
            .only_in(&[Profile::Atlas]),
        tool(
            "brave_local_search",
            "Local search",
            Effect::Read,
            local_search,
        )
        .toolset("search")
        .only_in(&[Profile::Atlas]),
    ]
}

/// Search the web with Brave (general queries, news, articles): one text block per result,
/// `Title: ...`, `Description: ...`, `URL: ...`, separated by blank lines. Up to 20 results a
/// page; `offset` is the page index (0-9) for the next ones.
#[derive(Deserialize, JsonSchema)]
pub struct WebSearch {
    /// Search query (max 400 chars, 50 words)
    #[schemars(length(max = 400))]
    query: String,
    /// Number of results (1-20, default 10)
    #[schemars(extend("default" = 10))]
    count: Option<Int>,
    /// Page index (0-9, default 0)
    #[schemars(extend("default" = 0))]
    offset: Option<Int>,
}

/// Search for local businesses and places (restaurants, shops, services, "near me"): per place
/// its name, address, phone, rating and reviews, price range, opening hours and description,
/// places separated by `---`. Falls back to web search when Brave finds no place.
#[derive(Deserialize, JsonSchema)]
pub struct LocalSearch {
    /// Local search query (e.g. 'pizza near Central Park')
    #[schemars(length(max = 400))]
    query: String,
    /// Number of results (1-20, default 5)
    #[schemars(extend("default" = 5))]
    count: Option<Int>,
}

/// `count`, or its default, within Brave's 1-20 (that server caps it the same way).
fn count(n: Option<Int>, default: u64) -> u32 {
    // At most 20: the cast cannot truncate.
    n.map_or(default, Int::get).clamp(1, MAX_COUNT) as u32
}

async fn web_search(ctx: Ctx, a: WebSearch) -> Result<String, ToolError> {
    let offset = match a.offset.map(Int::get) {
        Some(o) if o > MAX_OFFSET => {
            return Err(ToolError::invalid_input(format!(
                "`offset` is a page index from 0 to {MAX_OFFSET} (got {o}); Brave serves no further pages"
            )));
        }
        // At most 9: the cast cannot truncate.
        o => o.map(|o| o as u32),
    };
    let count = check(&a.query, Some(count(a.count, 10)), MAX_COUNT as u32, offset)?;
    web_text(&ctx, &a.query, count, offset).await
}

/// A web search as text blocks.
async fn web_text(
    ctx: &Ctx,
    query: &str,
    count: u32,
    offset: Option<u32>,
) -> Result<String, ToolError> {
    let v = get(
        ctx,
        "/web/search",
        Query {
            q: query,
            count,
            offset,
            ..Query::default()
        },
    )
    .await?;
    let text = |r: &Value, k: &str| {
        r.get(k)
            .and_then(Value::as_str)
            .map(clean)
            .unwrap_or_default()
    };
    let blocks: Vec<String> = list(&v, "web.results")
        .iter()
        .map(|r| {
            format!(
                "Title: {}\nDescription: {}\nURL: {}",
                text(r, "title"),
                text(r, "description"),
                r.get("url").and_then(Value::as_str).unwrap_or_default()
            )
        })
        .collect();
    if blocks.is_empty() {
        return Ok("No web results found.".to_owned());
    }
    Ok(blocks.join("\n\n"))
}

fn list<'a>(v: &'a Value, path: &str) -> &'a [Value] {
    at(v, path)
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
}

async fn local_search(ctx: Ctx, a: LocalSearch) -> Result<String, ToolError> {
    let count = check(&a.query, Some(count(a.count, 5)), MAX_COUNT as u32, None)?;
    let v = get(
        &ctx,
        "/web/search",
        Query {
            q: &a.query,
            count,
            search_lang: Some("en"),
            result_filter: Some("locations"),
            ..Query::default()
        },
    )
    .await?;
    let ids: Vec<&str> = list(&v, "locations.results")
        .iter()
        .filter_map(|r| r.get("id").and_then(Value::as_str))
        .filter(|id| !id.trim().is_empty())
        .take(MAX_COUNT as usize)
        .collect();
    if ids.is_empty() {
        let web = web_text(&ctx, &a.query, count, None).await?;
        return Ok(format!("No local results found; web results:\n\n{web}"));
    }
    let pois = match places(&ctx, "/local/pois", &ids).await {
        Ok(p) => p,
        // A plan without Brave's place data: web results stand in, as when none are found.
        Err(e)
            if e.status
                .is_some_and(|s| (400..500).contains(&s) && s != 429) =>
        {
            let web = web_text(&ctx, &a.query, count, None).await?;
            return Ok(format!(
                "Brave gave no place details ({e}); web results:\n\n{web}"
            ));
        }
        Err(e) => return Err(e),
    };
    // The descriptions are extra: places without them still answer.
    let descriptions = places(&ctx, "/local/descriptions", &ids)
        .await
        .unwrap_or(Value::Null);
    let blocks: Vec<String> = list(&pois, "results")
        .iter()
        .map(|p| place(p, &descriptions))
        .collect();
    if blocks.is_empty() {
        return Ok("No local results found".to_owned());
    }
    Ok(blocks.join("\n---\n"))
}

/// `GET path?ids=a&ids=b...` (Brave's place endpoints).
async fn places(ctx: &Ctx, path: &str, ids: &[&str]) -> Result<Value, ToolError> {
    let mut req = ctx.authorized(Method::GET, path)?;
    for id in ids {
        req = req.query("ids", id);
    }
    req.send_json().await
}

/// The first of these paths that holds a non-empty string (or a number).
fn first(v: &Value, paths: &[&str]) -> Option<String> {
    paths.iter().find_map(|p| match at(v, p) {
        Some(Value::String(s)) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    })
}

/// One place as that server prints it. Brave's place object (`title`, `postal_address`,
/// `contact.telephone`, `rating.reviewCount`, `opening_hours`, `price_range`) is read, and the
/// names that server expected (`name`, `address`, `phone`, `rating.ratingCount`,
/// `openingHours`, `priceRange`) where Brave's are absent.
fn place(p: &Value, descriptions: &Value) -> String {
    let na = || "N/A".to_owned();
    let address_of = |a: Option<&Value>| {
        let a = a?;
        let parts: Vec<String> = [
            "streetAddress",
            "addressLocality",
            "addressRegion",
            "postalCode",
        ]
        .iter()
        .filter_map(|k| first(a, &[*k]))
        .collect();
        if parts.is_empty() {
            first(a, &["displayAddress"])
        } else {
            Some(parts.join(", "))
        }
    };
    let address = address_of(p.get("postal_address"))
        .or_else(|| address_of(p.get("address")))
        .unwrap_or_else(na);
    let id = p.get("id").and_then(Value::as_str).unwrap_or_default();
    let description =
        description(descriptions, id).unwrap_or_else(|| "No description available".to_owned());
    format!(
        "Name: {}\nAddress: {address}\nPhone: {}\nRating: {} ({} reviews)\nPrice Range: {}\nHours: {}\nDescription: {description}\n",
        first(p, &["title", "name"]).unwrap_or_else(na),
        first(p, &["contact.telephone", "phone"]).unwrap_or_else(na),
        first(p, &["rating.ratingValue"]).unwrap_or_else(na),
        first(p, &["rating.reviewCount", "rating.ratingCount"]).unwrap_or_else(|| "0".to_owned()),
        first(p, &["price_range", "priceRange"]).unwrap_or_else(na),
        hours(p).unwrap_or_else(na),
    )
}

/// Opening hours: Brave's `opening_hours` (each day of the week, else today) as
/// `Mon 07:00-21:00`, or a list of strings.
fn hours(p: &Value) -> Option<String> {
    let day = |d: &Value| {
        let name = first(d, &["abbr_name", "full_name"])?;
        match (first(d, &["opens"]), first(d, &["closes"])) {
            (Some(o), Some(c)) => Some(format!("{name} {o}-{c}")),
            _ => Some(name),
        }
    };
    let oh = p.get("opening_hours");
    let days: Vec<String> = oh
        .and_then(|o| o.get("days"))
        .and_then(Value::as_array)
        .map(|week| {
            week.iter()
                .flat_map(|d| d.as_array().map(Vec::as_slice).unwrap_or_default())
                .filter_map(day)
                .collect()
        })
        .unwrap_or_default();
    let days = if days.is_empty() {
        list(oh.unwrap_or(&Value::Null), "current_day")
            .iter()
            .filter_map(day)
            .collect()
    } else {
        days
    };
    let days = if days.is_empty() {
        list(p, "openingHours")
            .iter()
            .filter_map(|h| h.as_str().map(str::to_owned))
            .collect()
    } else {
        days
    };
    (!days.is_empty()).then(|| days.join(", "))
}

/// A place's description: Brave's `results[]` by id, or a map of id to text.
fn description(descriptions: &Value, id: &str) -> Option<String> {
    list(descriptions, "results")
        .iter()
        .find(|d| d.get("id").and_then(Value::as_str) == Some(id))
        .and_then(|d| first(d, &["description"]))
        .or_else(|| {
            descriptions
                .get("descriptions")
                .and_then(|m| m.get(id))
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .filter(|d| !d.trim().is_empty())
}
