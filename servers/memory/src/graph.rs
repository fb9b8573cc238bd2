//! The knowledge graph and its file format, as the reference memory server keeps them: one
//! JSON object a line, `{"type":"entity","name","entityType","observations"}` or
//! `{"type":"relation","from","to","relationType"}`, entities first, lines joined by `\n`.
//! Pure functions; the file and its lock are in `store`.

use std::collections::HashSet;

use mcp_shared::ToolError;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A node of the graph: a person, project, place, idea... named uniquely.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Entity {
    /// The entity's name (its identifier in the graph)
    pub name: String,
    /// The kind of entity (`person`, `project`, `organization`...)
    #[serde(rename = "entityType")]
    pub entity_type: String,
    /// Facts about the entity, one short statement each
    #[serde(default)]
    pub observations: Vec<String>,
}

/// A directed edge between two entities, in active voice (`Alice` `works_at` `Acme`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Relation {
    /// The name of the entity the relation starts from
    pub from: String,
    /// The name of the entity the relation points to
    pub to: String,
    /// The kind of relation, in active voice (`works_at`, `manages`)
    #[serde(rename = "relationType")]
    pub relation_type: String,
}

/// The whole graph, or the part of it a search or an open returns.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Graph {
    /// The entities
    pub entities: Vec<Entity>,
    /// The relations
    pub relations: Vec<Relation>,
}

#[derive(Serialize)]
struct Line<'a, T> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(flatten)]
    item: &'a T,
}

/// What `add_observations` added to one entity.
#[derive(Debug, Serialize)]
pub struct Added {
    #[serde(rename = "entityName")]
    pub entity_name: String,
    #[serde(rename = "addedObservations")]
    pub added_observations: Vec<String>,
}

impl Graph {
    /// Read the file's text. Blank lines and lines of another `type` are skipped (as the
    /// reference does); a line that is not JSON, or an entity or relation with a missing
    /// field, fails with its line number, so a damaged file is never written over.
    pub fn parse(text: &str, file: &str) -> Result<Graph, ToolError> {
        let mut g = Graph::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let bad = |e: serde_json::Error| {
                ToolError::invalid_input(format!(
                    "the memory file {file} cannot be read: line {} is not a valid entity or relation ({e}).",
                    i + 1
                ))
                .with_hint("fix or remove that line of the file; nothing was changed.")
            };
            let v: Value = serde_json::from_str(line).map_err(bad)?;
            match v.get("type").and_then(Value::as_str) {
                Some("entity") => g.entities.push(serde_json::from_value(v).map_err(bad)?),
                Some("relation") => g.relations.push(serde_json::from_value(v).map_err(bad)?),
                _ => {}
            }
        }
        Ok(g)
    }

    /// The file's text: entities, then relations, one JSON object a line.
    pub fn to_jsonl(&self) -> Result<String, ToolError> {
        let mut lines = Vec::with_capacity(self.entities.len() + self.relations.len());
        for e in &self.entities {
            lines.push(line("entity", e)?);
        }
        for r in &self.relations {
            lines.push(line("relation", r)?);
        }
        Ok(lines.join("\n"))
    }

    fn entity_mut(&mut self, name: &str) -> Option<&mut Entity> {
        self.entities.iter_mut().find(|e| e.name == name)
    }

    /// Add the entities whose name is new (to the graph and to this call); returns them.
    pub fn create_entities(&mut self, entities: Vec<Entity>) -> Vec<Entity> {
        let mut created = Vec::new();
        for mut e in entities {
            if self.entities.iter().any(|x| x.name == e.name) {
                continue;
            }
            dedup(&mut e.observations);
            self.entities.push(e.clone());
            created.push(e);
        }
        created
    }

    /// Add the relations that are not already there; returns them.
    pub fn create_relations(&mut self, relations: Vec<Relation>) -> Vec<Relation> {
        let mut created = Vec::new();
        for r in relations {
            if self.relations.contains(&r) {
                continue;
            }
            self.relations.push(r.clone());
            created.push(r);
        }
        created
    }

    /// Add observations to existing entities, skipping those an entity has. An unknown
    /// entity fails the whole call (the caller then writes nothing).
    pub fn add_observations(
        &mut self,
        additions: Vec<(String, Vec<String>)>,
    ) -> Result<Vec<Added>, ToolError> {
        let mut out = Vec::with_capacity(additions.len());
        for (name, contents) in additions {
            let entity = self.entity_mut(&name).ok_or_else(|| {
                ToolError::invalid_input(format!("Entity with name {name} not found"))
                    .with_hint("create it with create_entities first; nothing was changed.")
            })?;
            let mut added = Vec::new();
            for c in contents {
                if !entity.observations.contains(&c) && !added.contains(&c) {
                    added.push(c);
                }
            }
            entity.observations.extend(added.iter().cloned());
            out.push(Added {
                entity_name: name,
                added_observations: added,
            });
        }
        Ok(out)
    }

    /// Remove these entities and every relation from or to them.
    pub fn delete_entities(&mut self, names: &[String]) {
        let names: HashSet<&str> = names.iter().map(String::as_str).collect();
        self.entities.retain(|e| !names.contains(e.name.as_str()));
        self.relations
            .retain(|r| !names.contains(r.from.as_str()) && !names.contains(r.to.as_str()));
    }

    /// Remove these observations from these entities (unknown entities are skipped).
    pub fn delete_observations(&mut self, deletions: Vec<(String, Vec<String>)>) {
        for (name, gone) in deletions {
            if let Some(e) = self.entity_mut(&name) {
                e.observations.retain(|o| !gone.contains(o));
            }
        }
    }

    /// Remove these relations (all three fields equal).
    pub fn delete_relations(&mut self, relations: &[Relation]) {
        self.relations.retain(|r| !relations.contains(r));
    }

    /// The entities whose name, type or an observation contains `query` (any case), and the
    /// relations between them.
    pub fn search(&self, query: &str) -> Graph {
        let q = query.to_lowercase();
        let hit = |s: &str| s.to_lowercase().contains(&q);
        self.subgraph(|e| {
            hit(&e.name) || hit(&e.entity_type) || e.observations.iter().any(|o| hit(o))
        })
    }

    /// The entities with these names, and the relations between them.
    pub fn open(&self, names: &[String]) -> Graph {
        self.subgraph(|e| names.contains(&e.name))
    }

    fn subgraph(&self, keep: impl Fn(&Entity) -> bool) -> Graph {
        let entities: Vec<Entity> = self.entities.iter().filter(|e| keep(e)).cloned().collect();
        let names: HashSet<&str> = entities.iter().map(|e| e.name.as_str()).collect();
        let relations = self
            .relations
            .iter()
            .filter(|r| names.contains(r.from.as_str()) && names.contains(r.to.as_str()))
            .cloned()
            .collect();
        Graph {
            entities,
            relations,
        }
    }
}

fn line<T: Serialize>(kind: &'static str, item: &T) -> Result<String, ToolError> {
    serde_json::to_string(&Line { kind, item }).map_err(|e| {
        ToolError::new(
            mcp_shared::ErrorKind::Internal,
            format!("the graph cannot be written as JSON: {e}"),
        )
    })
}

/// Drop repeated strings, keeping the first of each.
fn dedup(v: &mut Vec<String>) {
    let mut seen = HashSet::new();
    v.retain(|s| seen.insert(s.clone()));
}
