use crate::common::{call, not_found, page, setup};
use serde_json::json;

#[tokio::test]
async fn lead_statuses_pipelines_custom_fields() {
    let s = setup().await;
    call("GET", "/status/lead/")
        .respond(
            &s.fake,
            200,
            page(
                json!([{"id": "stat_1", "label": "Potential", "organization_id": "orga_1"}]),
                false,
            ),
        )
        .await;
    let v = s
        .client
        .call_ok("close_list_lead_statuses", json!({}))
        .await;
    assert_eq!(
        v,
        json!({"items": [{"id": "stat_1", "label": "Potential"}]})
    );

    call("GET", "/pipeline/")
        .respond(&s.fake, 200, page(json!([{"id": "pipe_1", "name": "Sales", "organization_id": "orga_1",
            "statuses": [{"id": "stat_a", "label": "Demo", "type": "active", "pipeline_id": "pipe_1"},
                         {"id": "stat_w", "label": "Won", "type": "won", "pipeline_id": "pipe_1"}]}]), false))
        .await;
    let v = s.client.call_ok("close_list_pipelines", json!({})).await;
    assert_eq!(
        v,
        json!({"items": [{"id": "pipe_1", "name": "Sales", "statuses": [
            {"id": "stat_a", "label": "Demo", "type": "active"}, {"id": "stat_w", "label": "Won", "type": "won"}]}]})
    );

    call("GET", "/custom_field/lead/")
        .respond(&s.fake, 200, page(json!([{"id": "cf_1", "name": "Industry", "type": "choices",
            "choices": ["SaaS", "Retail"], "accepts_multiple_values": false, "organization_id": "orga_1"}]), false))
        .await;
    let v = s
        .client
        .call_ok("close_list_custom_fields", json!({}))
        .await;
    assert_eq!(v["items"][0]["choices"], json!(["SaaS", "Retail"]));
    assert!(v["items"][0].get("organization_id").is_none());
    call("GET", "/custom_field/opportunity/")
        .respond(&s.fake, 404, not_found())
        .await;
    let err = s
        .client
        .call_err(
            "close_list_custom_fields",
            json!({"object_type": "opportunity"}),
        )
        .await;
    assert!(err.contains("Object does not exist"), "{err}");
    let err = s
        .client
        .call_err("close_list_custom_fields", json!({"object_type": "deal"}))
        .await;
    assert!(
        err.contains("object_type") || err.contains("variant"),
        "{err}"
    );
}
