fn main() -> std::process::ExitCode {
    mcp_shared::run(&motion_mcp_server::SPEC)
}
