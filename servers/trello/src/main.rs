fn main() -> std::process::ExitCode {
    mcp_shared::run(&trello_mcp_server::SPEC)
}
