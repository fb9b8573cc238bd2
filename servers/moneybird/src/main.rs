fn main() -> std::process::ExitCode {
    mcp_shared::run(&moneybird_mcp_server::SPEC)
}
