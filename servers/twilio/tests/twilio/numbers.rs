//! Phone numbers: search numbers for sale, buy, list, configure, release.

use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::common::*;

#[tokio::test]
async fn search_available_numbers_contract() {
    let s = setup().await;
    expect("GET", acct("/AvailablePhoneNumbers/GB/Local.json"))
        .header("authorization", &basic())
        .queries(&[
            ("Contains", "555"),
            ("SmsEnabled", "true"),
            ("VoiceEnabled", "false"),
            ("PageSize", "2"),
        ])
        .respond(
            &s.fake,
            200,
            page(
                "available_phone_numbers",
                vec![json!({
                    "address_requirements": "none",
                    "beta": false,
                    "capabilities": {"mms": true, "sms": false, "voice": true},
                    "friendly_name": "(808) 925-1571",
                    "iso_country": "GB",
                    "lata": "834",
                    "latitude": "19.720000",
                    "locality": "Hilo",
                    "longitude": "-155.090000",
                    "phone_number": "+18089251571",
                    "postal_code": "96720",
                    "rate_center": "HILO",
                    "region": "HI"
                })],
                None,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_search_available_numbers",
            json!({"country_code": "gb", "contains": "555", "sms_enabled": true, "voice_enabled": false, "limit": 2}),
        )
        .await;
    let n = &v["available_phone_numbers"][0];
    assert_eq!(n["phone_number"], "+18089251571");
    assert_eq!(n["locality"], "Hilo");
    assert!(n.get("latitude").is_none());
}

#[tokio::test]
async fn search_available_numbers_defaults_to_us_with_area_code() {
    let s = setup().await;
    expect("GET", acct("/AvailablePhoneNumbers/US/Local.json"))
        .header("authorization", &basic())
        .queries(&[("AreaCode", "415"), ("PageSize", "20")])
        .respond(&s.fake, 200, page("available_phone_numbers", vec![], None))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_search_available_numbers",
            json!({"area_code": "415"}),
        )
        .await;
    assert_eq!(v["available_phone_numbers"], json!([]));
}

#[tokio::test]
async fn search_available_numbers_bad_arguments_and_vendor_error() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "twilio_search_available_numbers",
            json!({"country_code": "USA"}),
        )
        .await;
    assert!(err.contains("ISO 3166-1"), "{err}");
    let err = s
        .client
        .call_err(
            "twilio_search_available_numbers",
            json!({"area_code": "41a"}),
        )
        .await;
    assert!(err.contains("3 digits"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    expect("GET", acct("/AvailablePhoneNumbers/ZZ/Local.json"))
        .query("PageSize", "20")
        .respond(
            &s.fake,
            404,
            tw_error(404, 20404, "The requested resource was not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "twilio_search_available_numbers",
            json!({"country_code": "ZZ"}),
        )
        .await;
    assert!(err.contains("20404"), "{err}");
}

#[tokio::test]
async fn purchase_phone_number_contract() {
    let s = setup().await;
    expect("POST", acct("/IncomingPhoneNumbers.json"))
        .header("authorization", &basic())
        .form_body(&[
            ("PhoneNumber", "+15017122661"),
            ("FriendlyName", "Support line"),
            ("VoiceUrl", "https://example.com/voice"),
            ("SmsUrl", "https://example.com/sms"),
            ("StatusCallback", "https://example.com/status"),
        ])
        .respond(&s.fake, 201, incoming_json(PN, "Support line"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_purchase_phone_number",
            json!({
                "phone_number": "+15017122661",
                "friendly_name": "Support line",
                "voice_url": "https://example.com/voice",
                "sms_url": "https://example.com/sms",
                "status_callback": "https://example.com/status"
            }),
        )
        .await;
    assert_eq!(v["sid"], PN);
    assert_eq!(v["friendly_name"], "Support line");
    assert_eq!(v["capabilities"]["mms"], true);
}

#[tokio::test]
async fn purchase_phone_number_unavailable() {
    let s = setup().await;
    expect("POST", acct("/IncomingPhoneNumbers.json"))
        .form_body(&[("PhoneNumber", "+15017122661")])
        .respond(
            &s.fake,
            400,
            tw_error(400, 21422, "PhoneNumber +15017122661 is not available."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "twilio_purchase_phone_number",
            json!({"phone_number": "+15017122661"}),
        )
        .await;
    assert!(
        err.contains("21422") && err.contains("not available"),
        "{err}"
    );
}

#[tokio::test]
async fn list_phone_numbers_contract() {
    let s = setup().await;
    let next = format!(
        "/2010-04-01/Accounts/{SID}/IncomingPhoneNumbers.json?PageSize=1&Page=1&PageToken=PAPNddd"
    );
    expect("GET", acct("/IncomingPhoneNumbers.json"))
        .header("authorization", &basic())
        .query("PageSize", "1")
        .respond(
            &s.fake,
            200,
            page(
                "incoming_phone_numbers",
                vec![incoming_json(PN, "Main")],
                Some(&next),
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("twilio_list_phone_numbers", json!({"limit": 1}))
        .await;
    assert_eq!(
        v["incoming_phone_numbers"][0]["phone_number"],
        "+15017122661"
    );
    assert_eq!(
        v["incoming_phone_numbers"][0]["voice_url"],
        "https://example.com/voice"
    );
    assert_eq!(v["next_cursor"], next);
}

#[tokio::test]
async fn list_phone_numbers_unauthorized() {
    let s = setup().await;
    expect("GET", acct("/IncomingPhoneNumbers.json"))
        .query("PageSize", "50")
        .respond(&s.fake, 401, tw_error(401, 20003, "Authenticate"))
        .await;
    let err = s
        .client
        .call_err("twilio_list_phone_numbers", json!({}))
        .await;
    assert!(err.contains("401") && err.contains("20003"), "{err}");
    assert!(err.contains("auth_token"), "{err}");
    assert!(!err.contains(TOKEN), "{err}");
}

#[tokio::test]
async fn update_phone_number_contract() {
    let s = setup().await;
    expect("POST", acct(&format!("/IncomingPhoneNumbers/{PN}.json")))
        .header("authorization", &basic())
        .form_body(&[
            ("FriendlyName", "Sales"),
            ("SmsUrl", "https://example.com/sms2"),
        ])
        .respond(&s.fake, 200, incoming_json(PN, "Sales"))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_update_phone_number",
            json!({"phone_number_sid": PN, "friendly_name": "Sales", "sms_url": "https://example.com/sms2", "voice_url": " "}),
        )
        .await;
    assert_eq!(v["friendly_name"], "Sales");
}

#[tokio::test]
async fn update_phone_number_needs_a_change_and_a_pn_sid() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "twilio_update_phone_number",
            json!({"phone_number_sid": PN}),
        )
        .await;
    assert!(err.contains("Nothing to change"), "{err}");
    let err = s
        .client
        .call_err(
            "twilio_update_phone_number",
            json!({"phone_number_sid": "+15017122661", "friendly_name": "x"}),
        )
        .await;
    assert!(err.contains("PN followed by 32 hex digits"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn release_phone_number_contract() {
    let s = setup().await;
    expect("DELETE", acct(&format!("/IncomingPhoneNumbers/{PN}.json")))
        .header("authorization", &basic())
        .respond_with(&s.fake, ResponseTemplate::new(204))
        .await;
    let v = s
        .client
        .call_ok(
            "twilio_release_phone_number",
            json!({"phone_number_sid": PN}),
        )
        .await;
    assert_eq!(v, json!({"released": true, "sid": PN}));
}

#[tokio::test]
async fn release_phone_number_not_found() {
    let s = setup().await;
    expect("DELETE", acct(&format!("/IncomingPhoneNumbers/{PN}.json")))
        .respond(
            &s.fake,
            404,
            tw_error(404, 20404, "The requested resource was not found"),
        )
        .await;
    let err = s
        .client
        .call_err(
            "twilio_release_phone_number",
            json!({"phone_number_sid": PN}),
        )
        .await;
    assert!(err.contains("20404"), "{err}");
}
