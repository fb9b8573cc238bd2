fn main() -> std::process::ExitCode {
    mcp_shared::run(&shopify_mcp_server::SPEC)
}
