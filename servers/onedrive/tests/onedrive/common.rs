//! A fake Microsoft Graph, the OneDrive server pointed at it, and a client sending the token.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const TOKEN: &str = "EwBwA8l6BAAUbDba3x2OMJElkF7gJ4z/VbCPEz0AAQ";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&onedrive_mcp_server::SPEC, json!({ "access_token": TOKEN })).await
}

/// `method path` with the bearer token and exactly these query parameters.
pub fn req(method: &'static str, path: &str, query: &[(&str, &str)]) -> Expect {
    expect(method, path).bearer(TOKEN).queries(query)
}

/// The `$select` of every item read.
pub const SELECT: &str =
    "id,name,size,webUrl,createdDateTime,lastModifiedDateTime,parentReference,file,folder,package";

pub const ROOT_ID: &str = "01BYE5RZ56Y2GOVW7725BZO354PWSELRRZ";
pub const DRIVE_ID: &str = "b!-RIj2DuyvEyV1T4NlOaMHk8XkS_I8MdFlUCq1BlcjgmhRfAj3-Z8RY2VpuvV_tpd";

/// Graph's error body.
pub fn graph_error(code: &str, message: &str) -> Value {
    json!({"error": {"code": code, "message": message, "innerError": {
        "date": "2026-12-03T08:00:00", "request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
        "client-request-id": "5f1a7c2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b"}}})
}

/// A file as Graph returns it (the documented driveItem example's shape).
pub fn file(id: &str, name: &str, size: u64, mime: &str) -> Value {
    json!({
        "@odata.etag": "\"{EC0D1F9A-2B3C-4D5E-8F90-A1B2C3D4E5F6},2\"",
        "id": id,
        "name": name,
        "size": size,
        "createdDateTime": "2026-11-01T10:00:00Z",
        "lastModifiedDateTime": "2026-11-30T09:00:00Z",
        "webUrl": format!("https://contoso-my.sharepoint.com/personal/ada_contoso_com/Documents/{name}"),
        "file": {"mimeType": mime, "hashes": {"quickXorHash": "AAAAAAAAAAAAAAAAAAAAAAAAAAA="}},
        "parentReference": {"driveId": DRIVE_ID, "driveType": "business", "id": ROOT_ID, "path": "/drive/root:"}
    })
}

/// A folder as Graph returns it.
pub fn folder(id: &str, name: &str, children: u64) -> Value {
    json!({
        "id": id,
        "name": name,
        "size": 2048,
        "createdDateTime": "2026-10-01T10:00:00Z",
        "lastModifiedDateTime": "2026-11-29T09:00:00Z",
        "webUrl": format!("https://contoso-my.sharepoint.com/personal/ada_contoso_com/Documents/{name}"),
        "folder": {"childCount": children},
        "parentReference": {"driveId": DRIVE_ID, "driveType": "business", "id": ROOT_ID, "path": "/drive/root:"}
    })
}
