fn main() -> std::process::ExitCode {
    mcp_shared::run(&duckduckgo_mcp_server::SPEC)
}
