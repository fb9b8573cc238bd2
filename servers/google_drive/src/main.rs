fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_drive_mcp_server::SPEC)
}
