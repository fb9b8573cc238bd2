fn main() -> std::process::ExitCode {
    mcp_shared::run(&filesystem_mcp_server::SPEC)
}
