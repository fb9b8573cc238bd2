//! Standard CRM objects: list (SOQL with filters), create, update, delete for accounts,
//! contacts, opportunities, leads, cases and campaigns; lead conversion.

use crate::api::{self, Count, Soql, record_body, record_id};
use mcp_shared::json::insert_opt;
use mcp_shared::{Ctx, Effect, ToolDef, ToolError, tool};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};

/// Create, update and delete tools for one object: argument structs with the catalog's
/// names, handlers and their `ToolDef`s.
macro_rules! crud {
    ($object:literal, $toolset:literal, $create:ident, $update:ident, $delete:ident,
     $data:literal, $id:literal, $c_name:literal, $u_name:literal, $d_name:literal,
     $c_title:literal, $u_title:literal, $d_title:literal, $a:literal, $example:literal) => {
        #[doc = concat!("Create ", $a, " ", $object, " record from field API names and values; ", $example, ". Returns the new id.")]
        #[derive(Deserialize, JsonSchema)]
        pub struct $create {
            #[serde(rename = $data)]
            data: Map<String, Value>,
        }

        #[doc = concat!("Update fields of ", $a, " ", $object, " record; fields not given are kept.")]
        #[derive(Deserialize, JsonSchema)]
        pub struct $update {
            #[serde(rename = $id)]
            id: String,
            /// Field API names and new values
            #[serde(rename = $data)]
            data: Map<String, Value>,
        }

        #[doc = concat!("Delete ", $a, " ", $object, " record (it goes to the Recycle Bin).")]
        #[derive(Deserialize, JsonSchema)]
        pub struct $delete {
            #[serde(rename = $id)]
            id: String,
        }

        impl $create {
            async fn run(ctx: Ctx, a: Self) -> Result<Value, ToolError> {
                api::create(&ctx, $object, record_body(a.data, $data)?).await
            }
        }
        impl $update {
            async fn run(ctx: Ctx, a: Self) -> Result<Value, ToolError> {
                let id = record_id(&a.id, $id)?;
                api::update(&ctx, $object, &id, record_body(a.data, $data)?).await
            }
        }
        impl $delete {
            async fn run(ctx: Ctx, a: Self) -> Result<Value, ToolError> {
                let id = record_id(&a.id, $id)?;
                api::delete(&ctx, $object, &id).await
            }
        }

        impl $create {
            fn defs() -> Vec<ToolDef> {
            vec![
                tool($c_name, $c_title, Effect::Write, $create::run).toolset($toolset),
                tool($u_name, $u_title, Effect::IdempotentWrite, $update::run).toolset($toolset),
                tool($d_name, $d_title, Effect::Destructive, $delete::run).toolset($toolset),
            ]
            }
        }
    };
}

crud!(
    "Account",
    "accounts",
    CreateAccount,
    UpdateAccount,
    DeleteAccount,
    "account_data",
    "account_id",
    "salesforce_create_account",
    "salesforce_update_account",
    "salesforce_delete_account",
    "Create account",
    "Update account",
    "Delete account",
    "an",
    "Name is required, others such as Industry, Type, Phone, Website are optional"
);
crud!(
    "Contact",
    "contacts",
    CreateContact,
    UpdateContact,
    DeleteContact,
    "contact_data",
    "contact_id",
    "salesforce_create_contact",
    "salesforce_update_contact",
    "salesforce_delete_contact",
    "Create contact",
    "Update contact",
    "Delete contact",
    "a",
    "LastName is required, others such as FirstName, Email, Title, AccountId are optional"
);
crud!(
    "Opportunity",
    "opportunities",
    CreateOpportunity,
    UpdateOpportunityData,
    DeleteOpportunity,
    "opportunity_data",
    "opportunity_id",
    "salesforce_create_opportunity",
    "salesforce_update_opportunity_fields",
    "salesforce_delete_opportunity",
    "Create opportunity",
    "Update opportunity fields",
    "Delete opportunity",
    "an",
    "Name, StageName and CloseDate (YYYY-MM-DD) are required, others such as Amount, AccountId are optional"
);
crud!(
    "Lead",
    "leads",
    CreateLead,
    UpdateLead,
    DeleteLead,
    "lead_data",
    "lead_id",
    "salesforce_create_lead",
    "salesforce_update_lead",
    "salesforce_delete_lead",
    "Create lead",
    "Update lead",
    "Delete lead",
    "a",
    "LastName and Company are required, others such as FirstName, Email, Status are optional"
);
crud!(
    "Case",
    "cases",
    CreateCase,
    UpdateCase,
    DeleteCase,
    "case_data",
    "case_id",
    "salesforce_create_case",
    "salesforce_update_case",
    "salesforce_delete_case",
    "Create case",
    "Update case",
    "Delete case",
    "a",
    "fields such as Subject, Description, Status, Priority, Origin, AccountId, ContactId"
);
crud!(
    "Campaign",
    "campaigns",
    CreateCampaign,
    UpdateCampaign,
    DeleteCampaign,
    "campaign_data",
    "campaign_id",
    "salesforce_create_campaign",
    "salesforce_update_campaign",
    "salesforce_delete_campaign",
    "Create campaign",
    "Update campaign",
    "Delete campaign",
    "a",
    "Name is required, others such as Type, Status, StartDate, EndDate, IsActive are optional"
);

pub fn tools() -> Vec<ToolDef> {
    let mut t = vec![
        tool(
            "salesforce_get_accounts",
            "Get accounts",
            Effect::Read,
            get_accounts,
        )
        .toolset("accounts"),
    ];
    t.extend(CreateAccount::defs());
    t.push(
        tool(
            "salesforce_get_contacts",
            "Get contacts",
            Effect::Read,
            get_contacts,
        )
        .toolset("contacts"),
    );
    t.extend(CreateContact::defs());
    t.push(
        tool(
            "salesforce_get_opportunities",
            "Get opportunities",
            Effect::Read,
            get_opportunities,
        )
        .toolset("opportunities"),
    );
    let opp = CreateOpportunity::defs();
    // The catalog's update tool takes named fields; the generic one stays out of the list.
    for d in opp {
        if d.name() != "salesforce_update_opportunity_fields" {
            t.push(d);
        }
    }
    t.push(
        tool(
            "salesforce_update_opportunity",
            "Update opportunity",
            Effect::IdempotentWrite,
            update_opportunity,
        )
        .toolset("opportunities"),
    );
    t.push(tool("salesforce_get_leads", "Get leads", Effect::Read, get_leads).toolset("leads"));
    t.extend(CreateLead::defs());
    t.push(
        tool(
            "salesforce_convert_lead",
            "Convert lead",
            Effect::Write,
            convert_lead,
        )
        .toolset("leads"),
    );
    t.push(tool("salesforce_get_cases", "Get cases", Effect::Read, get_cases).toolset("cases"));
    t.extend(CreateCase::defs());
    t.push(
        tool(
            "salesforce_get_campaigns",
            "Get campaigns",
            Effect::Read,
            get_campaigns,
        )
        .toolset("campaigns"),
    );
    t.extend(CreateCampaign::defs());
    t
}

const ACCOUNT_FIELDS: &[&str] = &[
    "Id",
    "Name",
    "Type",
    "Industry",
    "Phone",
    "Website",
    "BillingCity",
    "BillingCountry",
    "AnnualRevenue",
    "NumberOfEmployees",
    "OwnerId",
    "CreatedDate",
];
const CONTACT_FIELDS: &[&str] = &[
    "Id",
    "Name",
    "Email",
    "Phone",
    "Title",
    "AccountId",
    "Account.Name",
    "OwnerId",
    "CreatedDate",
];
const OPPORTUNITY_FIELDS: &[&str] = &[
    "Id",
    "Name",
    "StageName",
    "Amount",
    "CloseDate",
    "Probability",
    "AccountId",
    "Account.Name",
    "OwnerId",
    "NextStep",
    "CreatedDate",
];
const LEAD_FIELDS: &[&str] = &[
    "Id",
    "Name",
    "Company",
    "Email",
    "Phone",
    "Title",
    "Status",
    "Industry",
    "LeadSource",
    "IsConverted",
    "OwnerId",
    "CreatedDate",
];
const CASE_FIELDS: &[&str] = &[
    "Id",
    "CaseNumber",
    "Subject",
    "Status",
    "Priority",
    "Type",
    "Origin",
    "AccountId",
    "ContactId",
    "OwnerId",
    "CreatedDate",
    "ClosedDate",
];
const CAMPAIGN_FIELDS: &[&str] = &[
    "Id",
    "Name",
    "Type",
    "Status",
    "IsActive",
    "StartDate",
    "EndDate",
    "BudgetedCost",
    "ActualCost",
    "NumberOfLeads",
    "CreatedDate",
];

/// List accounts, newest first, filtered by name, industry, type and creation date. Returns
/// totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct GetAccounts {
    /// Records to return (max 2000)
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// Field API names to return instead of the defaults (Id, Name, Type, Industry, ...)
    fields: Option<Vec<String>>,
    name_contains: Option<String>,
    /// Exact Industry picklist value
    industry: Option<String>,
    /// Exact Type picklist value, e.g. Customer - Direct
    account_type: Option<String>,
    /// YYYY-MM-DD or ISO-8601 date-time (inclusive), as for every date filter here
    created_date_from: Option<String>,
    created_date_to: Option<String>,
}

async fn get_accounts(ctx: Ctx, a: GetAccounts) -> Result<Value, ToolError> {
    let mut q = Soql::new("Account", a.fields.as_deref(), ACCOUNT_FIELDS)?;
    q.like("Name", a.name_contains.as_deref());
    q.eq("Industry", a.industry.as_deref());
    q.eq("Type", a.account_type.as_deref());
    q.datetime_range(
        "CreatedDate",
        a.created_date_from.as_deref(),
        a.created_date_to.as_deref(),
        ("created_date_from", "created_date_to"),
    )?;
    let n = api::limit(a.limit, 50)?;
    api::query(&ctx, &q.build("CreatedDate DESC", n), n).await
}

/// List contacts, newest first, of one account or filtered by name, email, title and creation
/// date. Returns totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct GetContacts {
    account_id: Option<String>,
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// Field API names to return instead of the defaults
    fields: Option<Vec<String>>,
    name_contains: Option<String>,
    email_contains: Option<String>,
    title_contains: Option<String>,
    /// YYYY-MM-DD or ISO-8601 date-time (inclusive)
    created_date_from: Option<String>,
    created_date_to: Option<String>,
}

async fn get_contacts(ctx: Ctx, a: GetContacts) -> Result<Value, ToolError> {
    let mut q = Soql::new("Contact", a.fields.as_deref(), CONTACT_FIELDS)?;
    q.eq_id("AccountId", a.account_id.as_deref(), "account_id")?;
    q.like("Name", a.name_contains.as_deref());
    q.like("Email", a.email_contains.as_deref());
    q.like("Title", a.title_contains.as_deref());
    q.datetime_range(
        "CreatedDate",
        a.created_date_from.as_deref(),
        a.created_date_to.as_deref(),
        ("created_date_from", "created_date_to"),
    )?;
    let n = api::limit(a.limit, 50)?;
    api::query(&ctx, &q.build("CreatedDate DESC", n), n).await
}

/// List opportunities, newest first, filtered by account, stage, names, creation and close
/// date. Returns totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct GetOpportunities {
    account_id: Option<String>,
    /// Exact StageName, e.g. Prospecting, Closed Won
    stage: Option<String>,
    name_contains: Option<String>,
    account_name_contains: Option<String>,
    /// YYYY-MM-DD or ISO-8601 date-time (inclusive)
    created_date_from: Option<String>,
    created_date_to: Option<String>,
    /// YYYY-MM-DD (inclusive)
    close_date_from: Option<String>,
    close_date_to: Option<String>,
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// Field API names to return instead of the defaults
    fields: Option<Vec<String>>,
}

async fn get_opportunities(ctx: Ctx, a: GetOpportunities) -> Result<Value, ToolError> {
    let mut q = Soql::new("Opportunity", a.fields.as_deref(), OPPORTUNITY_FIELDS)?;
    q.eq_id("AccountId", a.account_id.as_deref(), "account_id")?;
    q.eq("StageName", a.stage.as_deref());
    q.like("Name", a.name_contains.as_deref());
    q.like("Account.Name", a.account_name_contains.as_deref());
    q.datetime_range(
        "CreatedDate",
        a.created_date_from.as_deref(),
        a.created_date_to.as_deref(),
        ("created_date_from", "created_date_to"),
    )?;
    q.date_range(
        "CloseDate",
        a.close_date_from.as_deref(),
        a.close_date_to.as_deref(),
        ("close_date_from", "close_date_to"),
    )?;
    let n = api::limit(a.limit, 50)?;
    api::query(&ctx, &q.build("CreatedDate DESC", n), n).await
}

/// Update an opportunity's stage, amount, close date, next step, description, owner or
/// account; only the fields given change.
#[derive(Deserialize, JsonSchema)]
pub struct UpdateOpportunity {
    opportunity_id: String,
    /// New CloseDate, YYYY-MM-DD
    closed_date: Option<String>,
    /// New StageName
    stage: Option<String>,
    amount: Option<f64>,
    next_step: Option<String>,
    description: Option<String>,
    /// User id of the new owner
    owner_id: Option<String>,
    account_id: Option<String>,
}

async fn update_opportunity(ctx: Ctx, a: UpdateOpportunity) -> Result<Value, ToolError> {
    let id = record_id(&a.opportunity_id, "opportunity_id")?;
    let mut body = Map::new();
    if let Some(d) = a.closed_date.as_deref() {
        body.insert(
            "CloseDate".into(),
            api::date_literal(d, "closed_date")?.into(),
        );
    }
    insert_opt(&mut body, "StageName", a.stage);
    insert_opt(&mut body, "Amount", a.amount);
    insert_opt(&mut body, "NextStep", a.next_step);
    insert_opt(&mut body, "Description", a.description);
    if let Some(o) = a.owner_id.as_deref() {
        body.insert("OwnerId".into(), record_id(o, "owner_id")?.into());
    }
    if let Some(o) = a.account_id.as_deref() {
        body.insert("AccountId".into(), record_id(o, "account_id")?.into());
    }
    if body.is_empty() {
        return Err(ToolError::invalid_input(
            "give at least one field to change: closed_date, stage, amount, next_step, description, owner_id or account_id",
        ));
    }
    api::update(&ctx, "Opportunity", &id, body).await
}

/// List leads, newest first, filtered by status, name, company, email, industry and creation
/// date. Returns totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct GetLeads {
    /// Exact Status, e.g. Open - Not Contacted
    status: Option<String>,
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// Field API names to return instead of the defaults
    fields: Option<Vec<String>>,
    name_contains: Option<String>,
    company_contains: Option<String>,
    email_contains: Option<String>,
    /// Exact Industry value
    industry: Option<String>,
    /// YYYY-MM-DD or ISO-8601 date-time (inclusive)
    created_date_from: Option<String>,
    created_date_to: Option<String>,
}

async fn get_leads(ctx: Ctx, a: GetLeads) -> Result<Value, ToolError> {
    let mut q = Soql::new("Lead", a.fields.as_deref(), LEAD_FIELDS)?;
    q.eq("Status", a.status.as_deref());
    q.like("Name", a.name_contains.as_deref());
    q.like("Company", a.company_contains.as_deref());
    q.like("Email", a.email_contains.as_deref());
    q.eq("Industry", a.industry.as_deref());
    q.datetime_range(
        "CreatedDate",
        a.created_date_from.as_deref(),
        a.created_date_to.as_deref(),
        ("created_date_from", "created_date_to"),
    )?;
    let n = api::limit(a.limit, 50)?;
    api::query(&ctx, &q.build("CreatedDate DESC", n), n).await
}

/// Convert a lead into an account, a contact and (unless doNotCreateOpportunity) an
/// opportunity, through the SOAP API's convertLead (REST has no such call). Returns the ids.
#[derive(Deserialize, JsonSchema)]
pub struct ConvertLead {
    lead_id: String,
    /// LeadConvert options: convertedStatus (default: the org's first converted status),
    /// accountId / contactId / opportunityId (merge into existing records), opportunityName,
    /// ownerId, doNotCreateOpportunity, overwriteLeadSource, sendNotificationEmail
    conversion_data: Option<Map<String, Value>>,
}

async fn convert_lead(ctx: Ctx, a: ConvertLead) -> Result<Value, ToolError> {
    crate::convert::convert(&ctx, &a.lead_id, a.conversion_data.unwrap_or_default()).await
}

/// List cases, newest first, filtered by account, status, priority, subject, type, creation
/// and closing date. Returns totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct GetCases {
    account_id: Option<String>,
    /// Exact Status, e.g. New, Working, Closed
    status: Option<String>,
    /// Exact Priority, e.g. High
    priority: Option<String>,
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// Field API names to return instead of the defaults
    fields: Option<Vec<String>>,
    subject_contains: Option<String>,
    /// Exact Type value
    case_type: Option<String>,
    /// YYYY-MM-DD or ISO-8601 date-time (inclusive), as for closed_date_*
    created_date_from: Option<String>,
    created_date_to: Option<String>,
    closed_date_from: Option<String>,
    closed_date_to: Option<String>,
}

async fn get_cases(ctx: Ctx, a: GetCases) -> Result<Value, ToolError> {
    let mut q = Soql::new("Case", a.fields.as_deref(), CASE_FIELDS)?;
    q.eq_id("AccountId", a.account_id.as_deref(), "account_id")?;
    q.eq("Status", a.status.as_deref());
    q.eq("Priority", a.priority.as_deref());
    q.like("Subject", a.subject_contains.as_deref());
    q.eq("Type", a.case_type.as_deref());
    q.datetime_range(
        "CreatedDate",
        a.created_date_from.as_deref(),
        a.created_date_to.as_deref(),
        ("created_date_from", "created_date_to"),
    )?;
    q.datetime_range(
        "ClosedDate",
        a.closed_date_from.as_deref(),
        a.closed_date_to.as_deref(),
        ("closed_date_from", "closed_date_to"),
    )?;
    let n = api::limit(a.limit, 50)?;
    api::query(&ctx, &q.build("CreatedDate DESC", n), n).await
}

/// List campaigns, newest first, filtered by status, type, creation, start and end date.
/// Returns totalSize and records.
#[derive(Deserialize, JsonSchema)]
pub struct GetCampaigns {
    /// Exact Status, e.g. Planned, In Progress
    status: Option<String>,
    /// Exact Type, e.g. Webinar
    type_filter: Option<String>,
    #[schemars(extend("default" = 50))]
    limit: Option<Count>,
    /// Field API names to return instead of the defaults
    fields: Option<Vec<String>>,
    /// YYYY-MM-DD or ISO-8601 date-time (inclusive)
    created_date_from: Option<String>,
    created_date_to: Option<String>,
    /// YYYY-MM-DD (inclusive), as for end_date_*
    start_date_from: Option<String>,
    start_date_to: Option<String>,
    end_date_from: Option<String>,
    end_date_to: Option<String>,
}

async fn get_campaigns(ctx: Ctx, a: GetCampaigns) -> Result<Value, ToolError> {
    let mut q = Soql::new("Campaign", a.fields.as_deref(), CAMPAIGN_FIELDS)?;
    q.eq("Status", a.status.as_deref());
    q.eq("Type", a.type_filter.as_deref());
    q.datetime_range(
        "CreatedDate",
        a.created_date_from.as_deref(),
        a.created_date_to.as_deref(),
        ("created_date_from", "created_date_to"),
    )?;
    q.date_range(
        "StartDate",
        a.start_date_from.as_deref(),
        a.start_date_to.as_deref(),
        ("start_date_from", "start_date_to"),
    )?;
    q.date_range(
        "EndDate",
        a.end_date_from.as_deref(),
        a.end_date_to.as_deref(),
        ("end_date_from", "end_date_to"),
    )?;
    let n = api::limit(a.limit, 50)?;
    api::query(&ctx, &q.build("CreatedDate DESC", n), n).await
}
