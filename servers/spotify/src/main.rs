fn main() -> std::process::ExitCode {
    mcp_shared::run(&spotify_mcp_server::SPEC)
}
