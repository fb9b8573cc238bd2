//! The committed tool catalog (`catalog/klavis-tools.json`) and parity with it.

use rmcp::model::Tool;
use serde_json::Value;

/// The tool catalog of the servers we replace, committed as test data in the repository
/// (`catalog/klavis-tools.json`, see `catalog/README.md`): the entry of one service.
pub fn catalog_entry(service: &str) -> Value {
    catalog()
        .get(service)
        .cloned()
        .unwrap_or_else(|| panic!("no `{service}` entry in the catalog"))
}

/// The whole tool catalog (`catalog/klavis-tools.json`), by service.
pub fn catalog() -> Value {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../catalog/klavis-tools.json");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read the tool catalog at {} ({e}); it is part of the repository",
            path.display()
        )
    });
    serde_json::from_str(&text).expect("catalog is JSON")
}

/// Every tool of the catalog's entry for `service` is listed, with every catalog parameter
/// under the same name, JSON type and required flag. `not_required` lists `(tool, param)`
/// pairs the catalog marks required that the vendor does not require (documented deviations).
/// Returns the names of listed tools the catalog does not have.
pub fn assert_catalog_parity(
    tools: &[Tool],
    service: &str,
    not_required: &[(&str, &str)],
) -> Vec<String> {
    let entry = catalog_entry(service);
    let catalog = entry["tools"].as_array().cloned().unwrap_or_default();
    assert!(
        !catalog.is_empty(),
        "the catalog lists no tools for {service}"
    );
    for ct in &catalog {
        let name = ct["name"].as_str().unwrap_or_default();
        let tool = tools
            .iter()
            .find(|t| t.name == name)
            .unwrap_or_else(|| panic!("catalog tool {name} is missing"));
        let schema = Value::Object((*tool.input_schema).clone());
        let required: Vec<&str> = schema["required"]
            .as_array()
            .map(|r| r.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        for p in ct["params"].as_array().into_iter().flatten() {
            let param = p["name"].as_str().unwrap_or_default();
            let prop = &schema["properties"][param];
            assert!(
                prop.is_object(),
                "{name}: no parameter `{param}` in {schema}"
            );
            if let Some(ty) = p["type"].as_str() {
                assert_eq!(prop["type"], ty, "{name}.{param}: type");
            }
            let want =
                p["required"].as_bool().unwrap_or(false) && !not_required.contains(&(name, param));
            assert_eq!(required.contains(&param), want, "{name}.{param}: required");
        }
        for r in &required {
            assert!(
                ct["params"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|p| p["name"] == *r),
                "{name}: `{r}` is required but not in the catalog"
            );
        }
    }
    tools_beyond_catalog(tools, service)
}

/// The names of the listed tools that the catalog does not list for `service`.
pub fn tools_beyond_catalog(tools: &[Tool], service: &str) -> Vec<String> {
    let entry = catalog_entry(service);
    let catalog = entry["tools"].as_array().cloned().unwrap_or_default();
    tools
        .iter()
        .filter(|t| !catalog.iter().any(|c| c["name"] == t.name.as_ref()))
        .map(|t| t.name.to_string())
        .collect()
}
