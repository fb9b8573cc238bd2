//! CRM v3 objects: contacts, companies, deals, tickets and tasks (list, get, create, update,
//! delete), one set of tools per object type on `/crm/v3/objects/{type}`.

use crate::api::{self, Count};
use mcp_shared::{Ctx, Effect, Method, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

/// One CRM object type: its path segment and the properties an agent needs.
pub struct Kind {
    pub path: &'static str,
    pub fields: &'static str,
}

pub const CONTACTS: Kind = Kind {
    path: "contacts",
    fields: "firstname,lastname,email,phone,company,jobtitle,lifecyclestage,hubspot_owner_id",
};
pub const COMPANIES: Kind = Kind {
    path: "companies",
    fields: "name,domain,industry,phone,city,country,numberofemployees,lifecyclestage,hubspot_owner_id",
};
pub const DEALS: Kind = Kind {
    path: "deals",
    fields: "dealname,amount,dealstage,pipeline,closedate,hubspot_owner_id",
};
pub const TICKETS: Kind = Kind {
    path: "tickets",
    fields: "subject,content,hs_pipeline,hs_pipeline_stage,hs_ticket_priority,hubspot_owner_id",
};
pub const TASKS: Kind = Kind {
    path: "tasks",
    fields: "hs_task_subject,hs_task_body,hs_task_status,hs_task_priority,hs_task_type,hs_timestamp,hubspot_owner_id",
};

/// The properties of a record (beyond the defaults) an argument may ask for.
type Props = Option<Vec<String>>;

async fn list(
    ctx: &Ctx,
    k: &Kind,
    limit: Option<Count>,
    cursor: Option<&str>,
    props: Props,
) -> Result<Value, ToolError> {
    let v: Value = ctx
        .authorized(Method::GET, &format!("/crm/v3/objects/{}", k.path))?
        .query("limit", api::page_size(limit, 100)?)
        .query_opt("after", api::cursor(cursor))
        .query(
            "properties",
            api::properties_query(props.as_deref(), k.fields),
        )
        .send_json()
        .await?;
    Ok(api::records_page(&v))
}

async fn get(ctx: &Ctx, k: &Kind, id: &str, what: &str, props: Props) -> Result<Value, ToolError> {
    let id = api::id(id, what)?;
    let v: Value = ctx
        .authorized(Method::GET, &format!("/crm/v3/objects/{}/{id}", k.path))?
        .query(
            "properties",
            api::properties_query(props.as_deref(), k.fields),
        )
        .send_json()
        .await?;
    Ok(api::record(&v))
}

async fn create(ctx: &Ctx, k: &Kind, properties: &Value) -> Result<Value, ToolError> {
    let props = api::property_values(properties, "properties")?;
    let v: Value = ctx
        .authorized(Method::POST, &format!("/crm/v3/objects/{}", k.path))?
        .json(&json!({ "properties": props, "associations": [] }))
        .send_json()
        .await?;
    Ok(api::record(&v))
}

async fn update(
    ctx: &Ctx,
    k: &Kind,
    id: &str,
    what: &str,
    updates: &Value,
) -> Result<Value, ToolError> {
    let id = api::id(id, what)?;
    let props = api::property_values(updates, "updates")?;
    let v: Value = ctx
        .authorized(Method::PATCH, &format!("/crm/v3/objects/{}/{id}", k.path))?
        .json(&json!({ "properties": props }))
        .idempotent(true)
        .send_json()
        .await?;
    Ok(api::record(&v))
}

async fn delete(ctx: &Ctx, k: &Kind, id: &str, what: &str) -> Result<Value, ToolError> {
    let id = api::id(id, what)?;
    api::delete(ctx, &format!("/crm/v3/objects/{}/{id}", k.path)).await?;
    Ok(json!({ "id": id, "archived": true }))
}

/// Declares the five tools of one object type.
macro_rules! object_tools {
    (
        $kind:expr, $toolset:literal, $one:literal, $idf:ident,
        list: $list:literal, $List:ident, $list_doc:literal,
        get: $get:literal, $Get:ident, $get_doc:literal,
        create: $create:literal, $Create:ident, $create_doc:literal,
        update: $update:literal, $Update:ident, $update_doc:literal,
        delete: $delete:literal, $Delete:ident, $delete_doc:literal,
        fn $tools:ident
    ) => {
        #[doc = $list_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $List {
            /// 1-100
            #[schemars(extend("default" = 10))]
            limit: Option<Count>,
            /// `next_cursor` of the previous page
            cursor: Option<String>,
            /// Property names to return instead of the defaults
            properties: Props,
        }

        #[doc = $get_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Get {
            $idf: String,
            /// Property names to return instead of the defaults
            properties: Props,
        }

        #[doc = $create_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Create {
            /// JSON object of property names to values (HubSpot internal names)
            #[schemars(with = "String")]
            properties: Value,
        }

        #[doc = $update_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Update {
            $idf: String,
            /// JSON object of property names to new values; only these change
            #[schemars(with = "String")]
            updates: Value,
        }

        #[doc = $delete_doc]
        #[derive(Deserialize, JsonSchema)]
        pub struct $Delete {
            $idf: String,
        }

        pub fn $tools() -> Vec<ToolDef> {
            vec![
                tool(
                    $list,
                    concat!("List ", $toolset),
                    Effect::Read,
                    |ctx: Ctx, a: $List| async move {
                        list(&ctx, &$kind, a.limit, a.cursor.as_deref(), a.properties).await
                    },
                )
                .toolset($toolset),
                tool(
                    $get,
                    concat!("Get ", $one),
                    Effect::Read,
                    |ctx: Ctx, a: $Get| async move {
                        get(&ctx, &$kind, &a.$idf, stringify!($idf), a.properties).await
                    },
                )
                .toolset($toolset),
                tool(
                    $create,
                    concat!("Create ", $one),
                    Effect::Write,
                    |ctx: Ctx, a: $Create| async move { create(&ctx, &$kind, &a.properties).await },
                )
                .toolset($toolset),
                tool(
                    $update,
                    concat!("Update ", $one),
                    Effect::IdempotentWrite,
                    |ctx: Ctx, a: $Update| async move {
                        update(&ctx, &$kind, &a.$idf, stringify!($idf), &a.updates).await
                    },
                )
                .toolset($toolset),
                tool(
                    $delete,
                    concat!("Delete ", $one),
                    Effect::Destructive,
                    |ctx: Ctx, a: $Delete| async move {
                        delete(&ctx, &$kind, &a.$idf, stringify!($idf)).await
                    },
                )
                .toolset($toolset),
            ]
        }
    };
}

object_tools!(
    CONTACTS, "contacts", "contact", contact_id,
    list: "hubspot_get_contacts", GetContacts,
        "List contacts (id, name, email, phone, company, lifecycle stage, owner), a page at a time.",
    get: "hubspot_get_contact_by_id", GetContact, "Get one contact by id.",
    create: "hubspot_create_contact", CreateContact,
        "Create a contact, e.g. properties {\"email\":\"ada@example.com\",\"firstname\":\"Ada\"}. Returns the new contact.",
    update: "hubspot_update_contact_by_id", UpdateContact, "Change properties of a contact.",
    delete: "hubspot_delete_contact_by_id", DeleteContact, "Archive (delete) a contact; it can be restored from HubSpot's recycle bin for 90 days.",
    fn contact_tools
);

object_tools!(
    COMPANIES, "companies", "company", company_id,
    list: "hubspot_get_companies", GetCompanies,
        "List companies (id, name, domain, industry, location, owner), a page at a time.",
    get: "hubspot_get_company_by_id", GetCompany, "Get one company by id.",
    create: "hubspot_create_companies", CreateCompany,
        "Create a company, e.g. properties {\"name\":\"Acme\",\"domain\":\"acme.com\"}. Returns the new company.",
    update: "hubspot_update_company_by_id", UpdateCompany, "Change properties of a company.",
    delete: "hubspot_delete_company_by_id", DeleteCompany, "Archive (delete) a company.",
    fn company_tools
);

object_tools!(
    DEALS, "deals", "deal", deal_id,
    list: "hubspot_get_deals", GetDeals,
        "List deals (id, name, amount, stage, pipeline, close date, owner), a page at a time.",
    get: "hubspot_get_deal_by_id", GetDeal, "Get one deal by id.",
    create: "hubspot_create_deal", CreateDeal,
        "Create a deal, e.g. properties {\"dealname\":\"Acme renewal\",\"amount\":\"5000\",\"pipeline\":\"default\",\"dealstage\":\"appointmentscheduled\"} (stage ids: hubspot_list_pipelines). Returns the new deal.",
    update: "hubspot_update_deal_by_id", UpdateDeal, "Change properties of a deal (e.g. dealstage, amount).",
    delete: "hubspot_delete_deal_by_id", DeleteDeal, "Archive (delete) a deal.",
    fn deal_tools
);

object_tools!(
    TICKETS, "tickets", "ticket", ticket_id,
    list: "hubspot_get_tickets", GetTickets,
        "List tickets (id, subject, content, pipeline, stage, priority, owner), a page at a time.",
    get: "hubspot_get_ticket_by_id", GetTicket, "Get one ticket by id.",
    create: "hubspot_create_ticket", CreateTicket,
        "Create a ticket, e.g. properties {\"subject\":\"Login fails\",\"hs_pipeline\":\"0\",\"hs_pipeline_stage\":\"1\"} (HubSpot requires subject and stage; ids: hubspot_list_pipelines). Returns the new ticket.",
    update: "hubspot_update_ticket_by_id", UpdateTicket, "Change properties of a ticket.",
    delete: "hubspot_delete_ticket_by_id", DeleteTicket, "Archive (delete) a ticket.",
    fn ticket_tools
);

object_tools!(
    TASKS, "tasks", "task", task_id,
    list: "hubspot_get_tasks", GetTasks,
        "List tasks (id, subject, body, status, priority, type, due time, owner), a page at a time.",
    get: "hubspot_get_task_by_id", GetTask, "Get one task by id.",
    create: "hubspot_create_task", CreateTask,
        "Create a task, e.g. properties {\"hs_task_subject\":\"Call Ada\",\"hs_timestamp\":\"2026-05-01T15:00:00Z\",\"hs_task_status\":\"NOT_STARTED\"} (hs_timestamp, the due time, is required by HubSpot). Returns the new task.",
    update: "hubspot_update_task_by_id", UpdateTask, "Change properties of a task (e.g. hs_task_status COMPLETED).",
    delete: "hubspot_delete_task_by_id", DeleteTask, "Archive (delete) a task.",
    fn task_tools
);
