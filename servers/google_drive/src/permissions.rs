//! Permissions: share a file, folder or shared drive, and list who has access.

use mcp_shared::json::{enum_str, pick};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use crate::api::{self, file_path, given, req};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "google_drive_share_file",
            "Share a file",
            Effect::Write,
            share_file,
        )
        .toolset("permissions"),
        tool(
            "google_drive_list_permissions",
            "List who has access",
            Effect::Read,
            list_permissions,
        )
        .toolset("permissions"),
    ]
}

const PERMISSION_FIELDS: &str = "id,type,role,emailAddress,domain,displayName";

// The access a permission grants.
#[derive(Debug, Clone, Copy, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    Reader,
    Commenter,
    Writer,
    FileOrganizer,
    Organizer,
}

// Who a permission is for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Grantee {
    #[default]
    User,
    Group,
    Domain,
    Anyone,
}

/// Share a file, folder or shared drive with a user or group (by email), a domain or anyone with
/// the link. Users and groups are emailed unless `send_notification_email` is false. Returns the
/// permission. No ownership transfers.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ShareFile {
    file_id: String,
    /// `fileOrganizer`, `organizer`: shared drives only
    role: Role,
    #[serde(rename = "type")]
    #[schemars(extend("default" = "user"))]
    grantee_type: Option<Grantee>,
    /// For user or group
    email_address: Option<String>,
    /// For domain
    domain: Option<String>,
    #[schemars(extend("default" = true))]
    send_notification_email: Option<bool>,
    email_message: Option<String>,
    /// Findable by search (domain, anyone); default false
    allow_file_discovery: Option<bool>,
}

async fn share_file(ctx: Ctx, a: ShareFile) -> Result<Value, ToolError> {
    let path = format!("{}/permissions", file_path(&a.file_id, "file_id")?);
    let kind = a.grantee_type.unwrap_or_default();
    let mut body = json!({ "type": enum_str(&kind), "role": enum_str(&a.role) });
    let personal = matches!(kind, Grantee::User | Grantee::Group);
    match kind {
        Grantee::User | Grantee::Group => {
            let email = given(&a.email_address).ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "`email_address` is required to share with a {}",
                    enum_str(&kind)
                ))
            })?;
            if !email.contains('@') || email.contains(char::is_whitespace) {
                return Err(ToolError::invalid_input(format!(
                    "`email_address` must be one email address such as ann@example.com, not `{email}`"
                )));
            }
            body["emailAddress"] = json!(email);
        }
        Grantee::Domain => {
            let domain = given(&a.domain).ok_or_else(|| {
                ToolError::invalid_input("`domain` is required to share with a domain")
            })?;
            body["domain"] = json!(domain);
        }
        Grantee::Anyone => {}
    }
    if !personal {
        if given(&a.email_message).is_some() || a.send_notification_email == Some(true) {
            return Err(ToolError::invalid_input(
                "notification emails go to users and groups only: leave out send_notification_email and email_message",
            ));
        }
        if let Some(d) = a.allow_file_discovery {
            body["allowFileDiscovery"] = json!(d);
        }
    } else if a.allow_file_discovery.is_some() {
        return Err(ToolError::invalid_input(
            "`allow_file_discovery` applies to type domain or anyone only",
        ));
    }
    let notify = personal.then(|| a.send_notification_email.unwrap_or(true));
    let message = if notify == Some(true) {
        given(&a.email_message)
    } else {
        None
    };
    if notify == Some(false) && given(&a.email_message).is_some() {
        return Err(ToolError::invalid_input(
            "`email_message` needs send_notification_email: true",
        ));
    }
    let v: Value = req(&ctx, Method::POST, &path)?
        .query_opt("sendNotificationEmail", notify)
        .query_opt("emailMessage", message)
        .query("supportsAllDrives", "true")
        .query("fields", PERMISSION_FIELDS)
        .json(&body)
        .send_json()
        .await?;
    Ok(permission(&v))
}

fn permission(p: &Value) -> Value {
    pick(
        p,
        &[
            "id",
            "type",
            "role",
            "emailAddress",
            "domain",
            "displayName",
            "deleted",
            "expirationTime",
        ],
    )
}

/// List who has access to a file, folder or shared drive: id, type, role, email or domain, name.
#[derive(Debug, Deserialize, JsonSchema)]
pub struct ListPermissions {
    file_id: String,
    page_token: Option<String>,
}

async fn list_permissions(ctx: Ctx, a: ListPermissions) -> Result<Value, ToolError> {
    let path = format!("{}/permissions", file_path(&a.file_id, "file_id")?);
    let list: Value = req(&ctx, Method::GET, &path)?
        .query("supportsAllDrives", "true")
        .query("pageSize", 100)
        .query(
            "fields",
            format!("nextPageToken,permissions({PERMISSION_FIELDS},deleted,expirationTime)"),
        )
        .query_opt("pageToken", given(&a.page_token))
        .send_json()
        .await?;
    let perms: Vec<Value> = list
        .get("permissions")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .map(permission)
        .collect();
    let mut out = Map::new();
    out.insert("permissions".into(), Value::Array(perms));
    api::page_fields(&list, &mut out);
    Ok(Value::Object(out))
}
