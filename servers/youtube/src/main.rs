fn main() -> std::process::ExitCode {
    mcp_shared::run(&youtube_mcp_server::SPEC)
}
