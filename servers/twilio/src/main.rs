fn main() -> std::process::ExitCode {
    mcp_shared::run(&twilio_mcp_server::SPEC)
}
