use crate::{KEY, hg_error, req, setup, setup_with};
use mcp_testkit::wiremock::{Mock, MockServer, ResponseTemplate, matchers};
use serde_json::{Value, json};

const VIDEO: &str = "vid_xyz789";

fn done() -> Value {
    json!({"data": {"id": VIDEO, "status": "completed", "title": "Launch",
                    "video_url": "https://files.heygen.com/video/vid_xyz789.mp4",
                    "thumbnail_url": "https://files.heygen.com/video/vid_xyz789.jpg",
                    "video_page_url": "https://app.heygen.com/videos/vid_xyz789",
                    "duration": 12.4, "created_at": 1711288320, "completed_at": 1711288422,
                    "gif_url": "https://files.heygen.com/video/vid_xyz789.gif", "folder_id": null}})
}

fn pending(status: &str) -> Value {
    json!({"data": {"id": VIDEO, "status": status, "created_at": 1711288320}})
}

/// Answer `GET /v3/videos/{VIDEO}` with each of `bodies` once, in order, then `last` forever.
async fn statuses(fake: &MockServer, bodies: &[Value], last: Value) {
    for (i, b) in bodies.iter().enumerate() {
        Mock::given(matchers::method("GET"))
            .and(matchers::path(format!("/v3/videos/{VIDEO}")))
            .and(matchers::header("x-api-key", KEY))
            .respond_with(ResponseTemplate::new(200).set_body_json(b))
            .up_to_n_times(1)
            .with_priority(u8::try_from(i + 1).unwrap())
            .mount(fake)
            .await;
    }
    Mock::given(matchers::method("GET"))
        .and(matchers::path(format!("/v3/videos/{VIDEO}")))
        .and(matchers::header("x-api-key", KEY))
        .respond_with(ResponseTemplate::new(200).set_body_json(last))
        .with_priority(100)
        .mount(fake)
        .await;
}

fn idempotency_keys(reqs: &[mcp_testkit::wiremock::Request]) -> Vec<String> {
    reqs.iter()
        .filter(|r| r.method.as_str() == "POST" && r.url.path() == "/v3/videos")
        .map(|r| {
            r.headers
                .get("idempotency-key")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default()
                .to_owned()
        })
        .collect()
}

#[tokio::test]
async fn generate_returns_the_video_id_at_once() {
    let s = setup().await;
    req("POST", "/v3/videos")
        .json_body(json!({"type": "avatar", "avatar_id": "Angela-inblackskirt-20220820",
                          "script": "Welcome to our Q4 earnings call.", "voice_id": "1bd001e7e50f421d891986aad5c8bbd2",
                          "aspect_ratio": "16:9", "resolution": "720p"}))
        .respond(&s.fake, 200, json!({"data": {"video_id": VIDEO, "status": "waiting", "output_format": "mp4"}}))
        .await;
    let v = s
        .client
        .call_ok(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "Angela-inblackskirt-20220820", "text": "Welcome to our Q4 earnings call.",
                   "voice_id": "1bd001e7e50f421d891986aad5c8bbd2"}),
        )
        .await;
    assert_eq!(v, json!({"video_id": VIDEO, "status": "waiting"}));
    let keys = idempotency_keys(&s.fake.received_requests().await.unwrap());
    assert_eq!(keys.len(), 1);
    assert_eq!(keys[0].len(), 36, "{keys:?}");
}

#[tokio::test]
async fn generate_with_every_field_waits_with_progress() {
    let s = setup().await;
    req("POST", "/v3/videos")
        .json_body(
            json!({"type": "avatar", "avatar_id": "a1", "script": "Hi", "voice_id": "v1",
                          "aspect_ratio": "9:16", "resolution": "1080p",
                          "background": {"type": "color", "value": "#00ff00"}, "title": "Launch"}),
        )
        .respond(
            &s.fake,
            200,
            json!({"data": {"video_id": VIDEO, "status": "waiting"}}),
        )
        .await;
    statuses(
        &s.fake,
        &[pending("pending"), pending("processing")],
        done(),
    )
    .await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "a1", "text": "Hi", "voice_id": "v1", "background_color": "00ff00",
                   "width": 1080, "height": 1920, "avatar_style": "normal", "title": "Launch", "wait_seconds": 60}),
        )
        .await;
    assert_eq!(v["video_id"], VIDEO);
    assert_eq!(v["status"], "completed");
    assert_eq!(
        v["video_url"],
        "https://files.heygen.com/video/vid_xyz789.mp4"
    );
    assert!(v.get("gif_url").is_none());
    let values: Vec<f64> = progress.iter().map(|p| p.progress).collect();
    assert_eq!(values, vec![1.0, 2.0]);
    assert_eq!(progress[0].message.as_deref(), Some("video pending"));
    assert_eq!(progress[1].message.as_deref(), Some("video processing"));
}

#[tokio::test]
async fn generate_retried_after_a_gateway_error_with_the_same_key() {
    let s = setup().await;
    Mock::given(matchers::method("POST"))
        .and(matchers::path("/v3/videos"))
        .respond_with(ResponseTemplate::new(503).set_body_string("upstream unavailable"))
        .up_to_n_times(1)
        .expect(1)
        .mount(&s.fake)
        .await;
    req("POST", "/v3/videos")
        .json_body(
            json!({"type": "avatar", "avatar_id": "a1", "script": "Hi", "voice_id": "v1",
                          "aspect_ratio": "1:1", "resolution": "4k"}),
        )
        .respond(
            &s.fake,
            200,
            json!({"data": {"video_id": VIDEO, "status": "waiting"}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "a1", "text": "Hi", "voice_id": "v1", "width": 2160, "height": 2160}),
        )
        .await;
    assert_eq!(v["video_id"], VIDEO);
    let keys = idempotency_keys(&s.fake.received_requests().await.unwrap());
    assert_eq!(keys.len(), 2);
    assert_eq!(keys[0], keys[1]);
}

#[tokio::test]
async fn generate_refuses_what_v3_cannot_render() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "a1", "text": "Hi", "voice_id": "v1", "avatar_style": "circle"}),
        )
        .await;
    assert!(err.contains("no avatar styles"), "{err}");
    let err = s
        .client
        .call_err(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "a1", "text": "Hi", "voice_id": "v1", "width": 1000, "height": 700}),
        )
        .await;
    assert!(err.contains("1000×700") && err.contains("16:9"), "{err}");
    let err = s
        .client
        .call_err(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "a1", "text": "Hi", "voice_id": "v1", "background_color": "white"}),
        )
        .await;
    assert!(err.contains("hex color"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn generate_without_credits() {
    let s = setup().await;
    req("POST", "/v3/videos")
        .any_body()
        .respond(
            &s.fake,
            402,
            hg_error(
                "insufficient_credit",
                "Your account has 5 credits but this video requires 10 credits.",
            ),
        )
        .await;
    let err = s
        .client
        .call_err(
            "heygen_generate_avatar_video",
            json!({"avatar_id": "a1", "text": "Hi", "voice_id": "v1"}),
        )
        .await;
    assert!(
        err.contains("402") && err.contains("insufficient_credit"),
        "{err}"
    );
    assert!(err.contains("requires 10 credits"), "{err}");
}

#[tokio::test]
async fn wait_for_video_answers_with_the_id_at_the_limit() {
    // The operator caps waits at 0 s: one check, then the id and the tool to ask again.
    let s = setup_with(|st| st.with_option("max-wait-secs", "0")).await;
    statuses(&s.fake, &[], pending("processing")).await;
    let (v, progress) = s
        .client
        .call_ok_with_progress(
            "heygen_wait_for_video",
            json!({"video_id": VIDEO, "wait_seconds": 300}),
        )
        .await;
    assert_eq!(v["video_id"], VIDEO);
    assert_eq!(v["status"], "processing");
    assert!(
        v["note"]
            .as_str()
            .unwrap()
            .contains("heygen_wait_for_video"),
        "{v}"
    );
    assert_eq!(progress.len(), 1);
}

#[tokio::test]
async fn wait_for_video_that_fails() {
    let s = setup().await;
    statuses(
        &s.fake,
        &[pending("processing")],
        json!({"data": {"id": VIDEO, "status": "failed", "failure_code": "avatar_not_found",
                        "failure_message": "The avatar does not exist"}}),
    )
    .await;
    let err = s
        .client
        .call_err("heygen_wait_for_video", json!({"video_id": VIDEO}))
        .await;
    assert!(
        err.contains("failed") && err.contains("The avatar does not exist"),
        "{err}"
    );
    assert!(err.contains("avatar_not_found"), "{err}");
}

#[tokio::test]
async fn video_status_contract() {
    let s = setup().await;
    req("GET", &format!("/v3/videos/{VIDEO}"))
        .respond(&s.fake, 200, done())
        .await;
    let v = s
        .client
        .call_ok("heygen_get_avatar_video_status", json!({"video_id": VIDEO}))
        .await;
    assert_eq!(
        v,
        json!({"video_id": VIDEO, "status": "completed", "title": "Launch",
               "video_url": "https://files.heygen.com/video/vid_xyz789.mp4",
               "thumbnail_url": "https://files.heygen.com/video/vid_xyz789.jpg",
               "video_page_url": "https://app.heygen.com/videos/vid_xyz789",
               "duration": 12.4, "created_at": 1711288320, "completed_at": 1711288422})
    );
}

#[tokio::test]
async fn video_status_not_found_and_bad_id() {
    let s = setup().await;
    req("GET", "/v3/videos/nope")
        .respond(&s.fake, 404, hg_error("not_found", "Video nope not found"))
        .await;
    let err = s
        .client
        .call_err(
            "heygen_get_avatar_video_status",
            json!({"video_id": "nope"}),
        )
        .await;
    assert!(
        err.contains("404") && err.contains("Video nope not found"),
        "{err}"
    );
    let err = s
        .client
        .call_err("heygen_get_avatar_video_status", json!({"video_id": " "}))
        .await;
    assert!(err.contains("video_id"), "{err}");
}

#[tokio::test]
async fn list_videos_contract() {
    let s = setup().await;
    req("GET", "/v3/videos")
        .queries(&[("limit", "2"), ("token", "t1"), ("title", "Launch")])
        .respond(
            &s.fake,
            200,
            json!({"data": [done()["data"].clone()], "has_more": true, "next_token": "t2"}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "heygen_list_videos",
            json!({"limit": 2, "token": "t1", "title": "Launch"}),
        )
        .await;
    assert_eq!(v["items"][0]["video_id"], VIDEO);
    assert_eq!(v["next_token"], "t2");
}

fn videos(from: usize, n: usize) -> Vec<Value> {
    (from..from + n)
        .map(|i| json!({"id": format!("v{i}"), "status": "completed"}))
        .collect()
}

#[tokio::test]
async fn list_videos_offset_reads_past_the_skipped_ones() {
    let s = setup().await;
    // offset 3, limit 2: the first page (3 + 2 asked) holds v0..v4.
    req("GET", "/v3/videos")
        .query("limit", "5")
        .respond(
            &s.fake,
            200,
            json!({"data": videos(0, 5), "has_more": true, "next_token": "p2"}),
        )
        .await;
    let v = s
        .client
        .call_ok("heygen_list_videos", json!({"limit": 2, "offset": 3}))
        .await;
    assert_eq!(
        v["items"],
        json!([{"video_id": "v3", "status": "completed"}, {"video_id": "v4", "status": "completed"}])
    );
    assert_eq!(v["has_more"], true);
    assert_eq!(v["next_offset"], 5);

    // offset 150, limit 20: 100 skipped on the first page, then 50 more and 20 taken.
    req("GET", "/v3/videos")
        .query("limit", "100")
        .respond(
            &s.fake,
            200,
            json!({"data": videos(0, 100), "has_more": true, "next_token": "q2"}),
        )
        .await;
    req("GET", "/v3/videos")
        .queries(&[("limit", "70"), ("token", "q2")])
        .respond(
            &s.fake,
            200,
            json!({"data": videos(100, 55), "has_more": false, "next_token": null}),
        )
        .await;
    let v = s
        .client
        .call_ok("heygen_list_videos", json!({"limit": 20, "offset": 150}))
        .await;
    let ids: Vec<&str> = v["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["video_id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["v150", "v151", "v152", "v153", "v154"]);
    assert_eq!(v["has_more"], false);
    assert_eq!(v["next_offset"], Value::Null);

    let err = s
        .client
        .call_err("heygen_list_videos", json!({"offset": 3, "token": "t"}))
        .await;
    assert!(err.contains("not both"), "{err}");
}

#[tokio::test]
async fn delete_video_contract() {
    let s = setup().await;
    req("DELETE", &format!("/v3/videos/{VIDEO}"))
        .respond(
            &s.fake,
            200,
            json!({"data": {"id": VIDEO, "deleted": true}}),
        )
        .await;
    let v = s
        .client
        .call_ok("heygen_delete_video", json!({"video_id": VIDEO}))
        .await;
    assert_eq!(v, json!({"video_id": VIDEO, "deleted": true}));
}

#[tokio::test]
async fn delete_video_not_found() {
    let s = setup().await;
    req("DELETE", "/v3/videos/gone")
        .respond(&s.fake, 404, hg_error("not_found", "Video gone not found"))
        .await;
    let err = s
        .client
        .call_err("heygen_delete_video", json!({"video_id": "gone"}))
        .await;
    assert!(
        err.contains("404") && err.contains("Video gone not found"),
        "{err}"
    );
}
