fn main() -> std::process::ExitCode {
    mcp_shared::run(&linkedin_mcp_server::SPEC)
}
