fn main() -> std::process::ExitCode {
    mcp_shared::run(&cal_com_mcp_server::SPEC)
}
