fn main() -> std::process::ExitCode {
    mcp_shared::run(&mem0_mcp_server::SPEC)
}
