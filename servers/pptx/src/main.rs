fn main() -> std::process::ExitCode {
    mcp_shared::run(&pptx_mcp_server::SPEC)
}
