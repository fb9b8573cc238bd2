fn main() -> std::process::ExitCode {
    mcp_shared::run(&excel_mcp_server::SPEC)
}
