fn main() -> std::process::ExitCode {
    mcp_shared::run(&monday_mcp_server::SPEC)
}
