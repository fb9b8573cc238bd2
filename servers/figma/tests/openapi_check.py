#!/usr/bin/env python3
"""Check the requests the tests' fakes received against Figma's OpenAPI description.

    cd /tmp && npm pack @figma/rest-api-spec && tar xzf figma-rest-api-spec-*.tgz
    FIGMA_REQUEST_LOG=/tmp/figma-requests.jsonl cargo test -p figma-mcp-server
    python3 servers/figma/tests/openapi_check.py /tmp/package/openapi/openapi.yaml /tmp/figma-requests.jsonl

For every request: the route and method exist; every query parameter is declared, the
required ones are there, and each value fits its schema; a JSON body validates against the
operation's request body schema (and an operation without one gets no body); the credential
header is one of the operation's security schemes (`X-Figma-Token` for PersonalAccessToken,
Bearer for OAuth2). Each fake answer (logged by the tests' `req(...)` helper) must be a
status the operation documents, with a body that validates against its response schema. Needs PyYAML and jsonschema.
"""

import json
import re
import sys

import jsonschema
import yaml


def main(spec_path, log_path):
    spec = yaml.safe_load(open(spec_path))
    notes = []

    def walk(x, where):
        # A `required` name that the same schema's `properties` do not declare is a slip of
        # the spec (PUT /v1/dev_resources answers `links_updated` but requires
        # `links_created`; PUT /v2/webhooks/{id} requires an undeclared `team_id`): note it
        # and drop it.
        if isinstance(x, dict):
            props, req = x.get("properties"), x.get("required")
            if isinstance(props, dict) and isinstance(req, list):
                slips = [r for r in req if r not in props]
                if slips:
                    notes.append(f"{where}: requires undeclared {slips}")
                    x["required"] = [r for r in req if r in props]
            for k, v in x.items():
                walk(v, f"{where}/{k}")
        elif isinstance(x, list):
            for i, v in enumerate(x):
                walk(v, f"{where}/{i}")

    walk(spec["paths"], "paths")
    walk(spec["components"], "components")
    # Node objects are checked for what the tools read (id, name, type): Figma's node schemas
    # require dozens of rendering properties (blendMode, constraints, effects...) that a
    # node summary never looks at, and the fakes leave them out.
    for name in list(spec["components"]["schemas"]):
        if name == "Node" or name.endswith("Node"):
            spec["components"]["schemas"][name] = {
                "type": "object",
                "required": ["id", "name", "type"],
                "properties": {"id": {"type": "string"}, "name": {"type": "string"},
                               "type": {"type": "string"},
                               "children": {"type": "array", "items": {"$ref": "#/components/schemas/Node"}}},
            }

    def validator(schema):
        # `#/components/...` references resolve inside the schema itself.
        return jsonschema.Draft202012Validator({**schema, "components": spec["components"]})

    def deref(x):
        while isinstance(x, dict) and "$ref" in x:
            node = spec
            for part in x["$ref"].lstrip("#/").split("/"):
                node = node[part]
            x = node
        return x

    routes = []
    for path, ops in spec["paths"].items():
        rx = "^" + re.sub(r"\{[^}]+\}", "[^/]+", path) + "$"
        routes.append((re.compile(rx), path, ops))

    problems, seen, n, answers = [], set(), 0, 0
    for line in open(log_path):
        r = json.loads(line)
        where = f"{r['method']} {r['path']}"
        match = [(p, ops) for rx, p, ops in routes if rx.match(r["path"])]
        # A literal route wins over a templated one (e.g. /v1/files/{key}/nodes).
        match.sort(key=lambda m: m[0].count("{"))
        if not match:
            problems.append(f"{where}: no such route in the spec")
            continue
        path, ops = match[0]
        op = ops.get(r["method"].lower())
        if op is None:
            problems.append(f"{where}: {r['method']} not allowed on {path}")
            continue
        if r.get("kind") == "response":
            answers += 1
            resp = deref(op.get("responses", {}).get(str(r["status"])))
            if resp is None:
                problems.append(f"{where}: the spec documents no {r['status']} answer")
                continue
            schema = resp.get("content", {}).get("application/json", {}).get("schema")
            if schema is None:
                if r["body"] not in (None, {}):
                    problems.append(f"{where}: {r['status']} has no body in the spec")
                continue
            for e in validator(schema).iter_errors(r["body"]):
                loc = "/".join(str(x) for x in e.absolute_path)
                problems.append(f"{where}: fake's {r['status']} body {loc}: {e.message}")
            continue
        n += 1
        seen.add((r["method"], path))
        params = [deref(p) for p in op.get("parameters", []) + ops.get("parameters", [])]
        qdecl = {p["name"]: p for p in params if p["in"] == "query"}
        got = {}
        for k, v in r["query"]:
            got.setdefault(k, []).append(v)
        for k, vs in got.items():
            if k not in qdecl:
                problems.append(f"{where}: query `{k}` is not a parameter of {path}")
                continue
            if len(vs) > 1:
                problems.append(f"{where}: query `{k}` sent {len(vs)} times")
            schema = qdecl[k].get("schema", {})
            for v in vs:
                t = schema.get("type")
                value = v
                try:
                    if t == "number":
                        value = float(v)
                    elif t == "integer":
                        value = int(v)
                    elif t == "boolean":
                        if v not in ("true", "false"):
                            raise ValueError(v)
                        value = v == "true"
                except ValueError:
                    problems.append(f"{where}: query `{k}`={v!r} is not a {t}")
                    continue
                for e in validator(schema).iter_errors(value):
                    problems.append(f"{where}: query `{k}`={v!r}: {e.message}")
        for k, p in qdecl.items():
            if p.get("required") and k not in got:
                problems.append(f"{where}: required query `{k}` missing")
        body = r["body"]
        rb = deref(op.get("requestBody")) if op.get("requestBody") else None
        if rb is None:
            if body is not None:
                problems.append(f"{where}: a body where the spec has none")
        else:
            schema = rb["content"]["application/json"]["schema"]
            if body is None:
                if rb.get("required"):
                    problems.append(f"{where}: the required body is missing")
            else:
                for e in validator(schema).iter_errors(body):
                    loc = "/".join(str(x) for x in e.absolute_path)
                    problems.append(f"{where}: body {loc}: {e.message}")
        schemes = {k for s in op.get("security", spec.get("security", [])) for k in s}
        if r["x_figma_token"]:
            if not schemes & {"PersonalAccessToken", "PlanAccessToken"}:
                problems.append(f"{where}: X-Figma-Token, which {path} does not take")
        elif r["bearer"]:
            if "OAuth2" not in schemes:
                problems.append(f"{where}: Bearer, which {path} does not take")
        else:
            problems.append(f"{where}: no credential")
    for x in notes:
        print("note: the spec", x)
    for p in problems:
        print("FAIL", p)
    print(f"{n} requests, {len(seen)} operations, {answers} fake answers, {len(problems)} problems")
    for m, p in sorted(seen, key=lambda x: (x[1], x[0])):
        print("  ", m, p)
    return 1 if problems or n == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
