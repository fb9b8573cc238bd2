fn main() -> std::process::ExitCode {
    mcp_shared::run(&pandoc_mcp_server::SPEC)
}
