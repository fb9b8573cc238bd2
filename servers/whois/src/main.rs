fn main() -> std::process::ExitCode {
    mcp_shared::run(&whois_mcp_server::SPEC)
}
