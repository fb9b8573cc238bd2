fn main() -> std::process::ExitCode {
    mcp_shared::run(&howtocook_mcp_server::SPEC)
}
