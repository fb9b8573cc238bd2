fn main() -> std::process::ExitCode {
    mcp_shared::run(&hugging_face_mcp_server::SPEC)
}
