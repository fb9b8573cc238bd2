"""A client we did not write: the Python MCP SDK (PyPI `mcp`, 2.x) against every server.

For each servers/<service>/ (its debug binary, built by the tests) over stdio and over
streamable HTTP, at the newest protocol revision and at 2025-06-18: connect, list tools,
check every input and output schema is a valid JSON Schema (draft 2020-12), that every tool
the catalog (`catalog/klavis-tools.json`) lists for the service is there with its parameters,
call the tool that
servers/<service>/smoke.json names against a local fake vendor, and check its structured
output against its output schema. `smoke.json`'s `upstream` says what the call reaches: a fake
vendor answering `upstream_body` (the default), nothing (`"none"`: bundled data), or a
connection that nobody answers (`"connector"`: the call must fail as a clear tool error).
Servers run in parallel, one process each. Exits non-zero when any fails.

usage: python .ci/python_client.py TARGET_DIR [SERVICE...]
"""

import asyncio
import concurrent.futures
import http.server
import json
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import jsonschema
import mcp.client.session as session_module
from mcp import Client, StdioServerParameters

ROOT = Path(__file__).resolve().parent.parent
CATALOG = json.loads((ROOT / "catalog" / "klavis-tools.json").read_text())
NEWEST = "2026-07-28"
LEGACY = "2025-06-18"
SECRET = "python-sdk-secret-1234"
DEFAULT_CREDENTIALS = {"access_token": "python-sdk-token", "authed_user": {"access_token": "python-sdk-user"}}


def fake_vendor(body: bytes) -> str:
    """Answer every request with the smoke body, as the vendor would."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def _answer(self):
            length = int(self.headers.get("content-length") or 0)
            if length:
                self.rfile.read(length)
            self.send_response(200)
            self.send_header("content-type", "application/json")
            self.send_header("content-length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_address[1]}"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fill(value, vendor: str, unreachable: str):
    """`{secret}`, `{vendor}` and `{unreachable}` in the strings of a smoke.json value."""
    text = json.dumps(value)
    for key, by in (("{secret}", SECRET), ("{vendor}", vendor), ("{unreachable}", unreachable)):
        text = text.replace(key, by)
    return json.loads(text)


def binary_of(service: str) -> str:
    """The package and binary name (xtask's rule: a name that starts with a digit gets a prefix)."""
    name = service.replace("_", "-")
    return f"mcp-server-{name}" if name[:1].isdigit() else f"{name}-mcp-server"


def env_prefix(service: str) -> str:
    """`GITHUB` for github; `MCP_12306` for 12306 (a variable name cannot start with a digit)."""
    upper = service.upper()
    return f"MCP_{upper}" if upper[:1].isdigit() else upper


def server_env(service: str, smoke: dict, vendor: str, unreachable: str) -> dict:
    env = {
        "PATH": os.environ.get("PATH", ""),
        "AUTH_DATA": json.dumps(fill(smoke.get("credentials", DEFAULT_CREDENTIALS), vendor, unreachable)),
        "RUST_LOG": "warn",
    }
    if vendor:
        env[f"{env_prefix(service)}_API_BASE_URL"] = vendor
    env.update(fill(smoke.get("env", {}), vendor, unreachable))
    return env


async def exercise(target, smoke: dict, version: str, label: str) -> None:
    if version == NEWEST:
        client = Client(target, mode=NEWEST)
    else:
        # The SDK's handshake asks for its latest handshake-era version; ask for 2025-06-18.
        session_module.LATEST_HANDSHAKE_VERSION = LEGACY
        client = Client(target, mode="legacy")
    async with client as c:
        if version == LEGACY:
            negotiated = c.session.initialize_result.protocol_version
            assert negotiated == LEGACY, f"{label}: negotiated {negotiated}, wanted {LEGACY}"
        tools = (await c.list_tools()).tools
        assert tools, f"{label}: no tools"
        by_name = {}
        for t in tools:
            jsonschema.Draft202012Validator.check_schema(t.input_schema)
            assert t.input_schema.get("type") == "object", f"{label}: {t.name} input schema is not an object"
            if t.output_schema:
                jsonschema.Draft202012Validator.check_schema(t.output_schema)
            by_name[t.name] = t
        for wanted in CATALOG.get(smoke["service"], {}).get("tools", []):
            listed = by_name.get(wanted["name"])
            assert listed, f"{label}: catalog tool {wanted['name']} is not listed"
            properties = listed.input_schema.get("properties", {})
            for param in wanted.get("params", []):
                assert param["name"] in properties, f"{label}: {wanted['name']} has no parameter {param['name']}"
        tool = by_name[smoke["tool"]]
        result = await c.call_tool(smoke["tool"], smoke["arguments"])
        texts = " ".join(getattr(b, "text", "") for b in result.content)
        if smoke.get("upstream") == "connector":
            assert result.is_error and texts.strip(), f"{label}: {smoke['tool']} must fail clearly without its backend: {texts}"
            assert SECRET not in texts, f"{label}: a credential in the error"
            print(f"python-sdk: {label}: {len(tools)} tools, {smoke['tool']} failed clearly without its backend")
            return
        assert not result.is_error, f"{label}: {smoke['tool']} failed: {texts}"
        if tool.output_schema:
            assert result.structured_content is not None, f"{label}: no structuredContent"
            jsonschema.validate(result.structured_content, tool.output_schema)
        print(f"python-sdk: {label}: {len(tools)} tools, {smoke['tool']} ok")


async def check_service(target_dir: Path, service: str) -> None:
    binary = target_dir / "debug" / binary_of(service)
    smoke = json.loads((ROOT / "servers" / service / "smoke.json").read_text())
    smoke["service"] = service
    upstream = smoke.get("upstream", "http")
    vendor = fake_vendor(json.dumps(smoke.get("upstream_body", {})).encode()) if upstream == "http" else ""
    unreachable = f"127.0.0.1:{free_port()}"
    smoke["arguments"] = fill(smoke.get("arguments", {}), vendor, unreachable)
    env = server_env(service, smoke, vendor, unreachable)
    # In its crate's directory, as the standard suite runs it: a local server's workspace is
    # the current directory, where its smoke call's file is.
    cwd = ROOT / "servers" / service
    for version in (NEWEST, LEGACY):
        stdio = StdioServerParameters(command=str(binary), args=[], env=env, cwd=str(cwd))
        await exercise(stdio, smoke, version, f"{service} stdio {version}")
        port = free_port()
        proc = subprocess.Popen(
            [str(binary), "--transport", "http", "--port", str(port)],
            env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        try:
            deadline = time.time() + 10
            while time.time() < deadline:
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.02)
            await exercise(f"http://127.0.0.1:{port}/mcp", smoke, version, f"{service} http {version}")
        finally:
            proc.terminate()
            proc.wait(timeout=10)


def main() -> int:
    target_dir = Path(sys.argv[1])
    services = sys.argv[2:] or sorted(p.name for p in (ROOT / "servers").iterdir() if (p / "Cargo.toml").exists())
    failed = []
    # One process per server (the legacy handshake patches the SDK module), as many at once
    # as there are cores.
    with concurrent.futures.ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        runs = {pool.submit(run_service, target_dir, s): s for s in services}
        for run in concurrent.futures.as_completed(runs):
            error = run.result()
            if error:
                print(f"python-sdk: {runs[run]} FAILED: {error}", file=sys.stderr)
                failed.append(runs[run])
    if failed:
        print(f"python-sdk: {len(failed)} of {len(services)} server(s) failed: {', '.join(sorted(failed))}")
        return 1
    print(f"python-sdk: {len(services)} server(s) ok")
    return 0


def run_service(target_dir: Path, service: str) -> str:
    """The check of one server, in a worker process: an error's text, or "" when it passed."""
    try:
        asyncio.run(check_service(target_dir, service))
        return ""
    except BaseException as e:  # noqa: BLE001 - reported to the parent, which fails the run
        # A failure inside the SDK's task groups arrives wrapped: say what it was.
        while isinstance(e, BaseExceptionGroup) and e.exceptions:
            e = e.exceptions[0]
        return f"{type(e).__name__}: {e}"


if __name__ == "__main__":
    sys.exit(main())
