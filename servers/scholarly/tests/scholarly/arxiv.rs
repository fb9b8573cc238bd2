use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::setup;

/// Shaped like the arXiv API user manual's example response (one entry, namespaces as served).
pub const FEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <link href="http://arxiv.org/api/query?search_query%3Dall%3Aelectron%26id_list%3D%26start%3D0%26max_results%3D2" rel="self" type="application/atom+xml"/>
  <title type="html">ArXiv Query: search_query=all:electron&amp;id_list=&amp;start=0&amp;max_results=2</title>
  <id>http://arxiv.org/api/cHxbiOdZaP56ODnBPIenZhzg5f8</id>
  <updated>2007-10-08T00:00:00-04:00</updated>
  <opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">1000</opensearch:totalResults>
  <opensearch:startIndex xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:startIndex>
  <opensearch:itemsPerPage xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">2</opensearch:itemsPerPage>
  <entry>
    <id>http://arxiv.org/abs/hep-ex/0307015v1</id>
    <published>2003-07-07T13:46:39-04:00</published>
    <updated>2003-07-07T13:46:39-04:00</updated>
    <title>Multi-Electron Production at High Transverse
  Momenta in ep Collisions at HERA</title>
    <summary>  Multi-electron production is studied at high electron transverse momentum in
positron- and electron-proton collisions using the H1 detector at HERA &amp; more.
</summary>
    <author>
      <name>H1 Collaboration</name>
    </author>
    <author>
      <name>A. N. Other</name>
    </author>
    <arxiv:comment xmlns:arxiv="http://arxiv.org/schemas/atom">23 pages, 8 figures and 4 tables</arxiv:comment>
    <arxiv:journal_ref xmlns:arxiv="http://arxiv.org/schemas/atom">Eur.Phys.J. C31 (2003) 17-29</arxiv:journal_ref>
    <link href="http://arxiv.org/abs/hep-ex/0307015v1" rel="alternate" type="text/html"/>
    <link title="pdf" href="http://arxiv.org/pdf/hep-ex/0307015v1" rel="related" type="application/pdf"/>
    <arxiv:primary_category xmlns:arxiv="http://arxiv.org/schemas/atom" term="hep-ex" scheme="http://arxiv.org/schemas/atom"/>
    <category term="hep-ex" scheme="http://arxiv.org/schemas/atom"/>
  </entry>
</feed>
"#;

const ERROR_FEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">
  <title>arXiv Query: search_query=&amp;id_list=&amp;start=0&amp;max_results=-1</title>
  <id>https://arxiv.org/api/ZPgxD2pz8c5Cu9QgKn6ZqfPj5Bk</id>
  <opensearch:totalResults>1</opensearch:totalResults>
  <entry>
    <id>http://arxiv.org/api/errors#max_results_must_be_non-negative</id>
    <title>Error</title>
    <summary>max_results must be non-negative</summary>
    <updated>2024-01-01T00:00:00-05:00</updated>
    <link href="http://arxiv.org/api/errors#max_results_must_be_non-negative" rel="alternate" type="text/html"/>
    <author><name>arXiv api core</name></author>
  </entry>
</feed>
"#;

pub fn atom(status: u16, body: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_raw(body.as_bytes().to_vec(), "application/atom+xml")
}

#[tokio::test]
async fn search_arxiv_contract() {
    let s = setup().await;
    expect("GET", "/api/query")
        .query("search_query", "all:electron proton")
        .query("start", "0")
        .query("max_results", "2")
        .query("sortBy", "relevance")
        .respond_with(&s.arxiv, atom(200, FEED))
        .await;
    let v = s
        .client
        .call_ok(
            "search-arxiv",
            json!({"keyword": "  electron\n proton ", "max_results": 2}),
        )
        .await;
    assert_eq!(
        v,
        json!({"total_results": 1000, "papers": [{
            "id": "hep-ex/0307015v1",
            "title": "Multi-Electron Production at High Transverse Momenta in ep Collisions at HERA",
            "authors": ["H1 Collaboration", "A. N. Other"],
            "published": "2003-07-07T13:46:39-04:00",
            "updated": "2003-07-07T13:46:39-04:00",
            "primary_category": "hep-ex",
            "summary": "Multi-electron production is studied at high electron transverse momentum in positron- and electron-proton collisions using the H1 detector at HERA & more.",
            "abs_url": "http://arxiv.org/abs/hep-ex/0307015v1",
            "pdf_url": "http://arxiv.org/pdf/hep-ex/0307015v1"
        }]})
    );
}

#[tokio::test]
async fn search_arxiv_default_count_and_no_results() {
    let s = setup().await;
    expect("GET", "/api/query")
        .query("search_query", "all:zzzqqq")
        .query("start", "0")
        .query("max_results", "10")
        .query("sortBy", "relevance")
        .respond_with(
            &s.arxiv,
            atom(200, r#"<feed xmlns="http://www.w3.org/2005/Atom"><title>q</title><opensearch:totalResults xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/">0</opensearch:totalResults></feed>"#),
        )
        .await;
    let v = s
        .client
        .call_ok("search-arxiv", json!({"keyword": "zzzqqq"}))
        .await;
    assert_eq!(v, json!({"total_results": 0, "papers": []}));
}

#[tokio::test]
async fn search_arxiv_error_feed_is_a_clear_error() {
    let s = setup().await;
    expect("GET", "/api/query")
        .query("search_query", "all:x")
        .query("start", "0")
        .query("max_results", "10")
        .query("sortBy", "relevance")
        .respond_with(&s.arxiv, atom(400, ERROR_FEED))
        .await;
    let err = s
        .client
        .call_err("search-arxiv", json!({"keyword": "x"}))
        .await;
    assert!(
        err.contains("HTTP 400") && err.contains("max_results must be non-negative"),
        "{err}"
    );
}

#[tokio::test]
async fn search_arxiv_empty_keyword_makes_no_request() {
    let s = setup().await;
    let err = s
        .client
        .call_err("search-arxiv", json!({"keyword": "  "}))
        .await;
    assert!(err.contains("keyword"), "{err}");
    let err = s.client.call_err("search-arxiv", json!({})).await;
    assert!(err.contains("keyword"), "{err}");
    assert!(s.arxiv.received_requests().await.unwrap().is_empty());
}
