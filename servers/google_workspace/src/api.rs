//! What the tools share: authenticated requests to Gmail (`/gmail/v1/users/me`) and to the
//! primary calendar (`/calendar/v3/calendars/primary/events`), and the MCP-Atlas rule that
//! write tools do not write.

use mcp_shared::{Ctx, Method, Output, Profile, Request, ToolError};

use crate::CALENDAR_API;

/// An authenticated Gmail request to `/gmail/v1/users/me{path}`.
pub fn gmail(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.authorized(method, &format!("/gmail/v1/users/me{path}"))
}

/// An authenticated Calendar request to `/calendar/v3/calendars/primary/events{path}`.
pub fn events(ctx: &Ctx, method: Method, path: &str) -> Result<Request, ToolError> {
    ctx.api_authorized(
        CALENDAR_API.name,
        method,
        &format!("/calendar/v3/calendars/primary/events{path}"),
    )
}

/// Under `--profile atlas` a write tool answers this and sends nothing: MCP-Atlas's server
/// (Klavis `google_workspace_atlas`) does so on its shared, seeded account.
pub fn atlas_noop(ctx: &Ctx) -> Option<Output> {
    (ctx.profile() == Profile::Atlas).then(|| Output::Text("ok".to_owned()))
}
