fn main() -> std::process::ExitCode {
    mcp_shared::run(&mailchimp_mcp_server::SPEC)
}
