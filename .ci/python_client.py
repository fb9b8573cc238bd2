"""A client we did not write: the Python MCP SDK (PyPI `mcp`, 2.x) against every server.

For each servers/<service>/ (its debug binary, built by the tests) over stdio and over
streamable HTTP, at the newest protocol revision and at 2025-06-18: connect, list tools,
check every input and output schema is a valid JSON Schema (draft 2020-12), call the tool that
servers/<service>/smoke.json names against a local fake vendor, and check its structured
output against its output schema. Exits non-zero on the first failure.

usage: python .ci/python_client.py TARGET_DIR [SERVICE...]
"""

import asyncio
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
NEWEST = "2026-07-28"
LEGACY = "2025-06-18"
AUTH = json.dumps({"access_token": "python-sdk-token", "authed_user": {"access_token": "python-sdk-user"}})


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


def server_env(service: str, vendor: str) -> dict:
    return {
        "PATH": os.environ.get("PATH", ""),
        f"{service.upper()}_API_BASE_URL": vendor,
        "AUTH_DATA": AUTH,
        "RUST_LOG": "warn",
    }


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
        tool = by_name[smoke["tool"]]
        result = await c.call_tool(smoke["tool"], smoke.get("arguments", {}))
        texts = " ".join(getattr(b, "text", "") for b in result.content)
        assert not result.is_error, f"{label}: {smoke['tool']} failed: {texts}"
        if tool.output_schema:
            assert result.structured_content is not None, f"{label}: no structuredContent"
            jsonschema.validate(result.structured_content, tool.output_schema)
        print(f"python-sdk: {label}: {len(tools)} tools, {smoke['tool']} ok")


async def check_service(target_dir: Path, service: str) -> None:
    binary = target_dir / "debug" / f"{service.replace('_', '-')}-mcp-server"
    smoke = json.loads((ROOT / "servers" / service / "smoke.json").read_text())
    vendor = fake_vendor(json.dumps(smoke.get("upstream_body", {})).encode())
    env = server_env(service, vendor)
    for version in (NEWEST, LEGACY):
        stdio = StdioServerParameters(command=str(binary), args=[], env=env)
        await exercise(stdio, smoke, version, f"{service} stdio {version}")
        port = free_port()
        proc = subprocess.Popen(
            [str(binary), "--transport", "http", "--port", str(port)],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
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
    for service in services:
        asyncio.run(check_service(target_dir, service))
    print(f"python-sdk: {len(services)} server(s) ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
