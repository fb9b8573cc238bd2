fn main() -> std::process::ExitCode {
    mcp_shared::run(&dropbox_mcp_server::SPEC)
}
