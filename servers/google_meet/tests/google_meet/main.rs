//! Google Meet server tests: each tool against fake Calendar and Meet APIs that assert the
//! exact request, through a real MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;
mod conferences;
mod errors;
mod meetings;
mod spaces;

// Docs freshness, schemas, the binary over stdio and HTTP, the standard failure classes.
mcp_testkit::standard_suite!(google_meet_mcp_server::SPEC, "google-meet-mcp-server");

#[tokio::test]
async fn catalog_tools_and_parameters() {
    let s = common::setup().await;
    let tools = s.client.list_tools().await;
    mcp_testkit::assert_valid_tools(&tools);
    let mut extra = mcp_testkit::tools_beyond_catalog(&tools, "google_meet");
    extra.sort();
    assert_eq!(
        extra,
        [
            "google_meet_v2_end_active_conference",
            "google_meet_v2_list_recordings",
            "google_meet_v2_list_transcript_entries",
            "google_meet_v2_list_transcripts",
            "google_meet_v2_update_space",
        ]
    );
}
