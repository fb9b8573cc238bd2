"""Extract the facts the tests check requests against from Google's discovery documents.

Run from the crate directory after unpacking google-api-python-client's
googleapiclient/discovery_cache/documents/{youtube.v3,youtubeAnalytics.v2}.json into DIR:

    python3 tests/youtube/discovery.py DIR > tests/youtube/discovery.json

Only names, locations, types, required flags, enums, bounds and request-body fields are kept.
"""
import json
import sys

METHODS = {
    "youtube.v3.json": [
        "youtube.captions.list", "youtube.captions.download", "youtube.channels.list",
        "youtube.playlistItems.insert", "youtube.playlistItems.list", "youtube.playlists.insert",
        "youtube.playlists.list", "youtube.search.list", "youtube.subscriptions.list",
        "youtube.videos.list", "youtube.videos.rate",
    ],
    "youtubeAnalytics.v2.json": ["youtubeAnalytics.reports.query"],
}


def walk(resources):
    for r in resources.values():
        for m in r.get("methods", {}).values():
            yield m
        yield from walk(r.get("resources", {}))


def fields(doc, name, depth=0):
    """The property tree of schema `name`: {prop: type or subtree}."""
    s = doc["schemas"][name]
    out = {}
    for k, p in s.get("properties", {}).items():
        if "$ref" in p and depth < 3:
            out[k] = fields(doc, p["$ref"], depth + 1)
        elif p.get("type") == "object" and "properties" in p:
            out[k] = {kk: vv.get("type", "object") for kk, vv in p["properties"].items()}
        else:
            out[k] = p.get("type", "object")
    return out


def param(p):
    keep = {k: p[k] for k in ("location", "type", "required", "repeated", "enum", "minimum", "maximum") if k in p}
    return keep


def main(root):
    out = {"source": {}, "methods": {}}
    for fname, ids in METHODS.items():
        doc = json.load(open(f"{root}/{fname}"))
        out["source"][fname] = {"revision": doc.get("revision"), "rootUrl": doc["rootUrl"]}
        globals_ = sorted(doc.get("parameters", {}))
        for m in walk(doc["resources"]):
            if m["id"] not in ids:
                continue
            e = {
                "httpMethod": m["httpMethod"],
                "path": m["path"],
                "parameters": {k: param(v) for k, v in m.get("parameters", {}).items()},
                "globalParameters": globals_,
            }
            if "request" in m:
                e["request"] = fields(doc, m["request"]["$ref"])
            # The parts a `part` parameter may name: the resource's top-level properties.
            res = None
            if "request" in m:
                res = m["request"]["$ref"]
            elif "response" in m:
                resp = doc["schemas"][m["response"]["$ref"]]
                items = resp.get("properties", {}).get("items", {}).get("items", {})
                res = items.get("$ref")
            if res and "part" in e["parameters"]:
                e["parts"] = sorted(doc["schemas"][res].get("properties", {}))
            out["methods"][m["id"]] = e
    json.dump(out, sys.stdout, indent=1, sort_keys=True)
    print()


main(sys.argv[1])
