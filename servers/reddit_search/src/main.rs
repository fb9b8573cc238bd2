fn main() -> std::process::ExitCode {
    mcp_shared::run(&reddit_search_mcp_server::SPEC)
}
