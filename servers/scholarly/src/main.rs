fn main() -> std::process::ExitCode {
    mcp_shared::run(&scholarly_mcp_server::SPEC)
}
