fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_slides_mcp_server::SPEC)
}
