//! Files (ContentDocument) and classic attachments of records, file search, and temporary
//! public download links (ContentDistribution).

use crate::api::{self, Count, contains_pattern, record_id};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "salesforce_get_attachments",
            "Get attachments",
            Effect::Read,
            get_attachments,
        )
        .toolset("files"),
        tool(
            "salesforce_get_attachment_temporary_download_url",
            "Get temporary download URL",
            Effect::Write,
            temporary_url,
        )
        .toolset("files"),
        tool(
            "salesforce_search_attachments",
            "Search files",
            Effect::Read,
            search_attachments,
        )
        .toolset("files"),
    ]
}

/// List the files (ContentDocument ids 069…) and classic attachments (00P…) of a record.
#[derive(Deserialize, JsonSchema)]
pub struct GetAttachments {
    /// Id of the record the files belong to
    record_id: String,
    /// Most of each kind to return
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
}

async fn get_attachments(ctx: Ctx, a: GetAttachments) -> Result<Value, ToolError> {
    let id = record_id(&a.record_id, "record_id")?;
    let n = api::limit(a.limit, 50)?;
    let files = api::query(
        &ctx,
        &format!("SELECT ContentDocumentId, ContentDocument.Title, ContentDocument.FileExtension, ContentDocument.ContentSize, ContentDocument.LastModifiedDate FROM ContentDocumentLink WHERE LinkedEntityId = '{id}' LIMIT {n}"),
        n,
    )
    .await?;
    let attachments = api::query(
        &ctx,
        &format!("SELECT Id, Name, ContentType, BodyLength, CreatedDate FROM Attachment WHERE ParentId = '{id}' ORDER BY CreatedDate DESC LIMIT {n}"),
        n,
    )
    .await?;
    let files: Vec<Value> = files["records"]
        .as_array()
        .map(|rs| {
            rs.iter()
                .map(|r| {
                    let d = &r["ContentDocument"];
                    json!({"id": r.get("ContentDocumentId"), "title": d.get("Title"),
                        "extension": d.get("FileExtension"), "size": d.get("ContentSize"),
                        "lastModified": d.get("LastModifiedDate")})
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({"files": files, "attachments": attachments["records"]}))
}

/// Search files (ContentDocument) whose title contains the text, newest first.
#[derive(Deserialize, JsonSchema)]
pub struct SearchAttachments {
    /// Text the file title contains
    query: String,
    #[schemars(extend("default" = 20))]
    limit: Option<Count>,
    search_type: Option<SearchType>,
}

// What to search.
#[derive(Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum SearchType {
    Files,
}

async fn search_attachments(ctx: Ctx, a: SearchAttachments) -> Result<Value, ToolError> {
    let text = mcp_shared::non_empty(&a.query, "query")?;
    let _ = a.search_type;
    let n = api::limit(a.limit, 20)?;
    api::query(
        &ctx,
        &format!(
            "SELECT Id, Title, FileExtension, ContentSize, LatestPublishedVersionId, OwnerId, LastModifiedDate FROM ContentDocument WHERE Title LIKE {} ORDER BY LastModifiedDate DESC LIMIT {n}",
            contains_pattern(text)
        ),
        n,
    )
    .await
}

/// Create a public link to a file that expires: a ContentDistribution of its latest
/// version. Returns the view and download URLs. Anyone with the link can read the file.
#[derive(Deserialize, JsonSchema)]
pub struct TemporaryUrl {
    /// File id: ContentDocument (069…) or ContentVersion (068…)
    attachment_id: String,
    /// Hours until the link expires
    #[schemars(extend("default" = 24, "maximum" = 8760))]
    expires_in_hours: Option<Count>,
}

async fn temporary_url(ctx: Ctx, a: TemporaryUrl) -> Result<Value, ToolError> {
    let id = record_id(&a.attachment_id, "attachment_id")?;
    let hours = a.expires_in_hours.map_or(24, Count::get).clamp(1, 8760);
    let (version_id, title) = match id.get(..3).unwrap_or_default() {
        "068" => (id.clone(), None),
        "069" => {
            let v = api::query(
                &ctx,
                &format!(
                    "SELECT LatestPublishedVersionId, Title FROM ContentDocument WHERE Id = '{id}'"
                ),
                1,
            )
            .await?;
            let r = &v["records"][0];
            let Some(ver) = r.get("LatestPublishedVersionId").and_then(Value::as_str) else {
                return Err(ToolError::invalid_input(format!(
                    "no file {id} is visible to this user (ContentDocument not found)"
                )));
            };
            (
                ver.to_owned(),
                r.get("Title").and_then(Value::as_str).map(str::to_owned),
            )
        }
        "00P" => {
            return Err(ToolError::invalid_input(format!(
                "{id} is a classic Attachment, which Salesforce cannot share by public link; its content is at /sobjects/Attachment/{id}/body with the access token. Use a file (ContentDocument 069…) instead."
            )));
        }
        _ => {
            return Err(ToolError::invalid_input(format!(
                "`attachment_id` must be a ContentDocument (069…) or ContentVersion (068…) id from salesforce_get_attachments or salesforce_search_attachments (got `{id}`)"
            )));
        }
    };
    let expiry = iso_utc(SystemTime::now() + Duration::from_secs(hours * 3600));
    // Name holds at most 100 characters.
    let name: String = title
        .unwrap_or_else(|| "Temporary link".into())
        .chars()
        .take(100)
        .collect();
    let body = json!({
        "Name": name,
        "ContentVersionId": version_id,
        "PreferencesAllowViewInBrowser": true,
        "PreferencesAllowOriginalDownload": true,
        "PreferencesLinkLatestVersion": true,
        "PreferencesNotifyOnVisit": false,
        "PreferencesPasswordRequired": false,
        "PreferencesExpires": true,
        "ExpiryDate": expiry,
    });
    let body = body.as_object().cloned().unwrap_or_default();
    let created = api::create(&ctx, "ContentDistribution", body).await?;
    let Some(dist_id) = created["id"].as_str() else {
        return Err(ToolError::transport(
            "Salesforce created no ContentDistribution id",
        ));
    };
    let dist_id = record_id(dist_id, "ContentDistribution id")?;
    let root = api::data_root(&ctx)?;
    let d: Value = ctx
        .authorized(
            Method::GET,
            &format!("{root}/sobjects/ContentDistribution/{dist_id}"),
        )?
        .query(
            "fields",
            "DistributionPublicUrl,ContentDownloadUrl,ExpiryDate",
        )
        .send_json()
        .await?;
    Ok(json!({
        "distribution_id": dist_id,
        "view_url": d.get("DistributionPublicUrl"),
        "download_url": d.get("ContentDownloadUrl"),
        "expires": d.get("ExpiryDate").cloned().unwrap_or(json!(expiry)),
    }))
}

/// `2026-12-02T07:00:00Z` for a time (civil date from days since the epoch).
fn iso_utc(t: SystemTime) -> String {
    let secs = t.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    // Howard Hinnant's days_from_civil inverse.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}
