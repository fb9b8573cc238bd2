//! Accounts, contacts, opportunities, leads, cases and campaigns: list SOQL, create, update,
//! delete, and lead conversion.

use crate::common::*;
use mcp_testkit::expect;
use serde_json::{Value, json};

#[tokio::test]
async fn get_accounts_builds_the_soql_and_strips_attributes() {
    let s = setup().await;
    soql("SELECT Id, Name, Industry FROM Account WHERE Name LIKE '%O\\'Brien\\_s 100\\%%' AND Industry = 'Energy' AND Type = 'Customer - Direct' AND CreatedDate >= 2024-01-01T00:00:00Z AND CreatedDate <= 2024-12-31T23:59:59Z ORDER BY CreatedDate DESC LIMIT 10")
        .respond(&s.fake, 200, page(vec![rec("Account", "001xx000003DGb2AAG", json!({"Name": "O'Brien_s 100% Oil", "Industry": "Energy"}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_accounts",
            json!({"limit": 10, "fields": ["Name", "Industry"], "name_contains": "O'Brien_s 100%",
                "industry": "Energy", "account_type": "Customer - Direct",
                "created_date_from": "2024-01-01", "created_date_to": "2024-12-31"}),
        )
        .await;
    assert_eq!(v["totalSize"], 1);
    assert_eq!(
        v["records"][0],
        json!({"Id": "001xx000003DGb2AAG", "Name": "O'Brien_s 100% Oil", "Industry": "Energy"})
    );
}

#[tokio::test]
async fn get_accounts_follows_next_records_url_up_to_the_limit() {
    let s = setup().await;
    let default = "SELECT Id, Name, Type, Industry, Phone, Website, BillingCity, BillingCountry, AnnualRevenue, NumberOfEmployees, OwnerId, CreatedDate FROM Account ORDER BY CreatedDate DESC LIMIT 3";
    soql(default)
        .respond(
            &s.fake,
            200,
            json!({"totalSize": 5, "done": false, "nextRecordsUrl": format!("{V}/query/01gD0000002HU6KIAW-2"),
                "records": [rec("Account", "001xx0000000001AAA", json!({"Name": "A"})), rec("Account", "001xx0000000002AAA", json!({"Name": "B"}))]}),
        )
        .await;
    expect("GET", format!("{V}/query/01gD0000002HU6KIAW-2"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            200,
            json!({"totalSize": 5, "done": false, "nextRecordsUrl": format!("{V}/query/01gD0000002HU6KIAW-4"),
                "records": [rec("Account", "001xx0000000003AAA", json!({"Name": "C"})), rec("Account", "001xx0000000004AAA", json!({"Name": "D"}))]}),
        )
        .await;
    let v = s
        .client
        .call_ok("salesforce_get_accounts", json!({"limit": 3}))
        .await;
    assert_eq!(v["returned"], 3);
    assert_eq!(v["records"][2]["Name"], "C");
    assert!(v["note"].as_str().unwrap().contains("more records"), "{v}");
}

#[tokio::test]
async fn get_accounts_bad_arguments() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "salesforce_get_accounts",
            json!({"created_date_from": "last week"}),
        )
        .await;
    assert!(
        err.contains("created_date_from") && err.contains("YYYY-MM-DD"),
        "{err}"
    );
    // Twenty bytes or more whose tenth byte is inside a character: refused, not a panic.
    let err = s
        .client
        .call_err(
            "salesforce_get_accounts",
            json!({"created_date_to": "2024-05-0日T00:00:00Z"}),
        )
        .await;
    assert!(
        err.contains("created_date_to") && err.contains("YYYY-MM-DD"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "salesforce_get_accounts",
            json!({"fields": ["Name) FROM User --"]}),
        )
        .await;
    assert!(err.contains("API name"), "{err}");
    let err = s
        .client
        .call_err("salesforce_get_accounts", json!({"limit": 0}))
        .await;
    assert!(err.contains("at least 1"), "{err}");
}

#[tokio::test]
async fn expired_token_says_so() {
    let s = setup().await;
    soql("SELECT Id, Name FROM Account ORDER BY CreatedDate DESC LIMIT 50")
        .respond(
            &s.fake,
            401,
            sf_error("INVALID_SESSION_ID", "Session expired or invalid", &[]),
        )
        .await;
    let err = s
        .client
        .call_err("salesforce_get_accounts", json!({"fields": ["Name"]}))
        .await;
    assert!(
        err.contains("INVALID_SESSION_ID") && err.contains("Session expired"),
        "{err}"
    );
    assert!(err.contains("expired"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[tokio::test]
async fn get_contacts_of_an_account() {
    let s = setup().await;
    soql("SELECT Id, Name, Email FROM Contact WHERE AccountId = '001xx000003DGb2AAG' AND Name LIKE '%Rose%' AND Email LIKE '%@edge.com%' AND Title LIKE '%VP%' AND CreatedDate >= 2024-05-01T10:00:00Z ORDER BY CreatedDate DESC LIMIT 50")
        .respond(&s.fake, 200, page(vec![rec("Contact", "003xx000004TmiQAAS", json!({"Name": "Rose Gonzalez", "Email": "rose@edge.com"}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_contacts",
            json!({"account_id": "001xx000003DGb2AAG", "fields": ["Id", "Name", "Email"], "name_contains": "Rose",
                "email_contains": "@edge.com", "title_contains": "VP", "created_date_from": "2024-05-01T10:00:00Z"}),
        )
        .await;
    assert_eq!(v["records"][0]["Email"], "rose@edge.com");
    let err = s
        .client
        .call_err("salesforce_get_contacts", json!({"account_id": "acme"}))
        .await;
    assert!(
        err.contains("account_id") && err.contains("15 or 18"),
        "{err}"
    );
}

#[tokio::test]
async fn get_opportunities_with_close_dates_and_malformed_query() {
    let s = setup().await;
    let q = "SELECT Id, Name, StageName, Amount, CloseDate, Probability, AccountId, Account.Name, OwnerId, NextStep, CreatedDate FROM Opportunity WHERE StageName = 'Closed Won' AND Account.Name LIKE '%Edge%' AND CloseDate >= 2024-01-01 AND CloseDate <= 2024-03-31 ORDER BY CreatedDate DESC LIMIT 5";
    soql(q)
        .respond(&s.fake, 200, page(vec![rec("Opportunity", "006xx000001Sv5fAAC", json!({"Name": "Edge Emergency Generator", "StageName": "Closed Won", "Amount": 75000.0, "Account": {"attributes": {"type": "Account"}, "Name": "Edge Communications"}}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_opportunities",
            json!({"stage": "Closed Won", "account_name_contains": "Edge", "close_date_from": "2024-01-01",
                "close_date_to": "2024-03-31", "limit": 5}),
        )
        .await;
    assert_eq!(
        v["records"][0]["Account"],
        json!({"Name": "Edge Communications"})
    );
    let err = s
        .client
        .call_err(
            "salesforce_get_opportunities",
            json!({"close_date_to": "2024-03-31T00:00:00Z"}),
        )
        .await;
    assert!(
        err.contains("close_date_to") && err.contains("YYYY-MM-DD"),
        "{err}"
    );
    soql("SELECT Id, Stage FROM Opportunity ORDER BY CreatedDate DESC LIMIT 50")
        .respond(
            &s.fake,
            400,
            sf_error(
                "INVALID_FIELD",
                "No such column 'Stage' on entity 'Opportunity'.",
                &[],
            ),
        )
        .await;
    let err = s
        .client
        .call_err("salesforce_get_opportunities", json!({"fields": ["Stage"]}))
        .await;
    assert!(
        err.contains("No such column 'Stage'") && err.contains("salesforce_describe_object"),
        "{err}"
    );
}

#[tokio::test]
async fn get_leads_cases_and_campaigns() {
    let s = setup().await;
    soql("SELECT Id, Name, Company, Email, Phone, Title, Status, Industry, LeadSource, IsConverted, OwnerId, CreatedDate FROM Lead WHERE Status = 'Open - Not Contacted' AND Name LIKE '%Bertha%' AND Company LIKE '%Farmers%' AND Email LIKE '%fcof%' AND Industry = 'Agriculture' AND CreatedDate <= 2025-01-31T23:59:59Z ORDER BY CreatedDate DESC LIMIT 50")
        .respond(&s.fake, 200, page(vec![rec("Lead", "00Qxx000001DwYgEAK", json!({"Name": "Bertha Boxer", "Company": "Farmers Coop. of Florida"}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_leads",
            json!({"status": "Open - Not Contacted", "name_contains": "Bertha", "company_contains": "Farmers",
                "email_contains": "fcof", "industry": "Agriculture", "created_date_to": "2025-01-31"}),
        )
        .await;
    assert_eq!(v["records"][0]["Company"], "Farmers Coop. of Florida");

    soql("SELECT Id, CaseNumber, Subject, Status, Priority, Type, Origin, AccountId, ContactId, OwnerId, CreatedDate, ClosedDate FROM Case WHERE AccountId = '001xx000003DGb2AAG' AND Status = 'Closed' AND Priority = 'High' AND Subject LIKE '%generator%' AND Type = 'Electrical' AND ClosedDate >= 2025-02-01T00:00:00Z AND ClosedDate <= 2025-02-28T23:59:59Z ORDER BY CreatedDate DESC LIMIT 20")
        .respond(&s.fake, 200, page(vec![rec("Case", "500xx000000bpl2AAA", json!({"CaseNumber": "00001001", "Subject": "Starting generator after electrical failure"}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_cases",
            json!({"account_id": "001xx000003DGb2AAG", "status": "Closed", "priority": "High", "subject_contains": "generator",
                "case_type": "Electrical", "closed_date_from": "2025-02-01", "closed_date_to": "2025-02-28", "limit": 20}),
        )
        .await;
    assert_eq!(v["records"][0]["CaseNumber"], "00001001");

    soql("SELECT Id, Name, Status FROM Campaign WHERE Status = 'Planned' AND Type = 'Webinar' AND StartDate >= 2025-06-01 AND EndDate <= 2025-06-30 ORDER BY CreatedDate DESC LIMIT 50")
        .respond(&s.fake, 200, page(vec![rec("Campaign", "701xx000000EY7wAAG", json!({"Name": "June webinar", "Status": "Planned"}))]))
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_get_campaigns",
            json!({"status": "Planned", "type_filter": "Webinar", "fields": ["Name", "Status"],
                "start_date_from": "2025-06-01", "end_date_to": "2025-06-30"}),
        )
        .await;
    assert_eq!(v["records"][0]["Name"], "June webinar");
    let err = s
        .client
        .call_err(
            "salesforce_get_campaigns",
            json!({"start_date_from": "June"}),
        )
        .await;
    assert!(err.contains("start_date_from"), "{err}");
    let err = s
        .client
        .call_err(
            "salesforce_get_cases",
            json!({"closed_date_to": "yesterday"}),
        )
        .await;
    assert!(err.contains("closed_date_to"), "{err}");
    let err = s
        .client
        .call_err(
            "salesforce_get_leads",
            json!({"created_date_from": "2025-13"}),
        )
        .await;
    assert!(err.contains("created_date_from"), "{err}");
}

/// Create, update and delete one object's record with the catalog's argument names.
async fn crud(object: &str, singular: &str, id: &str, data: Value) {
    let s = setup().await;
    expect("POST", format!("{V}/sobjects/{object}/"))
        .bearer(TOKEN)
        .json_body(data.clone())
        .respond(
            &s.fake,
            201,
            json!({"id": id, "success": true, "errors": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            &format!("salesforce_create_{singular}"),
            json!({format!("{singular}_data"): data}),
        )
        .await;
    assert_eq!(v["id"], id);
    assert_eq!(v["success"], true);

    let change = json!({"Description": "updated by the agent"});
    expect("PATCH", format!("{V}/sobjects/{object}/{id}"))
        .bearer(TOKEN)
        .json_body(change.clone())
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            &format!("salesforce_update_{singular}"),
            json!({format!("{singular}_id"): id, format!("{singular}_data"): change}),
        )
        .await;
    assert_eq!(v["updated"], true);
    assert_eq!(v["id"], id);

    expect("DELETE", format!("{V}/sobjects/{object}/{id}"))
        .bearer(TOKEN)
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            &format!("salesforce_delete_{singular}"),
            json!({format!("{singular}_id"): id}),
        )
        .await;
    assert_eq!(v["deleted"], true);

    // Failure paths: bad data, bad id, a vendor error array.
    let err = s
        .client
        .call_err(
            &format!("salesforce_create_{singular}"),
            json!({format!("{singular}_data"): {}}),
        )
        .await;
    assert!(err.contains(&format!("{singular}_data")), "{err}");
    let err = s
        .client
        .call_err(
            &format!("salesforce_delete_{singular}"),
            json!({format!("{singular}_id"): "../User"}),
        )
        .await;
    assert!(err.contains(&format!("{singular}_id")), "{err}");
    let gone = "000xx000000aaaaAAA";
    expect("DELETE", format!("{V}/sobjects/{object}/{gone}"))
        .bearer(TOKEN)
        .respond(
            &s.fake,
            404,
            sf_error("ENTITY_IS_DELETED", "entity is deleted", &[]),
        )
        .await;
    let err = s
        .client
        .call_err(
            &format!("salesforce_delete_{singular}"),
            json!({format!("{singular}_id"): gone}),
        )
        .await;
    assert!(
        err.contains("entity is deleted") && err.contains("ENTITY_IS_DELETED"),
        "{err}"
    );
}

#[tokio::test]
async fn account_crud() {
    crud(
        "Account",
        "account",
        "001xx000003DGb2AAG",
        json!({"Name": "Acme", "Industry": "Energy"}),
    )
    .await;
}

#[tokio::test]
async fn contact_crud() {
    crud(
        "Contact",
        "contact",
        "003xx000004TmiQAAS",
        json!({"LastName": "Gonzalez", "AccountId": "001xx000003DGb2AAG"}),
    )
    .await;
}

#[tokio::test]
async fn lead_crud() {
    crud(
        "Lead",
        "lead",
        "00Qxx000001DwYgEAK",
        json!({"LastName": "Boxer", "Company": "Farmers Coop."}),
    )
    .await;
}

#[tokio::test]
async fn case_crud() {
    crud(
        "Case",
        "case",
        "500xx000000bpl2AAA",
        json!({"Subject": "Generator down", "Priority": "High"}),
    )
    .await;
}

#[tokio::test]
async fn campaign_crud() {
    crud(
        "Campaign",
        "campaign",
        "701xx000000EY7wAAG",
        json!({"Name": "June webinar", "Type": "Webinar"}),
    )
    .await;
}

#[tokio::test]
async fn opportunity_create_delete_and_named_update() {
    let s = setup().await;
    let data = json!({"Name": "Big deal", "StageName": "Prospecting", "CloseDate": "2025-09-30"});
    expect("POST", format!("{V}/sobjects/Opportunity/"))
        .bearer(TOKEN)
        .json_body(data.clone())
        .respond(
            &s.fake,
            201,
            json!({"id": "006xx000001Sv5fAAC", "success": true, "errors": []}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_create_opportunity",
            json!({"opportunity_data": data}),
        )
        .await;
    assert_eq!(v["id"], "006xx000001Sv5fAAC");
    expect("POST", format!("{V}/sobjects/Opportunity/"))
        .bearer(TOKEN)
        .json_body(json!({"Name": "No stage"}))
        .respond(
            &s.fake,
            400,
            sf_error(
                "REQUIRED_FIELD_MISSING",
                "Required fields are missing: [StageName, CloseDate]",
                &["StageName", "CloseDate"],
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "salesforce_create_opportunity",
            json!({"opportunity_data": {"Name": "No stage"}}),
        )
        .await;
    assert!(
        err.contains("Required fields are missing") && err.contains("fields: StageName, CloseDate"),
        "{err}"
    );

    expect("PATCH", format!("{V}/sobjects/Opportunity/006xx000001Sv5fAAC"))
        .bearer(TOKEN)
        .json_body(json!({"CloseDate": "2025-10-15", "StageName": "Negotiation/Review", "Amount": 125000.5,
            "NextStep": "Send contract", "Description": "Upsized", "OwnerId": "005xx000001X8UzAAK", "AccountId": "001xx000003DGb2AAG"}))
        .respond_with(&s.fake, no_content())
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_update_opportunity",
            json!({"opportunity_id": "006xx000001Sv5fAAC", "closed_date": "2025-10-15", "stage": "Negotiation/Review",
                "amount": 125000.5, "next_step": "Send contract", "description": "Upsized",
                "owner_id": "005xx000001X8UzAAK", "account_id": "001xx000003DGb2AAG"}),
        )
        .await;
    assert_eq!(v["updated"], true);
    let err = s
        .client
        .call_err(
            "salesforce_update_opportunity",
            json!({"opportunity_id": "006xx000001Sv5fAAC"}),
        )
        .await;
    assert!(err.contains("at least one field"), "{err}");

    expect(
        "DELETE",
        format!("{V}/sobjects/Opportunity/006xx000001Sv5fAAC"),
    )
    .bearer(TOKEN)
    .respond_with(&s.fake, no_content())
    .await;
    let v = s
        .client
        .call_ok(
            "salesforce_delete_opportunity",
            json!({"opportunity_id": "006xx000001Sv5fAAC"}),
        )
        .await;
    assert_eq!(v["deleted"], true);
}

const CONVERTED: &str = r#"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><soapenv:Body><convertLeadResponse><result><accountId>001xx000003DGb2AAG</accountId><contactId>003xx000004TmiQAAS</contactId><leadId>00Qxx000001DwYgEAK</leadId><opportunityId xsi:nil="true"/><success>true</success></result></convertLeadResponse></soapenv:Body></soapenv:Envelope>"#;

async fn soap_bodies(fake: &mcp_testkit::wiremock::MockServer) -> Vec<String> {
    fake.received_requests()
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|r| r.url.path() == "/services/Soap/u/67.0")
        .map(|r| String::from_utf8_lossy(&r.body).into_owned())
        .collect()
}

#[tokio::test]
async fn convert_lead_through_soap_with_the_org_status() {
    let s = setup().await;
    soql("SELECT ApiName FROM LeadStatus WHERE IsConverted = true ORDER BY SortOrder LIMIT 1")
        .respond(
            &s.fake,
            200,
            page(vec![
                json!({"attributes": {"type": "LeadStatus"}, "ApiName": "Closed - Converted"}),
            ]),
        )
        .await;
    expect("POST", "/services/Soap/u/67.0")
        .bearer(TOKEN)
        .header("soapaction", "\"\"")
        .header("content-type", "text/xml; charset=UTF-8")
        .any_body()
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(200).set_body_raw(CONVERTED, "text/xml"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "salesforce_convert_lead",
            json!({"lead_id": "00Qxx000001DwYgEAK", "conversion_data": {"account_id": "001xx000003DGb2AAG", "doNotCreateOpportunity": true, "opportunityName": "R&D <pilot>"}}),
        )
        .await;
    assert_eq!(v["accountId"], "001xx000003DGb2AAG");
    assert_eq!(v["contactId"], "003xx000004TmiQAAS");
    assert_eq!(v["opportunityId"], Value::Null);
    assert_eq!(v["convertedStatus"], "Closed - Converted");
    let body = &soap_bodies(&s.fake).await[0];
    assert!(
        body.contains(&format!(
            "<urn:SessionHeader><urn:sessionId>{TOKEN}</urn:sessionId></urn:SessionHeader>"
        )),
        "{body}"
    );
    assert!(
        body.contains("<urn:convertLead><urn:leadConverts><urn:accountId>001xx000003DGb2AAG</urn:accountId><urn:convertedStatus>Closed - Converted</urn:convertedStatus><urn:doNotCreateOpportunity>true</urn:doNotCreateOpportunity><urn:leadId>00Qxx000001DwYgEAK</urn:leadId><urn:opportunityName>R&amp;D &lt;pilot&gt;</urn:opportunityName><urn:overwriteLeadSource>false</urn:overwriteLeadSource><urn:sendNotificationEmail>false</urn:sendNotificationEmail></urn:leadConverts></urn:convertLead>"),
        "{body}"
    );
}

#[tokio::test]
async fn convert_lead_failures() {
    let s = setup().await;
    let failed = r#"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com"><soapenv:Body><convertLeadResponse><result><errors><message>Converted status is invalid: Open</message><statusCode>INVALID_STATUS</statusCode></errors><leadId>00Qxx000001DwYgEAK</leadId><success>false</success></result></convertLeadResponse></soapenv:Body></soapenv:Envelope>"#;
    expect("POST", "/services/Soap/u/67.0")
        .bearer(TOKEN)
        .any_body()
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(200).set_body_raw(failed, "text/xml"),
        )
        .await;
    let err = s
        .client
        .call_err("salesforce_convert_lead", json!({"lead_id": "00Qxx000001DwYgEAK", "conversion_data": {"convertedStatus": "Open"}}))
        .await;
    assert!(
        err.contains("INVALID_STATUS") && err.contains("Converted status is invalid"),
        "{err}"
    );
    assert!(
        soap_bodies(&s.fake).await[0].contains("<urn:convertedStatus>Open</urn:convertedStatus>")
    );

    let err = s
        .client
        .call_err(
            "salesforce_convert_lead",
            json!({"lead_id": "00Qxx000001DwYgEAK", "conversion_data": {"accountId": "acme"}}),
        )
        .await;
    assert!(err.contains("conversion_data.accountId"), "{err}");
    let err = s
        .client
        .call_err("salesforce_convert_lead", json!({"lead_id": "x"}))
        .await;
    assert!(err.contains("lead_id"), "{err}");
}

#[tokio::test]
async fn convert_lead_soap_fault() {
    let s = setup().await;
    let fault = r#"<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sf="urn:fault.partner.soap.sforce.com"><soapenv:Body><soapenv:Fault><faultcode>sf:INVALID_SESSION_ID</faultcode><faultstring>INVALID_SESSION_ID: Invalid Session ID found in SessionHeader: Illegal Session</faultstring><detail><sf:UnexpectedErrorFault><sf:exceptionCode>INVALID_SESSION_ID</sf:exceptionCode></sf:UnexpectedErrorFault></detail></soapenv:Fault></soapenv:Body></soapenv:Envelope>"#;
    expect("POST", "/services/Soap/u/67.0")
        .bearer(TOKEN)
        .any_body()
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(500).set_body_raw(fault, "text/xml"),
        )
        .await;
    let err = s
        .client
        .call_err("salesforce_convert_lead", json!({"lead_id": "00Qxx000001DwYgEAK", "conversion_data": {"convertedStatus": "Closed - Converted"}}))
        .await;
    assert!(
        err.contains("Invalid Session ID") && err.contains("expired"),
        "{err}"
    );
    assert!(!err.contains(TOKEN), "{err}");
}
