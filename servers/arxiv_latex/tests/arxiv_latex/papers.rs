use mcp_testkit::expect;
use mcp_testkit::wiremock::ResponseTemplate;
use serde_json::json;

use crate::{gzip, paper, serve, setup, tar_gz};

#[tokio::test]
async fn prompt_contract_flattens_and_strips_comments() {
    let s = setup().await;
    serve(&s.fake, "2401.12345v2", paper()).await;
    let v = s
        .client
        .call_ok("get_paper_prompt", json!({"arxiv_id": "2401.12345v2"}))
        .await;
    let t = v.as_str().unwrap();
    assert!(
        t.starts_with("\\documentclass{article}\n\\usepackage{amsmath}\n"),
        "{t}"
    );
    assert!(
        t.contains("\\section{Introduction}\nAttention matters~\\cite{v17}.\nMore context."),
        "{t}"
    );
    assert!(t.contains("50\\% of the cost"), "{t}");
    assert!(
        !t.contains("private note") && !t.contains("Hidden") && !t.contains("\\input"),
        "{t}"
    );
    assert!(!t.contains("scratch"), "{t}");
}

#[tokio::test]
async fn prompt_old_style_id_keeps_its_slash() {
    let s = setup().await;
    serve(&s.fake, "hep-th/9901001", paper()).await;
    let v = s
        .client
        .call_ok(
            "get_paper_prompt",
            json!({"arxiv_id": "arXiv:hep-th/9901001"}),
        )
        .await;
    assert!(v.as_str().unwrap().contains("We train."));
}

#[tokio::test]
async fn prompt_single_gzipped_tex() {
    let s = setup().await;
    serve(&s.fake, "1706.03762", gzip(super::MAIN.as_bytes())).await;
    let v = s
        .client
        .call_ok("get_paper_prompt", json!({"arxiv_id": "1706.03762"}))
        .await;
    // No archive: the \input stays as written.
    assert!(v.as_str().unwrap().contains("\\input{sections/intro}"));
}

#[tokio::test]
async fn prompt_pdf_only_is_a_clear_error() {
    let s = setup().await;
    serve(&s.fake, "2401.00001", b"%PDF-1.7 binary".to_vec()).await;
    let err = s
        .client
        .call_err("get_paper_prompt", json!({"arxiv_id": "2401.00001"}))
        .await;
    assert!(
        err.contains("no LaTeX source") && err.contains("only a PDF"),
        "{err}"
    );
}

#[tokio::test]
async fn prompt_bad_id_makes_no_request() {
    let s = setup().await;
    for bad in [
        "1234",
        "../etc/passwd",
        "2401.12345/../x",
        "HEP-TH/9901001",
        "",
    ] {
        let err = s
            .client
            .call_err("get_paper_prompt", json!({"arxiv_id": bad}))
            .await;
        assert!(err.contains("not an arXiv id"), "{bad}: {err}");
    }
    assert!(s.fake.received_requests().await.unwrap().is_empty());
}

#[tokio::test]
async fn prompt_vendor_404_is_an_error() {
    let s = setup().await;
    expect("GET", "/e-print/2401.99999")
        .respond_with(
            &s.fake,
            ResponseTemplate::new(404).set_body_string("Not Found"),
        )
        .await;
    let err = s
        .client
        .call_err("get_paper_prompt", json!({"arxiv_id": "2401.99999"}))
        .await;
    assert!(err.contains("404"), "{err}");
}

#[tokio::test]
async fn unsafe_paths_are_ignored() {
    let s = setup().await;
    // A raw tar with `../evil.tex` (tar::Builder refuses such paths, so the name is set by hand).
    let mut b = tar::Builder::new(Vec::new());
    for (name, text) in [
        ("../main.tex", "\\documentclass{x}EVIL"),
        ("ok.tex", "\\documentclass{y}\\input{../main}GOOD"),
    ] {
        let mut h = tar::Header::new_old();
        h.as_old_mut().name[..name.len()].copy_from_slice(name.as_bytes());
        h.set_size(text.len() as u64);
        h.set_mode(0o644);
        h.set_entry_type(tar::EntryType::Regular);
        h.set_cksum();
        b.append(&h, text.as_bytes()).unwrap();
    }
    let mut raw = b.into_inner().unwrap();
    // Mark as ustar so it is recognised as a tar (old headers lack the magic).
    for off in [0usize, 1024] {
        raw[off + 257..off + 263].copy_from_slice(b"ustar\0");
        raw[off + 263..off + 265].copy_from_slice(b"00");
        let mut h = tar::Header::new_old();
        h.as_mut_bytes().copy_from_slice(&raw[off..off + 512]);
        h.set_cksum();
        raw[off..off + 512].copy_from_slice(h.as_bytes());
    }
    serve(&s.fake, "2401.00002", gzip(&raw)).await;
    let v = s
        .client
        .call_ok("get_paper_prompt", json!({"arxiv_id": "2401.00002"}))
        .await;
    let t = v.as_str().unwrap();
    assert!(t.contains("GOOD") && !t.contains("EVIL"), "{t}");
}

#[tokio::test]
async fn abstract_contract() {
    let s = setup().await;
    serve(&s.fake, "2401.12345", paper()).await;
    let v = s
        .client
        .call_ok("get_paper_abstract", json!({"arxiv_id": "2401.12345"}))
        .await;
    assert_eq!(
        v,
        json!("We study attention.\nResults hold at 50\\% of the cost.")
    );
}

#[tokio::test]
async fn abstract_missing_is_a_clear_error() {
    let s = setup().await;
    serve(
        &s.fake,
        "2401.12345",
        tar_gz(&[(
            "main.tex",
            "\\documentclass{article}\\begin{document}Hi\\end{document}",
        )]),
    )
    .await;
    let err = s
        .client
        .call_err("get_paper_abstract", json!({"arxiv_id": "2401.12345"}))
        .await;
    assert!(err.contains("no abstract"), "{err}");
}

#[tokio::test]
async fn list_sections_contract() {
    let s = setup().await;
    serve(&s.fake, "2401.12345", paper()).await;
    let v = s
        .client
        .call_ok("list_paper_sections", json!({"arxiv_id": "2401.12345"}))
        .await;
    assert_eq!(
        v,
        json!({"arxiv_id": "2401.12345", "sections": [
            "Introduction", "Method", "Method > Data and {Pre}processing", "Method > Training", "Conclusion"
        ]})
    );
}

#[tokio::test]
async fn list_sections_without_main_file_is_an_error() {
    let s = setup().await;
    serve(&s.fake, "2401.12345", tar_gz(&[("a.tex", "\\section{A}")])).await;
    let err = s
        .client
        .call_err("list_paper_sections", json!({"arxiv_id": "2401.12345"}))
        .await;
    assert!(err.contains("\\documentclass"), "{err}");
}

#[tokio::test]
async fn section_contract() {
    let s = setup().await;
    serve(&s.fake, "2401.12345", paper()).await;
    let v = s
        .client
        .call_ok(
            "get_paper_section",
            json!({"arxiv_id": "2401.12345", "section_path": "Method"}),
        )
        .await;
    assert_eq!(
        v,
        json!(
            "\\section{Method}\nWe train.\n\\subsection[Data]{Data and {Pre}processing}\nTokens.\n\\subsection{Training}\nAdam."
        )
    );
}

#[tokio::test]
async fn section_by_path_and_last() {
    let s = setup().await;
    expect("GET", "/e-print/2401.12345")
        .times(2)
        .respond_with(
            &s.fake,
            ResponseTemplate::new(200).set_body_raw(paper(), "application/gzip"),
        )
        .await;
    let v = s
        .client
        .call_ok(
            "get_paper_section",
            json!({"arxiv_id": "2401.12345", "section_path": "method >  training"}),
        )
        .await;
    assert_eq!(v, json!("\\subsection{Training}\nAdam."));
    let v = s
        .client
        .call_ok(
            "get_paper_section",
            json!({"arxiv_id": "2401.12345", "section_path": "Conclusion"}),
        )
        .await;
    assert_eq!(v, json!("\\section*{Conclusion}\nDone."));
}

#[tokio::test]
async fn section_unknown_lists_the_known_ones() {
    let s = setup().await;
    serve(&s.fake, "2401.12345", paper()).await;
    let err = s
        .client
        .call_err(
            "get_paper_section",
            json!({"arxiv_id": "2401.12345", "section_path": "Results"}),
        )
        .await;
    assert!(
        err.contains("no section `Results`") && err.contains("Method > Training"),
        "{err}"
    );
    let err = s
        .client
        .call_err(
            "get_paper_section",
            json!({"arxiv_id": "2401.12345", "section_path": " "}),
        )
        .await;
    assert!(err.contains("section_path"), "{err}");
}
