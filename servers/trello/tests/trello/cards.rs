//! Cards, comments and checklists: exact requests and concise results.

use serde_json::json;

use crate::common::{card_body, card_concise, setup, trello};

const CARD: &str = "5abbe4b7ddc1b351ef961414";
const LIST: &str = "5abbe4b7ddc1b351ef961401";

#[tokio::test]
async fn get_list_cards_contract() {
    let s = setup().await;
    trello("GET", &format!("/lists/{LIST}/cards"), &[])
        .respond(&s.fake, 200, json!([card_body()]))
        .await;
    let v = s
        .client
        .call_ok("trello_get_list_cards", json!({"list_id": LIST}))
        .await;
    assert_eq!(v, json!({"cards": [card_concise()]}));
}

#[tokio::test]
async fn get_card_contract_with_checklists() {
    let s = setup().await;
    let mut body = card_body();
    body["checklists"] = json!([{
        "id": "5abbe4b7ddc1b351ef961420", "name": "Steps", "idBoard": "5abbe4b7ddc1b351ef961400",
        "idCard": CARD, "pos": 16384,
        "checkItems": [{"id": "5abbe4b7ddc1b351ef961421", "name": "Tag", "state": "incomplete",
                        "idChecklist": "5abbe4b7ddc1b351ef961420", "pos": 16384, "due": null}]
    }]);
    trello("GET", &format!("/cards/{CARD}"), &[("checklists", "all")])
        .respond(&s.fake, 200, body)
        .await;
    let v = s
        .client
        .call_ok("trello_get_card", json!({"card_id": CARD}))
        .await;
    assert_eq!(v["name"], "Release 1.0");
    assert_eq!(
        v["checklists"],
        json!([{"id": "5abbe4b7ddc1b351ef961420", "name": "Steps", "idCard": CARD,
                "checkItems": [{"id": "5abbe4b7ddc1b351ef961421", "name": "Tag", "state": "incomplete",
                                "idChecklist": "5abbe4b7ddc1b351ef961420"}]}])
    );
}

#[tokio::test]
async fn create_card_contract() {
    let s = setup().await;
    trello(
        "POST",
        "/cards",
        &[
            ("idList", LIST),
            ("name", "Release 1.0"),
            ("desc", "Ship it"),
        ],
    )
    .respond(&s.fake, 200, card_body())
    .await;
    let v = s
        .client
        .call_ok(
            "trello_create_card",
            json!({"idList": LIST, "name": "Release 1.0", "desc": "Ship it"}),
        )
        .await;
    assert_eq!(v, card_concise());
}

#[tokio::test]
async fn create_card_needs_a_list() {
    let s = setup().await;
    let err = s
        .client
        .call_err("trello_create_card", json!({"name": "x"}))
        .await;
    assert!(err.contains("idList"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn update_card_moves_it() {
    let s = setup().await;
    let mut body = card_body();
    body["idList"] = json!("5abbe4b7ddc1b351ef961402");
    body["name"] = json!("Release 1.0.1");
    trello(
        "PUT",
        &format!("/cards/{CARD}"),
        &[
            ("name", "Release 1.0.1"),
            ("idList", "5abbe4b7ddc1b351ef961402"),
            ("closed", "false"),
        ],
    )
    .respond(&s.fake, 200, body)
    .await;
    let v = s
        .client
        .call_ok(
            "trello_update_card",
            json!({"card_id": CARD, "name": "Release 1.0.1", "idList": "5abbe4b7ddc1b351ef961402", "closed": false}),
        )
        .await;
    assert_eq!(v["idList"], "5abbe4b7ddc1b351ef961402");
    assert_eq!(v["name"], "Release 1.0.1");
}

#[tokio::test]
async fn update_card_without_changes_is_refused() {
    let s = setup().await;
    let err = s
        .client
        .call_err("trello_update_card", json!({"card_id": CARD}))
        .await;
    assert!(err.contains("nothing to update"), "{err}");
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn delete_card_contract() {
    let s = setup().await;
    trello("DELETE", &format!("/cards/{CARD}"), &[])
        .respond(&s.fake, 200, json!({"limits": {}}))
        .await;
    let v = s
        .client
        .call_ok("trello_delete_card", json!({"card_id": CARD}))
        .await;
    assert_eq!(v, json!({"deleted": true, "id": CARD}));
}

#[tokio::test]
async fn delete_card_not_found() {
    let s = setup().await;
    trello("DELETE", &format!("/cards/{CARD}"), &[])
        .respond_with(
            &s.fake,
            mcp_testkit::wiremock::ResponseTemplate::new(404)
                .set_body_raw("The requested resource was not found.", "text/plain"),
        )
        .await;
    let err = s
        .client
        .call_err("trello_delete_card", json!({"card_id": CARD}))
        .await;
    assert!(err.contains("404") && err.contains("not found"), "{err}");
}

#[tokio::test]
async fn add_comment_contract() {
    let s = setup().await;
    trello(
        "POST",
        &format!("/cards/{CARD}/actions/comments"),
        &[("text", "Looks good")],
    )
    .respond(
        &s.fake,
        200,
        json!({"id": "5abbe4b7ddc1b351ef961430", "idMemberCreator": "5abbe4b7ddc1b351ef9613aa",
               "type": "commentCard", "date": "2026-12-01T09:00:00.000Z",
               "data": {"text": "Looks good", "card": {"id": CARD, "name": "Release 1.0"}},
               "memberCreator": {"id": "5abbe4b7ddc1b351ef9613aa", "username": "ada", "fullName": "Ada"}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_add_comment",
            json!({"card_id": CARD, "text": "Looks good"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "5abbe4b7ddc1b351ef961430", "text": "Looks good",
               "date": "2026-12-01T09:00:00.000Z", "author": "ada"})
    );
}

#[tokio::test]
async fn create_checklist_contract() {
    let s = setup().await;
    trello(
        "POST",
        &format!("/cards/{CARD}/checklists"),
        &[("name", "Steps")],
    )
    .respond(
        &s.fake,
        200,
        json!({"id": "5abbe4b7ddc1b351ef961420", "name": "Steps", "idBoard": "5abbe4b7ddc1b351ef961400",
               "idCard": CARD, "pos": 16384, "checkItems": [], "limits": {}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_create_checklist",
            json!({"idCard": CARD, "name": "Steps"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "5abbe4b7ddc1b351ef961420", "name": "Steps", "idCard": CARD, "checkItems": []})
    );
}

#[tokio::test]
async fn add_item_to_checklist_contract() {
    let s = setup().await;
    trello(
        "POST",
        "/checklists/5abbe4b7ddc1b351ef961420/checkItems",
        &[("name", "Tag"), ("checked", "true")],
    )
    .respond(
        &s.fake,
        200,
        json!({"id": "5abbe4b7ddc1b351ef961421", "name": "Tag", "nameData": {"emoji": {}},
               "pos": 16384, "state": "complete", "due": null, "idMember": null,
               "idChecklist": "5abbe4b7ddc1b351ef961420", "limits": {}}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_add_item_to_checklist",
            json!({"idChecklist": "5abbe4b7ddc1b351ef961420", "name": "Tag", "checked": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "5abbe4b7ddc1b351ef961421", "name": "Tag", "state": "complete",
               "idChecklist": "5abbe4b7ddc1b351ef961420"})
    );
}

#[tokio::test]
async fn update_checklist_item_state_contract() {
    let s = setup().await;
    trello(
        "PUT",
        &format!("/cards/{CARD}/checkItem/5abbe4b7ddc1b351ef961421"),
        &[("state", "incomplete")],
    )
    .respond(
        &s.fake,
        200,
        json!({"id": "5abbe4b7ddc1b351ef961421", "name": "Tag", "pos": 16384, "state": "incomplete",
               "idChecklist": "5abbe4b7ddc1b351ef961420"}),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "trello_update_checklist_item_state",
            json!({"idCard": CARD, "idCheckItem": "5abbe4b7ddc1b351ef961421", "state": "incomplete"}),
        )
        .await;
    assert_eq!(v["state"], "incomplete");
}

#[tokio::test]
async fn update_checklist_item_state_rejects_other_states() {
    let s = setup().await;
    let err = s
        .client
        .call_err(
            "trello_update_checklist_item_state",
            json!({"idCard": CARD, "idCheckItem": "x", "state": "done"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") || err.contains("complete"),
        "{err}"
    );
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}
