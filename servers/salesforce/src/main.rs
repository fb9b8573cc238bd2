fn main() -> std::process::ExitCode {
    mcp_shared::run(&salesforce_mcp_server::SPEC)
}
