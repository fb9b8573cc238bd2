fn main() -> std::process::ExitCode {
    mcp_shared::run(&firecrawl_mcp_server::SPEC)
}
