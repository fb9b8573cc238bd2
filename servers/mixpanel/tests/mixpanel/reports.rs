//! Segmentation, funnels, retention and frequency.

use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::{Value, json};

use crate::common::{PROJECT, mp, setup};

fn last_30_days() -> (String, String) {
    let today = chrono::Utc::now().date_naive();
    let from = today - chrono::Duration::days(29);
    (
        from.format("%Y-%m-%d").to_string(),
        today.format("%Y-%m-%d").to_string(),
    )
}

fn segmentation_body() -> Value {
    json!({"data": {"series": ["2011-08-06", "2011-08-07"],
                    "values": {"Signed up": {"2011-08-06": 147, "2011-08-07": 146}}},
           "legend_size": 1})
}

#[tokio::test]
async fn segmentation_contract() {
    let s = setup().await;
    mp("GET", "/query/segmentation")
        .query("event", "Signed up")
        .query("from_date", "2011-08-06")
        .query("to_date", "2011-08-07")
        .query("unit", "day")
        .query("type", "unique")
        .query("where", "properties[\"$os\"] == \"Linux\"")
        .query("on", "properties[\"plan\"]")
        .respond(&s.fake, 200, segmentation_body())
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_segmentation_query",
            json!({"project_id": PROJECT, "event": "Signed up", "from_date": "2011-08-06",
                   "to_date": "2011-08-07", "type": "unique",
                   "where": "properties[\"$os\"] == \"Linux\"", "on": "properties[\"plan\"]"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"series": ["2011-08-06", "2011-08-07"],
               "values": {"Signed up": {"2011-08-06": 147, "2011-08-07": 146}},
               "from_date": "2011-08-06", "to_date": "2011-08-07"})
    );
}

#[tokio::test]
async fn segmentation_defaults_to_the_last_30_days() {
    let s = setup().await;
    let (from, to) = last_30_days();
    mp("GET", "/query/segmentation")
        .query("event", "Signed up")
        .query("from_date", &from)
        .query("to_date", &to)
        .query("unit", "month")
        .respond(&s.fake, 200, segmentation_body())
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_segmentation_query",
            json!({"project_id": PROJECT, "event": "Signed up", "unit": "month"}),
        )
        .await;
    assert_eq!(v["from_date"], json!(from));
}

#[tokio::test]
async fn segmentation_numeric_aggregations() {
    let s = setup().await;
    mp("GET", "/query/segmentation/sum")
        .query("event", "Purchased")
        .query("from_date", "2024-01-01")
        .query("to_date", "2024-01-02")
        .query("unit", "hour")
        .query("on", "properties[\"amount\"]")
        .respond(
            &s.fake,
            200,
            json!({"status": "ok", "computed_at": "2024-01-03T00:00:00", "results": {"2024-01-01": 420.5, "2024-01-02": 120}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_segmentation_query",
            json!({"project_id": PROJECT, "event": "Purchased", "from_date": "2024-01-01",
                   "to_date": "2024-01-02", "unit": "hour", "type": "general",
                   "on": "properties[\"amount\"]", "numerical_aggregation": "sum"}),
        )
        .await;
    assert_eq!(
        v["results"],
        json!({"2024-01-01": 420.5, "2024-01-02": 120})
    );
    for (args, want) in [
        (
            json!({"project_id": PROJECT, "event": "Purchased", "numerical_aggregation": "average"}),
            "needs `on`",
        ),
        (
            json!({"project_id": PROJECT, "event": "Purchased", "numerical_aggregation": "buckets",
                   "on": "properties[\"amount\"]", "unit": "month"}),
            "hour or day",
        ),
        (
            json!({"project_id": PROJECT, "event": "Purchased", "from_date": "01/02/2024"}),
            "yyyy-mm-dd",
        ),
    ] {
        let err = s
            .client
            .call_err("mixpanel_run_segmentation_query", args)
            .await;
        assert!(err.contains(want), "{err}");
    }
}

#[tokio::test]
async fn segmentation_bad_expression() {
    let s = setup().await;
    mp("GET", "/query/segmentation")
        .query("event", "Signed up")
        .query("from_date", "2024-01-01")
        .query("to_date", "2024-01-31")
        .query("unit", "day")
        .query("where", "properties[")
        .respond(
            &s.fake,
            400,
            json!({"request": "/api/query/segmentation", "error": "invalid where expression"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mixpanel_run_segmentation_query",
            json!({"project_id": PROJECT, "event": "Signed up", "from_date": "2024-01-01",
                   "to_date": "2024-01-31", "where": "properties["}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("invalid where expression"),
        "{err}"
    );
}

fn form_of(body: &[u8]) -> std::collections::HashMap<String, String> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

#[tokio::test]
async fn ad_hoc_funnel_runs_in_jql() {
    let s = setup().await;
    mp("POST", "/query/jql")
        .any_body()
        .respond(&s.fake, 200, json!([[1000, 400, 100]]))
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_funnels_query",
            json!({"project_id": PROJECT, "from_date": "2024-01-01", "to_date": "2024-01-31",
                   "events": [{"event": "Viewed page"}, {"event": "Signed up"}, {"event": "Purchased"}],
                   "count_type": "unique"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"from_date": "2024-01-01", "to_date": "2024-01-31", "count_type": "unique", "steps": [
            {"event": "Viewed page", "count": 1000, "step_conv_ratio": 1.0, "overall_conv_ratio": 1.0},
            {"event": "Signed up", "count": 400, "step_conv_ratio": 0.4, "overall_conv_ratio": 0.4},
            {"event": "Purchased", "count": 100, "step_conv_ratio": 0.25, "overall_conv_ratio": 0.1}
        ]})
    );
    let reqs = s.fake.received_requests().await.unwrap();
    let form = form_of(&reqs[0].body);
    assert_eq!(form.len(), 2);
    assert!(form["script"].contains("groupByUser"));
    let params: Value = serde_json::from_str(&form["params"]).unwrap();
    assert_eq!(
        params,
        json!({"from_date": "2024-01-01", "to_date": "2024-01-31",
               "steps": ["Viewed page", "Signed up", "Purchased"], "unique": true})
    );
}

#[tokio::test]
async fn ad_hoc_funnel_from_a_string_and_general_counts() {
    let s = setup().await;
    mp("POST", "/query/jql")
        .any_body()
        .respond(&s.fake, 200, json!([[10, 0]]))
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_funnels_query",
            json!({"project_id": PROJECT, "from_date": "2024-01-01", "to_date": "2024-01-31",
                   "events": "[\"App Open\", \"Purchase\"]", "count_type": "general"}),
        )
        .await;
    assert_eq!(v["count_type"], "general");
    assert_eq!(v["steps"][1]["overall_conv_ratio"], 0.0);
    let reqs = s.fake.received_requests().await.unwrap();
    let params: Value = serde_json::from_str(&form_of(&reqs[0].body)["params"]).unwrap();
    assert_eq!(params["unique"], false);
    assert_eq!(params["steps"], json!(["App Open", "Purchase"]));
}

#[tokio::test]
async fn funnel_needs_two_steps_or_a_saved_funnel() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mixpanel_run_funnels_query",
            json!({"project_id": PROJECT, "from_date": "2024-01-01", "to_date": "2024-01-31",
                   "events": [{"event": "Only"}]}),
        )
        .await;
    assert!(err.contains("at least two steps"), "{err}");
    let err = s
        .client
        .call_err(
            "mixpanel_run_funnels_query",
            json!({"project_id": PROJECT, "from_date": "2024-01-31", "to_date": "2024-01-01",
                   "events": ["a", "b"]}),
        )
        .await;
    assert!(err.contains("is after"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn saved_funnel_by_id() {
    let s = setup().await;
    mp("GET", "/query/funnels")
        .query("funnel_id", 7509)
        .query("from_date", "2016-09-12")
        .query("to_date", "2016-09-18")
        .respond(
            &s.fake,
            200,
            json!({"meta": {"dates": ["2016-09-12"]}, "data": {"2016-09-12": {
                "steps": [
                    {"count": 32688, "avg_time": 2, "avg_time_from_start": 5, "step_conv_ratio": 1, "goal": "App Open", "overall_conv_ratio": 1, "event": "App Open"},
                    {"count": 20524, "avg_time": 133, "avg_time_from_start": 133, "step_conv_ratio": 0.627875673029858, "goal": "$custom_event:12345", "step_label": "Game Played", "custom_event": true, "custom_event_id": 12345, "overall_conv_ratio": 0.627875673029858, "event": "$custom_event:12345"}
                ],
                "analysis": {"completion": 20524, "starting_amount": 32688, "steps": 2, "worst": 1}
            }}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_funnels_query",
            json!({"project_id": PROJECT, "from_date": "2016-09-12", "to_date": "2016-09-18", "funnel_id": 7509}),
        )
        .await;
    assert_eq!(v["funnel_id"], 7509);
    assert_eq!(
        v["data"]["2016-09-12"]["steps"][1],
        json!({"step": "Game Played", "event": "$custom_event:12345", "count": 20524,
               "step_conv_ratio": 0.627875673029858, "overall_conv_ratio": 0.627875673029858, "avg_time": 133})
    );
    assert_eq!(v["data"]["2016-09-12"]["analysis"]["completion"], 20524);
}

#[tokio::test]
async fn list_saved_funnels_contract() {
    let s = setup().await;
    mp("GET", "/query/funnels/list")
        .respond(
            &s.fake,
            200,
            json!([{"funnel_id": 7509, "name": "Signup funnel"}, {"funnel_id": 9070, "name": "Funnel tutorial"}]),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_list_saved_funnels",
            json!({"project_id": PROJECT}),
        )
        .await;
    assert_eq!(
        v,
        json!({"funnels": [{"funnel_id": 7509, "name": "Signup funnel"}, {"funnel_id": 9070, "name": "Funnel tutorial"}]})
    );
}

#[tokio::test]
async fn jql_failure_is_reported() {
    let s = setup().await;
    mp("POST", "/query/jql")
        .any_body()
        .times(3)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(502).set_body_json(json!({"error": "upstream timeout"})),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mixpanel_run_funnels_query",
            json!({"project_id": PROJECT, "from_date": "2024-01-01", "to_date": "2024-01-31",
                   "events": ["a", "b"]}),
        )
        .await;
    assert!(
        err.contains("502") && err.contains("upstream timeout"),
        "{err}"
    );
}

fn retention_body() -> Value {
    json!({"2012-01-01": {"counts": [2, 1, 2], "first": 2}, "2012-01-02": {"counts": [9, 7, 6], "first": 10}})
}

#[tokio::test]
async fn retention_birth_defaults_born_event_to_event() {
    let s = setup().await;
    mp("GET", "/query/retention")
        .query("from_date", "2012-01-01")
        .query("to_date", "2012-01-02")
        .query("retention_type", "birth")
        .query("born_event", "Signed up")
        .query("event", "Signed up")
        .query("unit", "week")
        .query("interval_count", 3)
        .respond(&s.fake, 200, retention_body())
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_retention_query",
            json!({"project_id": PROJECT, "event": "Signed up", "from_date": "2012-01-01",
                   "to_date": "2012-01-02", "unit": "week", "interval_count": 3, "metric": "unique"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"from_date": "2012-01-01", "to_date": "2012-01-02", "cohorts": retention_body()})
    );
}

#[tokio::test]
async fn retention_compounded_and_failure() {
    let s = setup().await;
    mp("GET", "/query/retention")
        .query("from_date", "2012-01-01")
        .query("to_date", "2012-01-02")
        .query("retention_type", "compounded")
        .query("event", "Viewed report")
        .query("unit", "day")
        .query("on", "properties[\"plan\"]")
        .respond(
            &s.fake,
            400,
            json!({"request": "/api/query/retention", "error": "bad on expression"}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "mixpanel_run_retention_query",
            json!({"project_id": PROJECT, "event": "Viewed report", "born_event": "ignored",
                   "retention_type": "compounded", "from_date": "2012-01-01", "to_date": "2012-01-02",
                   "on": "properties[\"plan\"]"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("bad on expression"),
        "{err}"
    );
}

#[tokio::test]
async fn frequency_contract() {
    let s = setup().await;
    mp("GET", "/query/retention/addiction")
        .query("from_date", "2012-01-01")
        .query("to_date", "2012-01-02")
        .query("unit", "week")
        .query("addiction_unit", "day")
        .query("event", "Viewed report")
        .query("where", "properties[\"$os\"] == \"Linux\"")
        .respond(
            &s.fake,
            200,
            json!({"data": {"2012-01-01": [305, 107, 60, 41, 32, 20, 12, 7], "2012-01-02": [495, 204, 117, 77, 53, 36, 26, 20]}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "mixpanel_run_frequency_query",
            json!({"project_id": PROJECT, "event": "Viewed report", "from_date": "2012-01-01",
                   "to_date": "2012-01-02", "unit": "week", "addiction_unit": "day",
                   "where": "properties[\"$os\"] == \"Linux\"", "born_event": "x", "metric": "general"}),
        )
        .await;
    assert_eq!(v["data"]["2012-01-01"][0], 305);
    assert_eq!(v["from_date"], "2012-01-01");
}

#[tokio::test]
async fn frequency_has_no_weekly_granularity() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "mixpanel_run_frequency_query",
            json!({"project_id": PROJECT, "event": "Viewed report", "addiction_unit": "week"}),
        )
        .await;
    assert!(err.contains("hour or day"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
