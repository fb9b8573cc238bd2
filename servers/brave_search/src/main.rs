fn main() -> std::process::ExitCode {
    mcp_shared::run(&brave_search_mcp_server::SPEC)
}
