fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_workspace_mcp_server::SPEC)
}
