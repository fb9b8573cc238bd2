//! arXiv LaTeX server tests: each tool against a fake arXiv that serves e-prints built here
//! (a gzipped tar, a single gzipped .tex, a PDF), asserting the exact request, through a real
//! MCP client.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod papers;

use std::io::Write;

use flate2::Compression;
use flate2::write::GzEncoder;
use mcp_testkit::wiremock::{MockServer, ResponseTemplate};
use mcp_testkit::{Client, TestServer, expect, settings_for};

mcp_testkit::standard_suite!(arxiv_latex_mcp_server::SPEC, "arxiv-latex-mcp-server");

pub struct Setup {
    pub fake: MockServer,
    pub client: Client,
    _server: TestServer,
}

pub async fn setup() -> Setup {
    let fake = MockServer::start().await;
    let server = TestServer::start(&arxiv_latex_mcp_server::SPEC, settings_for(&fake.uri())).await;
    let client = server.client_with(&[]).await;
    Setup {
        fake,
        client,
        _server: server,
    }
}

/// A tar archive of `files` (path, content), gzipped as arXiv serves it.
pub fn tar_gz(files: &[(&str, &str)]) -> Vec<u8> {
    let mut b = tar::Builder::new(Vec::new());
    for (path, text) in files {
        let mut h = tar::Header::new_gnu();
        h.set_size(text.len() as u64);
        h.set_mode(0o644);
        h.set_cksum();
        b.append_data(&mut h, path, text.as_bytes()).unwrap();
    }
    gzip(&b.into_inner().unwrap())
}

pub fn gzip(data: &[u8]) -> Vec<u8> {
    let mut e = GzEncoder::new(Vec::new(), Compression::default());
    e.write_all(data).unwrap();
    e.finish().unwrap()
}

/// The fake answers `GET /e-print/{id}` once with `body`.
pub async fn serve(fake: &MockServer, id: &str, body: Vec<u8>) {
    expect("GET", format!("/e-print/{id}"))
        .respond_with(
            fake,
            ResponseTemplate::new(200).set_body_raw(body, "application/gzip"),
        )
        .await;
}

pub const MAIN: &str = r"\documentclass{article}
\usepackage{amsmath} % math
\title{Attention Is Enough}
\begin{document}
\maketitle
\begin{abstract}
We study attention. % a private note
Results hold at 50\% of the cost.
\end{abstract}
\input{sections/intro}
\section{Method}
We train.
\subsection[Data]{Data and {Pre}processing}
Tokens.
\subsection{Training}
Adam.
% \section{Hidden}
\section*{Conclusion}
Done.
\end{document}
";

pub const INTRO: &str = r"\section{Introduction}
Attention matters~\cite{v17}.
\include{sections/more}
";

pub const MORE: &str = r"More context.";

/// The archive most tests serve: a main file, an included one two levels deep, a stray .tex
/// without \documentclass, a figure, and entries with unsafe paths that must be ignored.
pub fn paper() -> Vec<u8> {
    tar_gz(&[
        ("ms.tex", MAIN),
        ("sections/intro.tex", INTRO),
        ("sections/more.tex", MORE),
        ("notes.tex", "scratch"),
        ("fig.pdf", "%PDF-1.5 figure"),
    ])
}
