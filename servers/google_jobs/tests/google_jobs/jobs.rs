//! The five tools.

use serde_json::json;

use crate::common::{job, results, serp, setup};

#[tokio::test]
async fn search_sends_serpapi_parameters_and_pages() {
    let s = setup().await;
    serp(&[
        ("engine", "google_jobs"),
        ("q", "barista Starbucks full time"),
        ("location", "Austin, Texas, United States"),
        ("lrad", "25"),
        ("gl", "us"),
        ("hl", "en"),
        ("next_page_token", "eyJmYyI6IkVxb"),
    ])
    .respond(
        &s.fake,
        200,
        results(
            vec![
                job("Barista", "Starbucks", "2 days ago", Some("40K–50K a year")),
                job("Shift lead", "Starbucks", "20 days ago", None),
                job("Head barista", "Starbucks", "1 day ago", Some("15 an hour")),
            ],
            Some("eyJmYyI6IkVxc"),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_jobs_search",
            json!({"query": "barista", "location": "Austin, Texas, United States", "date_posted": "week",
                   "employment_type": "FULLTIME", "salary_min": 35000, "company": "Starbucks",
                   "radius": 25, "start": 10, "country": "US", "language": "en",
                   "next_page_token": "eyJmYyI6IkVxb"}),
        )
        .await;
    let jobs = v["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 1, "{v}");
    assert_eq!(jobs[0]["title"], "Barista");
    assert_eq!(jobs[0]["company"], "Starbucks");
    assert_eq!(jobs[0]["posted_at"], "2 days ago");
    assert_eq!(jobs[0]["salary"], "40K–50K a year");
    assert_eq!(
        jobs[0]["apply_link"],
        "https://www.linkedin.com/jobs/view/1"
    );
    assert!(jobs[0]["snippet"].as_str().unwrap().ends_with('…'));
    assert!(jobs[0]["snippet"].as_str().unwrap().chars().count() <= 301);
    assert!(jobs[0].get("thumbnail").is_none());
    assert_eq!(v["filtered_out"], 2);
    assert_eq!(v["next_page_token"], "eyJmYyI6IkVxc");
    assert!(v["note"].as_str().unwrap().contains("start"));
}

#[tokio::test]
async fn search_no_results_and_errors() {
    let s = setup().await;
    serp(&[("engine", "google_jobs"), ("q", "zzqx")])
        .respond(
            &s.fake,
            200,
            json!({"search_metadata": {"status": "Success"},
                   "error": "Google hasn't returned any results for this query."}),
        )
        .await;
    let v = s
        .client
        .call_ok("google_jobs_search", json!({"query": "zzqx"}))
        .await;
    assert_eq!(v, json!({"jobs": []}));
    let err = s
        .client
        .call_err("google_jobs_search", json!({"query": " "}))
        .await;
    assert!(err.contains("`query` must not be empty"), "{err}");
    let err = s
        .client
        .call_err(
            "google_jobs_search",
            json!({"query": "x", "date_posted": "year"}),
        )
        .await;
    assert!(
        err.contains("invalid arguments") || err.contains("date_posted"),
        "{err}"
    );
    serp(&[("engine", "google_jobs"), ("q", "x")])
        .times(3)
        .respond(
            &s.fake,
            429,
            json!({"error": "Your account has run out of searches."}),
        )
        .await;
    let err = s
        .client
        .call_err("google_jobs_search", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("429") && err.contains("run out of searches"),
        "{err}"
    );
}

#[tokio::test]
async fn search_by_company_filters_the_employer() {
    let s = setup().await;
    serp(&[
        ("engine", "google_jobs"),
        ("q", "Acme jobs part time"),
        ("location", "Berlin"),
    ])
    .respond(
        &s.fake,
        200,
        results(
            vec![
                job("Engineer", "Acme Corp", "3 days ago", None),
                job("Engineer", "Recruiting for Others", "3 days ago", None),
            ],
            None,
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_jobs_search_by_company",
            json!({"company_name": "Acme", "location": "Berlin", "employment_type": "PARTTIME"}),
        )
        .await;
    assert_eq!(v["jobs"].as_array().unwrap().len(), 1);
    assert_eq!(v["jobs"][0]["company"], "Acme Corp");
    assert_eq!(v["filtered_out"], 1);
    assert!(v.get("next_page_token").is_none());
}

#[tokio::test]
async fn search_by_company_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_jobs_search_by_company", json!({"company_name": ""}))
        .await;
    assert!(err.contains("`company_name` must not be empty"), "{err}");
    serp(&[("engine", "google_jobs"), ("q", "Acme jobs")])
        .respond(
            &s.fake,
            200,
            json!({"search_metadata": {"status": "Error"}, "error": "Unsupported `xx` country (gl)."}),
        )
        .await;
    let err = s
        .client
        .call_err(
            "google_jobs_search_by_company",
            json!({"company_name": "Acme"}),
        )
        .await;
    assert!(err.contains("Unsupported `xx` country"), "{err}");
}

#[tokio::test]
async fn search_remote_sets_ltype() {
    let s = setup().await;
    serp(&[
        ("engine", "google_jobs"),
        ("q", "rust developer contractor"),
        ("ltype", "1"),
        ("uds", "ADvngMgX"),
    ])
    .respond(
        &s.fake,
        200,
        results(
            vec![job(
                "Rust developer",
                "Ferrous",
                "5 hours ago",
                Some("60–80 an hour"),
            )],
            Some("t2"),
        ),
    )
    .await;
    let v = s
        .client
        .call_ok(
            "google_jobs_search_remote",
            json!({"query": "rust developer", "employment_type": "CONTRACTOR", "date_posted": "today",
                   "salary_min": 100000, "uds": "ADvngMgX"}),
        )
        .await;
    assert_eq!(v["jobs"][0]["title"], "Rust developer");
    assert_eq!(v["next_page_token"], "t2");
    assert!(v.get("filtered_out").is_none());
}

#[tokio::test]
async fn search_remote_key_refused() {
    let s = setup().await;
    serp(&[("engine", "google_jobs"), ("q", "x"), ("ltype", "1")])
        .respond(
            &s.fake,
            401,
            json!({"error": "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key"}),
        )
        .await;
    let err = s
        .client
        .call_err("google_jobs_search_remote", json!({"query": "x"}))
        .await;
    assert!(
        err.contains("401") && err.contains("Invalid API key"),
        "{err}"
    );
    // The declared 401 hint.
    assert!(
        err.contains("the SerpApi key was refused: check it at serpapi.com/manage-api-key."),
        "{err}"
    );
}

#[tokio::test]
async fn get_details_listing_engine() {
    let s = setup().await;
    serp(&[("engine", "google_jobs_listing"), ("q", "eyJqb2JfdGl0bGUiOi")])
        .respond(
            &s.fake,
            200,
            json!({
                "search_metadata": {"status": "Success"},
                "apply_options": [{"title": "Indeed", "link": "https://www.indeed.com/viewjob?jk=1"}],
                "salaries": [{"job_title": "Barista", "link": "https://www.glassdoor.com/x", "source": "Glassdoor",
                              "salary_from": 28000, "salary_to": 35000, "salary_currency": "$",
                              "salary_periodicity": "year", "thumbnail": "https://x/y.png", "based_on": "120 salaries"}],
                "ratings": [{"link": "https://www.glassdoor.com/r", "source": "Glassdoor", "rating": 3.9, "reviews": 1200}]
            }),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "google_jobs_get_details",
            json!({"job_id": "eyJqb2JfdGl0bGUiOi"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"job_id": "eyJqb2JfdGl0bGUiOi",
               "apply_options": [{"title": "Indeed", "link": "https://www.indeed.com/viewjob?jk=1"}],
               "salaries": [{"job_title": "Barista", "salary_from": 28000, "salary_to": 35000, "salary_currency": "$",
                             "salary_periodicity": "year", "source": "Glassdoor", "based_on": "120 salaries",
                             "link": "https://www.glassdoor.com/x"}],
               "ratings": [{"source": "Glassdoor", "rating": 3.9, "reviews": 1200, "link": "https://www.glassdoor.com/r"}]})
    );
}

#[tokio::test]
async fn get_details_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_jobs_get_details", json!({"job_id": " "}))
        .await;
    assert!(err.contains("`job_id` must not be empty"), "{err}");
    serp(&[("engine", "google_jobs_listing"), ("q", "bad")])
        .respond(&s.fake, 400, json!({"error": "Invalid `q` parameter."}))
        .await;
    let err = s
        .client
        .call_err("google_jobs_get_details", json!({"job_id": "bad"}))
        .await;
    assert!(
        err.contains("400") && err.contains("Invalid `q` parameter."),
        "{err}"
    );
}

#[tokio::test]
async fn suggestions_are_google_filters() {
    let s = setup().await;
    let mut body = results(vec![job("Barista", "Starbucks", "2 days ago", None)], None);
    body["filters"] = json!([
        {"name": "Remote", "link": "https://www.google.com/x", "parameters": {"uds": "ABC", "q": "barista remote"},
         "uds": "ABC", "q": "barista remote"},
        {"name": "Date posted", "options": [
            {"name": "Yesterday", "link": "https://www.google.com/y", "uds": "DEF", "q": "barista since yesterday"}
        ]}
    ]);
    serp(&[("engine", "google_jobs"), ("q", "barista")])
        .respond(&s.fake, 200, body)
        .await;
    let v = s
        .client
        .call_ok("google_jobs_get_suggestions", json!({"query": "barista"}))
        .await;
    assert_eq!(
        v,
        json!({"query": "barista", "suggestions": [
            {"name": "Remote", "query": "barista remote", "uds": "ABC"},
            {"name": "Date posted", "options": [{"name": "Yesterday", "query": "barista since yesterday", "uds": "DEF"}]}
        ]})
    );
}

#[tokio::test]
async fn suggestions_errors() {
    let s = setup().await;
    let err = s
        .client
        .call_err("google_jobs_get_suggestions", json!({}))
        .await;
    assert!(err.contains("query"), "{err}");
    serp(&[("engine", "google_jobs"), ("q", "x")])
        .respond(&s.fake, 200, json!({"error": "Search timed out."}))
        .await;
    let err = s
        .client
        .call_err("google_jobs_get_suggestions", json!({"query": "x"}))
        .await;
    assert!(err.contains("SerpApi error: Search timed out."), "{err}");
}
