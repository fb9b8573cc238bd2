fn main() -> std::process::ExitCode {
    mcp_shared::run(&arxiv_latex_mcp_server::SPEC)
}
