//! What servers of one vendor family share, kept apart from the core (transport, credentials,
//! the upstream client, tools), which names no vendor: Google's error format, People and
//! Drive listings; the Microsoft Graph client; Atlassian tenancy; Atlassian's document format.

pub mod adf;
pub mod atlassian;
pub mod google;
pub mod microsoft;
