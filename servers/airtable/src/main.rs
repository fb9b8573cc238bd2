fn main() -> std::process::ExitCode {
    mcp_shared::run(&airtable_mcp_server::SPEC)
}
