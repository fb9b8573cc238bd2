fn main() -> std::process::ExitCode {
    mcp_shared::run(&supabase_mcp_server::SPEC)
}
