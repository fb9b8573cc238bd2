fn main() -> std::process::ExitCode {
    mcp_shared::run(&woocommerce_mcp_server::SPEC)
}
