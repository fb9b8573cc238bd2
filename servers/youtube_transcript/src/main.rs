fn main() -> std::process::ExitCode {
    mcp_shared::run(&youtube_transcript_mcp_server::SPEC)
}
