//! Snowflake server tests: every tool against a fake SQL API v2 on 127.0.0.1 that asserts the
//! exact request (method, path, `async`/`partition` query, bearer token and token-type
//! header, JSON body) and answers with the shapes of Snowflake's SQL API reference
//! (snowflakedb/snowflake-rest-api-specs `specifications/sqlapi.yaml`), through a real MCP
//! client; key-pair JWTs checked against the test key's public key; polling, partitions,
//! caps, cancellation, read-only refusals, error bodies and the tenant host.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod catalog;
mod common;
mod ddl;
mod jwt;
mod protocol;
mod query;

mcp_testkit::standard_suite!(snowflake_mcp_server::SPEC, "snowflake-mcp-server");
mcp_testkit::profile_suite!(toolathlon_profile, snowflake_mcp_server::SPEC, toolathlon);
