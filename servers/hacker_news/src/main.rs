fn main() -> std::process::ExitCode {
    mcp_shared::run(&hacker_news_mcp_server::SPEC)
}
