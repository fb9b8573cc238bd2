fn main() -> std::process::ExitCode {
    mcp_shared::run(&hubspot_mcp_server::SPEC)
}
