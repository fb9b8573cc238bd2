fn main() -> std::process::ExitCode {
    mcp_shared::run(&whatsapp_mcp_server::SPEC)
}
