fn main() -> std::process::ExitCode {
    mcp_shared::run(&calendly_mcp_server::SPEC)
}
