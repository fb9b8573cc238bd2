fn main() -> std::process::ExitCode {
    mcp_shared::run(&postgres_mcp_server::SPEC)
}
