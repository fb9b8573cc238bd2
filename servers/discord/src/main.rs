fn main() -> std::process::ExitCode {
    mcp_shared::run(&discord_mcp_server::SPEC)
}
