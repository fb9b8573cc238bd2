fn main() -> std::process::ExitCode {
    mcp_shared::run(&msteams_mcp_server::SPEC)
}
