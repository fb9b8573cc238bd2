fn main() -> std::process::ExitCode {
    mcp_shared::run(&mixpanel_mcp_server::SPEC)
}
