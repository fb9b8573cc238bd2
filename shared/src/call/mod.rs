//! One tool call: the [`context::Ctx`] a handler gets (credentials, the upstream client, the
//! tenant's base URL, per-tenant pools), the credentials a spec declares, tenant hosts with
//! their guard, and polling of a vendor's job within the call's deadline.

pub mod context;
pub mod declared;
pub mod poll;
pub mod state;
pub mod tenant;
