//! Who the token acts as: the authenticated user and their teams (the `context` toolset).

use mcp_shared::json::pick;
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, each};
use crate::profiles::Names;

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("github_get_me", "Get my GitHub user", Effect::Read, get_me)
            .toolset("context")
            .github_name("get_me"),
        tool(
            "github_get_teams",
            "Get teams of a user",
            Effect::Read,
            get_teams,
        )
        .toolset("context")
        .github_name("get_teams"),
        tool(
            "github_get_team_members",
            "Get team members",
            Effect::Read,
            get_team_members,
        )
        .toolset("context")
        .github_name("get_team_members"),
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
