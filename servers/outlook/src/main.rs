fn main() -> std::process::ExitCode {
    mcp_shared::run(&outlook_mcp_server::SPEC)
}
