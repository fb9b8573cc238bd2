//! Schemas, objects and their details, from the system catalogs.

use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::{Db, objects};

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool("list_schemas", "List schemas", Effect::Read, list_schemas).toolset("schema"),
        tool("list_objects", "List objects", Effect::Read, list_objects).toolset("schema"),
        tool(
            "get_object_details",
            "Get object details",
            Effect::Read,
            get_object_details,
        )
        .toolset("schema"),
    ]
}

/// List the database's schemas: name, owner, and whether it is a system or user schema.
#[derive(Deserialize, JsonSchema)]
pub struct ListSchemas {}

async fn list_schemas(ctx: Ctx, _a: ListSchemas) -> Result<Value, ToolError> {
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let tx = db.begin(&mut c, true).await?;
    let schemas = objects(
        &*tx,
        "SELECT n.nspname AS schema_name, pg_get_userbyid(n.nspowner) AS owner, \
           CASE WHEN n.nspname IN ('pg_catalog', 'information_schema') OR n.nspname LIKE 'pg\\_%' \
             THEN 'system' ELSE 'user' END AS schema_type \
         FROM pg_namespace n \
         WHERE n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%' \
         ORDER BY schema_type DESC, schema_name",
        &[],
    )
    .await?;
    Ok(json!({ "schemas": schemas }))
}

/// Object kinds: table, view, sequence, extension (extensions are database-wide).
#[derive(Deserialize, JsonSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ObjectType {
    Table,
    View,
    Sequence,
    Extension,
}

fn table_kind() -> ObjectType {
    ObjectType::Table
}

/// List a schema's tables (with estimated rows and size), views, sequences, or the
/// database's extensions.
#[derive(Deserialize, JsonSchema)]
pub struct ListObjects {
    schema_name: String,
    #[serde(default = "table_kind")]
    #[schemars(extend("default" = "table"))]
    object_type: ObjectType,
}

async fn list_objects(ctx: Ctx, a: ListObjects) -> Result<Value, ToolError> {
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let tx = db.begin(&mut c, true).await?;
    let s = &a.schema_name;
    let list = match a.object_type {
        ObjectType::Table => {
            objects(
                &*tx,
                "SELECT c.relname AS name, CASE c.relkind WHEN 'p' THEN 'partitioned table' \
                   WHEN 'f' THEN 'foreign table' ELSE 'table' END AS type, \
                   c.reltuples::bigint AS estimated_rows, \
                   pg_size_pretty(pg_total_relation_size(c.oid)) AS total_size \
                 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'f') ORDER BY c.relname",
                &[s],
            )
            .await?
        }
        ObjectType::View => {
            objects(
                &*tx,
                "SELECT c.relname AS name, CASE c.relkind WHEN 'm' THEN 'materialized view' \
                   ELSE 'view' END AS type \
                 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = $1 AND c.relkind IN ('v', 'm') ORDER BY c.relname",
                &[s],
            )
            .await?
        }
        ObjectType::Sequence => {
            objects(
                &*tx,
                "SELECT sequencename AS name, data_type::text AS data_type, last_value \
                 FROM pg_sequences WHERE schemaname = $1 ORDER BY sequencename",
                &[s],
            )
            .await?
        }
        ObjectType::Extension => {
            objects(
                &*tx,
                "SELECT e.extname AS name, e.extversion AS version, n.nspname AS schema \
                 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace \
                 ORDER BY e.extname",
                &[],
            )
            .await?
        }
    };
    if list.is_empty() && a.object_type != ObjectType::Extension {
        let exists = tx
            .query_opt("SELECT 1 FROM pg_namespace WHERE nspname = $1", &[s])
            .await
            .map_err(|e| crate::db::pg_error(&e))?
            .is_some();
        if !exists {
            return Err(ToolError::invalid_input(format!(
                "There is no schema `{s}` in this database (names are case-sensitive); list_schemas lists them."
            )));
        }
    }
    Ok(json!({ "schema_name": s, "object_type": a.object_type_name(), "objects": list }))
}

impl ListObjects {
    fn object_type_name(&self) -> &'static str {
        name_of(self.object_type)
    }
}

fn name_of(t: ObjectType) -> &'static str {
    match t {
        ObjectType::Table => "table",
        ObjectType::View => "view",
        ObjectType::Sequence => "sequence",
        ObjectType::Extension => "extension",
    }
}

/// Describe one object. Table or view: columns (type, nullable, default), constraints,
/// indexes, and a view's definition. Sequence: type, start, bounds, increment, last value.
/// Extension: version, schema, and whether an update is available (schema_name is ignored).
#[derive(Deserialize, JsonSchema)]
pub struct GetObjectDetails {
    schema_name: String,
    object_name: String,
    #[serde(default = "table_kind")]
    #[schemars(extend("default" = "table"))]
    object_type: ObjectType,
}

async fn get_object_details(ctx: Ctx, a: GetObjectDetails) -> Result<Value, ToolError> {
    let db = Db::of(&ctx)?;
    let mut c = db.client(&ctx).await?;
    let tx = db.begin(&mut c, true).await?;
    let (s, o) = (&a.schema_name, &a.object_name);
    let not_found = || {
        ToolError::invalid_input(format!(
            "No {} `{s}.{o}` in this database (names are case-sensitive); list_objects lists them.",
            name_of(a.object_type)
        ))
    };
    match a.object_type {
        ObjectType::Table | ObjectType::View => {
            let kinds = if a.object_type == ObjectType::Table {
                "rpf"
            } else {
                "vm"
            };
            let found = objects(
                &*tx,
                "SELECT c.oid::bigint AS oid, c.relkind::text AS kind, c.reltuples::bigint AS estimated_rows, \
                   pg_size_pretty(pg_total_relation_size(c.oid)) AS total_size, \
                   obj_description(c.oid, 'pg_class') AS comment, \
                   CASE WHEN c.relkind IN ('v', 'm') THEN pg_get_viewdef(c.oid, true) END AS definition \
                 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace \
                 WHERE n.nspname = $1 AND c.relname = $2 AND strpos($3, c.relkind::text) > 0",
                &[s, o, &kinds],
            )
            .await?;
            let Some(mut info) = found.into_iter().next() else {
                return Err(not_found());
            };
            let oid = info["oid"].as_i64().unwrap_or(0);
            let columns = objects(
                &*tx,
                "SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, \
                   NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default \
                 FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum \
                 WHERE a.attrelid = $1::bigint::oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum",
                &[&oid],
            )
            .await?;
            let constraints = objects(
                &*tx,
                "SELECT conname AS name, CASE contype WHEN 'p' THEN 'primary key' WHEN 'f' THEN 'foreign key' \
                   WHEN 'u' THEN 'unique' WHEN 'c' THEN 'check' WHEN 'x' THEN 'exclusion' ELSE contype::text END AS type, \
                   pg_get_constraintdef(oid, true) AS definition \
                 FROM pg_constraint WHERE conrelid = $1::bigint::oid ORDER BY contype, conname",
                &[&oid],
            )
            .await?;
            let indexes = objects(
                &*tx,
                "SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition, i.indisvalid AS valid \
                 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid \
                 WHERE i.indrelid = $1::bigint::oid ORDER BY c.relname",
                &[&oid],
            )
            .await?;
            if let Value::Object(m) = &mut info {
                m.remove("oid");
                m.retain(|_, v| !v.is_null());
                let kind = m.remove("kind");
                m.insert(
                    "type".into(),
                    json!(match kind.as_ref().and_then(Value::as_str) {
                        Some("p") => "partitioned table",
                        Some("f") => "foreign table",
                        Some("v") => "view",
                        Some("m") => "materialized view",
                        _ => "table",
                    }),
                );
                if a.object_type == ObjectType::View {
                    m.remove("estimated_rows");
                }
            }
            Ok(json!({
                "schema_name": s, "object_name": o, "details": info,
                "columns": columns, "constraints": constraints, "indexes": indexes,
            }))
        }
        ObjectType::Sequence => {
            let found = objects(
                &*tx,
                "SELECT data_type::text AS data_type, start_value, min_value, max_value, increment_by, \
                   cycle, cache_size, last_value FROM pg_sequences WHERE schemaname = $1 AND sequencename = $2",
                &[s, o],
            )
            .await?;
            let seq = found.into_iter().next().ok_or_else(not_found)?;
            Ok(json!({ "schema_name": s, "object_name": o, "sequence": seq }))
        }
        ObjectType::Extension => {
            let found = objects(
                &*tx,
                "SELECT e.extname AS name, e.extversion AS version, n.nspname AS schema, e.extrelocatable AS relocatable, \
                   a.default_version, a.comment \
                 FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace \
                 LEFT JOIN pg_available_extensions a ON a.name = e.extname WHERE e.extname = $1",
                &[o],
            )
            .await?;
            let ext = found.into_iter().next().ok_or_else(|| {
                ToolError::invalid_input(format!(
                    "The extension `{o}` is not installed in this database; list_objects with object_type=extension lists them."
                ))
            })?;
            Ok(json!({ "object_name": o, "extension": ext }))
        }
    }
}
