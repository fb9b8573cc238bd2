use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::setup;

/// Two results shaped like Scholar's results page (classes as served: gs_r gs_or gs_scl,
/// gs_ri, gs_rt, gs_a, gs_rs, gs_fl, gs_or_ggsm), one with a PDF link, one a citation only.
pub const PAGE: &str = r#"<!doctype html><html><head><title>Google Scholar</title></head><body>
<div id="gs_res_ccl_mid">
 <div class="gs_r gs_or gs_scl" data-cid="5Gohgn6QFikJ" data-rp="0">
  <div class="gs_ggs gs_fl"><div class="gs_ggsd"><div class="gs_or_ggsm"><a href="https://arxiv.org/pdf/1706.03762"><span class="gs_ctg2">[PDF]</span> arxiv.org</a></div></div></div>
  <div class="gs_ri">
   <h3 class="gs_rt" ontouchstart="gs_evt_dsp(event)"><a id="5Gohgn6QFikJ" href="https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html">Attention is all you <b>need</b></a></h3>
   <div class="gs_a">A Vaswani, N Shazeer, N Parmar… - Advances in neural …, 2017 - proceedings.neurips.cc</div>
   <div class="gs_rs">The dominant sequence transduction models are based on complex recurrent or <b>convolutional</b> neural networks …</div>
   <div class="gs_fl gs_flb"><a href="javascript:void(0)" class="gs_or_sav gs_or_btn">Save</a> <a href="/scholar?cites=2960712678066186980&amp;as_sdt=2005&amp;sciodt=0,5&amp;hl=en">Cited by 150321</a> <a href="/scholar?q=related:5Gohgn6QFikJ:scholar.google.com/&amp;scioq=attention&amp;hl=en">Related articles</a></div>
  </div>
 </div>
 <div class="gs_r gs_or gs_scl" data-cid="abc" data-rp="1">
  <div class="gs_ri">
   <h3 class="gs_rt"><span class="gs_ctu"><span class="gs_ct1">[CITATION]</span><span class="gs_ct2">[C]</span></span> Attention mechanisms in practice</h3>
   <div class="gs_a">J Doe - 2020</div>
   <div class="gs_fl"><a href="/scholar?q=related:abc">Related articles</a></div>
  </div>
 </div>
</div></body></html>"#;

pub fn html(status: u16, body: &str) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_raw(body.as_bytes().to_vec(), "text/html; charset=UTF-8")
}

#[tokio::test]
async fn search_scholar_contract() {
    let s = setup().await;
    expect("GET", "/scholar")
        .query("q", "attention is all you need")
        .query("hl", "en")
        .respond_with(&s.scholar, html(200, PAGE))
        .await;
    let v = s
        .client
        .call_ok(
            "search-google-scholar",
            json!({"keyword": "attention is all  you need"}),
        )
        .await;
    assert_eq!(
        v,
        json!({"results": [
            {
                "title": "Attention is all you need",
                "url": "https://proceedings.neurips.cc/paper/2017/hash/3f5ee243547dee91fbd053c1c4a845aa-Abstract.html",
                "authors_venue": "A Vaswani, N Shazeer, N Parmar… - Advances in neural …, 2017 - proceedings.neurips.cc",
                "snippet": "The dominant sequence transduction models are based on complex recurrent or convolutional neural networks …",
                "cited_by": 150321,
                "pdf_url": "https://arxiv.org/pdf/1706.03762"
            },
            {
                "title": "Attention mechanisms in practice",
                "authors_venue": "J Doe - 2020"
            }
        ]})
    );
    assert!(s.arxiv.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn search_scholar_captcha_page_is_a_clear_error() {
    let s = setup().await;
    expect("GET", "/scholar")
        .query("q", "llm")
        .query("hl", "en")
        .respond_with(
            &s.scholar,
            html(200, r#"<html><body><div id="gs_captcha_ccl"><h1>Please show you're not a robot</h1><p>Our systems have detected unusual traffic from your computer network.</p><div class="g-recaptcha"></div></div></body></html>"#),
        )
        .await;
    let err = s
        .client
        .call_err("search-google-scholar", json!({"keyword": "llm"}))
        .await;
    assert!(
        err.contains("blocked") && err.contains("search-arxiv"),
        "{err}"
    );
}

#[tokio::test]
async fn search_scholar_403_is_blocked() {
    let s = setup().await;
    expect("GET", "/scholar")
        .query("q", "llm")
        .query("hl", "en")
        .respond_with(
            &s.scholar,
            html(403, "<html><body>We're sorry...</body></html>"),
        )
        .await;
    let err = s
        .client
        .call_err("search-google-scholar", json!({"keyword": "llm"}))
        .await;
    assert!(err.contains("HTTP 403") && err.contains("blocked"), "{err}");
}

#[tokio::test]
async fn search_scholar_empty_keyword() {
    let s = setup().await;
    let err = s
        .client
        .call_err("search-google-scholar", json!({"keyword": ""}))
        .await;
    assert!(err.contains("keyword"), "{err}");
    assert!(s.scholar.received_requests().await.unwrap().is_empty());
}
