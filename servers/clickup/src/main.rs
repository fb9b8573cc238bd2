fn main() -> std::process::ExitCode {
    mcp_shared::run(&clickup_mcp_server::SPEC)
}
