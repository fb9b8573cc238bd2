fn main() -> std::process::ExitCode {
    mcp_shared::run(&pdf_tools_mcp_server::SPEC)
}
