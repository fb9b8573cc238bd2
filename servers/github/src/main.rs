fn main() -> std::process::ExitCode {
    mcp_shared::run(&github_mcp_server::SPEC)
}
