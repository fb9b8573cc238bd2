fn main() -> std::process::ExitCode {
    mcp_shared::run(&firecrawl_deep_research_mcp_server::SPEC)
}
