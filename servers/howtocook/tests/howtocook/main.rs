//! HowToCook server tests: every tool against the bundled recipes (no network), through a real
//! MCP client over streamable HTTP, and the binary over stdio and HTTP.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use mcp_shared::Settings;
use mcp_testkit::{Client, TestServer};
use serde_json::json;

mcp_testkit::standard_suite!(howtocook_mcp_server::SPEC, "howtocook-mcp-server");

async fn client() -> (TestServer, Client) {
    let server = TestServer::start(&howtocook_mcp_server::SPEC, Settings::default()).await;
    let client = server.client_with(&[]).await;
    (server, client)
}

#[tokio::test]
async fn all_recipes_are_listed_briefly() {
    let (_s, c) = client().await;
    let v = c.call_ok("mcp_howtocook_getAllRecipes", json!({})).await;
    assert_eq!(v["count"], 322);
    assert_eq!(
        v["recipes"][0],
        json!({"id": "dishes-aquatic-咖喱炒蟹", "name": "咖喱炒蟹", "category": "水产", "difficulty": 4})
    );
    let v = c
        .call_ok("mcp_howtocook_getAllRecipes", json!({"no_param": "x"}))
        .await;
    assert_eq!(v["count"], 322);
    let err = c
        .call_err("mcp_howtocook_getAllRecipes", json!({"no_param": 5}))
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn recipe_by_id_name_and_part_of_name() {
    let (_s, c) = client().await;
    let v = c
        .call_ok(
            "mcp_howtocook_getRecipeById",
            json!({"query": "dishes-aquatic-咖喱炒蟹"}),
        )
        .await;
    assert_eq!(v["name"], "咖喱炒蟹");
    assert_eq!(v["ingredients"][0], "青蟹（别称：肉蟹）");
    assert!(v["steps"].as_array().unwrap().len() > 3);
    assert!(
        v["summary"]
            .as_str()
            .unwrap()
            .starts_with("第一次吃咖喱炒蟹")
    );
    let by_name = c
        .call_ok(
            "mcp_howtocook_getRecipeById",
            json!({"query": "咖喱炒蟹的做法"}),
        )
        .await;
    assert_eq!(by_name["id"], "dishes-aquatic-咖喱炒蟹");
    let many = c
        .call_ok("mcp_howtocook_getRecipeById", json!({"query": "鸡"}))
        .await;
    assert!(many["matches"].as_array().unwrap().len() > 1, "{many}");
}

#[tokio::test]
async fn recipe_not_found_and_empty() {
    let (_s, c) = client().await;
    let err = c
        .call_err("mcp_howtocook_getRecipeById", json!({"query": "披萨外卖"}))
        .await;
    assert!(err.contains("No recipe matches `披萨外卖`"), "{err}");
    let err = c
        .call_err("mcp_howtocook_getRecipeById", json!({"query": " "}))
        .await;
    assert!(err.contains("`query` is empty"), "{err}");
}

#[tokio::test]
async fn recipes_by_category() {
    let (_s, c) = client().await;
    let v = c
        .call_ok(
            "mcp_howtocook_getRecipesByCategory",
            json!({"category": "水产"}),
        )
        .await;
    assert_eq!(v["count"], 24);
    assert_eq!(v["recipes"][0]["name"], "咖喱炒蟹");
    let err = c
        .call_err(
            "mcp_howtocook_getRecipesByCategory",
            json!({"category": "pizza"}),
        )
        .await;
    assert!(err.contains("invalid arguments"), "{err}");
}

#[tokio::test]
async fn meal_plan_is_seedable_and_avoids_allergies() {
    let (_s, c) = client().await;
    let args = json!({"peopleCount": 4, "allergies": ["虾"], "avoidItems": ["香菜"], "seed": 42});
    let a = c
        .call_ok("mcp_howtocook_recommendMeals", args.clone())
        .await;
    let b = c.call_ok("mcp_howtocook_recommendMeals", args).await;
    assert_eq!(a, b, "the same seed gives the same plan");
    let days = a["days"].as_array().unwrap();
    assert_eq!(days.len(), 7);
    assert_eq!(days[0]["lunch"].as_array().unwrap().len(), 2);
    assert_eq!(days[0]["breakfast"].as_array().unwrap().len(), 1);
    let all = c.call_ok("mcp_howtocook_getAllRecipes", json!({})).await;
    assert!(all["count"].as_u64().unwrap() > 0);
    for d in days {
        for meal in ["breakfast", "lunch", "dinner"] {
            for dish in d[meal].as_array().unwrap() {
                let r = c
                    .call_ok("mcp_howtocook_getRecipeById", json!({"query": dish["id"]}))
                    .await;
                let text = r["ingredients"].to_string();
                assert!(!text.contains('虾') && !text.contains("香菜"), "{text}");
            }
        }
    }
    assert!(a["shopping_list"].as_object().unwrap().len() > 5);
    let other = c
        .call_ok(
            "mcp_howtocook_recommendMeals",
            json!({"peopleCount": 4, "seed": 7}),
        )
        .await;
    assert_ne!(other["days"], a["days"]);
    let err = c
        .call_err("mcp_howtocook_recommendMeals", json!({"peopleCount": 0}))
        .await;
    assert!(err.contains("give 1 to 10"), "{err}");
}

#[tokio::test]
async fn what_to_eat_counts_and_seed() {
    let (_s, c) = client().await;
    let v = c
        .call_ok(
            "mcp_howtocook_whatToEat",
            json!({"peopleCount": 3, "seed": 1}),
        )
        .await;
    let dishes = v["dishes"].as_array().unwrap();
    let cats: Vec<&str> = dishes
        .iter()
        .map(|d| d["category"].as_str().unwrap())
        .collect();
    assert_eq!(cats, ["荤菜", "荤菜", "素菜", "素菜"]);
    let again = c
        .call_ok(
            "mcp_howtocook_whatToEat",
            json!({"peopleCount": 3, "seed": 1}),
        )
        .await;
    assert_eq!(v, again);
    let big = c
        .call_ok("mcp_howtocook_whatToEat", json!({"peopleCount": 9}))
        .await;
    let cats: Vec<&str> = big["dishes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["category"].as_str().unwrap())
        .collect();
    assert_eq!(cats.len(), 10);
    assert!(cats.contains(&"水产"), "{cats:?}");
    let err = c
        .call_err("mcp_howtocook_whatToEat", json!({"peopleCount": 11}))
        .await;
    assert!(err.contains("give 1 to 10"), "{err}");
    let err = c.call_err("mcp_howtocook_whatToEat", json!({})).await;
    assert!(err.contains("peopleCount"), "{err}");
}
