fn main() -> std::process::ExitCode {
    mcp_shared::run(&google_maps_mcp_server::SPEC)
}
