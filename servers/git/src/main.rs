fn main() -> std::process::ExitCode {
    mcp_shared::run(&git_mcp_server::SPEC)
}
