fn main() -> std::process::ExitCode {
    mcp_shared::run(&freshdesk_mcp_server::SPEC)
}
