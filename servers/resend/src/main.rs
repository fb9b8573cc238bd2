fn main() -> std::process::ExitCode {
    mcp_shared::run(&resend_mcp_server::SPEC)
}
