fn main() -> std::process::ExitCode {
    let spec = mongodb_mcp_server::spec_for(|k| std::env::var(k).ok());
    mcp_shared::run(spec)
}
