"""Stdlib-only Python version of toolbench's base lint rules.

scripts/bench.sh times it against toolbench on the same file: it is the
speed a straightforward implementation on Python's C json module reaches.
It prints the issues as JSON, as `toolbench lint --json` does.
"""
import json
import re
import sys

NAME = re.compile(r"^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$")
TYPES = {"array", "boolean", "integer", "null", "number", "object", "string"}


def tools_of(doc):
    if isinstance(doc, list):
        return "$", doc
    if isinstance(doc, dict) and isinstance(doc.get("tools"), list):
        return "$.tools", doc["tools"]
    return "$", [doc]


def schema(s, path, out):
    if not isinstance(s, dict):
        return
    t = s.get("type")
    for x in t if isinstance(t, list) else [t]:
        if x is not None and x not in TYPES:
            out.append(("error", "unknown-type", path))
    if "enum" in s:
        e = s["enum"]
        if not isinstance(e, list) or not e:
            out.append(("error", "invalid-enum", path))
        else:
            seen = []
            for v in e:
                if v in seen:
                    out.append(("warning", "duplicate-enum-value", path))
                seen.append(v)
        if t is None:
            out.append(("warning", "enum-without-type", path))
    props = s.get("properties")
    if isinstance(props, dict):
        for k, v in props.items():
            schema(v, path + ".properties." + k, out)
    if t == "object" and not props:
        out.append(("warning", "empty-properties", path))
    req = s.get("required")
    if req is not None:
        if not isinstance(req, list) or not all(isinstance(r, str) for r in req):
            out.append(("error", "invalid-required", path))
        else:
            for r in req:
                if not isinstance(props, dict) or r not in props:
                    out.append(("error", "required-not-in-properties", path))
    if t == "array":
        if "items" not in s:
            out.append(("error", "array-without-items", path))
        else:
            schema(s["items"], path + ".items", out)


def lint(doc):
    out = []
    base, tools = tools_of(doc)
    if not tools:
        out.append(("warning", "empty-tool-list", base))
    seen = set()
    for i, tool in enumerate(tools):
        path = "%s[%d]" % (base, i)
        fn = tool.get("function", tool) if isinstance(tool, dict) else None
        if not isinstance(fn, dict):
            out.append(("error", "invalid-tool", path))
            continue
        if "function" in tool:
            path += ".function"
        name = fn.get("name")
        if not isinstance(name, str):
            out.append(("error", "missing-name", path))
        elif not NAME.match(name):
            out.append(("error", "invalid-name", path + ".name"))
        if isinstance(name, str):
            if name in seen:
                out.append(("error", "duplicate-name", path + ".name"))
            seen.add(name)
        desc = fn.get("description")
        if not desc:
            out.append(("warning", "missing-description", path))
        elif len(desc) < 20:
            out.append(("warning", "short-description", path + ".description"))
        if "parameters" not in fn:
            out.append(("warning", "missing-parameters", path))
        else:
            schema(fn["parameters"], path + ".parameters", out)
    out.sort(key=lambda x: x[0] != "error")
    return out


def main():
    with open(sys.argv[1], "rb") as f:
        doc = json.load(f)
    issues = lint(doc)
    json.dump([{"severity": s, "code": c, "path": p} for s, c, p in issues], sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
