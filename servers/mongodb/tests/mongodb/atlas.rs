//! The Atlas tools against a fake Atlas Administration API: the service-account token
//! exchange, then each endpoint with its path, resource version, token and body.

use mcp_testkit::{Client, TestServer, expect};
use serde_json::{Value, json};
use wiremock::MockServer;

const BASIC: &str = "Basic bWRiX3NhX2lkXzE6bWRiX3NhX3NrX3NlY3JldA==";
const TOKEN: &str = "eyJ-atlas-access-token";
const V2023: &str = "application/vnd.atlas.2023-01-01+json";
const V2024: &str = "application/vnd.atlas.2024-08-05+json";
const GROUP: &str = "32b6e34b3d91647abb20e7b8";
const ORG: &str = "4888442a3354817a7320eb61";

struct Atlas {
    fake: MockServer,
    _server: TestServer,
    client: Client,
}

/// A server pointed at a fake Atlas that grants one token (and expects exactly one exchange).
async fn atlas() -> Atlas {
    let fake = MockServer::start().await;
    expect("POST", "/api/oauth/token")
        .header("authorization", BASIC)
        .header("accept", "application/json")
        .form_body(&[("grant_type", "client_credentials")])
        .respond(
            &fake,
            200,
            json!({"access_token": TOKEN, "expires_in": 3600, "token_type": "Bearer"}),
        )
        .await;
    let server = TestServer::start(
        &mongodb_mcp_server::SPEC,
        crate::settings().with_api("atlas", &fake.uri()),
    )
    .await;
    let auth = mcp_shared::auth::encode_auth_data(
        &json!({"api_client_id": "mdb_sa_id_1", "api_client_secret": "mdb_sa_sk_secret"}),
    );
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    Atlas {
        fake,
        _server: server,
        client,
    }
}

fn get(path: &str, version: &str) -> mcp_testkit::Expect {
    expect("GET", path).bearer(TOKEN).header("accept", version)
}

fn post(path: &str, version: &str, body: Value) -> mcp_testkit::Expect {
    expect("POST", path)
        .bearer(TOKEN)
        .header("accept", version)
        .header("content-type", version)
        .json_body(body)
}

fn api_error(status: u16, code: &str, detail: &str) -> Value {
    json!({"detail": detail, "error": status, "errorCode": code, "reason": "Bad"})
}

#[tokio::test]
async fn list_orgs_exchanges_the_token_once() {
    let a = atlas().await;
    get("/api/atlas/v2/orgs", V2023)
        .times(2)
        .respond(
            &a.fake,
            200,
            json!({
                "links": [], "totalCount": 1,
                "results": [{"id": ORG, "name": "Acme", "isDeleted": false, "links": []}]
            }),
        )
        .await;
    let v = a.client.call_ok("atlas-list-orgs", json!({})).await;
    assert_eq!(
        v,
        json!({"organizations": [{"id": ORG, "name": "Acme", "isDeleted": false}], "totalCount": 1})
    );
    // The second call reuses the token (the fake grants exactly one).
    a.client.call_ok("atlas-list-orgs", json!({})).await;
}

#[tokio::test]
async fn a_refused_service_account_is_a_clear_error() {
    let fake = MockServer::start().await;
    expect("POST", "/api/oauth/token")
        .header("authorization", BASIC)
        .form_body(&[("grant_type", "client_credentials")])
        .respond(
            &fake,
            401,
            json!({"error": "invalid_client", "error_description": "Invalid client credentials"}),
        )
        .await;
    let server = TestServer::start(
        &mongodb_mcp_server::SPEC,
        crate::settings().with_api("atlas", &fake.uri()),
    )
    .await;
    let auth = mcp_shared::auth::encode_auth_data(
        &json!({"api_client_id": "mdb_sa_id_1", "api_client_secret": "mdb_sa_sk_secret"}),
    );
    let client = server.client_with(&[("x-auth-data", &auth)]).await;
    let err = client.call_err("atlas-list-orgs", json!({})).await;
    assert!(
        err.contains("401") && err.contains("Invalid client credentials"),
        "{err}"
    );
    assert!(!err.contains("mdb_sa_sk_secret"), "{err}");
    // Without a service account: say what to send.
    let client = server
        .client_with(&[("x-auth-data", &crate::tenant("mongodb://h"))])
        .await;
    let err = client.call_err("atlas-list-orgs", json!({})).await;
    assert!(
        err.contains("api_client_id") && err.contains("MDB_MCP_API_CLIENT_ID"),
        "{err}"
    );
}

#[tokio::test]
async fn list_projects_of_all_or_one_org() {
    let a = atlas().await;
    let page = json!({"totalCount": 3, "results": [
        {"id": GROUP, "name": "Prod", "orgId": ORG, "created": "2024-01-01T00:00:00Z", "clusterCount": 2, "links": []}
    ]});
    get("/api/atlas/v2/groups", V2023)
        .respond(&a.fake, 200, page.clone())
        .await;
    get(&format!("/api/atlas/v2/orgs/{ORG}/groups"), V2023)
        .respond(&a.fake, 200, page)
        .await;
    let v = a.client.call_ok("atlas-list-projects", json!({})).await;
    assert_eq!(
        v["projects"][0],
        json!({"id": GROUP, "name": "Prod", "orgId": ORG, "created": "2024-01-01T00:00:00Z", "clusterCount": 2})
    );
    assert_eq!(v["note"], "1 of 3 shown (first page).");
    let v = a
        .client
        .call_ok("atlas-list-projects", json!({"orgId": ORG}))
        .await;
    assert_eq!(v["totalCount"], 3);
    let err = a
        .client
        .call_err("atlas-list-projects", json!({"orgId": "../x"}))
        .await;
    assert!(err.contains("orgId"), "{err}");
}

#[tokio::test]
async fn create_project_in_the_first_org_by_default() {
    let a = atlas().await;
    get("/api/atlas/v2/orgs", V2023)
        .respond(
            &a.fake,
            200,
            json!({"totalCount": 1, "results": [{"id": ORG, "name": "Acme"}]}),
        )
        .await;
    post("/api/atlas/v2/groups", V2023, json!({"name": "Atlas Project", "orgId": ORG}))
        .respond(&a.fake, 200, json!({"id": GROUP, "name": "Atlas Project", "orgId": ORG, "created": "2026-01-01T00:00:00Z", "clusterCount": 0, "links": []}))
        .await;
    let v = a.client.call_ok("atlas-create-project", json!({})).await;
    assert_eq!(
        v,
        json!({"id": GROUP, "name": "Atlas Project", "orgId": ORG, "created": "2026-01-01T00:00:00Z"})
    );
}

#[tokio::test]
async fn create_project_conflict() {
    let a = atlas().await;
    post(
        "/api/atlas/v2/groups",
        V2023,
        json!({"name": "Prod", "orgId": ORG}),
    )
    .respond(
        &a.fake,
        409,
        api_error(
            409,
            "GROUP_ALREADY_EXISTS",
            "A group with name \"Prod\" already exists.",
        ),
    )
    .await;
    let err = a
        .client
        .call_err(
            "atlas-create-project",
            json!({"projectName": "Prod", "organizationId": ORG}),
        )
        .await;
    assert!(
        err.contains("409")
            && err.contains("GROUP_ALREADY_EXISTS")
            && err.contains("already exists"),
        "{err}"
    );
}

fn cluster() -> Value {
    json!({
        "name": "Cluster0", "stateName": "IDLE", "clusterType": "REPLICASET", "mongoDBVersion": "8.0.4",
        "paused": false, "groupId": GROUP, "id": "6650a1b2c3d4e5f607182930",
        "connectionStrings": {"standardSrv": "mongodb+srv://cluster0.ab1cd.mongodb.net", "standard": "mongodb://cluster0-shard-00-00.ab1cd.mongodb.net:27017"},
        "replicationSpecs": [{"zoneName": "Zone 1", "regionConfigs": [{
            "providerName": "TENANT", "backingProviderName": "AWS", "regionName": "US_EAST_1", "priority": 7,
            "electableSpecs": {"instanceSize": "M0"}
        }]}],
        "links": []
    })
}

fn summary() -> Value {
    json!({
        "name": "Cluster0", "stateName": "IDLE", "clusterType": "REPLICASET", "mongoDBVersion": "8.0.4", "paused": false,
        "instanceSize": "M0", "provider": "TENANT", "region": "US_EAST_1",
        "connectionString": "mongodb+srv://cluster0.ab1cd.mongodb.net"
    })
}

#[tokio::test]
async fn list_clusters_of_a_project_and_of_all() {
    let a = atlas().await;
    get(&format!("/api/atlas/v2/groups/{GROUP}/clusters"), V2024)
        .respond(
            &a.fake,
            200,
            json!({"totalCount": 1, "results": [cluster()], "links": []}),
        )
        .await;
    get("/api/atlas/v2/clusters", V2023)
        .respond(&a.fake, 200, json!({"totalCount": 1, "results": [{
            "groupId": GROUP, "groupName": "Prod", "orgId": ORG, "orgName": "Acme", "planType": "Atlas",
            "clusters": [{"name": "Cluster0", "type": "REPLICA_SET", "availability": "available", "nodeCount": 3, "versions": ["8.0.4"], "alertCount": 0}]
        }]}))
        .await;
    let v = a
        .client
        .call_ok("atlas-list-clusters", json!({"projectId": GROUP}))
        .await;
    assert_eq!(v, json!({"clusters": [summary()], "totalCount": 1}));
    let v = a.client.call_ok("atlas-list-clusters", json!({})).await;
    assert_eq!(
        v["projects"][0],
        json!({"groupId": GROUP, "groupName": "Prod", "orgName": "Acme", "clusters": [
            {"name": "Cluster0", "type": "REPLICA_SET", "availability": "available", "nodeCount": 3, "versions": ["8.0.4"]}
        ]})
    );
}

#[tokio::test]
async fn inspect_and_connect_cluster() {
    let a = atlas().await;
    get(
        &format!("/api/atlas/v2/groups/{GROUP}/clusters/Cluster0"),
        V2024,
    )
    .times(2)
    .respond(&a.fake, 200, cluster())
    .await;
    let args = json!({"projectId": GROUP, "clusterName": "Cluster0"});
    assert_eq!(
        a.client
            .call_ok("atlas-inspect-cluster", args.clone())
            .await,
        summary()
    );
    let v = a.client.call_ok("atlas-connect-cluster", args).await;
    assert_eq!(
        v["connectionString"],
        "mongodb+srv://cluster0.ab1cd.mongodb.net"
    );
    assert!(v["note"].as_str().unwrap().contains("connection_string"));
}

#[tokio::test]
async fn inspect_a_missing_cluster() {
    let a = atlas().await;
    get(
        &format!("/api/atlas/v2/groups/{GROUP}/clusters/nope"),
        V2024,
    )
    .times(2)
    .respond(
        &a.fake,
        404,
        api_error(
            404,
            "CLUSTER_NOT_FOUND",
            "No cluster named nope exists in group 32b6e34b3d91647abb20e7b8.",
        ),
    )
    .await;
    for tool in ["atlas-inspect-cluster", "atlas-connect-cluster"] {
        let err = a
            .client
            .call_err(tool, json!({"projectId": GROUP, "clusterName": "nope"}))
            .await;
        assert!(
            err.contains("404") && err.contains("CLUSTER_NOT_FOUND"),
            "{err}"
        );
    }
}

#[tokio::test]
async fn create_free_cluster_sends_an_m0_spec() {
    let a = atlas().await;
    post(
        &format!("/api/atlas/v2/groups/{GROUP}/clusters"),
        V2024,
        json!({
            "name": "Cluster0", "clusterType": "REPLICASET",
            "replicationSpecs": [{"regionConfigs": [{
                "providerName": "TENANT", "backingProviderName": "AWS", "regionName": "EU_WEST_1", "priority": 7,
                "electableSpecs": {"instanceSize": "M0"}
            }]}],
            "terminationProtectionEnabled": false
        }),
    )
    .respond(&a.fake, 201, {
        let mut c = cluster();
        c["stateName"] = json!("CREATING");
        c["replicationSpecs"][0]["regionConfigs"][0]["regionName"] = json!("EU_WEST_1");
        c
    })
    .await;
    let v = a
        .client
        .call_ok(
            "atlas-create-free-cluster",
            json!({"projectId": GROUP, "name": "Cluster0", "region": "EU_WEST_1"}),
        )
        .await;
    assert_eq!(v["stateName"], "CREATING");
    assert_eq!(v["region"], "EU_WEST_1");
}

#[tokio::test]
async fn create_free_cluster_refused() {
    let a = atlas().await;
    expect("POST", format!("/api/atlas/v2/groups/{GROUP}/clusters"))
        .bearer(TOKEN)
        .any_body()
        .respond(
            &a.fake,
            400,
            api_error(
                400,
                "CANNOT_CREATE_FREE_CLUSTER_VIA_PUBLIC_API",
                "Cannot create a free cluster via the public API.",
            ),
        )
        .await;
    let err = a
        .client
        .call_err(
            "atlas-create-free-cluster",
            json!({"projectId": GROUP, "name": "c"}),
        )
        .await;
    assert!(
        err.contains("400") && err.contains("CANNOT_CREATE_FREE_CLUSTER_VIA_PUBLIC_API"),
        "{err}"
    );
}

#[tokio::test]
async fn inspect_access_list() {
    let a = atlas().await;
    get(&format!("/api/atlas/v2/groups/{GROUP}/accessList"), V2023)
        .respond(&a.fake, 200, json!({"totalCount": 2, "links": [], "results": [
            {"ipAddress": "203.0.113.7", "cidrBlock": "203.0.113.7/32", "comment": "office", "groupId": GROUP, "links": []},
            {"cidrBlock": "10.0.0.0/8", "groupId": GROUP}
        ]}))
        .await;
    let v = a
        .client
        .call_ok("atlas-inspect-access-list", json!({"projectId": GROUP}))
        .await;
    assert_eq!(
        v,
        json!({"entries": [
        {"ipAddress": "203.0.113.7", "cidrBlock": "203.0.113.7/32", "comment": "office"},
        {"cidrBlock": "10.0.0.0/8"}
    ], "totalCount": 2})
    );
}

#[tokio::test]
async fn inspect_access_list_forbidden() {
    let a = atlas().await;
    get(&format!("/api/atlas/v2/groups/{GROUP}/accessList"), V2023)
        .respond(
            &a.fake,
            403,
            api_error(
                403,
                "USER_CANNOT_ACCESS_GROUP",
                "The user cannot access this project.",
            ),
        )
        .await;
    let err = a
        .client
        .call_err("atlas-inspect-access-list", json!({"projectId": GROUP}))
        .await;
    assert!(
        err.contains("403") && err.contains("USER_CANNOT_ACCESS_GROUP"),
        "{err}"
    );
}

#[tokio::test]
async fn create_access_list_posts_every_entry() {
    let a = atlas().await;
    post(
        &format!("/api/atlas/v2/groups/{GROUP}/accessList"),
        V2023,
        json!([
            {"ipAddress": "203.0.113.7", "comment": "ci"},
            {"cidrBlock": "198.51.100.0/24", "comment": "ci"}
        ]),
    )
    .respond(
        &a.fake,
        201,
        json!({"totalCount": 2, "results": [
            {"ipAddress": "203.0.113.7", "cidrBlock": "203.0.113.7/32", "comment": "ci"},
            {"cidrBlock": "198.51.100.0/24", "comment": "ci"}
        ]}),
    )
    .await;
    let v = a
        .client
        .call_ok("atlas-create-access-list", json!({"projectId": GROUP, "ipAddresses": ["203.0.113.7"], "cidrBlocks": ["198.51.100.0/24"], "comment": "ci"}))
        .await;
    assert_eq!(v["totalCount"], 2);
    let err = a
        .client
        .call_err("atlas-create-access-list", json!({"projectId": GROUP}))
        .await;
    assert!(err.contains("at least one entry"), "{err}");
    let err = a
        .client
        .call_err(
            "atlas-create-access-list",
            json!({"projectId": GROUP, "currentIpAddress": true}),
        )
        .await;
    assert!(err.contains("`currentIpAddress` is not supported"), "{err}");
}

#[tokio::test]
async fn list_db_users() {
    let a = atlas().await;
    get(
        &format!("/api/atlas/v2/groups/{GROUP}/databaseUsers"),
        V2023,
    )
    .respond(
        &a.fake,
        200,
        json!({"totalCount": 1, "results": [{
            "username": "app", "databaseName": "admin", "groupId": GROUP,
            "roles": [{"roleName": "readWrite", "databaseName": "shop"}],
            "scopes": [{"name": "Cluster0", "type": "CLUSTER"}], "ldapAuthType": "NONE", "links": []
        }]}),
    )
    .await;
    let v = a
        .client
        .call_ok("atlas-list-db-users", json!({"projectId": GROUP}))
        .await;
    assert_eq!(
        v,
        json!({"users": [{
        "username": "app", "databaseName": "admin",
        "roles": [{"roleName": "readWrite", "databaseName": "shop"}],
        "scopes": [{"name": "Cluster0", "type": "CLUSTER"}]
    }], "totalCount": 1})
    );
    let err = a.client.call_err("atlas-list-db-users", json!({})).await;
    assert!(err.contains("projectId"), "{err}");
}

#[tokio::test]
async fn create_db_user_with_a_given_password() {
    let a = atlas().await;
    post(
        &format!("/api/atlas/v2/groups/{GROUP}/databaseUsers"),
        V2023,
        json!({
            "databaseName": "admin", "groupId": GROUP, "username": "app", "password": "pa55-word",
            "roles": [{"roleName": "readWrite", "databaseName": "shop", "collectionName": "orders"}],
            "scopes": [{"name": "Cluster0", "type": "CLUSTER"}]
        }),
    )
    .respond(&a.fake, 201, json!({
        "username": "app", "databaseName": "admin", "groupId": GROUP,
        "roles": [{"roleName": "readWrite", "databaseName": "shop", "collectionName": "orders"}],
        "scopes": [{"name": "Cluster0", "type": "CLUSTER"}]
    }))
    .await;
    let v = a
        .client
        .call_ok("atlas-create-db-user", json!({
            "projectId": GROUP, "username": "app", "password": "pa55-word",
            "roles": [{"roleName": "readWrite", "databaseName": "shop", "collectionName": "orders"}],
            "clusters": ["Cluster0"]
        }))
        .await;
    assert_eq!(v["username"], "app");
    assert!(
        v.get("password").is_none(),
        "a given password is not echoed: {v}"
    );
}

#[tokio::test]
async fn create_db_user_generates_a_password_and_reports_conflicts() {
    let a = atlas().await;
    expect(
        "POST",
        format!("/api/atlas/v2/groups/{GROUP}/databaseUsers"),
    )
    .bearer(TOKEN)
    .any_body()
    .times(2)
    .respond(
        &a.fake,
        409,
        api_error(
            409,
            "USER_ALREADY_EXISTS",
            "The specified user already exists.",
        ),
    )
    .await;
    let args = json!({"projectId": GROUP, "username": "app", "roles": [{"roleName": "read", "databaseName": "shop"}]});
    let err = a
        .client
        .call_err("atlas-create-db-user", args.clone())
        .await;
    assert!(err.contains("USER_ALREADY_EXISTS"), "{err}");
    let bodies = mcp_testkit::request_bodies(
        &a.fake,
        "POST",
        &format!("/api/atlas/v2/groups/{GROUP}/databaseUsers"),
    )
    .await;
    let password = bodies[0]["password"].as_str().unwrap();
    assert_eq!(password.len(), 36);
    a.client.call_err("atlas-create-db-user", args).await;
    let bodies = mcp_testkit::request_bodies(
        &a.fake,
        "POST",
        &format!("/api/atlas/v2/groups/{GROUP}/databaseUsers"),
    )
    .await;
    assert_ne!(
        bodies[1]["password"], bodies[0]["password"],
        "each generated password is new"
    );
    assert!(bodies[0].get("scopes").is_none());
    let err = a
        .client
        .call_err(
            "atlas-create-db-user",
            json!({"projectId": GROUP, "username": "x", "roles": []}),
        )
        .await;
    assert!(err.contains("at least one role"), "{err}");
}

#[tokio::test]
async fn list_alerts() {
    let a = atlas().await;
    get(&format!("/api/atlas/v2/groups/{GROUP}/alerts"), V2023)
        .respond(&a.fake, 200, json!({"totalCount": 1, "results": [{
            "id": "5b8b3b3c4e2d4f001e2b5a1c", "status": "OPEN", "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",
            "created": "2026-01-01T00:00:00Z", "updated": "2026-01-01T00:05:00Z", "clusterName": "Cluster0",
            "metricName": "CONNECTIONS", "groupId": GROUP, "alertConfigId": "x", "links": []
        }]}))
        .await;
    let v = a
        .client
        .call_ok("atlas-list-alerts", json!({"projectId": GROUP}))
        .await;
    assert_eq!(
        v,
        json!({"alerts": [{
        "id": "5b8b3b3c4e2d4f001e2b5a1c", "status": "OPEN", "eventTypeName": "OUTSIDE_METRIC_THRESHOLD",
        "created": "2026-01-01T00:00:00Z", "updated": "2026-01-01T00:05:00Z", "clusterName": "Cluster0", "metricName": "CONNECTIONS"
    }], "totalCount": 1})
    );
}

#[tokio::test]
async fn list_alerts_error() {
    let a = atlas().await;
    get(&format!("/api/atlas/v2/groups/{GROUP}/alerts"), V2023)
        .respond(
            &a.fake,
            404,
            api_error(
                404,
                "GROUP_NOT_FOUND",
                "No group with ID 32b6e34b3d91647abb20e7b8 exists.",
            ),
        )
        .await;
    let err = a
        .client
        .call_err("atlas-list-alerts", json!({"projectId": GROUP}))
        .await;
    assert!(err.contains("GROUP_NOT_FOUND"), "{err}");
}
