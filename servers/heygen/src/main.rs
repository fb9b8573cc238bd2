fn main() -> std::process::ExitCode {
    mcp_shared::run(&heygen_mcp_server::SPEC)
}
