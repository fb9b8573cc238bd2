//! Who the token acts as, user search, and who starred a repository.

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Effect, Int, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::{self, each, page_of, paged, repo_path};
use crate::issues::Order;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("github_get_me", "Get my GitHub user", Effect::Read, get_me)
            .toolset("context")
            .official_name("get_me"),
        tool(
            "github_get_teams",
            "Get teams of a user",
            Effect::Read,
            get_teams,
        )
        .toolset("context")
        .official_name("get_teams"),
        tool(
            "github_get_team_members",
            "Get team members",
            Effect::Read,
            get_team_members,
        )
        .toolset("context")
        .official_name("get_team_members"),
        tool(
            "github_search_users",
            "Search users",
            Effect::Read,
            search_users,
        )
        .toolset("users"),
        tool(
            "search_users",
            "Search users",
            Effect::Read,
            official_search_users,
        )
        .toolset("users")
        .official_only(),
        tool(
            "github_search_orgs",
            "Search organizations",
            Effect::Read,
            search_orgs,
        )
        .toolset("orgs")
        .official_name("search_orgs"),
        tool(
            "github_list_recent_stargazers",
            "List recent stargazers",
            Effect::Read,
            list_recent_stargazers,
        )
        .toolset("repos"),
    ]
}

/// Get the GitHub user the token acts as: login, id, name, email, company, location, bio,
/// public repository and follower counts, plan and profile URL. Use it to learn "who am I"
/// before acting on the user's own repositories.
#[derive(Deserialize, JsonSchema)]
pub struct GetMe {
    /// Why you need the user's details (optional, for the record; not sent to GitHub)
    #[allow(dead_code)]
    reason: Option<String>,
}

async fn get_me(ctx: Ctx, _a: GetMe) -> Result<Value, ToolError> {
    let v: Value = api::req(&ctx, Method::GET, "/user")?.send_json().await?;
    Ok(pick(
        &v,
        &[
            "login",
            "id",
            "type",
            "name",
            "email",
            "company",
            "blog",
            "location",
            "bio",
            "twitter_username",
            "public_repos",
            "total_private_repos",
            "followers",
            "following",
            "two_factor_authentication",
            "plan=plan.name",
            "created_at",
            "html_url",
        ],
    ))
}

#[derive(Deserialize, Serialize, JsonSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum UserSort {
    Followers,
    Repositories,
    Joined,
}

/// Search GitHub users and organizations with GitHub's user search syntax (e.g.
/// `tom in:login type:user`, `location:berlin language:rust followers:>100`). Returns the
/// total count, matching accounts (login, id, type, profile URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchUsers {
    /// Search query in GitHub user search syntax
    q: String,
    /// Sort field (default: best match)
    sort: Option<UserSort>,
    /// Sort order (default desc; only with `sort`)
    order: Option<Order>,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn search_users(ctx: Ctx, a: SearchUsers) -> Result<Value, ToolError> {
    account_search(&ctx, &a.q, a.sort, a.order, a.page, a.per_page).await
}

/// GitHub's user search (`GET /search/users`), which also finds organizations.
async fn account_search(
    ctx: &Ctx,
    q: &str,
    sort: Option<UserSort>,
    order: Option<Order>,
    page: Option<Int>,
    per_page: Option<Int>,
) -> Result<Value, ToolError> {
    let r = api::req(ctx, Method::GET, "/search/users")?
        .query("q", q)
        .query_opt("sort", sort.as_ref().map(enum_str))
        .query_opt("order", order.as_ref().map(enum_str));
    let resp = paged(r, page, per_page).send().await?;
    let v: Value = resp.json()?;
    let mut out = page_of(&resp, each(&v["items"], api::user));
    out["total_count"] = v["total_count"].clone();
    out["incomplete_results"] = v["incomplete_results"].clone();
    Ok(out)
}

/// Search GitHub users with GitHub's user search syntax (e.g. `tom in:login`,
/// `location:berlin language:rust followers:>100`); `type:user` is added unless the query
/// names a type. Returns the total count, matching users (login, id, type, profile URL) and
/// `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct OfficialSearchUsers {
    /// Search query in GitHub user search syntax
    query: String,
    /// Sort field (default: best match)
    sort: Option<UserSort>,
    /// Sort order (default desc; only with `sort`)
    order: Option<Order>,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

/// `query` with `type:{kind}` added unless it already names a type.
fn typed_query(query: &str, kind: &str) -> String {
    if query.contains("type:") {
        query.to_owned()
    } else {
        format!("type:{kind} {query}")
    }
}

async fn official_search_users(ctx: Ctx, a: OfficialSearchUsers) -> Result<Value, ToolError> {
    let q = typed_query(&a.query, "user");
    account_search(&ctx, &q, a.sort, a.order, a.page, a.per_page).await
}

/// Search GitHub organizations with GitHub's user search syntax (e.g. `microsoft`,
/// `location:berlin repos:>10`); `type:org` is added unless the query names a type. Returns the
/// total count, matching organizations (login, id, profile URL) and `next_page`.
#[derive(Deserialize, JsonSchema)]
pub struct SearchOrgs {
    /// Search query in GitHub user search syntax
    query: String,
    /// Sort field (default: best match)
    sort: Option<UserSort>,
    /// Sort order (default desc; only with `sort`)
    order: Option<Order>,
    /// Page number (from 1)
    page: Option<Int>,
    /// Results per page (max 100)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

async fn search_orgs(ctx: Ctx, a: SearchOrgs) -> Result<Value, ToolError> {
    let q = typed_query(&a.query, "org");
    account_search(&ctx, &q, a.sort, a.order, a.page, a.per_page).await
}

/// List the teams a user is a member of, in every organization of theirs the token can see:
/// organization, team name, slug and description. Without `user`, the authenticated user's
/// teams. Needs the `read:org` scope.
#[derive(Deserialize, JsonSchema)]
pub struct GetTeams {
    /// Login of the user whose teams to list (default: the authenticated user)
    user: Option<String>,
}

/// Teams of `$login` in each of their organizations (GitHub's GraphQL API; REST lists only
/// the authenticated user's teams).
const GET_TEAMS: &str = "query GetTeams($login: String!) {
  user(login: $login) {
    organizations(first: 100) {
      nodes {
        login
        teams(first: 100, userLogins: [$login]) {
          nodes { name slug description }
        }
      }
    }
  }
}";

async fn get_teams(ctx: Ctx, a: GetTeams) -> Result<Value, ToolError> {
    let login = match a.user.filter(|u| !u.trim().is_empty()) {
        Some(u) => u,
        None => {
            let me: Value = api::req(&ctx, Method::GET, "/user")?.send_json().await?;
            me["login"]
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| ToolError::transport("GitHub's /user answer has no login."))?
        }
    };
    let data = api::graphql(&ctx, "GetTeams", GET_TEAMS, json!({ "login": login })).await?;
    if data["user"].is_null() {
        return Err(ToolError::invalid_input(format!(
            "GitHub has no user `{login}`"
        )));
    }
    let mut teams = Vec::new();
    for org in data["user"]["organizations"]["nodes"]
        .as_array()
        .into_iter()
        .flatten()
    {
        for t in org["teams"]["nodes"].as_array().into_iter().flatten() {
            let mut team = pick(t, &["name", "slug", "description"]);
            team["org"] = org["login"].clone();
            teams.push(team);
        }
    }
    Ok(json!({ "user": login, "teams": teams }))
}

/// List the members of a team of an organization (login, id, type, profile URL). Needs the
/// `read:org` scope; the team is named by its slug (e.g. `justice-league`).
#[derive(Deserialize, JsonSchema)]
pub struct GetTeamMembers {
    /// Organization login
    org: String,
    /// Team slug
    team_slug: String,
}

async fn get_team_members(ctx: Ctx, a: GetTeamMembers) -> Result<Value, ToolError> {
    let path = format!(
        "/orgs/{}/teams/{}/members",
        mcp_shared::seg(&a.org),
        mcp_shared::seg(&a.team_slug)
    );
    let v: Value = api::req(&ctx, Method::GET, &path)?
        .query("per_page", 100)
        .send_json()
        .await?;
    Ok(json!({ "org": a.org, "team_slug": a.team_slug, "members": each(&v, api::user) }))
}

/// List the users who starred a repository, newest first, each with the time they starred it.
/// Page 1 holds the most recent stargazers (it can hold fewer than `perPage`); `next_page`
/// continues with older ones. Returns `items` (`login`, `starred_at`), `next_page` and
/// `total_pages`. GitHub's REST API only pages through about the first 40,000 stargazers; for
/// larger repositories the result says so in `note`.
#[derive(Deserialize, JsonSchema)]
pub struct ListRecentStargazers {
    /// Repository owner
    owner: String,
    /// Repository name
    repo: String,
    /// Page number, counted from the most recent stargazers (from 1)
    page: Option<Int>,
    /// Stargazers per page (max 100, default 30)
    #[serde(rename = "perPage")]
    per_page: Option<Int>,
}

const STAR_MEDIA_TYPE: &str = "application/vnd.github.star+json";

/// GitHub lists stargazers oldest first. Newest first means reading its pages backwards: the
/// first request learns the last page from the `Link` header, the second reads the page that
/// is `page - 1` pages before it, and its items are reversed.
async fn list_recent_stargazers(ctx: Ctx, a: ListRecentStargazers) -> Result<Value, ToolError> {
    let path = format!("{}/stargazers", repo_path(&a.owner, &a.repo));
    let per_page = a.per_page.map_or(30, |p| p.get().clamp(1, 100));
    let page = a.page.map_or(1, |p| p.get().max(1));
    let fetch = |n: u64| -> Result<_, ToolError> {
        Ok(api::req(&ctx, Method::GET, &path)?
            .header("accept", STAR_MEDIA_TYPE)
            .query("per_page", per_page)
            .query("page", n)
            .send())
    };
    let first = fetch(1)?.await?;
    let last = first
        .link_param("last", "page")
        .and_then(|p| p.parse::<u64>().ok())
        .unwrap_or(1);
    let items: Value = match last.checked_sub(page - 1).filter(|t| *t >= 1) {
        None => json!([]),
        Some(1) => first.json()?,
        Some(target) => fetch(target)?.await?.json()?,
    };
    let mut items: Vec<Value> = items
        .as_array()
        .map(|a| {
            a.iter()
                .map(|s| {
                    pick(
                        s,
                        &[
                            "login=user.login",
                            "starred_at",
                            "id=user.id",
                            "html_url=user.html_url",
                        ],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    items.reverse();
    let next = (page < last).then_some(page + 1);
    let mut out = json!({ "items": items, "next_page": next, "total_pages": last });
    if last.saturating_mul(per_page) >= REST_STARGAZER_CAP {
        out["note"] = json!(
            "GitHub's REST API lists only about the first 40,000 stargazers of a repository, so for this one the most recent stargazers may be beyond what it returns."
        );
    }
    Ok(out)
}

/// How far GitHub lets its REST API page through a repository's stargazers.
const REST_STARGAZER_CAP: u64 = 40_000;
