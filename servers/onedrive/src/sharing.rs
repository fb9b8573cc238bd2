//! Sharing: links to an item, items reached through a sharing link, and Graph's deprecated
//! list of items shared with the user.

use base64::Engine as _;
use mcp_shared::json::pick;
use mcp_shared::{Count, Ctx, Effect, Method, ToolDef, ToolError, tool};
use mcp_vendor_microsoft::Query;
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value, json};

use crate::api::{FILES_READ_ALL, FILES_READ_WRITE, item, item_path, list_items, select};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "onedrive_list_shared_items",
            "List items shared with me",
            Effect::Read,
            list_shared,
        )
        .toolset("sharing")
        .scopes(FILES_READ_ALL),
        tool(
            "onedrive_get_shared_item",
            "Get item of a sharing link",
            Effect::Read,
            get_shared_item,
        )
        .toolset("sharing")
        .scopes(FILES_READ_ALL),
        tool(
            "onedrive_create_share_link",
            "Create sharing link",
            Effect::Write,
            create_link,
        )
        .toolset("sharing")
        .scopes(FILES_READ_WRITE),
    ]
}

/// What an empty `sharedWithMe` answer means now.
const SHARED_WITH_ME_GONE: &str = "Microsoft deprecated Graph's sharedWithMe and it returns no items after November 2026, so an empty list does not mean nothing is shared with you. To reach a shared item, open its sharing link with onedrive_get_shared_item, or find your own files with onedrive_search_item_by_name.";

/// Deprecated by Microsoft, returns nothing after November 2026: items other people shared with
/// the user (Graph's `sharedWithMe`). Prefer onedrive_get_shared_item with the item's sharing
/// link.
#[derive(Deserialize, JsonSchema)]
pub struct ListShared {
    /// At most 200; default 50
    limit: Option<Count>,
    cursor: Option<String>,
}

async fn list_shared(ctx: Ctx, a: ListShared) -> Result<Value, ToolError> {
    // Shared items are remote items: their details are in `remoteItem`, so nothing is selected.
    let page = list_items(
        &ctx,
        "/me/drive/sharedWithMe".to_owned(),
        Query::new(),
        a.limit,
        a.cursor.as_deref(),
    )
    .await?;
    let empty = page.items.is_empty() && page.next_cursor.is_none();
    let mut out = page.into_json("items", item);
    if empty {
        out["note"] = json!(SHARED_WITH_ME_GONE);
    }
    Ok(out)
}

/// Graph's share id of a sharing URL: `u!` and the URL in unpadded base64url.
fn share_id(url: &str) -> Result<String, ToolError> {
    let u = url.trim();
    let ok =
        (u.starts_with("https://") || u.starts_with("http://")) && !u.contains(char::is_whitespace);
    if !ok {
        return Err(ToolError::invalid_input(
            "`share_url` must be a sharing link such as https://1drv.ms/... or https://contoso-my.sharepoint.com/:w:/g/personal/...",
        ));
    }
    Ok(format!(
        "u!{}",
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(u.as_bytes())
    ))
}

/// Open a file or folder through a sharing link the user holds (someone else's item, or
/// one's own): returns the item with the `driveId` it lives in.
#[derive(Deserialize, JsonSchema)]
pub struct GetSharedItem {
    /// The sharing link (a OneDrive or SharePoint URL)
    share_url: String,
}

async fn get_shared_item(ctx: Ctx, a: GetSharedItem) -> Result<Value, ToolError> {
    let path = select().on(&format!("/shares/{}/driveItem", share_id(&a.share_url)?));
    let v: Value = ctx.authorized(Method::GET, &path)?.send_json().await?;
    Ok(item(&v))
}

// view: read-only; edit: read-write; embed: an embeddable link (personal OneDrive only).
#[derive(Debug, Clone, Copy, Default, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LinkType {
    #[default]
    View,
    Edit,
    Embed,
}

// anonymous: anyone with the link; organization: people of the user's organization; users:
// only people the item is already shared with.
#[derive(Debug, Clone, Copy, Deserialize, JsonSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Scope {
    Anonymous,
    Organization,
    Users,
}

/// Create a sharing link to a file or folder (or return the existing one of that kind).
/// Returns its URL, type, scope and roles.
#[derive(Deserialize, JsonSchema)]
pub struct CreateLink {
    item_id: String,
    #[serde(default)]
    link_type: LinkType,
    /// Who the link works for; default anonymous (personal OneDrive) or the organization's
    /// setting (work accounts)
    scope: Option<Scope>,
    /// When the link expires, ISO 8601 (e.g. 2027-01-31T00:00:00Z)
    expiration_date_time: Option<String>,
    /// Password of the link (personal OneDrive only)
    password: Option<String>,
}

async fn create_link(ctx: Ctx, a: CreateLink) -> Result<Value, ToolError> {
    let path = format!("{}/createLink", item_path(&a.item_id, "item_id")?);
    let mut body = Map::new();
    body.insert(
        "type".into(),
        json!(match a.link_type {
            LinkType::View => "view",
            LinkType::Edit => "edit",
            LinkType::Embed => "embed",
        }),
    );
    if let Some(s) = a.scope {
        body.insert(
            "scope".into(),
            json!(match s {
                Scope::Anonymous => "anonymous",
                Scope::Organization => "organization",
                Scope::Users => "users",
            }),
        );
    }
    if let Some(e) = a
        .expiration_date_time
        .as_deref()
        .map(str::trim)
        .filter(|e| !e.is_empty())
    {
        mcp_vendor_microsoft::Lit::datetime(e, "expiration_date_time")?;
        body.insert("expirationDateTime".into(), json!(e));
    }
    if let Some(p) = a.password.as_deref().filter(|p| !p.is_empty()) {
        body.insert("password".into(), json!(p));
    }
    let v: Value = ctx
        .authorized(Method::POST, &path)?
        .json(&body)
        .send_json()
        .await?;
    Ok(pick(
        &v,
        &[
            "id",
            "url=link.webUrl",
            "type=link.type",
            "scope=link.scope",
            "roles",
            "expirationDateTime",
            "hasPassword",
        ],
    ))
}
