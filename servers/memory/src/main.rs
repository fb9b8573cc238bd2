fn main() -> std::process::ExitCode {
    mcp_shared::run(&memory_mcp_server::SPEC)
}
