//! The fake Twilio, a server pointed at it, a client sending an account SID and auth token,
//! and resource bodies shaped like Twilio's documented examples.

use mcp_testkit::Setup;
use serde_json::{Value, json};

pub const SID: &str = "ACaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
pub const TOKEN: &str = "tw_auth_token_0123456789abcdef";
pub const MSG: &str = "SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";
pub const CALL: &str = "CAcccccccccccccccccccccccccccccccc";
pub const PN: &str = "PNdddddddddddddddddddddddddddddddd";

/// `Basic base64("AC…:token")`.
pub fn basic() -> String {
    mcp_testkit::basic_auth(SID, TOKEN)
}

/// A path below the account (`/Accounts/AC…/Messages.json`).
pub fn acct(rel: &str) -> String {
    format!("/Accounts/{SID}{rel}")
}

pub fn creds() -> Value {
    json!({"account_sid": SID, "auth_token": TOKEN})
}

pub async fn setup() -> Setup {
    Setup::start(&twilio_mcp_server::SPEC, creds()).await
}

/// Twilio's error body.
pub fn tw_error(status: u16, code: u32, message: &str) -> Value {
    json!({
        "code": code,
        "message": message,
        "more_info": format!("https://www.twilio.com/docs/errors/{code}"),
        "status": status
    })
}

/// A list page: `{<key>: items, "next_page_uri", "page", "page_size", ...}`.
pub fn page(key: &str, items: Vec<Value>, next: Option<&str>) -> Value {
    json!({
        key: items,
        "end": 0,
        "first_page_uri": format!("/2010-04-01/Accounts/{SID}/x.json?PageSize=20&Page=0"),
        "next_page_uri": next,
        "page": 0,
        "page_size": 20,
        "previous_page_uri": null,
        "start": 0,
        "uri": format!("/2010-04-01/Accounts/{SID}/x.json?PageSize=20&Page=0")
    })
}

pub fn message_json(sid: &str, status: &str) -> Value {
    json!({
        "account_sid": SID,
        "api_version": "2010-04-01",
        "body": "Hello there",
        "date_created": "Thu, 24 Aug 2023 05:01:45 +0000",
        "date_sent": "Thu, 24 Aug 2023 05:01:45 +0000",
        "date_updated": "Thu, 24 Aug 2023 05:01:45 +0000",
        "direction": "outbound-api",
        "error_code": null,
        "error_message": null,
        "from": "+14155552345",
        "num_media": "0",
        "num_segments": "1",
        "price": null,
        "price_unit": "USD",
        "messaging_service_sid": null,
        "sid": sid,
        "status": status,
        "subresource_uris": {"media": format!("/2010-04-01/Accounts/{SID}/Messages/{sid}/Media.json")},
        "to": "+14155552346",
        "uri": format!("/2010-04-01/Accounts/{SID}/Messages/{sid}.json")
    })
}

pub fn call_json(sid: &str, status: &str) -> Value {
    json!({
        "account_sid": SID,
        "answered_by": null,
        "api_version": "2010-04-01",
        "caller_name": null,
        "date_created": "Tue, 31 Aug 2010 20:36:28 +0000",
        "date_updated": "Tue, 31 Aug 2010 20:36:44 +0000",
        "direction": "outbound-api",
        "duration": "15",
        "end_time": "Tue, 31 Aug 2010 20:36:44 +0000",
        "forwarded_from": null,
        "from": "+15017122661",
        "from_formatted": "(501) 712-2661",
        "group_sid": null,
        "parent_call_sid": null,
        "phone_number_sid": PN,
        "price": "-0.03000",
        "price_unit": "USD",
        "sid": sid,
        "start_time": "Tue, 31 Aug 2010 20:36:29 +0000",
        "status": status,
        "subresource_uris": {},
        "to": "+14155551212",
        "to_formatted": "(415) 555-1212",
        "trunk_sid": null,
        "uri": format!("/2010-04-01/Accounts/{SID}/Calls/{sid}.json"),
        "queue_time": "1000"
    })
}

pub fn recording_json(sid: &str) -> Value {
    json!({
        "account_sid": SID,
        "api_version": "2010-04-01",
        "call_sid": CALL,
        "conference_sid": null,
        "channels": 1,
        "date_created": "Fri, 14 Oct 2016 21:56:34 +0000",
        "date_updated": "Fri, 14 Oct 2016 21:56:38 +0000",
        "start_time": "Fri, 14 Oct 2016 21:56:34 +0000",
        "price": "-0.0025",
        "price_unit": "USD",
        "duration": "4",
        "sid": sid,
        "source": "StartConferenceRecordingAPI",
        "status": "completed",
        "error_code": null,
        "encryption_details": null,
        "uri": format!("/2010-04-01/Accounts/{SID}/Recordings/{sid}.json"),
        "media_url": format!("https://api.twilio.com/2010-04-01/Accounts/{SID}/Recordings/{sid}")
    })
}

pub fn incoming_json(sid: &str, name: &str) -> Value {
    json!({
        "account_sid": SID,
        "address_requirements": "none",
        "address_sid": null,
        "api_version": "2010-04-01",
        "beta": false,
        "capabilities": {"voice": true, "sms": false, "mms": true, "fax": false},
        "date_created": "Thu, 30 Jul 2015 23:19:04 +0000",
        "date_updated": "Thu, 30 Jul 2015 23:19:04 +0000",
        "emergency_status": "Active",
        "friendly_name": name,
        "identity_sid": null,
        "origin": "origin",
        "phone_number": "+15017122661",
        "sid": sid,
        "sms_application_sid": "",
        "sms_fallback_method": "POST",
        "sms_fallback_url": "",
        "sms_method": "POST",
        "sms_url": "",
        "status_callback": "",
        "status_callback_method": "POST",
        "trunk_sid": null,
        "uri": format!("/2010-04-01/Accounts/{SID}/IncomingPhoneNumbers/{sid}.json"),
        "voice_application_sid": null,
        "voice_caller_id_lookup": false,
        "voice_fallback_method": "POST",
        "voice_fallback_url": null,
        "voice_method": "POST",
        "voice_url": "https://example.com/voice",
        "bundle_sid": null,
        "voice_receive_mode": "voice",
        "status": "in-use"
    })
}
