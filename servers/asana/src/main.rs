fn main() -> std::process::ExitCode {
    mcp_shared::run(&asana_mcp_server::SPEC)
}
