fn main() -> std::process::ExitCode {
    mcp_shared::run(&xlsx_mcp_server::SPEC)
}
