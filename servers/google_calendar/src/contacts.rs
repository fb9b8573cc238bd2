//! Contact search over the Google People API: the shared tool of `mcp_vendor_google`
//! (the same search serves every Google server that needs addresses).

use mcp_shared::ToolDef;

pub fn tools() -> Vec<ToolDef> {
    vec![mcp_vendor_google::search_contacts_tool(
        "google_calendar_search_contacts",
        "contacts",
        true,
    )]
}
