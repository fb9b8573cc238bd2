fn main() -> std::process::ExitCode {
    mcp_shared::run(&markitdown_mcp_server::SPEC)
}
