//! GitHub server tests: every tool against a fake GitHub that asserts the exact request,
//! through a real MCP client over streamable HTTP; the binary's switches and GitHub's own
//! variables; and the standard suite (the binary over stdio and HTTP, docs, failure classes).
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod actions;
mod actions_jobs;
mod actions_official;
mod actions_writes;
mod atlas_issues;
mod atlas_pulls;
mod atlas_refs;
mod atlas_repos;
mod code_security;
mod common;
mod context;
mod discussions;
mod gists;
mod issues;
mod labels;
mod lockdown;
mod mcpmark;
mod names;
mod names_cases;
mod names_cases_more;
mod oauth;
mod official;
mod projects;
mod projects_items;
mod projects_official;
mod pulls;
mod pulls_reviews;
mod repos;
mod repos_branches;
mod repos_contents;
mod repos_refs;
mod stargazers;
mod surface;
mod switches;

mod dependabot;
mod git;
mod notifications;
mod secret_protection;
mod security_advisories;

mcp_testkit::standard_suite!(
    github_mcp_server::SPEC,
    "github-mcp-server",
    catalog_not_required: crate::surface::NOT_REQUIRED_BY_GITHUB
);

mcp_testkit::profile_suite!(
    atlas_profile,
    github_mcp_server::SPEC,
    atlas,
    catalog_not_required: crate::surface::NOT_REQUIRED_BY_SMITHERY
);

mcp_testkit::profile_suite!(
    mcpmark_profile,
    github_mcp_server::SPEC,
    mcpmark,
    catalog_not_required: crate::surface::OFFICIAL_NOT_REQUIRED
);

mcp_testkit::profile_suite!(
    official_profile,
    github_mcp_server::SPEC,
    official,
    catalog_not_required: crate::surface::OFFICIAL_NOT_REQUIRED
);
