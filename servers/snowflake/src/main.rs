fn main() -> std::process::ExitCode {
    mcp_shared::run(&snowflake_mcp_server::SPEC)
}
