fn main() -> std::process::ExitCode {
    mcp_shared::run(&figma_mcp_server::SPEC)
}
