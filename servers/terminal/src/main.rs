fn main() -> std::process::ExitCode {
    mcp_shared::run(&terminal_mcp_server::SPEC)
}
