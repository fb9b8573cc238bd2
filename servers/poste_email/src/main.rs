fn main() -> std::process::ExitCode {
    mcp_shared::run(&poste_email_mcp_server::SPEC)
}
