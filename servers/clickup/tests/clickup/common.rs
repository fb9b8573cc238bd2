//! A fake ClickUp API, a server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

/// A personal token: ClickUp takes it raw in `Authorization`, without `Bearer`.
pub const TOKEN: &str = "pk_4321_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&clickup_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the raw token.
pub fn call(method: &'static str, path: &str) -> Expect {
    expect(method, path).header("authorization", TOKEN)
}

pub fn clickup_error(err: &str, ecode: &str) -> Value {
    json!({"err": err, "ECODE": ecode})
}

/// A task as ClickUp's "Get Task" example shapes it (trimmed).
pub fn task(id: &str, name: &str) -> Value {
    json!({
        "id": id, "custom_id": null, "name": name, "text_content": "Buy two bags",
        "description": "Buy two bags",
        "status": {"status": "in progress", "color": "#d3d3d3", "orderindex": 1, "type": "custom"},
        "orderindex": "1.00000000000000000000000000000000", "date_created": "1567780450202",
        "date_updated": "1567780450202", "date_closed": null,
        "creator": {"id": 183, "username": "John Doe", "color": "#827718", "profilePicture": null},
        "assignees": [{"id": 183, "username": "John Doe"}], "tags": [{"name": "errand"}],
        "parent": null, "priority": {"id": "2", "priority": "high", "color": "#ffcc00"},
        "due_date": "1508369194377", "start_date": null,
        "list": {"id": "123"}, "folder": {"id": "456"}, "space": {"id": "789"},
        "url": format!("https://app.clickup.com/t/{id}")
    })
}
