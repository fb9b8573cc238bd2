fn main() -> std::process::ExitCode {
    mcp_shared::run(&chargebee_mcp_server::SPEC)
}
