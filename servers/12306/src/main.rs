fn main() -> std::process::ExitCode {
    mcp_shared::run(&mcp_server_12306::SPEC)
}
