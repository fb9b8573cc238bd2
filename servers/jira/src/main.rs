fn main() -> std::process::ExitCode {
    mcp_shared::run(&jira_mcp_server::SPEC)
}
