fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_jobs_mcp_server::SPEC)
}
