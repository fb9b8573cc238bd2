fn main() -> std::process::ExitCode {
    mcp_shared::run(&attio_mcp_server::SPEC)
}
