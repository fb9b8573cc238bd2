//! Lead conversion. The REST API has no such resource; Salesforce converts leads with the SOAP
//! API's `convertLead()` call (Partner API, `POST /services/Soap/u/{version}`), which takes the
//! OAuth access token as the session id.

use crate::api::{self, record_id};
use mcp_shared::{Ctx, Method, ToolError};
use serde_json::{Map, Value, json};

/// `LeadConvert` fields in the Partner WSDL's order: (argument, element, kind).
const FIELDS: &[(&str, &str, Kind)] = &[
    ("accountId", "accountId", Kind::Id),
    ("contactId", "contactId", Kind::Id),
    ("convertedStatus", "convertedStatus", Kind::Text),
    (
        "doNotCreateOpportunity",
        "doNotCreateOpportunity",
        Kind::Bool,
    ),
    ("leadId", "leadId", Kind::Id),
    ("opportunityId", "opportunityId", Kind::Id),
    ("opportunityName", "opportunityName", Kind::Text),
    ("overwriteLeadSource", "overwriteLeadSource", Kind::Bool),
    ("ownerId", "ownerId", Kind::Id),
    ("sendNotificationEmail", "sendNotificationEmail", Kind::Bool),
];

#[derive(Clone, Copy)]
enum Kind {
    Id,
    Text,
    Bool,
}

/// `accountId` or `account_id`.
fn get<'a>(m: &'a Map<String, Value>, camel: &str) -> Option<&'a Value> {
    let snake: String = camel
        .chars()
        .flat_map(|c| {
            if c.is_ascii_uppercase() {
                vec!['_', c.to_ascii_lowercase()]
            } else {
                vec![c]
            }
        })
        .collect();
    m.get(camel)
        .or_else(|| m.get(&snake))
        .filter(|v| !v.is_null())
}

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

fn xml_unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The text of the first `<name>…</name>` (or `<x:name …>`) in `xml`; empty for `<name/>`.
#[allow(
    clippy::string_slice,
    reason = "indices from `find` of ASCII `<`, `>`, `/`: character boundaries"
)]
fn tag(xml: &str, name: &str) -> Option<String> {
    let mut rest = xml;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let end = rest.find('>')?;
        let head = &rest[..end];
        let qname = head.split([' ', '/']).next().unwrap_or_default();
        let local = qname.rsplit(':').next().unwrap_or_default();
        if !head.starts_with('/') && local == name {
            if head.ends_with('/') {
                return Some(String::new());
            }
            let body = &rest[end + 1..];
            let close = body.find("</")?;
            return Some(xml_unescape(body[..close].trim()));
        }
    }
    None
}

/// Convert a lead with `convertLead()`; `data` holds the optional LeadConvert fields.
pub async fn convert(
    ctx: &Ctx,
    lead_id: &str,
    data: Map<String, Value>,
) -> Result<Value, ToolError> {
    let lead = record_id(lead_id, "lead_id")?;
    let mut values: Map<String, Value> = Map::new();
    values.insert("leadId".into(), json!(lead));
    for (arg, _, kind) in FIELDS {
        if *arg == "leadId" {
            continue;
        }
        let Some(v) = get(&data, arg) else { continue };
        let ok = match kind {
            Kind::Bool => v.is_boolean(),
            Kind::Text => v.as_str().is_some_and(|s| !s.trim().is_empty()),
            Kind::Id => match v.as_str() {
                Some(s) => record_id(s, &format!("conversion_data.{arg}")).is_ok(),
                None => false,
            },
        };
        if !ok {
            return Err(ToolError::invalid_input(format!(
                "`conversion_data.{arg}` must be {}",
                match kind {
                    Kind::Bool => "true or false",
                    Kind::Text => "a non-empty string",
                    Kind::Id => "a Salesforce id of 15 or 18 letters and digits",
                }
            )));
        }
        values.insert((*arg).into(), v.clone());
    }
    if !values.contains_key("convertedStatus") {
        // The org's first converted lead status, as Salesforce's own examples do.
        let v = api::query(
            ctx,
            "SELECT ApiName FROM LeadStatus WHERE IsConverted = true ORDER BY SortOrder LIMIT 1",
            1,
        )
        .await?;
        let Some(s) = v["records"][0]["ApiName"].as_str() else {
            return Err(ToolError::invalid_input(
                "this org has no converted lead status; pass conversion_data.convertedStatus",
            ));
        };
        values.insert("convertedStatus".into(), json!(s));
    }
    // The three booleans are required by the WSDL.
    for b in [
        "doNotCreateOpportunity",
        "overwriteLeadSource",
        "sendNotificationEmail",
    ] {
        values.entry(b).or_insert(json!(false));
    }
    let mut fields = String::new();
    for (arg, el, _) in FIELDS {
        if let Some(v) = values.get(*arg) {
            let text = v.as_str().map_or_else(|| v.to_string(), str::to_owned);
            fields.push_str(&format!("<urn:{el}>{}</urn:{el}>", xml_escape(&text)));
        }
    }
    let token = ctx.token()?;
    let envelope = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\" xmlns:urn=\"urn:partner.soap.sforce.com\"><soapenv:Header><urn:SessionHeader><urn:sessionId>{}</urn:sessionId></urn:SessionHeader></soapenv:Header><soapenv:Body><urn:convertLead><urn:leadConverts>{fields}</urn:leadConverts></urn:convertLead></soapenv:Body></soapenv:Envelope>",
        xml_escape(token.expose())
    );
    let root = api::data_root(ctx)?;
    let version = root.trim_start_matches("/services/data/v");
    let resp = ctx
        .authorized(Method::POST, &format!("/services/Soap/u/{version}"))?
        .header("soapaction", "\"\"")
        .bytes(envelope.into_bytes(), "text/xml; charset=UTF-8")
        .send_raw()
        .await?;
    let xml = resp.text();
    if let Some(fault) = tag(&xml, "faultstring") {
        let code = tag(&xml, "faultcode").unwrap_or_default();
        let code = code.rsplit(':').next().unwrap_or_default().to_owned();
        let mut e = ToolError::transport(format!(
            "Salesforce refused the lead conversion (HTTP {}): {fault}",
            resp.status.as_u16()
        ))
        .with_code(code.clone());
        if code == "INVALID_SESSION_ID" {
            e = e.with_hint(
                "the access token is invalid or expired: refresh it and send the new access_token.",
            );
        }
        return Err(e);
    }
    if !resp.status.is_success() {
        return Err(resp.error());
    }
    if tag(&xml, "success").as_deref() != Some("true") {
        let msg = tag(&xml, "message").unwrap_or_else(|| "no error text".into());
        let code = tag(&xml, "statusCode").unwrap_or_default();
        let mut e = ToolError::invalid_input(format!(
            "Salesforce did not convert lead {lead}: {code}: {msg}"
        ));
        if code == "INVALID_STATUS" {
            e = e.with_hint(
                "pass conversion_data.convertedStatus with a converted lead status, e.g. Closed - Converted",
            );
        }
        return Err(e);
    }
    Ok(json!({
        "leadId": tag(&xml, "leadId"),
        "accountId": tag(&xml, "accountId").filter(|s| !s.is_empty()),
        "contactId": tag(&xml, "contactId").filter(|s| !s.is_empty()),
        "opportunityId": tag(&xml, "opportunityId").filter(|s| !s.is_empty()),
        "convertedStatus": values.get("convertedStatus"),
        "converted": true,
    }))
}
