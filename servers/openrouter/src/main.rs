fn main() -> std::process::ExitCode {
    mcp_shared::run(&openrouter_mcp_server::SPEC)
}
