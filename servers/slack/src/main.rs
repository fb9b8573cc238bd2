fn main() -> std::process::ExitCode {
    mcp_shared::run(&slack_mcp_server::SPEC)
}
