fn main() -> std::process::ExitCode {
    mcp_shared::run(&coinbase_mcp_server::SPEC)
}
