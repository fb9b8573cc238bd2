fn main() -> std::process::ExitCode {
    mcp_shared::run(&linear_mcp_server::SPEC)
}
