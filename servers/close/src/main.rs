fn main() -> std::process::ExitCode {
    mcp_shared::run(&close_mcp_server::SPEC)
}
