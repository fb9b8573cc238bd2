//! Phone numbers: search numbers for sale (`GET /AvailablePhoneNumbers/{CountryCode}/Local.json`),
//! buy (`POST /IncomingPhoneNumbers.json`), list (`GET /IncomingPhoneNumbers.json`),
//! configure (`POST /IncomingPhoneNumbers/{Sid}.json`) and release
//! (`DELETE /IncomingPhoneNumbers/{Sid}.json`).

use mcp_shared::{Count, Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::api::{self, Form};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "twilio_search_available_numbers",
            "Search numbers to buy",
            Effect::Read,
            search_available,
        )
        .toolset("phone_numbers"),
        tool(
            "twilio_purchase_phone_number",
            "Buy a phone number",
            Effect::Write,
            purchase,
        )
        .toolset("phone_numbers"),
        tool(
            "twilio_list_phone_numbers",
            "List the account's numbers",
            Effect::Read,
            list_numbers,
        )
        .toolset("phone_numbers"),
        tool(
            "twilio_update_phone_number",
            "Configure a phone number",
            Effect::IdempotentWrite,
            update_number,
        )
        .toolset("phone_numbers"),
        tool(
            "twilio_release_phone_number",
            "Release a phone number",
            Effect::Destructive,
            release_number,
        )
        .toolset("phone_numbers"),
    ]
}

/// Local numbers for sale in a country, by area code, digits and capabilities: number,
/// locality, region, capabilities, address requirements; and next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct SearchAvailable {
    /// ISO 3166-1 alpha-2
    #[schemars(extend("default" = "US"))]
    country_code: Option<String>,
    /// US and Canada only, e.g. 415
    area_code: Option<String>,
    /// Digits the number contains; letters match keypad digits, * any one (e.g. 555****)
    contains: Option<String>,
    sms_enabled: Option<bool>,
    voice_enabled: Option<bool>,
    /// Page size
    #[schemars(extend("default" = 20, "minimum" = 1, "maximum" = 1000))]
    limit: Option<Count>,
    /// next_cursor of the previous page (it keeps the filters)
    cursor: Option<String>,
}

async fn search_available(ctx: Ctx, a: SearchAvailable) -> Result<Value, ToolError> {
    let cc = a
        .country_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .unwrap_or("US")
        .to_ascii_uppercase();
    if cc.len() != 2 || !cc.bytes().all(|b| b.is_ascii_uppercase()) {
        return Err(ToolError::invalid_input(format!(
            "`country_code` must be an ISO 3166-1 alpha-2 code such as US or GB, got `{cc}`."
        )));
    }
    let area = a
        .area_code
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    if let Some(ac) = area
        && !(ac.len() == 3 && ac.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(ToolError::invalid_input(format!(
            "`area_code` must be 3 digits (US and Canada), got `{ac}`."
        )));
    }
    let size = api::page_size(a.limit, 20)?;
    let sms = a.sms_enabled.map(|b| b.to_string());
    let voice = a.voice_enabled.map(|b| b.to_string());
    let q = api::filters(&[
        ("AreaCode", area),
        ("Contains", a.contains.as_deref()),
        ("SmsEnabled", sms.as_deref()),
        ("VoiceEnabled", voice.as_deref()),
    ]);
    api::list(
        &ctx,
        &format!("/AvailablePhoneNumbers/{cc}/Local.json"),
        q,
        size,
        a.cursor.as_deref(),
        "available_phone_numbers",
        api::available_number,
    )
    .await
}

/// The settings a number's calls and messages use.
fn settings(
    f: &mut Form,
    friendly_name: Option<&str>,
    voice_url: Option<&str>,
    sms_url: Option<&str>,
    status_callback: Option<&str>,
) {
    f.opt("FriendlyName", friendly_name)
        .opt("VoiceUrl", voice_url)
        .opt("SmsUrl", sms_url)
        .opt("StatusCallback", status_callback);
}

/// Buy a phone number for the account (charged monthly until released). Returns the new
/// number with its sid (PN…).
#[derive(Deserialize, JsonSchema)]
pub struct Purchase {
    /// E.164, from twilio_search_available_numbers
    phone_number: String,
    friendly_name: Option<String>,
    /// URL Twilio fetches TwiML from for incoming calls
    voice_url: Option<String>,
    /// URL Twilio calls for incoming messages
    sms_url: Option<String>,
    /// URL Twilio posts call status changes to
    status_callback: Option<String>,
}

async fn purchase(ctx: Ctx, a: Purchase) -> Result<Value, ToolError> {
    let mut f = Form::default();
    f.set(
        "PhoneNumber",
        mcp_shared::non_empty(&a.phone_number, "phone_number")?,
    );
    settings(
        &mut f,
        a.friendly_name.as_deref(),
        a.voice_url.as_deref(),
        a.sms_url.as_deref(),
        a.status_callback.as_deref(),
    );
    let v = api::post(&ctx, "/IncomingPhoneNumbers.json", f.0, false).await?;
    Ok(api::incoming_number(&v))
}

/// The account's phone numbers: sid, number, name, capabilities, voice and SMS URLs; and
/// next_cursor.
#[derive(Deserialize, JsonSchema)]
pub struct ListNumbers {
    /// Page size
    #[schemars(extend("default" = 50, "minimum" = 1, "maximum" = 1000))]
    limit: Option<Count>,
    /// Only numbers containing these digits (* any one)
    phone_number: Option<String>,
    friendly_name: Option<String>,
    /// next_cursor of the previous page (it keeps the filters)
    cursor: Option<String>,
}

async fn list_numbers(ctx: Ctx, a: ListNumbers) -> Result<Value, ToolError> {
    let size = api::page_size(a.limit, 50)?;
    let q = api::filters(&[
        ("FriendlyName", a.friendly_name.as_deref()),
        ("PhoneNumber", a.phone_number.as_deref()),
    ]);
    api::list(
        &ctx,
        "/IncomingPhoneNumbers.json",
        q,
        size,
        a.cursor.as_deref(),
        "incoming_phone_numbers",
        api::incoming_number,
    )
    .await
}

/// Change a number's name, voice URL, SMS URL or status callback; fields not given stay.
/// Returns the number.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateNumber {
    /// PN…
    phone_number_sid: String,
    friendly_name: Option<String>,
    voice_url: Option<String>,
    sms_url: Option<String>,
    status_callback: Option<String>,
}

async fn update_number(ctx: Ctx, a: UpdateNumber) -> Result<Value, ToolError> {
    let sid = api::sid(&a.phone_number_sid, "phone_number_sid", &["PN"])?;
    let mut f = Form::default();
    settings(
        &mut f,
        a.friendly_name.as_deref(),
        a.voice_url.as_deref(),
        a.sms_url.as_deref(),
        a.status_callback.as_deref(),
    );
    if f.0.is_empty() {
        return Err(ToolError::invalid_input(
            "Nothing to change: give at least one of friendly_name, voice_url, sms_url, status_callback.",
        ));
    }
    let v = api::post(
        &ctx,
        &format!("/IncomingPhoneNumbers/{sid}.json"),
        f.0,
        true,
    )
    .await?;
    Ok(api::incoming_number(&v))
}

/// Release a number from the account: it stops working at once and may not be
/// recoverable.
#[derive(Deserialize, JsonSchema)]
pub struct ReleaseNumber {
    /// PN…
    phone_number_sid: String,
}

async fn release_number(ctx: Ctx, a: ReleaseNumber) -> Result<Value, ToolError> {
    let sid = api::sid(&a.phone_number_sid, "phone_number_sid", &["PN"])?;
    api::delete(&ctx, &format!("/IncomingPhoneNumbers/{sid}.json")).await?;
    Ok(json!({"released": true, "sid": sid}))
}
