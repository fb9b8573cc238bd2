//! HubSpot MCP server: CRM contacts, companies, deals, tickets, tasks and notes, properties,
//! search, associations, owners and pipelines over HubSpot's REST API
//! (`HUBSPOT_API_BASE_URL` overrides `https://api.hubapi.com`), acting with the private-app
//! or OAuth access token of each request.

mod api;
mod associations;
mod notes;
mod objects;
mod owners;
mod properties;

use mcp_shared::{ServerSpec, ToolDef, Toolset};

const fn set(name: &'static str, description: &'static str) -> Toolset {
    Toolset {
        name,
        description,
        default: true,
    }
}

pub const TOOLSETS: &[Toolset] = &[
    set(
        "properties",
        "Properties of object types, and search by property.",
    ),
    set("tasks", "Tasks."),
    set("contacts", "Contacts."),
    set("companies", "Companies."),
    set("deals", "Deals."),
    set("tickets", "Tickets."),
    set("notes", "Notes on records."),
    set("associations", "Associations between records."),
    set(
        "owners",
        "Owners (users and queues records are assigned to).",
    ),
    set("pipelines", "Deal and ticket pipelines and their stages."),
];

fn tools() -> Vec<ToolDef> {
    let mut t = properties::tools();
    t.extend(objects::task_tools());
    t.extend(objects::contact_tools());
    t.extend(objects::company_tools());
    t.extend(objects::deal_tools());
    t.extend(objects::ticket_tools());
    t.extend(notes::tools());
    t.extend(associations::tools());
    t.extend(owners::tools());
    t
}

pub static SPEC: ServerSpec = ServerSpec {
    service: "hubspot",
    display_name: "HubSpot",
    binary: "hubspot-mcp-server",
    version: env!("CARGO_PKG_VERSION"),
    description: "HubSpot CRM for AI agents: contacts, companies, deals, tickets, tasks, notes.",
    instructions: "Tools act on the HubSpot account of the request's token. Records are named by numeric id and carry `properties` \
        (HubSpot internal names: hubspot_list_properties). List tools take `limit` and `cursor` and return `items` and `next_cursor` \
        (null on the last page). Owner ids: hubspot_list_owners; pipeline and stage ids: hubspot_list_pipelines.",
    base: mcp_shared::Base::Fixed("https://api.hubapi.com"),
    auth: mcp_shared::Auth::BEARER,
    credential_env: &[("HUBSPOT_ACCESS_TOKEN", "access_token")],
    toolsets: TOOLSETS,
    tools,
    error_parser: api::parse_error,
    default_headers: &[],
    extra_apis: &[],
    flags: &[],
    // Authorize at app.hubspot.com/oauth/authorize, token at api.hubapi.com/oauth/v1/token.
    oauth: Some(mcp_shared::OAuthServer {
        issuer: "https://app.hubspot.com/oauth",
        metadata: mcp_shared::OAuthMetadata::None,
        scopes: &[
            "oauth",
            "crm.objects.contacts.read",
            "crm.objects.contacts.write",
            "crm.objects.companies.read",
            "crm.objects.companies.write",
            "crm.objects.deals.read",
            "crm.objects.deals.write",
            "tickets",
            "crm.objects.owners.read",
            "crm.schemas.contacts.read",
            "crm.schemas.contacts.write",
            "crm.schemas.companies.read",
            "crm.schemas.companies.write",
            "crm.schemas.deals.read",
            "crm.schemas.deals.write",
        ],
        more_scopes: &[
            "crm.objects.custom.read",
            "crm.objects.custom.write",
            "crm.schemas.custom.read",
            "crm.lists.read",
        ],
        docs: "https://developers.hubspot.com/docs/apps/developer-platform/build-apps/authentication/scopes",
    }),
    ..ServerSpec::DEFAULT
};
