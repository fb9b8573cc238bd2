fn main() -> std::process::ExitCode {
    mcp_shared::run(&intercom_mcp_server::SPEC)
}
