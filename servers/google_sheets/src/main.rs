fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_sheets_mcp_server::SPEC)
}
