//! The Atlas Administration API (v2): organizations, projects, clusters, access lists,
//! database users, alerts. A service account's client id and secret become an OAuth access
//! token (client credentials at `/api/oauth/token`), cached per account until shortly before
//! it expires.

use std::time::Duration;

use mcp_shared::reexports::http::HeaderMap;
use mcp_shared::{
    Ctx, Effect, Method, Request, Secret, ToolDef, ToolError, VendorError, seg_id, tool,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::db::Backends;

/// Credential fields of the service account's client id and secret.
pub const CLIENT_ID_FIELDS: &[&str] = &["api_client_id", "apiClientId"];
pub const CLIENT_SECRET_FIELDS: &[&str] = &["api_client_secret", "apiClientSecret"];

/// Resource versions (Accept header) this server is written against.
const V2023: &str = "application/vnd.atlas.2023-01-01+json";
const V2024_CLUSTERS: &str = "application/vnd.atlas.2024-08-05+json";

pub fn tools() -> Vec<ToolDef> {
    vec![
        tool(
            "atlas-list-orgs",
            "List Atlas organizations",
            Effect::Read,
            list_orgs,
        )
        .toolset("atlas"),
        tool(
            "atlas-list-projects",
            "List Atlas projects",
            Effect::Read,
            list_projects,
        )
        .toolset("atlas"),
        tool(
            "atlas-create-project",
            "Create an Atlas project",
            Effect::Write,
            create_project,
        )
        .toolset("atlas"),
        tool(
            "atlas-list-clusters",
            "List Atlas clusters",
            Effect::Read,
            list_clusters,
        )
        .toolset("atlas"),
        tool(
            "atlas-inspect-cluster",
            "Inspect an Atlas cluster",
            Effect::Read,
            inspect_cluster,
        )
        .toolset("atlas"),
        tool(
            "atlas-create-free-cluster",
            "Create a free Atlas cluster",
            Effect::Write,
            create_free_cluster,
        )
        .toolset("atlas"),
        tool(
            "atlas-connect-cluster",
            "Connection string of a cluster",
            Effect::Read,
            connect_cluster,
        )
        .toolset("atlas"),
        tool(
            "atlas-inspect-access-list",
            "Inspect the IP access list",
            Effect::Read,
            inspect_access_list,
        )
        .toolset("atlas"),
        tool(
            "atlas-create-access-list",
            "Add IP access list entries",
            Effect::Write,
            create_access_list,
        )
        .toolset("atlas"),
        tool(
            "atlas-list-db-users",
            "List database users",
            Effect::Read,
            list_db_users,
        )
        .toolset("atlas"),
        tool(
            "atlas-create-db-user",
            "Create a database user",
            Effect::Write,
            create_db_user,
        )
        .toolset("atlas"),
        tool(
            "atlas-list-alerts",
            "List project alerts",
            Effect::Read,
            list_alerts,
        )
        .toolset("atlas"),
    ]
}

/// Atlas's error body: `{"detail", "error": <status>, "errorCode", "reason"}`; the OAuth
/// endpoint's: `{"error", "error_description"}`.
pub fn error_parser(status: u16, headers: &HeaderMap, body: &Value) -> VendorError {
    let s = |k: &str| body.get(k).and_then(Value::as_str).map(str::to_owned);
    if s("errorCode").is_some() || s("detail").is_some() {
        return VendorError {
            code: s("errorCode"),
            message: s("detail").or_else(|| s("reason")),
            ..VendorError::default()
        };
    }
    if let Some(d) = s("error_description") {
        return VendorError {
            code: s("error"),
            message: Some(d),
            ..VendorError::default()
        };
    }
    mcp_shared::default_error_parser(status, headers, body)
}

#[derive(Deserialize)]
struct TokenReply {
    access_token: String,
    expires_in: Option<u64>,
}

/// The access token of the request's service account (exchanged once, then cached).
async fn token(ctx: &Ctx) -> Result<Secret, ToolError> {
    let first = |names: &[&str]| {
        names
            .iter()
            .find_map(|n| ctx.credentials().and_then(|c| c.secret(n)))
    };
    let (Some(id), Some(secret)) = (first(CLIENT_ID_FIELDS), first(CLIENT_SECRET_FIELDS)) else {
        // The Basic scheme of the token request names the missing fields.
        return Err(ctx
            .missing_field("api_client_id", CLIENT_ID_FIELDS)
            .with_hint("the atlas-* tools need an Atlas service account: send `api_client_id` and `api_client_secret` in x-auth-data, or set MDB_MCP_API_CLIENT_ID and MDB_MCP_API_CLIENT_SECRET."));
    };
    let key = format!("{}\u{0}{}", id.expose(), secret.expose());
    let tokens = &ctx.state::<Backends>()?.atlas_tokens;
    if let Some(t) = tokens.get(&key) {
        return Ok(t);
    }
    let reply: TokenReply = ctx
        .api_authorized("atlas", Method::POST, "/api/oauth/token")?
        .header("accept", "application/json")
        .form(vec![("grant_type".into(), "client_credentials".into())])
        .idempotent(true)
        .send_json()
        .await
        .map_err(|e| e.context("Atlas refused the service account's token request"))?;
    let token = Secret::new(reply.access_token);
    // Renew a minute early (tokens last an hour).
    let valid = Duration::from_secs(reply.expires_in.unwrap_or(3600).saturating_sub(60).max(1));
    tokens.put(key, token.clone(), valid);
    Ok(token)
}

async fn api(ctx: &Ctx, method: Method, path: &str, version: &str) -> Result<Request, ToolError> {
    let token = token(ctx).await?;
    Ok(ctx
        .api("atlas")?
        .request(method, path)
        .bearer(&token)
        .header("accept", version))
}

/// A JSON body with the resource version's media type, as the API describes its bodies.
fn body(r: Request, v: &Value, version: &str) -> Result<Request, ToolError> {
    let bytes = serde_json::to_vec(v)
        .map_err(|e| ToolError::invalid_input(format!("cannot encode the request body: {e}")))?;
    Ok(r.bytes(bytes, version))
}

/// An organization or project id: 24 hexadecimal digits, as the API's path patterns say.
fn hex_id<'a>(id: &'a str, what: &str) -> Result<&'a str, ToolError> {
    if id.len() == 24 && id.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(id)
    } else {
        Err(ToolError::invalid_input(format!(
            "`{what}` must be an Atlas id of 24 hexadecimal digits, not `{id}` (list them with atlas-list-orgs / atlas-list-projects)."
        )))
    }
}

fn project(id: &str) -> Result<String, ToolError> {
    Ok(format!("/api/atlas/v2/groups/{}", hex_id(id, "projectId")?))
}

/// `results[]` of a list reply, each cut to `f`, with `totalCount` and a note when the page
/// holds fewer than the total.
fn list(v: &Value, key: &str, f: impl Fn(&Value) -> Value) -> Value {
    let items: Vec<Value> = v["results"]
        .as_array()
        .into_iter()
        .flatten()
        .map(f)
        .collect();
    let mut out = json!({});
    out[key] = Value::Array(items.clone());
    if let Some(total) = v["totalCount"].as_u64() {
        out["totalCount"] = json!(total);
        if total > items.len() as u64 {
            out["note"] = json!(format!("{} of {total} shown (first page).", items.len()));
        }
    }
    out
}

fn pick(v: &Value, keys: &[&str]) -> Value {
    mcp_shared::json::pick(v, keys)
}

/// List the Atlas organizations the service account can see.
#[derive(Deserialize, JsonSchema)]
pub struct ListOrgs {}

async fn list_orgs(ctx: Ctx, _a: ListOrgs) -> Result<Value, ToolError> {
    let v: Value = api(&ctx, Method::GET, "/api/atlas/v2/orgs", V2023)
        .await?
        .send_json()
        .await?;
    Ok(list(&v, "organizations", |o| {
        pick(o, &["id", "name", "isDeleted"])
    }))
}

/// List Atlas projects, of one organization or all the account can see.
#[derive(Deserialize, JsonSchema)]
pub struct ListProjects {
    /// Organization id (24 hex digits)
    #[serde(rename = "orgId")]
    org_id: Option<String>,
}

async fn list_projects(ctx: Ctx, a: ListProjects) -> Result<Value, ToolError> {
    let path = match &a.org_id {
        Some(org) => format!("/api/atlas/v2/orgs/{}/groups", hex_id(org, "orgId")?),
        None => "/api/atlas/v2/groups".to_owned(),
    };
    let v: Value = api(&ctx, Method::GET, &path, V2023)
        .await?
        .send_json()
        .await?;
    Ok(list(&v, "projects", |p| {
        pick(p, &["id", "name", "orgId", "created", "clusterCount"])
    }))
}

/// Create an Atlas project. Returns its id.
#[derive(Deserialize, JsonSchema)]
pub struct CreateProject {
    /// Default: "Atlas Project"
    #[serde(rename = "projectName")]
    project_name: Option<String>,
    /// Organization id (default: the account's first organization)
    #[serde(rename = "organizationId")]
    organization_id: Option<String>,
}

async fn create_project(ctx: Ctx, a: CreateProject) -> Result<Value, ToolError> {
    let org = match a.organization_id {
        Some(o) => hex_id(&o, "organizationId")?.to_owned(),
        None => {
            let v: Value = api(&ctx, Method::GET, "/api/atlas/v2/orgs", V2023)
                .await?
                .send_json()
                .await?;
            v["results"][0]["id"]
                .as_str()
                .map(str::to_owned)
                .ok_or_else(|| {
                    ToolError::invalid_input(
                        "The service account sees no organization: give `organizationId`.",
                    )
                })?
        }
    };
    let name = a.project_name.unwrap_or_else(|| "Atlas Project".to_owned());
    let req = api(&ctx, Method::POST, "/api/atlas/v2/groups", V2023).await?;
    let v: Value = body(req, &json!({ "name": name, "orgId": org }), V2023)?
        .send_json()
        .await?;
    Ok(pick(&v, &["id", "name", "orgId", "created"]))
}

/// List the clusters of a project, or of every project the account can see.
#[derive(Deserialize, JsonSchema)]
pub struct ListClusters {
    /// Project id (24 hex digits)
    #[serde(rename = "projectId")]
    project_id: Option<String>,
}

fn cluster_summary(c: &Value) -> Value {
    let region = &c["replicationSpecs"][0]["regionConfigs"][0];
    let mut out = pick(
        c,
        &[
            "name",
            "stateName",
            "clusterType",
            "mongoDBVersion",
            "paused",
        ],
    );
    out["instanceSize"] = region["electableSpecs"]["instanceSize"].clone();
    out["provider"] = region["providerName"].clone();
    out["region"] = region["regionName"].clone();
    out["connectionString"] = c["connectionStrings"]["standardSrv"].clone();
    if let Some(o) = out.as_object_mut() {
        o.retain(|_, v| !v.is_null());
    }
    out
}

async fn list_clusters(ctx: Ctx, a: ListClusters) -> Result<Value, ToolError> {
    match &a.project_id {
        Some(id) => {
            let path = format!("{}/clusters", project(id)?);
            let v: Value = api(&ctx, Method::GET, &path, V2024_CLUSTERS)
                .await?
                .send_json()
                .await?;
            Ok(list(&v, "clusters", cluster_summary))
        }
        None => {
            let v: Value = api(&ctx, Method::GET, "/api/atlas/v2/clusters", V2023)
                .await?
                .send_json()
                .await?;
            Ok(list(&v, "projects", |p| {
                let mut out = pick(p, &["groupId", "groupName", "orgName"]);
                out["clusters"] = Value::Array(
                    p["clusters"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .map(|c| {
                            pick(
                                c,
                                &["name", "type", "availability", "nodeCount", "versions"],
                            )
                        })
                        .collect(),
                );
                out
            }))
        }
    }
}

/// Describe one cluster: state, type, version, size, region and connection string.
#[derive(Deserialize, JsonSchema)]
pub struct InspectCluster {
    #[serde(rename = "projectId")]
    project_id: String,
    #[serde(rename = "clusterName")]
    cluster_name: String,
}

async fn get_cluster(ctx: &Ctx, a: &InspectCluster) -> Result<Value, ToolError> {
    let path = format!(
        "{}/clusters/{}",
        project(&a.project_id)?,
        seg_id(&a.cluster_name, "clusterName")?
    );
    api(ctx, Method::GET, &path, V2024_CLUSTERS)
        .await?
        .send_json()
        .await
}

async fn inspect_cluster(ctx: Ctx, a: InspectCluster) -> Result<Value, ToolError> {
    Ok(cluster_summary(&get_cluster(&ctx, &a).await?))
}

/// The connection string of a cluster. Add a database user's name and password (see
/// atlas-create-db-user) and send it as the `connection_string` credential to use the
/// database tools on it.
#[derive(Deserialize, JsonSchema)]
pub struct ConnectCluster {
    #[serde(rename = "projectId")]
    project_id: String,
    #[serde(rename = "clusterName")]
    cluster_name: String,
}

async fn connect_cluster(ctx: Ctx, a: ConnectCluster) -> Result<Value, ToolError> {
    let c = get_cluster(
        &ctx,
        &InspectCluster {
            project_id: a.project_id,
            cluster_name: a.cluster_name,
        },
    )
    .await?;
    let cs = &c["connectionStrings"];
    let Some(uri) = cs["standardSrv"]
        .as_str()
        .or_else(|| cs["standard"].as_str())
    else {
        return Err(ToolError::invalid_input(format!(
            "Cluster {} has no connection string yet (state {}); try again when it is IDLE.",
            c["name"].as_str().unwrap_or_default(),
            c["stateName"].as_str().unwrap_or("unknown")
        )));
    };
    Ok(json!({
        "connectionString": uri,
        "stateName": c["stateName"],
        "note": "Insert a database user's name and password (mongodb+srv://USER:PASSWORD@host/) and send it as the connection_string credential; the project's IP access list must allow this server.",
    }))
}

/// Create a free (M0) cluster in a project. Takes a few minutes to become IDLE.
#[derive(Deserialize, JsonSchema)]
pub struct CreateFreeCluster {
    #[serde(rename = "projectId")]
    project_id: String,
    name: String,
    /// AWS region name in Atlas form
    #[schemars(extend("default" = "US_EAST_1"))]
    region: Option<String>,
}

async fn create_free_cluster(ctx: Ctx, a: CreateFreeCluster) -> Result<Value, ToolError> {
    let path = format!("{}/clusters", project(&a.project_id)?);
    let spec = json!({
        "name": a.name,
        "clusterType": "REPLICASET",
        "replicationSpecs": [{
            "regionConfigs": [{
                "providerName": "TENANT",
                "backingProviderName": "AWS",
                "regionName": a.region.as_deref().unwrap_or("US_EAST_1"),
                "priority": 7,
                "electableSpecs": { "instanceSize": "M0" },
            }],
        }],
        "terminationProtectionEnabled": false,
    });
    let req = api(&ctx, Method::POST, &path, V2024_CLUSTERS).await?;
    let v: Value = body(req, &spec, V2024_CLUSTERS)?.send_json().await?;
    Ok(cluster_summary(&v))
}

/// The IP access list of a project: the addresses allowed to connect to its clusters.
#[derive(Deserialize, JsonSchema)]
pub struct InspectAccessList {
    #[serde(rename = "projectId")]
    project_id: String,
}

async fn inspect_access_list(ctx: Ctx, a: InspectAccessList) -> Result<Value, ToolError> {
    let path = format!("{}/accessList", project(&a.project_id)?);
    let v: Value = api(&ctx, Method::GET, &path, V2023)
        .await?
        .send_json()
        .await?;
    Ok(list(&v, "entries", |e| {
        let mut out = pick(
            e,
            &[
                "ipAddress",
                "cidrBlock",
                "awsSecurityGroup",
                "comment",
                "deleteAfterDate",
            ],
        );
        if let Some(o) = out.as_object_mut() {
            o.retain(|_, v| !v.is_null());
        }
        out
    }))
}

/// Add IP addresses or CIDR blocks to a project's IP access list.
#[derive(Deserialize, JsonSchema)]
pub struct CreateAccessList {
    #[serde(rename = "projectId")]
    project_id: String,
    /// IP addresses, e.g. 203.0.113.7
    #[serde(rename = "ipAddresses")]
    ip_addresses: Option<Vec<String>>,
    /// CIDR blocks, e.g. 203.0.113.0/24
    #[serde(rename = "cidrBlocks")]
    cidr_blocks: Option<Vec<String>>,
    /// Not supported: the public API cannot tell this server's address; pass it in ipAddresses
    #[serde(rename = "currentIpAddress")]
    #[schemars(extend("default" = false))]
    current_ip_address: Option<bool>,
    #[schemars(extend("default" = "Added by MongoDB MCP Server to enable tool access"))]
    comment: Option<String>,
}

async fn create_access_list(ctx: Ctx, a: CreateAccessList) -> Result<Value, ToolError> {
    if a.current_ip_address == Some(true) {
        return Err(ToolError::invalid_input(
            "`currentIpAddress` is not supported: the Atlas Administration API has no public way to tell this server's address. Pass the address in `ipAddresses`.",
        ));
    }
    let comment = a
        .comment
        .unwrap_or_else(|| "Added by MongoDB MCP Server to enable tool access".to_owned());
    let mut entries: Vec<Value> = Vec::new();
    for ip in a.ip_addresses.iter().flatten() {
        entries.push(json!({ "ipAddress": ip, "comment": comment }));
    }
    for cidr in a.cidr_blocks.iter().flatten() {
        entries.push(json!({ "cidrBlock": cidr, "comment": comment }));
    }
    if entries.is_empty() {
        return Err(ToolError::invalid_input(
            "Give at least one entry in `ipAddresses` or `cidrBlocks`.",
        ));
    }
    let path = format!("{}/accessList", project(&a.project_id)?);
    let req = api(&ctx, Method::POST, &path, V2023).await?;
    let v: Value = body(req, &Value::Array(entries), V2023)?
        .send_json()
        .await?;
    Ok(list(&v, "entries", |e| {
        let mut out = pick(e, &["ipAddress", "cidrBlock", "comment"]);
        if let Some(o) = out.as_object_mut() {
            o.retain(|_, v| !v.is_null());
        }
        out
    }))
}

/// List the database users of a project with their roles.
#[derive(Deserialize, JsonSchema)]
pub struct ListDbUsers {
    #[serde(rename = "projectId")]
    project_id: String,
}

fn user_summary(u: &Value) -> Value {
    pick(u, &["username", "databaseName", "roles", "scopes"])
}

async fn list_db_users(ctx: Ctx, a: ListDbUsers) -> Result<Value, ToolError> {
    let path = format!("{}/databaseUsers", project(&a.project_id)?);
    let v: Value = api(&ctx, Method::GET, &path, V2023)
        .await?
        .send_json()
        .await?;
    Ok(list(&v, "users", user_summary))
}

/// A role of a database user.
#[derive(Deserialize, JsonSchema, serde::Serialize)]
pub struct Role {
    /// e.g. readWrite, read, atlasAdmin
    #[serde(rename = "roleName")]
    role_name: String,
    /// Database the role applies to
    #[serde(rename = "databaseName")]
    database_name: String,
    /// Collection the role is limited to
    #[serde(rename = "collectionName", skip_serializing_if = "Option::is_none")]
    collection_name: Option<String>,
}

/// Create a database user (SCRAM, authenticated on `admin`) in a project. Returns the
/// password when it was generated.
#[derive(Deserialize, JsonSchema)]
pub struct CreateDbUser {
    #[serde(rename = "projectId")]
    project_id: String,
    username: String,
    /// Default: a generated one, returned once
    password: Option<String>,
    roles: Vec<Role>,
    /// Cluster names to limit the user to (default: all of the project)
    clusters: Option<Vec<String>>,
}

fn generated_password() -> Result<String, ToolError> {
    let mut bytes = [0u8; 18];
    getrandom::fill(&mut bytes)
        .map_err(|e| ToolError::transport(format!("cannot generate a password: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

async fn create_db_user(ctx: Ctx, a: CreateDbUser) -> Result<Value, ToolError> {
    if a.roles.is_empty() {
        return Err(ToolError::invalid_input(
            "Give at least one role, e.g. [{\"roleName\": \"readWrite\", \"databaseName\": \"app\"}].",
        ));
    }
    let path = format!("{}/databaseUsers", project(&a.project_id)?);
    let generated = a.password.is_none();
    let password = match a.password {
        Some(p) => p,
        None => generated_password()?,
    };
    let mut user = json!({
        "databaseName": "admin",
        "groupId": a.project_id,
        "username": a.username,
        "password": password,
        "roles": a.roles,
    });
    if let Some(clusters) = &a.clusters {
        user["scopes"] = Value::Array(
            clusters
                .iter()
                .map(|c| json!({ "name": c, "type": "CLUSTER" }))
                .collect(),
        );
    }
    let req = api(&ctx, Method::POST, &path, V2023).await?;
    let v: Value = body(req, &user, V2023)?.send_json().await?;
    let mut out = user_summary(&v);
    if generated {
        out["password"] = json!(password);
    }
    Ok(out)
}

/// List the alerts of a project (open and recent).
#[derive(Deserialize, JsonSchema)]
pub struct ListAlerts {
    #[serde(rename = "projectId")]
    project_id: String,
}

async fn list_alerts(ctx: Ctx, a: ListAlerts) -> Result<Value, ToolError> {
    let path = format!("{}/alerts", project(&a.project_id)?);
    let v: Value = api(&ctx, Method::GET, &path, V2023)
        .await?
        .send_json()
        .await?;
    Ok(list(&v, "alerts", |al| {
        let mut out = pick(
            al,
            &[
                "id",
                "status",
                "eventTypeName",
                "created",
                "updated",
                "clusterName",
                "metricName",
                "acknowledgedUntil",
            ],
        );
        if let Some(o) = out.as_object_mut() {
            o.retain(|_, v| !v.is_null());
        }
        out
    }))
}
