"""Render the Helm chart (deploy/helm/mcp-server) for every server with Helm itself, and check it.

    python .ci/helm_check.py HELM OUT_DIR

For every deploy/values/<service>.yaml:
  * `helm lint --strict` passes;
  * `helm template` in the default (multi-tenant) mode renders exactly the objects of
    deploy/manifests/<service>.yaml (the plain manifests `cargo xtask docs` generates), apart from
    Helm's own `helm.sh/chart` label: the chart and the manifests cannot drift apart;
  * single-tenant mode with a Secret, read-only and an extra variable renders what it says
    (AUTH_DATA from the Secret, no MCP_REQUIRE_AUTH_HEADER, MCP_READ_ONLY=1), written to OUT_DIR
    for the schema validator and the policy linter.
And for one server, that the chart refuses what it must: single-tenant without a Secret, an
unknown credentials mode, a server name that is not one.
"""

import pathlib
import subprocess
import sys

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
CHART = ROOT / "deploy/helm/mcp-server"
HELM_LABEL = "helm.sh/chart"


def helm(exe, *args, ok=True):
    p = subprocess.run([exe, *args], capture_output=True, text=True)
    if ok and p.returncode != 0:
        sys.exit(f"helm {' '.join(args)} failed:\n{p.stdout}{p.stderr}")
    return p


def docs(text):
    return [d for d in yaml.safe_load_all(text) if d]


def without_helm_labels(obj):
    """The object without Helm's chart label, wherever labels are."""
    if isinstance(obj, dict):
        return {
            k: without_helm_labels(v)
            for k, v in obj.items()
            if not (k == HELM_LABEL)
        }
    if isinstance(obj, list):
        return [without_helm_labels(v) for v in obj]
    return obj


def by_kind(objects):
    out = {}
    for o in objects:
        key = (o.get("kind"), o.get("metadata", {}).get("name"))
        if key in out:
            sys.exit(f"two objects {key}")
        out[key] = o
    return out


def env_of(objects):
    dep = next(o for o in objects if o["kind"] == "Deployment")
    return dep["spec"]["template"]["spec"]["containers"][0]["env"]


def first_difference(a, b, path="$"):
    if type(a) is not type(b):
        return f"{path}: {a!r} != {b!r}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}.{k}: only in {'the chart' if k in a else 'the manifest'}"
            d = first_difference(a[k], b[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            return f"{path}: {len(a)} items != {len(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}[{i}]")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {a!r} (chart) != {b!r} (manifest)"


def main():
    exe, out_dir = sys.argv[1], pathlib.Path(sys.argv[2])
    out_dir.mkdir(parents=True, exist_ok=True)
    values = sorted((ROOT / "deploy/values").glob("*.yaml"))
    if not values:
        sys.exit("no values under deploy/values")
    problems = []
    for v in values:
        service = v.stem
        manifest = ROOT / "deploy/manifests" / f"{service}.yaml"
        expected = docs(manifest.read_text())
        release = expected[0]["metadata"]["name"]
        helm(exe, "lint", "--strict", str(CHART), "-f", str(v))
        rendered = docs(helm(exe, "template", release, str(CHART), "-f", str(v)).stdout)
        chart, plain = by_kind(without_helm_labels(rendered)), by_kind(expected)
        if set(chart) != set(plain):
            problems.append(f"{service}: the chart renders {sorted(chart)}, the manifest has {sorted(plain)}")
            continue
        for key in sorted(chart):
            d = first_difference(chart[key], plain[key])
            if d:
                problems.append(f"{service} {key[0]}: {d}")
        # Single tenant, read-only, one extra variable.
        single = helm(
            exe, "template", release, str(CHART), "-f", str(v),
            "--set", "credentials.mode=single-tenant",
            "--set", f"credentials.existingSecret={release}-credentials",
            "--set", "readOnly=true",
            "--set", "extraEnv.MCP_UPSTREAM_TIMEOUT_SECS=20",
        ).stdout
        (out_dir / f"{service}-single-tenant.yaml").write_text(single)
        (out_dir / f"{service}.yaml").write_text(
            helm(exe, "template", release, str(CHART), "-f", str(v)).stdout
        )
        env = {e["name"]: e for e in env_of(docs(single))}
        pod = next(o for o in docs(single) if o["kind"] == "Deployment")["spec"]["template"]["spec"]
        volumes = {vol["name"]: vol for vol in pod.get("volumes", [])}
        mounts = {m["name"]: m for m in pod["containers"][0].get("volumeMounts", [])}
        secret = volumes.get("credentials", {}).get("secret", {})
        mount = mounts.get("credentials", {})
        file = env.get("AUTH_DATA_FILE", {}).get("value")
        if (
            secret.get("secretName") != f"{release}-credentials"
            or not mount.get("readOnly")
            or file != f"{mount.get('mountPath')}/AUTH_DATA"
            or "AUTH_DATA" in env
        ):
            problems.append(f"{service}: single-tenant credentials are not the Secret's file: {env} {volumes} {mounts}")
        if "MCP_REQUIRE_AUTH_HEADER" in env:
            problems.append(f"{service}: single-tenant still requires the auth header")
        if env.get("MCP_READ_ONLY", {}).get("value") != "1":
            problems.append(f"{service}: readOnly=true did not set MCP_READ_ONLY=1")
        if env.get("MCP_UPSTREAM_TIMEOUT_SECS", {}).get("value") != "20":
            problems.append(f"{service}: extraEnv did not reach the container")
    # What the chart must refuse, with a message that says why.
    github = str(ROOT / "deploy/values/github.yaml")
    for args, says in [
        (["--set", "credentials.mode=single-tenant"], "existingSecret"),
        (["--set", "credentials.mode=shared"], "mode"),
        (["--set", "server=Not A Server"], "server"),
    ]:
        p = helm(exe, "template", "x", str(CHART), "-f", github, *args, ok=False)
        if p.returncode == 0 or says not in p.stderr:
            problems.append(f"helm template {' '.join(args)} should fail naming `{says}`: {p.returncode} {p.stderr.strip()}")
    if problems:
        sys.exit("\n".join(problems))
    print(f"{len(values)} server(s): lint, multi-tenant render equal to deploy/manifests, single-tenant render, 3 refusals")


if __name__ == "__main__":
    main()
