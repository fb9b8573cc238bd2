fn main() -> std::process::ExitCode {
    mcp_shared::run(&gmail_mcp_server::SPEC)
}
