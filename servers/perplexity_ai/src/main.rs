fn main() -> std::process::ExitCode {
    mcp_shared::run(&perplexity_ai_mcp_server::SPEC)
}
