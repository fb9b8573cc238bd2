fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_docs_mcp_server::SPEC)
}
