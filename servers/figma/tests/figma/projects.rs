use crate::{figma_err, req, setup};
use serde_json::json;

#[tokio::test]
async fn get_team_projects_contract() {
    let s = setup().await;
    req("GET", "/v1/teams/1234567890/projects")
        .respond(
            &s.fake,
            200,
            json!({"name": "Acme", "projects": [{"id": "11", "name": "Web"}, {"id": "12", "name": "iOS"}]}),
        )
        .await;
    let v = s
        .client
        .call_ok("figma_get_team_projects", json!({"team_id": "1234567890"}))
        .await;
    assert_eq!(
        v,
        json!({"name": "Acme", "projects": [{"id": "11", "name": "Web"}, {"id": "12", "name": "iOS"}]})
    );
}

#[tokio::test]
async fn get_team_projects_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("figma_get_team_projects", json!({"team_id": "../1"}))
        .await;
    assert!(err.contains("team_id"), "{err}");
    req("GET", "/v1/teams/42/projects")
        .respond(&s.fake, 403, figma_err(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err("figma_get_team_projects", json!({"team_id": "42"}))
        .await;
    assert!(err.contains("403") && err.contains("Forbidden"), "{err}");
}

#[tokio::test]
async fn get_project_files_contract() {
    let s = setup().await;
    req("GET", "/v1/projects/11/files")
        .query("branch_data", "true")
        .respond(
            &s.fake,
            200,
            json!({"name": "Web", "files": [
                {"key": "AbC123", "name": "Landing", "thumbnail_url": "https://x", "last_modified": "2026-11-30T10:00:00Z",
                 "branches": [{"key": "Br1", "name": "dark mode", "thumbnail_url": "https://y", "last_modified": "2026-11-29T10:00:00Z"}]},
                {"key": "DeF456", "name": "Docs", "last_modified": "2026-10-01T10:00:00Z"}
            ]}),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "figma_get_project_files",
            json!({"project_id": "11", "branch_data": true}),
        )
        .await;
    assert_eq!(
        v,
        json!({"name": "Web", "files": [
            {"key": "AbC123", "name": "Landing", "last_modified": "2026-11-30T10:00:00Z",
             "branches": [{"key": "Br1", "name": "dark mode"}]},
            {"key": "DeF456", "name": "Docs", "last_modified": "2026-10-01T10:00:00Z"}
        ]})
    );
}

#[tokio::test]
async fn get_project_files_errors() {
    let s = setup().await;
    req("GET", "/v1/projects/99/files")
        .respond(&s.fake, 403, figma_err(403, "Forbidden"))
        .await;
    let err = s
        .client
        .call_err("figma_get_project_files", json!({"project_id": "99"}))
        .await;
    assert!(err.contains("403"), "{err}");
    assert!(err.contains("Forbidden"), "{err}");
}
