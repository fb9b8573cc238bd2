//! Discounts (code and automatic) and creating code discounts.

use mcp_testkit::request_bodies;
use serde_json::{Value, json};

use crate::common::{ENDPOINT, answer, gql, money, page, setup, user_errors};

fn basic_code_node() -> Value {
    json!({"id": "gid://shopify/DiscountCodeNode/507328175", "discount": {"__typename": "DiscountCodeBasic",
        "title": "SUMMER10", "status": "ACTIVE", "summary": "10% off entire order", "startsAt": "2026-06-01T00:00:00Z",
        "endsAt": null, "usageLimit": 100, "appliesOncePerCustomer": true, "asyncUsageCount": 4,
        "codes": {"nodes": [{"code": "SUMMER10"}]},
        "customerGets": {"value": {"__typename": "DiscountPercentage", "percentage": 0.1}}}})
}

fn basic_code_concise() -> Value {
    json!({"id": "507328175", "gid": "gid://shopify/DiscountCodeNode/507328175", "type": "CodeBasic", "title": "SUMMER10",
        "status": "ACTIVE", "summary": "10% off entire order", "starts_at": "2026-06-01T00:00:00Z", "usage_limit": 100,
        "once_per_customer": true, "times_used": 4, "percentage": 0.1, "codes": ["SUMMER10"]})
}

#[tokio::test]
async fn list_discounts_contract() {
    let s = setup().await;
    let automatic = json!({"id": "gid://shopify/DiscountNode/198286294", "discount": {"__typename": "DiscountAutomaticBasic",
        "title": "$5 off", "status": "SCHEDULED", "summary": "$5.00 off", "startsAt": "2027-01-01T00:00:00Z", "endsAt": null,
        "asyncUsageCount": 0, "customerGets": {"value": {"__typename": "DiscountAmount", "amount": money("5.00"), "appliesOnEachItem": false}}}});
    let mut code = basic_code_node();
    code["id"] = json!("gid://shopify/DiscountNode/507328175");
    gql("DiscountNodes", json!({"first": 50}))
        .respond(
            &s.fake,
            200,
            answer(json!({"discountNodes": page(vec![code, automatic], Some("d2"))})),
        )
        .await;
    let v = s.client.call_ok("shopify_list_discounts", json!({})).await;
    let mut want = basic_code_concise();
    want["gid"] = json!("gid://shopify/DiscountNode/507328175");
    assert_eq!(v["discounts"][0], want);
    assert_eq!(
        v["discounts"][1],
        json!({"id": "198286294", "gid": "gid://shopify/DiscountNode/198286294",
        "type": "AutomaticBasic", "title": "$5 off", "status": "SCHEDULED", "summary": "$5.00 off",
        "starts_at": "2027-01-01T00:00:00Z", "times_used": 0, "applies_on_each_item": false,
        "amount": {"amount": "5.00", "currency": "USD"}})
    );
    assert_eq!(v["next_cursor"], "d2");
}

#[tokio::test]
async fn list_discounts_without_scope() {
    let s = setup().await;
    gql("DiscountNodes", json!({"first": 50}))
        .respond(
            &s.fake,
            403,
            json!({"errors": "This action requires merchant approval for read_discounts scope."}),
        )
        .await;
    let e = s.client.call_err("shopify_list_discounts", json!({})).await;
    assert!(e.contains("403") && e.contains("read_discounts"), "{e}");
}

#[tokio::test]
async fn get_discount_by_price_rule_id() {
    let s = setup().await;
    gql(
        "DiscountNode",
        json!({"id": "gid://shopify/DiscountCodeNode/507328175"}),
    )
    .respond(
        &s.fake,
        200,
        answer(json!({"node": {"__typename": "DiscountCodeNode", "id": "gid://shopify/DiscountCodeNode/507328175", "codeDiscount": basic_code_node()["discount"]}})),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "shopify_get_discount",
            json!({"price_rule_id": "507328175"}),
        )
        .await;
    assert_eq!(v, basic_code_concise());
}

#[tokio::test]
async fn get_discount_not_found_and_bad_id() {
    let s = setup().await;
    gql(
        "DiscountNode",
        json!({"id": "gid://shopify/DiscountAutomaticNode/1"}),
    )
    .respond(&s.fake, 200, answer(json!({"node": null})))
    .await;
    let e = s
        .client
        .call_err(
            "shopify_get_discount",
            json!({"price_rule_id": "gid://shopify/DiscountAutomaticNode/1"}),
        )
        .await;
    assert!(e.contains("no discount"), "{e}");
    let e = s
        .client
        .call_err(
            "shopify_get_discount",
            json!({"price_rule_id": "gid://shopify/Product/1"}),
        )
        .await;
    assert!(e.contains("DiscountCodeNode gid"), "{e}");
}

fn created(node: Value) -> Value {
    let mut n = node;
    let d = n["discount"].take();
    n["codeDiscount"] = d;
    n.as_object_mut().unwrap().remove("discount");
    n
}

#[tokio::test]
async fn create_percentage_discount_contract() {
    let s = setup().await;
    gql("DiscountCodeBasicCreate", json!({"discount": {
        "title": "Summer sale", "code": "SUMMER10", "startsAt": "2026-06-01T00:00:00Z", "endsAt": "2026-08-31T23:59:59Z",
        "appliesOncePerCustomer": true, "usageLimit": 100, "context": {"all": "ALL"},
        "customerGets": {"value": {"percentage": 0.1}, "items": {"all": true}}
    }}))
    .respond(&s.fake, 200, answer(json!({"discountCodeBasicCreate": {"codeDiscountNode": created(basic_code_node()), "userErrors": []}})))
    .await;
    let v = s.client.call_ok("shopify_create_discount", json!({
        "title": "Summer sale", "code": "SUMMER10", "value_type": "percentage", "value": "-10.0", "target_type": "line_item",
        "target_selection": "all", "starts_at": "2026-06-01T00:00:00Z", "ends_at": "2026-08-31T23:59:59Z",
        "once_per_customer": true, "usage_limit": 100
    })).await;
    assert_eq!(v, basic_code_concise());
}

#[tokio::test]
async fn create_fixed_amount_discount_for_entitled_products() {
    let s = setup().await;
    gql("DiscountCodeBasicCreate", json!({"discount": {
        "title": "TEE5", "code": "TEE5", "startsAt": "2026-06-01", "context": {"all": "ALL"},
        "customerGets": {"value": {"discountAmount": {"amount": "5.00", "appliesOnEachItem": true}},
            "items": {"products": {"productsToAdd": ["gid://shopify/Product/108828309"]}}}
    }}))
    .respond(&s.fake, 200, answer(json!({"discountCodeBasicCreate": {"codeDiscountNode": created(basic_code_node()), "userErrors": []}})))
    .await;
    let v = s.client.call_ok("shopify_create_discount", json!({
        "title": "TEE5", "value_type": "fixed_amount", "value": "5.00", "target_type": "line_item", "target_selection": "entitled",
        "allocation_method": "each", "starts_at": "2026-06-01", "entitled_product_ids": ["108828309"]
    })).await;
    assert_eq!(v["id"], "507328175");
}

#[tokio::test]
async fn create_free_shipping_discount_and_default_start() {
    let s = setup().await;
    mcp_testkit::expect("POST", ENDPOINT)
        .header("x-shopify-access-token", crate::common::TOKEN)
        .any_body()
        .respond(&s.fake, 200, answer(json!({"discountCodeFreeShippingCreate": {"codeDiscountNode": {
            "id": "gid://shopify/DiscountCodeNode/9", "codeDiscount": {"__typename": "DiscountCodeFreeShipping", "title": "SHIPFREE",
            "status": "ACTIVE", "summary": "Free shipping", "startsAt": "2026-12-03T08:00:00Z", "endsAt": null, "usageLimit": null,
            "appliesOncePerCustomer": false, "codes": {"nodes": [{"code": "SHIPFREE"}]}}}, "userErrors": []}})))
        .await;
    let v = s.client.call_ok("shopify_create_discount", json!({
        "title": "SHIPFREE", "value_type": "percentage", "value": "100", "target_type": "shipping_line", "target_selection": "all"
    })).await;
    assert_eq!(v["type"], "CodeFreeShipping");
    assert_eq!(v["codes"], json!(["SHIPFREE"]));
    let body = &request_bodies(&s.fake, "POST", ENDPOINT).await[0];
    assert_eq!(body["operationName"], "DiscountCodeFreeShippingCreate");
    let d = &body["variables"]["discount"];
    assert_eq!(d["destination"], json!({"all": true}));
    assert_eq!(d["code"], "SHIPFREE");
    let starts = d["startsAt"].as_str().unwrap();
    assert!(
        starts.len() == 20 && starts.ends_with('Z') && starts.starts_with("20"),
        "{starts}"
    );
    let errors = crate::gql_check::check_variables(
        crate::common::schema(),
        crate::common::document("DiscountCodeFreeShippingCreate"),
        &body["variables"],
    );
    assert!(errors.is_empty(), "{errors:?}");
}

#[tokio::test]
async fn create_discount_failures() {
    let s = setup().await;
    let base = json!({"title": "X", "value_type": "percentage", "value": "10", "target_type": "line_item", "target_selection": "all"});
    let with = |k: &str, v: Value| {
        let mut b = base.clone();
        b[k] = v;
        b
    };
    for (args, want) in [
        (with("value", json!("ten")), "decimal amount"),
        (with("value", json!("150")), "more than 100 percent"),
        (with("value", json!("0")), "must not be 0"),
        (with("target_type", json!("shipping_line")), "free shipping"),
        (
            with("target_selection", json!("entitled")),
            "needs entitled_product_ids",
        ),
    ] {
        let e = s.client.call_err("shopify_create_discount", args).await;
        assert!(e.contains(want), "{want}: {e}");
    }
    gql("DiscountCodeBasicCreate", json!({"discount": {
        "title": "X", "code": "X", "startsAt": "2026-06-01", "context": {"all": "ALL"},
        "customerGets": {"value": {"percentage": 0.125}, "items": {"all": true}}
    }}))
    .respond(&s.fake, 200, answer(json!({"discountCodeBasicCreate": user_errors("codeDiscountNode", json!([
        {"field": ["basicCodeDiscount", "code"], "message": "Code must be unique. Please try a different code.", "code": "TAKEN", "extraInfo": null}
    ]))})))
    .await;
    let e = s
        .client
        .call_err("shopify_create_discount", {
            let mut args = with("value", json!("12.5"));
            args["starts_at"] = json!("2026-06-01");
            args
        })
        .await;
    assert!(
        e.contains("`basicCodeDiscount.code`: Code must be unique") && e.contains("(TAKEN)"),
        "{e}"
    );
}

#[tokio::test]
async fn get_an_automatic_discount_by_gid() {
    let s = setup().await;
    gql("DiscountNode", json!({"id": "gid://shopify/DiscountAutomaticNode/198286294"}))
        .respond(&s.fake, 200, answer(json!({"node": {"__typename": "DiscountAutomaticNode", "id": "gid://shopify/DiscountAutomaticNode/198286294",
            "automaticDiscount": {"__typename": "DiscountAutomaticFreeShipping", "title": "Free over $50", "status": "ACTIVE",
                "summary": "Free shipping on orders over $50.00", "startsAt": "2026-01-01T00:00:00Z", "endsAt": null, "asyncUsageCount": 12}}})))
        .await;
    let v = s
        .client
        .call_ok(
            "shopify_get_discount",
            json!({"price_rule_id": "gid://shopify/DiscountAutomaticNode/198286294"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"id": "198286294", "gid": "gid://shopify/DiscountAutomaticNode/198286294", "type": "AutomaticFreeShipping",
        "title": "Free over $50", "status": "ACTIVE", "summary": "Free shipping on orders over $50.00",
        "starts_at": "2026-01-01T00:00:00Z", "times_used": 12})
    );
}
