fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_calendar_mcp_server::SPEC)
}
