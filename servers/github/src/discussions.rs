//! GitHub Discussions (the `discussions` toolset): list a repository's or an organization's
//! discussions, read one with its comments, list the categories. Discussions exist only in
//! GitHub's GraphQL API; each query is a named operation kept next to its tool.

use mcp_shared::json::{at, pick, pluck};
use mcp_shared::{Ctx, Effect, Int, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api;
use crate::lockdown;
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    let t = |d: ToolDef| d.toolset("discussions");
    vec![
        t(tool(
            "github_list_discussions",
            "List discussions",
            Effect::Read,
            list_discussions,
        )
        .github_name("list_discussions")),
        t(tool(
            "github_get_discussion",
            "Get discussion",
            Effect::Read,
            get_discussion,
        )
        .github_name("get_discussion")),
        t(tool(
            "github_get_discussion_comments",
            "Get discussion comments",
            Effect::Read,
            get_discussion_comments,
        )
        .github_name("get_discussion_comments")),
        t(tool(
            "github_list_discussion_categories",
            "List discussion categories",
            Effect::Read,
            list_discussion_categories,
        )
        .github_name("list_discussion_categories")),
    ]
}

/// Organization-level discussions live in the organization's `.github` repository.
const ORG_DISCUSSIONS_REPO: &str = ".github";

/// The repository to read, and whether it is the organization-level default.
fn repo_or_org(repo: Option<&str>) -> (&str, bool) {
    match repo.map(str::trim).filter(|r| !r.is_empty()) {
        Some(r) => (r, false),
        None => (ORG_DISCUSSIONS_REPO, true),
    }
}

/// Hints for GraphQL's NOT_FOUND on discussions.
fn not_found(org_level: bool) -> impl Fn(ToolError) -> ToolError {
    move |e: ToolError| {
        if e.code.as_deref() != Some("NOT_FOUND") {
            return e;
        }
        if org_level {
            e.with_hint(
                "without `repo`, an organization's discussions are read from its `.github` repository, which does not exist or the token cannot see; give `repo` for a repository's discussions.",
            )
        } else {
            e.with_hint(
                "the repository or discussion does not exist, the token cannot see it, or Discussions are not enabled for the repository.",
            )
        }
    }
}

/// GraphQL page size: `perPage` within 1..=100, 30 by default (GitHub's server's default).
fn first(per_page: Option<Int>) -> u64 {
    per_page.map_or(30, |p| p.get().clamp(1, 100))
}

/// The cursor of the next page, when there is one.
fn next_cursor(connection: &Value) -> Value {
    if at(connection, "pageInfo.hasNextPage") == Some(&Value::Bool(true)) {
        at(connection, "pageInfo.endCursor")
            .cloned()
            .unwrap_or(Value::Null)
    } else {
        Value::Null
    }
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
enum OrderField {
    CreatedAt,
    UpdatedAt,
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "UPPERCASE")]
enum Direction {
    Asc,
    Desc,
}

/// A repository's discussions, newest activity first unless `$orderBy` says otherwise.
const LIST_DISCUSSIONS: &str = "query ListDiscussions($owner: String!, $repo: String!, $first: Int!, $after: String, $categoryId: ID, $orderBy: DiscussionOrder = {field: UPDATED_AT, direction: DESC}) {
  repository(owner: $owner, name: $repo) {
    discussions(first: $first, after: $after, categoryId: $categoryId, orderBy: $orderBy) {
      totalCount
      pageInfo { hasNextPage endCursor }
      nodes {
        number
        title
        url
        createdAt
        updatedAt
        closed
        isAnswered
        author { login }
        category { name }
        comments { totalCount }
      }
    }
  }
}";

fn discussion_summary(d: &Value) -> Value {
    pick(
        d,
        &[
            "number",
            "title",
            "author=author.login",
            "category=category.name",
            "closed",
            "is_answered=isAnswered",
            "comments=comments.totalCount",
            "created_at=createdAt",
            "updated_at=updatedAt",
            "html_url=url",
        ],
    )
}

/// List the discussions of a repository, or, without `repo`, of an organization (from its
/// `.github` repository): number, title, author, category, closed and answered flags, comment
/// count, dates and URL. Filter by `category` (a category id from
/// list_discussion_categories); order by `orderBy` and `direction` (default: most recently
/// updated first). Returns `items`, `total_count` and `next_cursor` (pass it as `after`).
#[derive(Deserialize, JsonSchema)]
pub struct ListDiscussions {
    owner: String,
    /// Repository name; without it, the organization's discussions (its `.github` repository)
    repo: Option<String>,
    /// Only discussions of this category: the category's id (list_discussion_categories)
    category: Option<String>,
    /// Order by creation or last update (default UPDATED_AT)
    #[serde(rename = "orderBy")]
    order_by: Option<OrderField>,
    /// Order direction (default DESC)
    direction: Option<Direction>,
    /// Max 100, default 30
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
    after: Option<String>,
}

async fn list_discussions(ctx: Ctx, a: ListDiscussions) -> Result<Value, ToolError> {
    let (repo, org_level) = repo_or_org(a.repo.as_deref());
    let mut vars = Map::new();
    vars.insert("owner".into(), json!(a.owner));
    vars.insert("repo".into(), json!(repo));
    vars.insert("first".into(), json!(first(a.per_page)));
    if let Some(after) = a.after.filter(|s| !s.trim().is_empty()) {
        vars.insert("after".into(), json!(after));
    }
    if let Some(c) = a.category.filter(|s| !s.trim().is_empty()) {
        vars.insert("categoryId".into(), json!(c));
    }
    if a.order_by.is_some() || a.direction.is_some() {
        vars.insert(
            "orderBy".into(),
            json!({
                "field": a.order_by.unwrap_or(OrderField::UpdatedAt),
                "direction": a.direction.unwrap_or(Direction::Desc),
            }),
        );
    }
    let data = api::graphql(
        &ctx,
        "ListDiscussions",
        LIST_DISCUSSIONS,
        Value::Object(vars),
    )
    .await
    .map_err(not_found(org_level))?;
    let conn = &data["repository"]["discussions"];
    let mut out = json!({
        "owner": a.owner,
        "repo": repo,
        "items": api::each(&conn["nodes"], discussion_summary),
        "total_count": conn["totalCount"],
        "next_cursor": next_cursor(conn),
    });
    lockdown::filter_page(&ctx, &a.owner, repo, &mut out, "author").await;
    Ok(out)
}

/// One discussion with its body.
const GET_DISCUSSION: &str = "query GetDiscussion($owner: String!, $repo: String!, $number: Int!) {
  repository(owner: $owner, name: $repo) {
    discussion(number: $number) {
      number
      title
      body
      url
      createdAt
      updatedAt
      closed
      closedAt
      isAnswered
      answerChosenAt
      locked
      upvoteCount
      author { login }
      category { id name }
      comments { totalCount }
      labels(first: 20) { nodes { name } }
    }
  }
}";

/// Get a discussion of a repository by its number: title, body, author, category, closed
/// and answered state, labels, comment and upvote counts, dates and URL.
#[derive(Deserialize, JsonSchema)]
pub struct GetDiscussion {
    owner: String,
    repo: String,
    /// Discussion number
    #[serde(rename = "discussionNumber")]
    discussion_number: Int,
}

async fn get_discussion(ctx: Ctx, a: GetDiscussion) -> Result<Value, ToolError> {
    let vars = json!({ "owner": a.owner, "repo": a.repo, "number": a.discussion_number.get() });
    let data = api::graphql(&ctx, "GetDiscussion", GET_DISCUSSION, vars)
        .await
        .map_err(not_found(false))?;
    let Some(d) = at(&data, "repository.discussion") else {
        return Err(ToolError::invalid_input(format!(
            "{}/{} has no discussion #{}",
            a.owner, a.repo, a.discussion_number
        )));
    };
    let what = format!(
        "Discussion #{} of {}/{}",
        a.discussion_number, a.owner, a.repo
    );
    lockdown::require(
        &ctx,
        &a.owner,
        &a.repo,
        at(d, "author.login").and_then(Value::as_str),
        &what,
    )
    .await?;
    let mut o = pick(
        d,
        &[
            "number",
            "title",
            "body",
            "author=author.login",
            "category=category.name",
            "category_id=category.id",
            "closed",
            "closed_at=closedAt",
            "is_answered=isAnswered",
            "answer_chosen_at=answerChosenAt",
            "locked",
            "upvotes=upvoteCount",
            "comments=comments.totalCount",
            "created_at=createdAt",
            "updated_at=updatedAt",
            "html_url=url",
        ],
    );
    o["labels"] = pluck(d, "labels.nodes", "name");
    Ok(o)
}

/// A page of a discussion's top-level comments.
const GET_DISCUSSION_COMMENTS: &str = "query GetDiscussionComments($owner: String!, $repo: String!, $number: Int!, $first: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    discussion(number: $number) {
      comments(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage endCursor }
        nodes {
          id
          body
          url
          createdAt
          isAnswer
          upvoteCount
          author { login }
          replies { totalCount }
        }
      }
    }
  }
}";

fn discussion_comment(c: &Value) -> Value {
    pick(
        c,
        &[
            "id",
            "author=author.login",
            "body",
            "is_answer=isAnswer",
            "upvotes=upvoteCount",
            "replies=replies.totalCount",
            "created_at=createdAt",
            "html_url=url",
        ],
    )
}

/// Get the top-level comments of a discussion, oldest first: node id, author, body, whether
/// it is the chosen answer, upvote and reply counts, date and URL. Returns `items`,
/// `total_count` and `next_cursor` (pass it as `after`).
#[derive(Deserialize, JsonSchema)]
pub struct GetDiscussionComments {
    owner: String,
    repo: String,
    /// Discussion number
    #[serde(rename = "discussionNumber")]
    discussion_number: Int,
    /// Max 100, default 30
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
    after: Option<String>,
}

async fn get_discussion_comments(ctx: Ctx, a: GetDiscussionComments) -> Result<Value, ToolError> {
    let mut vars = Map::new();
    vars.insert("owner".into(), json!(a.owner));
    vars.insert("repo".into(), json!(a.repo));
    vars.insert("number".into(), json!(a.discussion_number.get()));
    vars.insert("first".into(), json!(first(a.per_page)));
    if let Some(after) = a.after.filter(|s| !s.trim().is_empty()) {
        vars.insert("after".into(), json!(after));
    }
    let data = api::graphql(
        &ctx,
        "GetDiscussionComments",
        GET_DISCUSSION_COMMENTS,
        Value::Object(vars),
    )
    .await
    .map_err(not_found(false))?;
    let Some(conn) = at(&data, "repository.discussion.comments") else {
        return Err(ToolError::invalid_input(format!(
            "{}/{} has no discussion #{}",
            a.owner, a.repo, a.discussion_number
        )));
    };
    let mut out = json!({
        "items": api::each(&conn["nodes"], discussion_comment),
        "total_count": conn["totalCount"],
        "next_cursor": next_cursor(conn),
    });
    lockdown::filter_page(&ctx, &a.owner, &a.repo, &mut out, "author").await;
    Ok(out)
}

/// A repository's discussion categories (GitHub allows at most 25 per repository).
const LIST_DISCUSSION_CATEGORIES: &str =
    "query ListDiscussionCategories($owner: String!, $repo: String!) {
  repository(owner: $owner, name: $repo) {
    discussionCategories(first: 100) {
      totalCount
      nodes { id name slug emoji description isAnswerable }
    }
  }
}";

/// List the discussion categories of a repository, or, without `repo`, of an organization
/// (its `.github` repository): id (what list_discussions' `category` takes), name, slug,
/// emoji, description and whether answers can be marked.
#[derive(Deserialize, JsonSchema)]
pub struct ListDiscussionCategories {
    owner: String,
    /// Repository name; without it, the organization's categories (its `.github` repository)
    repo: Option<String>,
}

async fn list_discussion_categories(
    ctx: Ctx,
    a: ListDiscussionCategories,
) -> Result<Value, ToolError> {
    let (repo, org_level) = repo_or_org(a.repo.as_deref());
    let vars = json!({ "owner": a.owner, "repo": repo });
    let data = api::graphql(
        &ctx,
        "ListDiscussionCategories",
        LIST_DISCUSSION_CATEGORIES,
        vars,
    )
    .await
    .map_err(not_found(org_level))?;
    let conn = &data["repository"]["discussionCategories"];
    let items = api::each(&conn["nodes"], |c| {
        pick(
            c,
            &[
                "id",
                "name",
                "slug",
                "emoji",
                "description",
                "is_answerable=isAnswerable",
            ],
        )
    });
    Ok(json!({
        "owner": a.owner,
        "repo": repo,
        "items": items,
        "total_count": conn["totalCount"],
    }))
}
