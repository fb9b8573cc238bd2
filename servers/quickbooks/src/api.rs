//! What every QuickBooks tool shares: the company path (`/v3/company/{realm_id}`) on the
//! production or sandbox host chosen by the credentials' `environment`, the pinned
//! `minorversion`, Intuit's `Fault` bodies (also inside HTTP 200 answers), the query language
//! behind `limit` + `cursor`, `SyncToken` reads before updates, and exact decimal amounts.

mod body;
mod decimal;
mod entity;
mod page;
mod select;
mod transport;

pub use body::{insert_address, insert_ref, insert_wrapped, reference};
pub use decimal::Decimal;
pub use entity::{
    Entity, concise, create, current_sync_token, full_update, id, operation, read, sparse_update,
};
pub use page::{PageFilter, Want, customer_ids_named, page_args, page_filter, query};
pub use select::{Select, active};
pub use transport::{SANDBOX, parse_error, realm, request, send};
