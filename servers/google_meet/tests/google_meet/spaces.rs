//! Meet spaces: instant meetings, reading and changing a space, ending its call.

use crate::common::{meet_error, req, setup, space};
use mcp_vendor_google::testkit::{GoogleApi, insufficient_scope};
use serde_json::json;

const MEET: GoogleApi = GoogleApi {
    service: "meet.googleapis.com",
    method: "google.apps.meet.v2.SpacesService.CreateSpace",
    legacy_errors: false,
};

#[tokio::test]
async fn create_instant() {
    let s = setup().await;
    req("POST", "/v2/spaces", &[])
        .json_body(json!({}))
        .respond(&s.fake, 200, space("jQCFfuBOdN5z"))
        .await;
    let v = s
        .client
        .call_ok("google_meet_v2_create_instant", json!({}))
        .await;
    assert_eq!(
        v,
        json!({
            "name": "spaces/jQCFfuBOdN5z",
            "meetingUri": "https://meet.google.com/abc-mnop-xyz",
            "meetingCode": "abc-mnop-xyz",
            "accessType": "TRUSTED",
            "entryPointAccess": "ALL"
        })
    );
}

#[tokio::test]
async fn create_instant_with_access_type_and_scope_error() {
    let s = setup().await;
    let mut sp = space("r1");
    sp["config"]["accessType"] = json!("RESTRICTED");
    req("POST", "/v2/spaces", &[])
        .json_body(json!({"config": {"accessType": "RESTRICTED"}}))
        .respond(&s.fake, 200, sp)
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_create_instant",
            json!({"access_type": "RESTRICTED"}),
        )
        .await;
    assert_eq!(v["accessType"], "RESTRICTED");
    let err = s
        .client
        .call_err(
            "google_meet_v2_create_instant",
            json!({"access_type": "PUBLIC"}),
        )
        .await;
    assert!(
        err.contains("access_type") && err.contains("RESTRICTED"),
        "{err}"
    );
    s.fake.reset().await;
    req("POST", "/v2/spaces", &[])
        .json_body(json!({}))
        .respond_with(
            &s.fake,
            insufficient_scope(
                &MEET,
                "https://www.googleapis.com/auth/meetings.space.created",
            ),
        )
        .await;
    let err = s
        .client
        .call_err("google_meet_v2_create_instant", json!({}))
        .await;
    assert!(err.contains("meetings.space.created"), "{err}");
}

#[tokio::test]
async fn get_meeting_by_code_url_or_name() {
    let s = setup().await;
    let mut live = space("jQCFfuBOdN5z");
    live["activeConference"] = json!({"conferenceRecord": "conferenceRecords/c-123"});
    req("GET", "/v2/spaces/abc-mnop-xyz", &[])
        .respond(&s.fake, 200, live)
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_get_meeting",
            json!({"space_id": "https://meet.google.com/abc-mnop-xyz?authuser=0"}),
        )
        .await;
    assert_eq!(v["name"], "spaces/jQCFfuBOdN5z");
    assert_eq!(v["activeConference"], "conferenceRecords/c-123");
    req("GET", "/v2/spaces/jQCFfuBOdN5z", &[])
        .respond(&s.fake, 200, space("jQCFfuBOdN5z"))
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_get_meeting",
            json!({"space_id": "spaces/jQCFfuBOdN5z"}),
        )
        .await;
    assert_eq!(v["meetingCode"], "abc-mnop-xyz");
    assert!(v.get("activeConference").is_none());
}

#[tokio::test]
async fn get_meeting_failures() {
    let s = setup().await;
    req("GET", "/v2/spaces/zzz-zzzz-zzz", &[])
        .respond(
            &s.fake,
            404,
            meet_error(404, "NOT_FOUND", "Requested entity was not found."),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_get_meeting",
            json!({"space_id": "zzz-zzzz-zzz"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Requested entity was not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "google_meet_v2_get_meeting",
            json!({"space_id": "spaces/a b"}),
        )
        .await;
    assert!(err.contains("not a Meet space"), "{err}");
}

#[tokio::test]
async fn update_space_resolves_a_meeting_code() {
    let s = setup().await;
    req("GET", "/v2/spaces/abc-mnop-xyz", &[])
        .respond(&s.fake, 200, space("jQCFfuBOdN5z"))
        .await;
    let mut updated = space("jQCFfuBOdN5z");
    updated["config"] =
        json!({"accessType": "RESTRICTED", "entryPointAccess": "ALL", "moderation": "ON"});
    req(
        "PATCH",
        "/v2/spaces/jQCFfuBOdN5z",
        &[("updateMask", "config.accessType,config.moderation")],
    )
    .json_body(json!({"config": {"accessType": "RESTRICTED", "moderation": "ON"}}))
    .respond(&s.fake, 200, updated)
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_update_space",
            json!({"space_id": "abc-mnop-xyz", "access_type": "RESTRICTED", "moderation": "ON"}),
        )
        .await;
    assert_eq!(v["accessType"], "RESTRICTED");
    assert_eq!(v["moderation"], "ON");
}

#[tokio::test]
async fn update_space_by_name_and_failures() {
    let s = setup().await;
    req(
        "PATCH",
        "/v2/spaces/jQCFfuBOdN5z",
        &[("updateMask", "config.entryPointAccess")],
    )
    .json_body(json!({"config": {"entryPointAccess": "CREATOR_APP_ONLY"}}))
    .respond(
        &s.fake,
        403,
        meet_error(
            403,
            "PERMISSION_DENIED",
            "The caller does not have permission",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_update_space",
            json!({"space_id": "spaces/jQCFfuBOdN5z", "entry_point_access": "CREATOR_APP_ONLY"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("does not have permission"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "google_meet_v2_update_space",
            json!({"space_id": "spaces/jQCFfuBOdN5z"}),
        )
        .await;
    assert!(err.contains("nothing to update"), "{err}");
}

#[tokio::test]
async fn end_active_conference() {
    let s = setup().await;
    req("POST", "/v2/spaces/jQCFfuBOdN5z:endActiveConference", &[])
        .json_body(json!({}))
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_end_active_conference",
            json!({"space_id": "jQCFfuBOdN5z"}),
        )
        .await;
    assert_eq!(v, json!({"ended": true, "space": "spaces/jQCFfuBOdN5z"}));
}

#[tokio::test]
async fn end_active_conference_without_a_call() {
    let s = setup().await;
    req("GET", "/v2/spaces/abc-mnop-xyz", &[])
        .respond(&s.fake, 200, space("jQCFfuBOdN5z"))
        .await;
    req("POST", "/v2/spaces/jQCFfuBOdN5z:endActiveConference", &[])
        .json_body(json!({}))
        .respond(
            &s.fake,
            400,
            meet_error(
                400,
                "FAILED_PRECONDITION",
                "No active conference in the space.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_end_active_conference",
            json!({"space_id": "abc-mnop-xyz"}),
        )
        .await;
    assert!(err.contains("No active conference"), "{err}");
    assert!(err.contains("activeConference"), "{err}");
}
