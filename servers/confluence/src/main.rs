fn main() -> std::process::ExitCode {
    mcp_shared::run(&confluence_mcp_server::SPEC)
}
