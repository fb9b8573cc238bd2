fn main() -> std::process::ExitCode {
    mcp_shared::run(&gong_mcp_server::SPEC)
}
