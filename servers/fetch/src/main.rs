fn main() -> std::process::ExitCode {
    mcp_shared::run(&fetch_mcp_server::SPEC)
}
