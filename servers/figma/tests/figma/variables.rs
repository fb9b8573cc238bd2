use crate::{KEY, figma_error_bool, req, setup};
use serde_json::json;

#[tokio::test]
async fn get_local_variables_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/variables/local"))
        .respond(
            &s.fake,
            200,
            json!({"status": 200, "error": false, "meta": {
                "variables": {"VariableID:1:1": {
                    "id": "VariableID:1:1", "name": "primary", "key": "vk1",
                    "variableCollectionId": "VariableCollectionId:1:0", "resolvedType": "COLOR",
                    "valuesByMode": {"1:0": {"r": 1, "g": 0, "b": 0, "a": 1}}, "remote": false,
                    "description": "", "hiddenFromPublishing": false, "scopes": ["ALL_SCOPES"],
                    "codeSyntax": {}}},
                "variableCollections": {"VariableCollectionId:1:0": {
                    "id": "VariableCollectionId:1:0", "name": "Colors", "key": "ck1",
                    "modes": [{"modeId": "1:0", "name": "Light"}], "defaultModeId": "1:0",
                    "remote": false, "hiddenFromPublishing": false,
                    "variableIds": ["VariableID:1:1"]}}
            }}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_local_variables", json!({"file_key": KEY}))
        .await;
    assert_eq!(
        v,
        json!({
            "variableCollections": [{"id": "VariableCollectionId:1:0", "name": "Colors", "key": "ck1",
                "modes": [{"modeId": "1:0", "name": "Light"}], "defaultModeId": "1:0",
                "remote": false, "hiddenFromPublishing": false}],
            "variables": [{"id": "VariableID:1:1", "name": "primary", "key": "vk1",
                "variableCollectionId": "VariableCollectionId:1:0", "resolvedType": "COLOR",
                "valuesByMode": {"1:0": {"r": 1, "g": 0, "b": 0, "a": 1}}, "description": "",
                "remote": false, "scopes": ["ALL_SCOPES"]}]
        })
    );
}

#[tokio::test]
async fn get_local_variables_needs_enterprise() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/variables/local"))
        .respond(&s.fake, 403, figma_error_bool(403, "Limited by Figma plan"))
        .await;
    let err = s
        .client
        .call_err("figma_get_local_variables", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("Limited by Figma plan"), "{err}");
    assert!(err.contains("Enterprise"), "{err}");
}

#[tokio::test]
async fn get_published_variables_contract() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/variables/published"))
        .respond(
            &s.fake,
            200,
            json!({"status": 200, "error": false, "meta": {
                "variables": {"VariableID:1:1": {"id": "VariableID:1:1", "subscribed_id": "VariableID:abc/1:1",
                    "name": "primary", "key": "vk1", "variableCollectionId": "VariableCollectionId:1:0",
                    "resolvedDataType": "COLOR", "updatedAt": "2026-11-30T10:00:00Z"}},
                "variableCollections": {"VariableCollectionId:1:0": {"id": "VariableCollectionId:1:0",
                    "subscribed_id": "VariableCollectionId:abc/1:0", "name": "Colors", "key": "ck1",
                    "updatedAt": "2026-11-30T10:00:00Z"}}
            }}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_published_variables", json!({"file_key": KEY}))
        .await;
    assert_eq!(v["variables"][0]["subscribed_id"], "VariableID:abc/1:1");
    assert_eq!(v["variables"][0]["resolvedDataType"], "COLOR");
    assert_eq!(v["variableCollections"][0]["name"], "Colors");
}

#[tokio::test]
async fn get_published_variables_errors() {
    let s = setup().await;
    req("GET", &format!("/v1/files/{KEY}/variables/published"))
        .respond(&s.fake, 404, figma_error_bool(404, "File not found"))
        .await;
    let err = s
        .client
        .call_err("figma_get_published_variables", json!({"file_key": KEY}))
        .await;
    assert!(err.contains("File not found"), "{err}");
}

#[tokio::test]
async fn post_variables_contract() {
    let s = setup().await;
    let colls = json!([{"action": "CREATE", "id": "c1", "name": "Colors"}]);
    let vars = json!([{"action": "CREATE", "id": "v1", "name": "primary", "variableCollectionId": "c1", "resolvedType": "COLOR"}]);
    let values = json!([{"variableId": "v1", "modeId": "1:0", "value": {"r": 1, "g": 0, "b": 0}}]);
    req("POST", &format!("/v1/files/{KEY}/variables"))
        .json_body(json!({"variableCollections": colls, "variables": vars, "variableModeValues": values}))
        .respond(
            &s.fake,
            200,
            json!({"status": 200, "error": false, "meta": {"tempIdToRealId": {"c1": "VariableCollectionId:9:0", "v1": "VariableID:9:1"}}}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_post_variables",
            json!({"file_key": KEY, "variableCollections": colls, "variables": vars,
                   "variableModes": [], "variableModeValues": values}),
        )
        .await;
    assert_eq!(
        v,
        json!({"tempIdToRealId": {"c1": "VariableCollectionId:9:0", "v1": "VariableID:9:1"}})
    );
}

#[tokio::test]
async fn post_variables_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "figma_post_variables",
            json!({"file_key": KEY, "variableCollections": [], "variables": []}),
        )
        .await;
    assert!(err.contains("at least one change"), "{err}");
    let err = s
        .client
        .call_err(
            "figma_post_variables",
            json!({"file_key": KEY, "variables": ["x"]}),
        )
        .await;
    assert!(err.contains("variables[0]"), "{err}");
    req("POST", &format!("/v1/files/{KEY}/variables"))
        .any_body()
        .respond(&s.fake, 400, figma_error_bool(400, "Invalid variable name"))
        .await;
    let err = s
        .client
        .call_err(
            "figma_post_variables",
            json!({"file_key": KEY, "variables": [{"action": "CREATE", "id": "v", "name": "a.b",
                   "variableCollectionId": "VariableCollectionId:1:0", "resolvedType": "FLOAT"}]}),
        )
        .await;
    assert!(err.contains("Invalid variable name"), "{err}");
}
