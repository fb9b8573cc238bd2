fn main() -> std::process::ExitCode {
    mcp_shared::run(&onedrive_mcp_server::SPEC)
}
