//! GitHub server tests: every tool against a fake GitHub that asserts the exact request,
//! through a real MCP client over streamable HTTP (and the binary over stdio and HTTP).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod actions;
mod code_security;
mod common;
mod context;
mod discussions;
mod gists;
mod issues;
mod labels;
mod lockdown;
mod official;
mod process;
mod projects;
mod pulls;
mod pulls_reviews;
mod repos;
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
