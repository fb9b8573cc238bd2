fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_meet_mcp_server::SPEC)
}
