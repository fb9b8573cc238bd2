//! Posts on the member's feed: `POST /rest/posts` (Posts API, with `LinkedIn-Version`; the
//! new post's URN comes back in the `x-restli-id` header), and a local formatter.

use crate::api::{escape_little, hashtag, opt, rest};
use crate::profile::{person_id, userinfo};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, non_empty, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

/// LinkedIn's limit for a post's commentary, in characters.
const MAX_COMMENTARY: usize = 3000;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "linkedin_create_post",
            "Create post",
            Effect::Write,
            create_post,
        )
        .toolset("posts"),
        tool(
            "linkedin_format_rich_post",
            "Format rich post",
            Effect::Read,
            format_rich_post,
        )
        .toolset("posts"),
        tool(
            "linkedin_create_url_share",
            "Share URL",
            Effect::Write,
            create_url_share,
        )
        .toolset("posts"),
    ]
}

// Who can see the post.
#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy, Default)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Visibility {
    #[default]
    #[serde(alias = "public")]
    Public,
    #[serde(alias = "connections")]
    Connections,
    #[serde(alias = "logged_in")]
    LoggedIn,
}

impl Visibility {
    fn as_str(self) -> &'static str {
        match self {
            Visibility::Public => "PUBLIC",
            Visibility::Connections => "CONNECTIONS",
            Visibility::LoggedIn => "LOGGED_IN",
        }
    }
}

/// The commentary: the caller's text escaped for the little format, hashtags appended.
fn commentary(
    title: Option<&str>,
    text: &str,
    hashtags: &[String],
) -> Result<(String, usize), ToolError> {
    let mut plain = String::new();
    if let Some(t) = title {
        plain.push_str(t);
        plain.push_str("\n\n");
    }
    plain.push_str(text);
    let mut out = escape_little(&plain);
    let tags: Vec<String> = hashtags.iter().filter_map(|t| hashtag(t)).collect();
    if !tags.is_empty() {
        let joined = tags.join(" ");
        plain.push_str("\n\n");
        plain.push_str(&joined);
        out.push_str("\n\n");
        out.push_str(&joined);
    }
    let n = plain.chars().count();
    if n > MAX_COMMENTARY {
        return Err(ToolError::invalid_input(format!(
            "the post text is {n} characters; LinkedIn allows at most {MAX_COMMENTARY}"
        )));
    }
    Ok((out, n))
}

/// Create the post and return its URN (from `x-restli-id`) and feed URL.
async fn publish(
    ctx: &Ctx,
    commentary: String,
    visibility: Visibility,
    content: Option<Value>,
) -> Result<Value, ToolError> {
    let info = userinfo(ctx).await?;
    let author = format!("urn:li:person:{}", person_id(&info)?);
    let mut body = Map::new();
    body.insert("author".into(), json!(author));
    body.insert("commentary".into(), json!(commentary));
    body.insert("visibility".into(), json!(visibility.as_str()));
    body.insert(
        "distribution".into(),
        json!({"feedDistribution": "MAIN_FEED", "targetEntities": [], "thirdPartyDistributionChannels": []}),
    );
    if let Some(c) = content {
        body.insert("content".into(), c);
    }
    body.insert("lifecycleState".into(), json!("PUBLISHED"));
    body.insert("isReshareDisabledByAuthor".into(), json!(false));
    let resp = rest(ctx, Method::POST, "/posts")?
        .json(&body)
        .send()
        .await?;
    let id = resp
        .header("x-restli-id")
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned);
    Ok(json!({
        "id": id,
        "url": id.as_ref().map(|i| format!("https://www.linkedin.com/feed/update/{i}/")),
        "author": author,
        "visibility": visibility.as_str(),
    }))
}

/// Publish a text post on the member's feed (needs `w_member_social`). Plain text: reserved
/// characters are escaped so they show as typed; `#word` stays a hashtag. Returns the post's
/// URN (`id`) and URL.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePost {
    /// At most 3000 characters with title and hashtags
    text: String,
    /// First line, above the text
    title: Option<String>,
    /// Appended as `#tag` (letters and digits)
    hashtags: Option<Vec<String>>,
    #[serde(default)]
    visibility: Visibility,
}

async fn create_post(ctx: Ctx, a: CreatePost) -> Result<Value, ToolError> {
    let text = non_empty(&a.text, "text")?;
    let (c, n) = commentary(opt(&a.title), text, a.hashtags.as_deref().unwrap_or(&[]))?;
    let mut v = publish(&ctx, c, a.visibility, None).await?;
    if let Some(m) = v.as_object_mut() {
        m.insert("character_count".into(), json!(n));
    }
    Ok(v)
}

/// Share a link on the member's feed with the text above it (needs `w_member_social`).
/// LinkedIn does not scrape the page: the card shows `title` (default: the URL) and
/// `description`. Returns the post's URN (`id`) and URL.
#[derive(Deserialize, JsonSchema)]
pub struct CreateUrlShare {
    /// http(s) URL to share
    url: String,
    text: String,
    /// Title of the link card
    title: Option<String>,
    /// Description of the link card
    description: Option<String>,
    #[serde(default)]
    visibility: Visibility,
}

async fn create_url_share(ctx: Ctx, a: CreateUrlShare) -> Result<Value, ToolError> {
    let url = non_empty(&a.url, "url")?;
    if !(url.starts_with("https://") || url.starts_with("http://")) || url.contains(' ') {
        return Err(ToolError::invalid_input(format!(
            "url must be an http(s) URL (got {url:?})"
        )));
    }
    let text = non_empty(&a.text, "text")?;
    let (c, _) = commentary(None, text, &[])?;
    let mut article = Map::new();
    article.insert("source".into(), json!(url));
    article.insert("title".into(), json!(opt(&a.title).unwrap_or(url)));
    mcp_shared::json::insert_opt(&mut article, "description", opt(&a.description));
    let content = json!({ "article": article });
    let mut v = publish(&ctx, c, a.visibility, Some(content)).await?;
    if let Some(m) = v.as_object_mut() {
        m.insert("shared_url".into(), json!(url));
    }
    Ok(v)
}

/// Format post text locally (no LinkedIn call): bold/italic phrases as Unicode letters
/// (LinkedIn shows no Markdown), lists, mentions and hashtags appended. Returns
/// `formatted_text` for linkedin_create_post.
#[derive(Deserialize, JsonSchema)]
pub struct FormatRichPost {
    text: String,
    /// Phrases of `text` to make bold
    bold_text: Option<Vec<String>>,
    /// Phrases of `text` to make italic
    italic_text: Option<Vec<String>>,
    bullet_points: Option<Vec<String>>,
    numbered_list: Option<Vec<String>>,
    hashtags: Option<Vec<String>>,
    /// Names appended as `@name` (plain text: LinkedIn mentions need a member URN)
    mentions: Option<Vec<String>>,
}

/// `c` in Unicode Mathematical Sans-Serif Bold (`bold`) or Italic.
fn styled(c: char, bold: bool) -> char {
    let (upper, lower, digit) = if bold {
        (0x1D5D4, 0x1D5EE, Some(0x1D7EC))
    } else {
        (0x1D608, 0x1D622, None)
    };
    let code = match c {
        'A'..='Z' => upper + (c as u32 - 'A' as u32),
        'a'..='z' => lower + (c as u32 - 'a' as u32),
        '0'..='9' => match digit {
            Some(d) => d + (c as u32 - '0' as u32),
            None => return c,
        },
        _ => return c,
    };
    char::from_u32(code).unwrap_or(c)
}

fn style(s: &str, bold: bool) -> String {
    s.chars().map(|c| styled(c, bold)).collect()
}

async fn format_rich_post(_ctx: Ctx, a: FormatRichPost) -> Result<Value, ToolError> {
    let mut out = non_empty(&a.text, "text")?.to_owned();
    let mut applied = |phrases: &Option<Vec<String>>, bold: bool| -> usize {
        let mut n = 0;
        for p in phrases.iter().flatten().filter(|p| !p.trim().is_empty()) {
            if out.contains(p.as_str()) {
                out = out.replace(p.as_str(), &style(p, bold));
                n += 1;
            }
        }
        n
    };
    let bold = applied(&a.bold_text, true);
    let italic = applied(&a.italic_text, false);
    let list = |items: &Option<Vec<String>>| -> Vec<String> {
        items
            .iter()
            .flatten()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty())
            .collect()
    };
    let bullets = list(&a.bullet_points);
    if !bullets.is_empty() {
        out.push_str("\n\n");
        out.push_str(
            &bullets
                .iter()
                .map(|b| format!("• {b}"))
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    let numbered = list(&a.numbered_list);
    if !numbered.is_empty() {
        out.push_str("\n\n");
        out.push_str(
            &numbered
                .iter()
                .enumerate()
                .map(|(i, b)| format!("{}. {b}", i + 1))
                .collect::<Vec<_>>()
                .join("\n"),
        );
    }
    let mentions: Vec<String> = list(&a.mentions)
        .iter()
        .map(|m| format!("@{}", m.trim_start_matches('@')))
        .collect();
    if !mentions.is_empty() {
        out.push_str("\n\n");
        out.push_str(&mentions.join(" "));
    }
    let tags: Vec<String> = a
        .hashtags
        .iter()
        .flatten()
        .filter_map(|t| hashtag(t))
        .collect();
    if !tags.is_empty() {
        out.push_str("\n\n");
        out.push_str(&tags.join(" "));
    }
    let count = out.chars().count();
    Ok(json!({
        "formatted_text": out,
        "character_count": count,
        "within_limit": count <= MAX_COMMENTARY,
        "formatting_applied": {
            "bold": bold, "italic": italic, "bullet_points": bullets.len(),
            "numbered_items": numbered.len(), "mentions": mentions.len(), "hashtags": tags.len()
        }
    }))
}
