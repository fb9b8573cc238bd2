fn main() -> std::process::ExitCode {
    mcp_shared::run(&docx_mcp_server::SPEC)
}
