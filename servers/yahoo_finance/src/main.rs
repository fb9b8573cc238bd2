fn main() -> std::process::ExitCode {
    mcp_shared::run(&yahoo_finance_mcp_server::SPEC)
}
