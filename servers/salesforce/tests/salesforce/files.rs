//! Files and attachments of records, file search, temporary download links.

use crate::common::*;
use mcp_testkit::{expect, request_bodies};
use serde_json::json;

#[tokio::test]
async fn get_attachments_lists_files_and_classic_attachments() {
    let s = setup().await;
    soql("SELECT ContentDocumentId, ContentDocument.Title, ContentDocument.FileExtension, ContentDocument.ContentSize, ContentDocument.LastModifiedDate FROM ContentDocumentLink WHERE LinkedEntityId = '001xx000003DGb2AAG' LIMIT 5")
        .respond(&s.fake, 200, page(vec![json!({"attributes": {"type": "ContentDocumentLink"}, "ContentDocumentId": "069xx0000004CxTAAU",
            "ContentDocument": {"attributes": {"type": "ContentDocument"}, "Title": "Contract", "FileExtension": "pdf", "ContentSize": 48213, "LastModifiedDate": "2025-03-01T10:00:00.000+0000"}})]))
        .await;
    soql("SELECT Id, Name, ContentType, BodyLength, CreatedDate FROM Attachment WHERE ParentId = '001xx000003DGb2AAG' ORDER BY CreatedDate DESC LIMIT 5")
        .respond(&s.fake, 200, page(vec![rec("Attachment", "00Pxx000000aBcDEAU", json!({"Name": "logo.png", "ContentType": "image/png", "BodyLength": 1024}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_attachments",
            json!({"record_id": "001xx000003DGb2AAG", "limit": 5}),
        )
        .await;
    assert_eq!(
        v["files"][0],
        json!({"id": "069xx0000004CxTAAU", "title": "Contract", "extension": "pdf", "size": 48213, "lastModified": "2025-03-01T10:00:00.000+0000"})
    );
    assert_eq!(v["attachments"][0]["Name"], "logo.png");
    let err = s
        .client
        .call_err(
            "salesforce_get_attachments",
            json!({"record_id": "' OR Id != '"}),
        )
        .await;
    assert!(err.contains("record_id"), "{err}");
}

#[tokio::test]
async fn search_attachments_by_title() {
    let s = setup().await;
    soql("SELECT Id, Title, FileExtension, ContentSize, LatestPublishedVersionId, OwnerId, LastModifiedDate FROM ContentDocument WHERE Title LIKE '%Q3\\_plan%' ORDER BY LastModifiedDate DESC LIMIT 20")
        .respond(&s.fake, 200, page(vec![rec("ContentDocument", "069xx0000004CxTAAU", json!({"Title": "Q3_plan", "FileExtension": "xlsx"}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_search_attachments",
            json!({"query": "Q3_plan", "search_type": "files"}),
        )
        .await;
    assert_eq!(v["records"][0]["Title"], "Q3_plan");
    let err = s
        .client
        .call_err("salesforce_search_attachments", json!({"query": " "}))
        .await;
    assert!(err.contains("query"), "{err}");
}

#[tokio::test]
async fn temporary_download_url_creates_an_expiring_distribution() {
    let s = setup().await;
    soql("SELECT LatestPublishedVersionId, Title FROM ContentDocument WHERE Id = '069xx0000004CxTAAU'")
        .respond(&s.fake, 200, page(vec![json!({"attributes": {"type": "ContentDocument"}, "LatestPublishedVersionId": "068xx0000004DmXAAU", "Title": "Contract"})]))
        .await;
    expect("POST", format!("{V}/sobjects/ContentDistribution/"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            201,
            json!({"id": "05Dxx0000000001EAA", "success": true, "errors": []}),
        )
        .await;
    expect("GET", format!("{V}/sobjects/ContentDistribution/05Dxx0000000001EAA"))
        .bearer(TOKEN)
        .query("fields", "DistributionPublicUrl,ContentDownloadUrl,ExpiryDate")
        .respond(&s.fake, 200, json!({"attributes": {"type": "ContentDistribution"}, "Id": "05Dxx0000000001EAA",
            "DistributionPublicUrl": "https://acme.my.salesforce.com/sfc/p/xx000000/a/xx0000000001/abc",
            "ContentDownloadUrl": "https://acme.file.force.com/sfc/dist/version/download/?oid=00Dxx&ids=068xx&d=%2Fa%2Fxx&asPdf=false",
            "ExpiryDate": "2026-12-03T07:00:00.000+0000"}))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_attachment_temporary_download_url",
            json!({"attachment_id": "069xx0000004CxTAAU", "expires_in_hours": 2}),
        )
        .await;
    assert!(
        v["download_url"]
            .as_str()
            .unwrap()
            .contains("/sfc/dist/version/download/"),
        "{v}"
    );
    assert_eq!(v["expires"], "2026-12-03T07:00:00.000+0000");
    let bodies = request_bodies(
        &s.fake,
        "POST",
        &format!("{V}/sobjects/ContentDistribution/"),
    )
    .await;
    let b = &bodies[0];
    assert_eq!(b["ContentVersionId"], "068xx0000004DmXAAU");
    assert_eq!(b["Name"], "Contract");
    assert_eq!(b["PreferencesExpires"], true);
    assert_eq!(b["PreferencesLinkLatestVersion"], true);
    let expiry = b["ExpiryDate"].as_str().unwrap();
    assert!(
        expiry.len() == 20 && expiry.ends_with('Z') && &expiry[10..11] == "T",
        "{expiry}"
    );
    assert!(expiry.starts_with("20"), "{expiry}");
}

#[tokio::test]
async fn temporary_download_url_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "salesforce_get_attachment_temporary_download_url",
            json!({"attachment_id": "00Pxx000000aBcDEAU"}),
        )
        .await;
    assert!(err.contains("classic Attachment"), "{err}");
    let err = s
        .client
        .call_err(
            "salesforce_get_attachment_temporary_download_url",
            json!({"attachment_id": "001xx000003DGb2AAG"}),
        )
        .await;
    assert!(err.contains("069"), "{err}");
    soql("SELECT LatestPublishedVersionId, Title FROM ContentDocument WHERE Id = '069xx0000004CxTAAU'")
        .respond(&s.fake, 200, page(vec![]))
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_get_attachment_temporary_download_url",
            json!({"attachment_id": "069xx0000004CxTAAU"}),
        )
        .await;
    assert!(err.contains("not found"), "{err}");
    // A version id goes straight to the distribution; a permission error is shown.
    expect("POST", format!("{V}/sobjects/ContentDistribution/"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &s.fake,
            400,
            sf_error(
                "INSUFFICIENT_ACCESS_OR_READONLY",
                "insufficient access rights on object id",
                &[],
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_get_attachment_temporary_download_url",
            json!({"attachment_id": "068xx0000004DmXAAU"}),
        )
        .await;
    assert!(err.contains("insufficient access rights"), "{err}");
}
