//! The fake SerpApi, the server pointed at it, and a client sending the key.

use mcp_testkit::{Expect, expect};
use serde_json::{Value, json};

pub const KEY: &str = "serpapi-test-key-0123456789";

pub use mcp_testkit::Setup;

pub async fn setup() -> Setup {
    Setup::start(&google_jobs_mcp_server::SPEC, json!({ "api_key": KEY })).await
}

/// `GET /search.json` with the key and these parameters, exactly.
pub fn serp(params: &[(&str, &str)]) -> Expect {
    let mut e = expect("GET", "/search.json").query("api_key", KEY);
    for (k, v) in params {
        e = e.query(k, v);
    }
    e
}

/// A job as SerpApi's `jobs_results` lists it.
pub fn job(title: &str, company: &str, posted: &str, salary: Option<&str>) -> Value {
    let mut ext = json!({"posted_at": posted, "schedule_type": "Full-time"});
    if let Some(s) = salary {
        ext["salary"] = json!(s);
    }
    json!({
        "title": title,
        "company_name": company,
        "location": "Austin, TX",
        "via": "LinkedIn",
        "share_link": "https://www.google.com/search?ibp=htl;jobs&q=barista#htidocid=abc",
        "thumbnail": "https://serpapi.com/searches/x/images/y.png",
        "extensions": [posted, "Full-time"],
        "detected_extensions": ext,
        "description": "Pour coffee. ".repeat(40),
        "apply_options": [{"title": "LinkedIn", "link": "https://www.linkedin.com/jobs/view/1"}],
        "job_id": format!("eyJqb2JfdGl0bGUiOiJ{title}")
    })
}

pub fn results(jobs: Vec<Value>, next: Option<&str>) -> Value {
    let mut v = json!({
        "search_metadata": {"id": "6745f0b8", "status": "Success"},
        "search_parameters": {"engine": "google_jobs", "q": "barista"},
        "jobs_results": jobs
    });
    if let Some(t) = next {
        v["serpapi_pagination"] = json!({"next_page_token": t, "next": format!("https://serpapi.com/search.json?engine=google_jobs&next_page_token={t}&q=barista")});
    }
    v
}
