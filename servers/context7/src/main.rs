fn main() -> std::process::ExitCode {
    mcp_shared::run(&context7_mcp_server::SPEC)
}
