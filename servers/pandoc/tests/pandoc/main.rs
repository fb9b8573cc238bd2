//! Pandoc server tests: the produced DOCX (zip + XML) and PDF (lopdf) are parsed back and their
//! text asserted; the Cloud Storage delivery runs against a fake Cloud Storage and IAM
//! Credentials on 127.0.0.1 that assert the exact upload and signBlob requests.
// Tests cut their own fixtures; a wrong cut fails the test, it serves no caller.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::string_slice)]

mod convert;
mod gcs;

mcp_testkit::standard_suite!(pandoc_mcp_server::SPEC, "pandoc-mcp-server");
