fn main() -> std::process::ExitCode {
    mcp_shared::run(&report_generation_mcp_server::SPEC)
}
