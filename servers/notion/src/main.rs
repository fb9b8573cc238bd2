fn main() -> std::process::ExitCode {
    mcp_shared::run(&notion_mcp_server::SPEC)
}
