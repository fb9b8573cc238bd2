//! Conference records: held meetings, participants, recordings, transcripts.

use crate::common::{meet_error, req, setup};
use mcp_vendor_google::testkit::{GoogleApi, insufficient_scope};
use serde_json::json;

const RECORDS: &str = "/v2/conferenceRecords";

fn record(id: &str, space: &str) -> serde_json::Value {
    json!({
        "name": format!("conferenceRecords/{id}"),
        "startTime": "2026-04-01T08:00:03.123Z",
        "endTime": "2026-04-01T08:31:40.456Z",
        "expireTime": "2026-05-01T08:31:40.456Z",
        "space": space
    })
}

#[tokio::test]
async fn v2_list_meetings_with_filters() {
    let s = setup().await;
    req(
        "GET",
        RECORDS,
        &[
            (
                "filter",
                "space.meeting_code = \"abc-mnop-xyz\" AND start_time>=\"2026-04-01T00:00:00Z\" AND end_time IS NULL",
            ),
            ("pageSize", "5"),
            ("pageToken", "p1"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"conferenceRecords": [record("c-1", "spaces/jQCFfuBOdN5z")], "nextPageToken": "p2"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_list_meetings",
            json!({"max_results": 5, "cursor": "p1", "space_id": "ABC-mnop-xyz", "start_after": "2026-04-01", "active_only": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "conferenceRecords": [{
                "name": "conferenceRecords/c-1",
                "space": "spaces/jQCFfuBOdN5z",
                "startTime": "2026-04-01T08:00:03.123Z",
                "endTime": "2026-04-01T08:31:40.456Z",
                "expireTime": "2026-05-01T08:31:40.456Z"
            }],
            "next_cursor": "p2"
        })
    );
}

#[tokio::test]
async fn v2_list_meetings_defaults_and_failures() {
    let s = setup().await;
    req("GET", RECORDS, &[("pageSize", "10")])
        .respond(&s.fake, 200, json!({}))
        .await;
    let v = s
        .client
        .call_ok("google_meet_v2_list_meetings", json!({}))
        .await;
    assert_eq!(v, json!({"conferenceRecords": [], "next_cursor": null}));
    req(
        "GET",
        RECORDS,
        &[
            ("filter", "space.name = \"spaces/jQCFfuBOdN5z\""),
            ("pageSize", "10"),
        ],
    )
    .respond(
        &s.fake,
        400,
        meet_error(400, "INVALID_ARGUMENT", "Invalid filter."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_list_meetings",
            json!({"space_id": "spaces/jQCFfuBOdN5z"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid filter"),
        "{err}"
    );
    let err = s
        .client
        .call_err("google_meet_v2_list_meetings", json!({"max_results": 101}))
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn get_participants_of_a_space_uses_its_latest_conference() {
    let s = setup().await;
    req(
        "GET",
        RECORDS,
        &[("filter", "space.meeting_code = \"abc-mnop-xyz\""), ("pageSize", "1")],
    )
    .respond(
        &s.fake,
        200,
        json!({"conferenceRecords": [record("c-9", "spaces/jQCFfuBOdN5z")], "nextPageToken": "more"}),
    )
    .await;
    req("GET", "/v2/conferenceRecords/c-9/participants", &[("pageSize", "50")])
        .respond(
            &s.fake,
            200,
            json!({
                "participants": [
                    {"name": "conferenceRecords/c-9/participants/p1", "earliestStartTime": "2026-04-01T08:00:03Z", "latestEndTime": "2026-04-01T08:31:40Z",
                     "signedinUser": {"user": "users/1234567890", "displayName": "Ada Lovelace"}},
                    {"name": "conferenceRecords/c-9/participants/p2", "earliestStartTime": "2026-04-01T08:05:00Z",
                     "anonymousUser": {"displayName": "Guest"}},
                    {"name": "conferenceRecords/c-9/participants/p3", "earliestStartTime": "2026-04-01T08:06:00Z", "latestEndTime": "2026-04-01T08:20:00Z",
                     "phoneUser": {"displayName": "+1 ***-***-1234"}}
                ],
                "nextPageToken": "n2"
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_get_participants",
            json!({"space_id": "https://meet.google.com/abc-mnop-xyz"}),
        )
        .await;
    assert_eq!(v["conference_record"], "conferenceRecords/c-9");
    assert_eq!(v["next_cursor"], "n2");
    assert_eq!(
        v["participants"],
        json!([
            {"name": "conferenceRecords/c-9/participants/p1", "earliestStartTime": "2026-04-01T08:00:03Z", "latestEndTime": "2026-04-01T08:31:40Z",
             "kind": "signed_in", "displayName": "Ada Lovelace", "user": "users/1234567890"},
            {"name": "conferenceRecords/c-9/participants/p2", "earliestStartTime": "2026-04-01T08:05:00Z", "kind": "anonymous", "displayName": "Guest"},
            {"name": "conferenceRecords/c-9/participants/p3", "earliestStartTime": "2026-04-01T08:06:00Z", "latestEndTime": "2026-04-01T08:20:00Z",
             "kind": "phone", "displayName": "+1 ***-***-1234"}
        ])
    );
}

#[tokio::test]
async fn get_participants_of_a_conference_record() {
    let s = setup().await;
    req(
        "GET",
        "/v2/conferenceRecords/c-9/participants",
        &[("pageSize", "2"), ("pageToken", "n2")],
    )
    .respond(&s.fake, 200, json!({"participants": []}))
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_get_participants",
            json!({"space_id": "conferenceRecords/c-9", "max_results": 2, "cursor": "n2"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"participants": [], "next_cursor": null, "conference_record": "conferenceRecords/c-9"})
    );
}

#[tokio::test]
async fn get_participants_failures() {
    let s = setup().await;
    req(
        "GET",
        RECORDS,
        &[
            ("filter", "space.name = \"spaces/jQCFfuBOdN5z\""),
            ("pageSize", "1"),
        ],
    )
    .respond(&s.fake, 200, json!({}))
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_get_participants",
            json!({"space_id": "jQCFfuBOdN5z"}),
        )
        .await;
    assert!(err.contains("no conference has been held"), "{err}");
    let err = s
        .client
        .call_err(
            "google_meet_v2_get_participants",
            json!({"space_id": "conferenceRecords/c-9/participants"}),
        )
        .await;
    assert!(err.contains("conferenceRecords/{id}"), "{err}");
    req(
        "GET",
        "/v2/conferenceRecords/c-404/participants",
        &[("pageSize", "50")],
    )
    .respond(
        &s.fake,
        404,
        meet_error(404, "NOT_FOUND", "Requested entity was not found."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_get_participants",
            json!({"space_id": "conferenceRecords/c-404"}),
        )
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn list_recordings() {
    let s = setup().await;
    req(
        "GET",
        "/v2/conferenceRecords/c-9/recordings",
        &[("pageSize", "10")],
    )
    .respond(
        &s.fake,
        200,
        json!({"recordings": [{
            "name": "conferenceRecords/c-9/recordings/r1",
            "driveDestination": {"file": "1kuceFZohVoCh6FulBHxwy6I15Ogpc4hP", "exportUri": "https://drive.google.com/file/d/1kuceFZohVoCh6FulBHxwy6I15Ogpc4hP/view"},
            "state": "FILE_GENERATED",
            "startTime": "2026-04-01T08:01:00Z",
            "endTime": "2026-04-01T08:30:00Z"
        }]}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_list_recordings",
            json!({"conference_record": "conferenceRecords/c-9"}),
        )
        .await;
    assert_eq!(
        v["recordings"][0],
        json!({
            "name": "conferenceRecords/c-9/recordings/r1",
            "state": "FILE_GENERATED",
            "startTime": "2026-04-01T08:01:00Z",
            "endTime": "2026-04-01T08:30:00Z",
            "driveFileId": "1kuceFZohVoCh6FulBHxwy6I15Ogpc4hP",
            "url": "https://drive.google.com/file/d/1kuceFZohVoCh6FulBHxwy6I15Ogpc4hP/view"
        })
    );
    assert_eq!(v["next_cursor"], json!(null));
}

#[tokio::test]
async fn list_recordings_scope_error() {
    let s = setup().await;
    let api = GoogleApi {
        service: "meet.googleapis.com",
        method: "google.apps.meet.v2.ConferenceRecordsService.ListRecordings",
        legacy_errors: false,
    };
    req(
        "GET",
        "/v2/conferenceRecords/c-9/recordings",
        &[("pageSize", "3"), ("pageToken", "t")],
    )
    .respond_with(
        &s.fake,
        insufficient_scope(
            &api,
            "https://www.googleapis.com/auth/meetings.space.readonly",
        ),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_list_recordings",
            json!({"conference_record": "conferenceRecords/c-9", "limit": 3, "cursor": "t"}),
        )
        .await;
    assert!(
        err.contains("403") && err.contains("meetings.space.readonly"),
        "{err}"
    );
}

#[tokio::test]
async fn list_transcripts_of_a_space() {
    let s = setup().await;
    req(
        "GET",
        RECORDS,
        &[
            ("filter", "space.name = \"spaces/jQCFfuBOdN5z\""),
            ("pageSize", "1"),
        ],
    )
    .respond(
        &s.fake,
        200,
        json!({"conferenceRecords": [record("c-7", "spaces/jQCFfuBOdN5z")]}),
    )
    .await;
    req(
        "GET",
        "/v2/conferenceRecords/c-7/transcripts",
        &[("pageSize", "20")],
    )
    .respond(
        &s.fake,
        200,
        json!({"transcripts": [{
            "name": "conferenceRecords/c-7/transcripts/t1",
            "docsDestination": {"document": "1abcDocId", "exportUri": "https://docs.google.com/document/d/1abcDocId/view"},
            "state": "FILE_GENERATED",
            "startTime": "2026-04-01T08:01:00Z",
            "endTime": "2026-04-01T08:30:00Z"
        }], "nextPageToken": "tt"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_list_transcripts",
            json!({"conference_record": "spaces/jQCFfuBOdN5z", "limit": 20}),
        )
        .await;
    assert_eq!(v["conference_record"], "conferenceRecords/c-7");
    assert_eq!(v["transcripts"][0]["docsDocumentId"], "1abcDocId");
    assert_eq!(
        v["transcripts"][0]["name"],
        "conferenceRecords/c-7/transcripts/t1"
    );
    assert_eq!(v["next_cursor"], "tt");
    let err = s
        .client
        .call_err(
            "google_meet_v2_list_transcripts",
            json!({"conference_record": "conferenceRecords/c-7", "limit": 0}),
        )
        .await;
    assert!(err.contains("between 1 and 100"), "{err}");
}

#[tokio::test]
async fn list_transcript_entries() {
    let s = setup().await;
    req(
        "GET",
        "/v2/conferenceRecords/c-7/transcripts/t1/entries",
        &[("pageSize", "50"), ("pageToken", "e1")],
    )
    .respond(
        &s.fake,
        200,
        json!({"transcriptEntries": [{
            "name": "conferenceRecords/c-7/transcripts/t1/entries/e-1",
            "participant": "conferenceRecords/c-7/participants/p1",
            "text": "Let's get started.",
            "languageCode": "en-US",
            "startTime": "2026-04-01T08:01:02Z",
            "endTime": "2026-04-01T08:01:04Z"
        }], "nextPageToken": "e2"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_meet_v2_list_transcript_entries",
            json!({"transcript": "conferenceRecords/c-7/transcripts/t1", "cursor": "e1"}),
        )
        .await;
    assert_eq!(
        v,
        json!({
            "transcriptEntries": [{
                "participant": "conferenceRecords/c-7/participants/p1",
                "text": "Let's get started.",
                "languageCode": "en-US",
                "startTime": "2026-04-01T08:01:02Z",
                "endTime": "2026-04-01T08:01:04Z"
            }],
            "next_cursor": "e2"
        })
    );
}

#[tokio::test]
async fn list_transcript_entries_failures() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_list_transcript_entries",
            json!({"transcript": "conferenceRecords/c-7"}),
        )
        .await;
    assert!(
        err.contains("conferenceRecords/{id}/transcripts/{id}"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "google_meet_v2_list_transcript_entries",
            json!({"transcript": "conferenceRecords/../transcripts/t1"}),
        )
        .await;
    assert!(err.contains("transcript"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
    req(
        "GET",
        "/v2/conferenceRecords/c-7/transcripts/t9/entries",
        &[("pageSize", "50")],
    )
    .respond(
        &s.fake,
        404,
        meet_error(404, "NOT_FOUND", "Requested entity was not found."),
    )
    .await;
    let err = s
        .client
        .call_err(
            "google_meet_v2_list_transcript_entries",
            json!({"transcript": "conferenceRecords/c-7/transcripts/t9"}),
        )
        .await;
    assert!(err.contains("Requested entity was not found"), "{err}");
}
