fn main() -> std::process::ExitCode {
    mcp_shared::run(&affinity_mcp_server::SPEC)
}
