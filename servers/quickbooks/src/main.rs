fn main() -> std::process::ExitCode {
    mcp_shared::run(&quickbooks_mcp_server::SPEC)
}
