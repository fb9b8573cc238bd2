//! The `toolathlon` profile (Klavis's `scholarly_toolathlon`): the same two tools and requests,
//! answering the text block that variant writes instead of JSON.

use mcp_shared::Profile;
use mcp_testkit::expect;
use serde_json::json;

use crate::arxiv::{FEED, atom};
use crate::scholar::{PAGE, html};
use crate::setup_in;

#[tokio::test]
async fn search_arxiv_answers_the_variants_text_block() {
    let s = setup_in(Profile::Toolathlon).await;
    expect("GET", "/api/query")
        .query("search_query", "all:electron")
        .query("start", "0")
        .query("max_results", "10")
        .query("sortBy", "relevance")
        .respond_with(&s.arxiv, atom(200, FEED))
        .await;
    let v = s
        .client
        .call_ok("search-arxiv", json!({"keyword": "electron"}))
        .await;
    assert_eq!(
        v.as_str().unwrap_or_default(),
        "Search articles for electron:\n\
         Title: Multi-Electron Production at High Transverse Momenta in ep Collisions at HERA\n\
         Authors: H1 Collaboration, A. N. Other\n\
         Published: 2003-07-07\n\
         Updated: 2003-07-07\n\
         Primary Category: hep-ex\n\
         All Categories: hep-ex\n\
         DOI: N/A\n\
         Journal Reference: Eur.Phys.J. C31 (2003) 17-29\n\
         Comment: 23 pages, 8 figures and 4 tables\n\
         Entry ID: http://arxiv.org/abs/hep-ex/0307015v1\n\
         PDF URL: http://arxiv.org/pdf/hep-ex/0307015v1\n\
         All Links: http://arxiv.org/abs/hep-ex/0307015v1||http://arxiv.org/pdf/hep-ex/0307015v1\n\
         Summary: Multi-electron production is studied at high electron transverse momentum in positron- and electron-proton collisions using the H1 detector at HERA & more."
    );
    assert!(s.scholar.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn search_google_scholar_answers_the_variants_text_block() {
    let s = setup_in(Profile::Toolathlon).await;
    expect("GET", "/scholar")
        .query("q", "attention")
        .query("hl", "en")
        .respond_with(&s.scholar, html(200, PAGE))
        .await;
    let v = s
        .client
        .call_ok("search-google-scholar", json!({"keyword": "attention"}))
        .await;
    assert_eq!(
        v.as_str().unwrap_or_default(),
        "Search articles for attention:\n\
         Title: Attention is all you need\n\
         Authors: A Vaswani, N Shazeer, N Parmar…\n\
         Publication Year: 2017\n\
         Venue: Advances in neural …\n\
         Google Scholar Rank: 1\n\
         Citations: 150321\n\
         Author IDs: No author IDs\n\
         Publication URL: https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html\n\
         Cited-by URL: /scholar?cites=2960712678066186980&as_sdt=2005&sciodt=0,5&hl=en\n\
         Related Articles URL: /scholar?q=related:5Gohgn6QFikJ:scholar.google.com/&scioq=attention&hl=en\n\
         Abstract: The dominant sequence transduction models are based on complex recurrent or convolutional neural networks …\
         \n\n\n\
         Title: Attention mechanisms in practice\n\
         Authors: J Doe\n\
         Publication Year: 2020\n\
         Venue: No venue available\n\
         Google Scholar Rank: 2\n\
         Citations: 0\n\
         Author IDs: No author IDs\n\
         Publication URL: No URL available\n\
         Cited-by URL: No cited-by URL\n\
         Related Articles URL: /scholar?q=related:abc\n\
         Abstract: No abstract available"
    );
}

#[tokio::test]
async fn linked_authors_give_their_profile_ids_and_errors_stay_errors() {
    let s = setup_in(Profile::Toolathlon).await;
    let page = r#"<html><body><div class="gs_r gs_or gs_scl"><div class="gs_ri">
        <h3 class="gs_rt"><a href="https://example.org/p">A paper</a></h3>
        <div class="gs_a"><a href="/citations?user=qc6CJjYAAAAJ&amp;hl=en">G Hinton</a>, <a href="/citations?hl=en&amp;user=JicYPdAAAAAJ">Y LeCun</a> - Nature, 2015 - nature.com</div>
        </div></div></body></html>"#;
    expect("GET", "/scholar")
        .query("q", "deep learning")
        .query("hl", "en")
        .respond_with(&s.scholar, html(200, page))
        .await;
    let v = s
        .client
        .call_ok("search-google-scholar", json!({"keyword": "deep learning"}))
        .await;
    let text = v.as_str().unwrap_or_default();
    assert!(
        text.contains("\nAuthor IDs: qc6CJjYAAAAJ, JicYPdAAAAAJ\n"),
        "{text}"
    );
    assert!(
        text.contains("\nAuthors: G Hinton, Y LeCun\nPublication Year: 2015\nVenue: Nature\n"),
        "{text}"
    );
    // A block page is still an isError result, not text.
    let s = setup_in(Profile::Toolathlon).await;
    expect("GET", "/scholar")
        .query("q", "llm")
        .query("hl", "en")
        .respond_with(&s.scholar, html(403, "We're sorry"))
        .await;
    let err = s
        .client
        .call_err("search-google-scholar", json!({"keyword": "llm"}))
        .await;
    assert!(err.contains("blocked"), "{err}");
}
