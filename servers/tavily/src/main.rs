fn main() -> std::process::ExitCode {
    mcp_shared::run(&tavily_mcp_server::SPEC)
}
