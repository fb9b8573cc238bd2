fn main() -> std::process::ExitCode {
    mcp_shared::run(&wordpress_mcp_server::SPEC)
}
