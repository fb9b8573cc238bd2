//! A small GraphQL checker: parses the server's operation documents and checks them, and the
//! variables the contract tests see, against Shopify's published Admin schema.
//!
//! The schema is `tests/shopify/admin-2026-10.extract.json`: the part of the introspection
//! result that npm `@shopify/dev-mcp@1.16.0` ships as `dist/data/admin_2026-10.json.gz`
//! (Shopify's own package) that the documents touch. Regenerate it with
//! `SHOPIFY_ADMIN_SCHEMA=/path/to/admin_2026-10.json cargo test -p shopify-mcp-server -- schema::every_document`
//! (the unpacked introspection JSON): the documents are then checked against the full schema
//! and the extract is rewritten.

mod checker;
mod parse;
mod schema;
mod variables;

pub use checker::Checker;
pub use parse::parse;
pub use schema::Schema;
pub use variables::check_variables;
