fn main() -> std::process::ExitCode {
    mcp_shared::run(&exa_mcp_server::SPEC)
}
