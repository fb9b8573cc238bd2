fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_cloud_mcp_server::SPEC)
}
