//! Every tool on a real memory file: create (skipping what exists), add and delete
//! observations, delete entities with their relations, delete relations, read, search, open,
//! and their failure paths.

use serde_json::json;

use crate::ws;

fn alice_bob() -> serde_json::Value {
    json!({"entities": [
        {"name": "Alice", "entityType": "person", "observations": ["Speaks French", "Likes tea"]},
        {"name": "Bob", "entityType": "person", "observations": []},
        {"name": "Acme", "entityType": "organization", "observations": ["Makes anvils"]}
    ]})
}

#[tokio::test]
async fn create_entities_skips_existing_names_and_writes_jsonl() {
    let w = ws().await;
    let created = w.json("create_entities", alice_bob()).await;
    assert_eq!(created.as_array().unwrap().len(), 3);
    assert_eq!(created[0]["name"], "Alice");
    assert_eq!(
        created[0]["observations"],
        json!(["Speaks French", "Likes tea"])
    );
    assert_eq!(
        w.read("memory.jsonl"),
        concat!(
            r#"{"type":"entity","name":"Alice","entityType":"person","observations":["Speaks French","Likes tea"]}"#,
            "\n",
            r#"{"type":"entity","name":"Bob","entityType":"person","observations":[]}"#,
            "\n",
            r#"{"type":"entity","name":"Acme","entityType":"organization","observations":["Makes anvils"]}"#
        )
    );
    let again = w
        .json(
            "create_entities",
            json!({"entities": [
                {"name": "Alice", "entityType": "robot", "observations": ["other"]},
                {"name": "Carol", "entityType": "person"},
                {"name": "Carol", "entityType": "duplicate in the call", "observations": []}
            ]}),
        )
        .await;
    assert_eq!(
        again,
        json!([{"name": "Carol", "entityType": "person", "observations": []}]),
        "existing and repeated names are skipped; observations default to none"
    );
    let g = w.json("read_graph", json!({})).await;
    assert_eq!(g["entities"].as_array().unwrap().len(), 4);
    assert_eq!(
        g["entities"][0]["entityType"], "person",
        "Alice is unchanged"
    );

    let err = w
        .err(
            "create_entities",
            json!({"entities": [{"name": " ", "entityType": "x"}]}),
        )
        .await;
    assert!(err.contains("must not be empty"), "{err}");
    let err = w
        .err("create_entities", json!({"entities": [{"name": "x"}]}))
        .await;
    assert!(err.contains("entityType"), "{err}");
    let err = w.err("create_entities", json!({})).await;
    assert!(err.contains("entities"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn create_relations_skips_exact_duplicates() {
    let w = ws().await;
    w.ok("create_entities", alice_bob()).await;
    let created = w
        .json(
            "create_relations",
            json!({"relations": [
                {"from": "Alice", "to": "Acme", "relationType": "works_at"},
                {"from": "Bob", "to": "Alice", "relationType": "knows"},
                {"from": "Alice", "to": "Acme", "relationType": "works_at"}
            ]}),
        )
        .await;
    assert_eq!(created.as_array().unwrap().len(), 2, "{created}");
    let again = w
        .json(
            "create_relations",
            json!({"relations": [
                {"from": "Alice", "to": "Acme", "relationType": "works_at"},
                {"from": "Alice", "to": "Acme", "relationType": "founded"}
            ]}),
        )
        .await;
    assert_eq!(
        again,
        json!([{"from": "Alice", "to": "Acme", "relationType": "founded"}])
    );
    let text = w.read("memory.jsonl");
    assert!(
        text.ends_with(
            r#"{"type":"relation","from":"Alice","to":"Acme","relationType":"founded"}"#
        ),
        "{text}"
    );
    assert_eq!(text.lines().count(), 6);
    let err = w
        .err(
            "create_relations",
            json!({"relations": [{"from": "Alice", "to": "Bob"}]}),
        )
        .await;
    assert!(err.contains("relationType"), "{err}");
    let err = w
        .err(
            "create_relations",
            json!({"relations": [{"from": "", "to": "Bob", "relationType": "x"}]}),
        )
        .await;
    assert!(err.contains("must not be empty"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn add_observations_adds_new_ones_and_fails_whole_on_unknown_entity() {
    let w = ws().await;
    w.ok("create_entities", alice_bob()).await;
    let added = w
        .json(
            "add_observations",
            json!({"observations": [
                {"entityName": "Alice", "contents": ["Likes tea", "Runs marathons", "Runs marathons"]},
                {"entityName": "Bob", "contents": ["Plays chess"]}
            ]}),
        )
        .await;
    assert_eq!(
        added,
        json!([
            {"entityName": "Alice", "addedObservations": ["Runs marathons"]},
            {"entityName": "Bob", "addedObservations": ["Plays chess"]}
        ])
    );
    let before = w.read("memory.jsonl");
    let err = w
        .err(
            "add_observations",
            json!({"observations": [
                {"entityName": "Alice", "contents": ["Would be added"]},
                {"entityName": "Nobody", "contents": ["x"]}
            ]}),
        )
        .await;
    assert!(err.contains("Entity with name Nobody not found"), "{err}");
    assert_eq!(w.read("memory.jsonl"), before, "nothing written");
    let err = w
        .err(
            "add_observations",
            json!({"observations": [{"entityName": "Alice"}]}),
        )
        .await;
    assert!(err.contains("contents"), "{err}");
    let g = w.json("open_nodes", json!({"names": ["Alice"]})).await;
    assert_eq!(
        g["entities"][0]["observations"],
        json!(["Speaks French", "Likes tea", "Runs marathons"])
    );
    w.stop().await;
}

#[tokio::test]
async fn deletes_of_entities_observations_and_relations() {
    let w = ws().await;
    w.ok("create_entities", alice_bob()).await;
    w.ok(
        "create_relations",
        json!({"relations": [
            {"from": "Alice", "to": "Acme", "relationType": "works_at"},
            {"from": "Bob", "to": "Alice", "relationType": "knows"},
            {"from": "Bob", "to": "Acme", "relationType": "works_at"}
        ]}),
    )
    .await;

    let text = w
        .ok(
            "delete_observations",
            json!({"deletions": [
                {"entityName": "Alice", "observations": ["Likes tea", "never there"]},
                {"entityName": "Nobody", "observations": ["x"]}
            ]}),
        )
        .await;
    assert_eq!(text, "Observations deleted successfully");
    let g = w.json("open_nodes", json!({"names": ["Alice"]})).await;
    assert_eq!(g["entities"][0]["observations"], json!(["Speaks French"]));

    let text = w
        .ok(
            "delete_relations",
            json!({"relations": [
                {"from": "Bob", "to": "Acme", "relationType": "works_at"},
                {"from": "Bob", "to": "Acme", "relationType": "owns"}
            ]}),
        )
        .await;
    assert_eq!(text, "Relations deleted successfully");
    let g = w.json("read_graph", json!({})).await;
    assert_eq!(g["relations"].as_array().unwrap().len(), 2);

    let text = w
        .ok(
            "delete_entities",
            json!({"entityNames": ["Alice", "Nobody"]}),
        )
        .await;
    assert_eq!(text, "Entities deleted successfully");
    let g = w.json("read_graph", json!({})).await;
    assert_eq!(
        g,
        json!({
            "entities": [
                {"name": "Bob", "entityType": "person", "observations": []},
                {"name": "Acme", "entityType": "organization", "observations": ["Makes anvils"]}
            ],
            "relations": []
        }),
        "Alice's relations went with her"
    );
    assert!(!w.read("memory.jsonl").contains("Alice"));

    let err = w
        .err("delete_entities", json!({"entityNames": "Bob"}))
        .await;
    assert!(err.contains("entityNames"), "{err}");
    let err = w
        .err(
            "delete_observations",
            json!({"deletions": [{"entityName": "Bob"}]}),
        )
        .await;
    assert!(err.contains("observations"), "{err}");
    let err = w
        .err("delete_relations", json!({"relations": [{"from": "Bob"}]}))
        .await;
    assert!(err.contains("to"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn search_and_open_return_entities_and_the_relations_between_them() {
    let w = ws().await;
    w.ok("create_entities", alice_bob()).await;
    w.ok(
        "create_relations",
        json!({"relations": [
            {"from": "Alice", "to": "Acme", "relationType": "works_at"},
            {"from": "Bob", "to": "Alice", "relationType": "knows"}
        ]}),
    )
    .await;

    // By observation, any case.
    let g = w.json("search_nodes", json!({"query": "ANVIL"})).await;
    assert_eq!(g["entities"][0]["name"], "Acme");
    assert_eq!(g["relations"], json!([]));
    // By type: both people and the relation between them, not the one to Acme.
    let g = w.json("search_nodes", json!({"query": "Person"})).await;
    let names: Vec<&str> = g["entities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Alice", "Bob"]);
    assert_eq!(
        g["relations"],
        json!([{"from": "Bob", "to": "Alice", "relationType": "knows"}])
    );
    // By name.
    let g = w.json("search_nodes", json!({"query": "ali"})).await;
    assert_eq!(g["entities"].as_array().unwrap().len(), 1);
    let g = w.json("search_nodes", json!({"query": "zzz"})).await;
    assert_eq!(g, json!({"entities": [], "relations": []}));

    let g = w
        .json("open_nodes", json!({"names": ["Alice", "Acme", "Nobody"]}))
        .await;
    assert_eq!(g["entities"].as_array().unwrap().len(), 2);
    assert_eq!(
        g["relations"],
        json!([{"from": "Alice", "to": "Acme", "relationType": "works_at"}])
    );
    let r = w
        .client
        .call("open_nodes", json!({"names": ["Bob"]}))
        .await
        .unwrap();
    assert_eq!(
        r.structured_content,
        Some(json!({
            "entities": [{"name": "Bob", "entityType": "person", "observations": []}],
            "relations": []
        })),
        "the graph tools return structuredContent too"
    );

    let err = w.err("search_nodes", json!({})).await;
    assert!(err.contains("query"), "{err}");
    let err = w.err("open_nodes", json!({"names": [1]})).await;
    assert!(err.contains("names"), "{err}");
    w.stop().await;
}

#[tokio::test]
async fn read_graph_without_a_file_is_empty_and_writes_nothing() {
    let w = ws().await;
    let g = w.json("read_graph", json!({})).await;
    assert_eq!(g, json!({"entities": [], "relations": []}));
    w.ok("delete_entities", json!({"entityNames": ["x"]})).await;
    assert!(
        !w.at("memory.jsonl").exists(),
        "reads and deletes that change nothing create no file"
    );
    w.stop().await;
}
