//! Posts: comments of a post (`/r/{sub}/comments/{id}`), submitting (`/api/submit`),
//! commenting (`/api/comment`), voting (`/api/vote`) and the user's own posts
//! (`/api/v1/me`, then `/user/{name}/submitted`).

use mcp_shared::json::{at, enum_str, pick};
use mcp_shared::{Ctx, Effect, ErrorKind, Method, ToolDef, ToolError, non_empty, seg, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{self, Grant, cap, json_data, listing, post};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "reddit_get_post_comments",
            "Get a post and its comments",
            Effect::Read,
            comments,
        )
        .toolset("posts"),
        tool(
            "reddit_create_post",
            "Create a text post",
            Effect::Write,
            create_post,
        )
        .toolset("posts"),
        tool(
            "reddit_create_comment",
            "Comment on a post",
            Effect::Write,
            create_comment,
        )
        .toolset("posts"),
        tool(
            "reddit_upvote",
            "Upvote a post",
            Effect::IdempotentWrite,
            upvote,
        )
        .toolset("posts"),
        tool(
            "reddit_get_user_posts",
            "List my posts",
            Effect::Read,
            user_posts,
        )
        .toolset("posts"),
    ]
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum CommentSort {
    Confidence,
    Top,
    New,
    Controversial,
    Old,
    Qa,
}

/// Get a post and its comment tree: each comment's id, author, body, score and replies.
#[derive(Deserialize, JsonSchema)]
pub struct GetComments {
    /// Post id (`1abc2d` or `t3_1abc2d`)
    post_id: String,
    /// Subreddit name, without r/
    subreddit: String,
    /// Most comments to return, default 20, at most 100
    limit: Option<u32>,
    /// Reply levels, default 3
    #[schemars(range(min = 1, max = 10))]
    depth: Option<u32>,
    /// Default confidence (best)
    sort: Option<CommentSort>,
}

fn comment(d: &Value) -> Value {
    let mut out = pick(d, &["id", "author", "score", "created_utc"]);
    if let Some(m) = out.as_object_mut() {
        if let Some(b) = at(d, "body").and_then(Value::as_str) {
            m.insert("body".into(), cap(b));
        }
        let replies = comment_list(d.get("replies").unwrap_or(&Value::Null));
        if !replies.is_empty() {
            m.insert("replies".into(), Value::Array(replies));
        }
    }
    out
}

/// The comments of a `Listing` of `t1` things (an empty string when there are none); the
/// `more` stubs become a count of comments not loaded.
fn comment_list(v: &Value) -> Vec<Value> {
    let mut out = Vec::new();
    let mut more = 0u64;
    for c in at(v, "data.children")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
    {
        match c.get("kind").and_then(Value::as_str) {
            Some("t1") => out.push(comment(c.get("data").unwrap_or(&Value::Null))),
            Some("more") => more += at(c, "data.count").and_then(Value::as_u64).unwrap_or(0),
            _ => {}
        }
    }
    if more > 0 {
        out.push(json!({ "more_comments": more }));
    }
    out
}

async fn comments(ctx: Ctx, a: GetComments) -> Result<Value, ToolError> {
    let id = api::post_id(&a.post_id)?;
    let sub = api::subreddit(&a.subreddit)?;
    let v: Value = api::request(
        &ctx,
        Method::GET,
        &format!("/r/{}/comments/{}", seg(&sub), seg(&id)),
        Grant::App,
    )
    .await?
    .query("limit", api::limit(a.limit, 20)?)
    .query("depth", a.depth.unwrap_or(3).clamp(1, 10))
    .query_opt("sort", a.sort.as_ref().map(enum_str))
    .send_json()
    .await?;
    let Some([p, c]) = v
        .as_array()
        .map(Vec::as_slice)
        .and_then(|s| <&[Value; 2]>::try_from(s).ok())
    else {
        return Err(ToolError::transport(
            "Reddit answered the comments request with an unexpected shape (expected [post, comments] listings).",
        ));
    };
    let post = at(p, "data.children.0.data")
        .map(post)
        .unwrap_or(Value::Null);
    Ok(json!({ "post": post, "comments": comment_list(c) }))
}

/// Submit a text (self) post to a subreddit as the user. Returns its id, fullname and URL.
#[derive(Deserialize, JsonSchema)]
pub struct CreatePost {
    /// Subreddit name, without r/
    subreddit: String,
    /// At most 300 characters
    title: String,
    /// Body, markdown
    text: String,
}

async fn create_post(ctx: Ctx, a: CreatePost) -> Result<Value, ToolError> {
    let sub = api::subreddit(&a.subreddit)?;
    let title = non_empty(&a.title, "title")?;
    if title.chars().count() > 300 {
        return Err(ToolError::invalid_input(
            "`title` must be at most 300 characters (Reddit's limit).",
        ));
    }
    let form = vec![
        ("api_type".into(), "json".into()),
        ("kind".into(), "self".into()),
        ("sr".into(), sub),
        ("title".into(), title.to_owned()),
        ("text".into(), a.text),
    ];
    let v: Value = api::request(&ctx, Method::POST, "/api/submit", Grant::User)
        .await?
        .form(form)
        .send_json()
        .await?;
    let d = json_data(&v, "create the post")?;
    Ok(pick(&d, &["id", "name", "url"]))
}

/// Reply to a post as the user (markdown). Returns the comment's id and permalink.
#[derive(Deserialize, JsonSchema)]
pub struct CreateComment {
    /// Post id (`1abc2d` or `t3_1abc2d`); a comment's fullname (`t1_…`) replies to it
    post_id: String,
    text: String,
}

async fn create_comment(ctx: Ctx, a: CreateComment) -> Result<Value, ToolError> {
    let thing = match a.post_id.trim().strip_prefix("t1_") {
        Some(c) => format!("t1_{}", api::post_id(c)?),
        None => format!("t3_{}", api::post_id(&a.post_id)?),
    };
    let text = non_empty(&a.text, "text")?;
    let form = vec![
        ("api_type".into(), "json".into()),
        ("thing_id".into(), thing),
        ("text".into(), text.to_owned()),
    ];
    let v: Value = api::request(&ctx, Method::POST, "/api/comment", Grant::User)
        .await?
        .form(form)
        .send_json()
        .await?;
    let d = json_data(&v, "post the comment")?;
    let c = at(&d, "things.0.data").cloned().unwrap_or(Value::Null);
    let mut out = pick(&c, &["id", "name", "parent_id"]);
    if let (Some(m), Some(p)) = (
        out.as_object_mut(),
        at(&c, "permalink").and_then(Value::as_str),
    ) {
        m.insert(
            "permalink".into(),
            json!(format!("https://www.reddit.com{p}")),
        );
    }
    Ok(out)
}

/// Upvote a post as the user (voting again keeps the upvote).
#[derive(Deserialize, JsonSchema)]
pub struct Upvote {
    /// Post id (`1abc2d` or `t3_1abc2d`)
    post_id: String,
}

async fn upvote(ctx: Ctx, a: Upvote) -> Result<Value, ToolError> {
    let thing = format!("t3_{}", api::post_id(&a.post_id)?);
    let v: Value = api::request(&ctx, Method::POST, "/api/vote", Grant::User)
        .await?
        .form(vec![
            ("id".into(), thing.clone()),
            ("dir".into(), "1".into()),
        ])
        .idempotent(true)
        .send_json()
        .await?;
    json_data(&v, "vote")?;
    Ok(json!({ "upvoted": thing }))
}

/// List the posts the authenticated user submitted, newest first; `next_cursor` if more.
#[derive(Deserialize, JsonSchema)]
pub struct UserPosts {
    /// At most 100
    #[schemars(extend("default" = 25))]
    limit: Option<u32>,
    /// `next_cursor` of the previous page
    cursor: Option<String>,
}

async fn user_posts(ctx: Ctx, a: UserPosts) -> Result<Value, ToolError> {
    let limit = api::limit(a.limit, 25)?;
    let me: Value = api::request(&ctx, Method::GET, "/api/v1/me", Grant::User)
        .await?
        .send_json()
        .await?;
    let Some(name) = at(&me, "name").and_then(Value::as_str) else {
        return Err(ToolError::new(
            ErrorKind::MissingCredentials,
            "Reddit did not say which user this token belongs to (an app-only token has no user).",
        )
        .with_hint("send a user's access_token, or username and password with client_id and client_secret."));
    };
    let v: Value = api::request(
        &ctx,
        Method::GET,
        &format!("/user/{}/submitted", seg(name)),
        Grant::User,
    )
    .await?
    .query("limit", limit)
    .query_opt("after", a.cursor.as_deref())
    .send_json()
    .await?;
    let mut out = listing(&v, post);
    out["user"] = json!(name);
    Ok(out)
}
