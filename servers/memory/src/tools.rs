//! The nine tools of the reference memory server, with its names and parameters.

use mcp_shared::{Ctx, Effect, Output, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::graph::{Entity, Graph, Relation};
use crate::store::Memory;

const SET: &str = "memory";

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "create_entities",
            "Create entities",
            Effect::IdempotentWrite,
            create_entities,
        )
        .toolset(SET),
        tool(
            "create_relations",
            "Create relations",
            Effect::IdempotentWrite,
            create_relations,
        )
        .toolset(SET),
        tool(
            "add_observations",
            "Add observations",
            Effect::IdempotentWrite,
            add_observations,
        )
        .toolset(SET),
        tool(
            "delete_entities",
            "Delete entities",
            Effect::Destructive,
            delete_entities,
        )
        .toolset(SET),
        tool(
            "delete_observations",
            "Delete observations",
            Effect::Destructive,
            delete_observations,
        )
        .toolset(SET),
        tool(
            "delete_relations",
            "Delete relations",
            Effect::Destructive,
            delete_relations,
        )
        .toolset(SET),
        tool("read_graph", "Read graph", Effect::Read, read_graph)
            .toolset(SET)
            .output::<Graph>(),
        tool("search_nodes", "Search nodes", Effect::Read, search_nodes)
            .toolset(SET)
            .output::<Graph>(),
        tool("open_nodes", "Open nodes", Effect::Read, open_nodes)
            .toolset(SET)
            .output::<Graph>(),
    ]
}

fn json<T: Serialize>(v: &T) -> Result<Output, ToolError> {
    serde_json::to_value(v).map(Output::Json).map_err(|e| {
        ToolError::new(
            mcp_shared::ErrorKind::Internal,
            format!("the result cannot be written as JSON: {e}"),
        )
    })
}

fn check_names<'a>(what: &str, names: impl IntoIterator<Item = &'a str>) -> Result<(), ToolError> {
    if names.into_iter().any(|n| n.trim().is_empty()) {
        return Err(ToolError::invalid_input(format!(
            "{what} must not be empty: every entity has a name."
        )));
    }
    Ok(())
}

/// Create entities in the knowledge graph, each with a name, a type and observations. An
/// entity whose name exists already is skipped (its observations are not merged: use
/// add_observations). Returns the entities created, as JSON.
#[derive(Deserialize, JsonSchema)]
pub struct CreateEntities {
    /// The entities to create
    entities: Vec<Entity>,
}

async fn create_entities(ctx: Ctx, a: CreateEntities) -> Result<Output, ToolError> {
    check_names(
        "`entities[].name`",
        a.entities.iter().map(|e| e.name.as_str()),
    )?;
    let created = Memory::of(&ctx)?
        .update(move |g| {
            let created = g.create_entities(a.entities);
            let changed = !created.is_empty();
            Ok((created, changed))
        })
        .await?;
    json(&created)
}

/// Create relations between entities of the knowledge graph, each from one entity to
/// another with a type in active voice (`works_at`). A relation that exists already (same
/// from, to and type) is skipped. Returns the relations created, as JSON.
#[derive(Deserialize, JsonSchema)]
pub struct CreateRelations {
    /// The relations to create
    relations: Vec<Relation>,
}

async fn create_relations(ctx: Ctx, a: CreateRelations) -> Result<Output, ToolError> {
    check_names(
        "`relations[].from` and `relations[].to`",
        a.relations
            .iter()
            .flat_map(|r| [r.from.as_str(), r.to.as_str()]),
    )?;
    let created = Memory::of(&ctx)?
        .update(move |g| {
            let created = g.create_relations(a.relations);
            let changed = !created.is_empty();
            Ok((created, changed))
        })
        .await?;
    json(&created)
}

/// Observations to add to one entity.
#[derive(Deserialize, JsonSchema)]
pub struct Addition {
    /// The name of the entity to add them to
    #[serde(rename = "entityName")]
    entity_name: String,
    /// The observations to add
    contents: Vec<String>,
}

/// Add observations to existing entities of the knowledge graph; an observation the entity
/// has already is skipped. Fails, changing nothing, when an entity does not exist. Returns,
/// per entity, the observations added (`[{entityName, addedObservations}]`).
#[derive(Deserialize, JsonSchema)]
pub struct AddObservations {
    /// The observations to add, per entity
    observations: Vec<Addition>,
}

async fn add_observations(ctx: Ctx, a: AddObservations) -> Result<Output, ToolError> {
    let additions: Vec<(String, Vec<String>)> = a
        .observations
        .into_iter()
        .map(|o| (o.entity_name, o.contents))
        .collect();
    let added = Memory::of(&ctx)?
        .update(move |g| {
            let added = g.add_observations(additions)?;
            let changed = added.iter().any(|a| !a.added_observations.is_empty());
            Ok((added, changed))
        })
        .await?;
    json(&added)
}

/// Delete entities from the knowledge graph, with every relation from or to them. Names
/// that do not exist are ignored.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteEntities {
    /// The names of the entities to delete
    #[serde(rename = "entityNames")]
    entity_names: Vec<String>,
}

async fn delete_entities(ctx: Ctx, a: DeleteEntities) -> Result<String, ToolError> {
    Memory::of(&ctx)?
        .update(move |g| {
            let before = (g.entities.len(), g.relations.len());
            g.delete_entities(&a.entity_names);
            Ok(((), before != (g.entities.len(), g.relations.len())))
        })
        .await?;
    Ok("Entities deleted successfully".to_owned())
}

/// Observations to delete from one entity.
#[derive(Deserialize, JsonSchema)]
pub struct Deletion {
    /// The name of the entity that holds them
    #[serde(rename = "entityName")]
    entity_name: String,
    /// The observations to delete (exact text)
    observations: Vec<String>,
}

/// Delete observations from entities of the knowledge graph. Entities and observations that
/// do not exist are ignored.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteObservations {
    /// The observations to delete, per entity
    deletions: Vec<Deletion>,
}

async fn delete_observations(ctx: Ctx, a: DeleteObservations) -> Result<String, ToolError> {
    let deletions: Vec<(String, Vec<String>)> = a
        .deletions
        .into_iter()
        .map(|d| (d.entity_name, d.observations))
        .collect();
    Memory::of(&ctx)?
        .update(move |g| {
            let before = g.entities.clone();
            g.delete_observations(deletions);
            Ok(((), before != g.entities))
        })
        .await?;
    Ok("Observations deleted successfully".to_owned())
}

/// Delete relations from the knowledge graph (matched on from, to and type together).
/// Relations that do not exist are ignored.
#[derive(Deserialize, JsonSchema)]
pub struct DeleteRelations {
    /// The relations to delete
    relations: Vec<Relation>,
}

async fn delete_relations(ctx: Ctx, a: DeleteRelations) -> Result<String, ToolError> {
    Memory::of(&ctx)?
        .update(move |g| {
            let before = g.relations.len();
            g.delete_relations(&a.relations);
            Ok(((), before != g.relations.len()))
        })
        .await?;
    Ok("Relations deleted successfully".to_owned())
}

/// Read the whole knowledge graph: every entity and every relation
/// (`{entities, relations}`).
#[derive(Deserialize, JsonSchema)]
pub struct ReadGraph {}

async fn read_graph(ctx: Ctx, _: ReadGraph) -> Result<Output, ToolError> {
    let g = Memory::of(&ctx)?.read().await?;
    json(&g)
}

/// Search the knowledge graph: the entities whose name, type or any observation contains
/// the query (any case), and the relations between those entities (`{entities, relations}`).
#[derive(Deserialize, JsonSchema)]
pub struct SearchNodes {
    /// The text to look for in entity names, types and observations
    query: String,
}

async fn search_nodes(ctx: Ctx, a: SearchNodes) -> Result<Output, ToolError> {
    let g = Memory::of(&ctx)?.read().await?;
    json(&g.search(&a.query))
}

/// Open entities of the knowledge graph by name: those entities and the relations between
/// them (`{entities, relations}`). Names that do not exist are ignored.
#[derive(Deserialize, JsonSchema)]
pub struct OpenNodes {
    /// The names of the entities to return
    names: Vec<String>,
}

async fn open_nodes(ctx: Ctx, a: OpenNodes) -> Result<Output, ToolError> {
    let g = Memory::of(&ctx)?.read().await?;
    json(&g.open(&a.names))
}
