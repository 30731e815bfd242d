"""Stdlib-only Python loop of validate_call over a JSON Lines file.

Usage: call.py FLAT_SCHEMAS CALLS.jsonl. Prints one JSON array of error
strings per line, as `toolbench call --json` does.
"""
import json
import sys

TYPES = {
    "str": lambda v: isinstance(v, str),
    "int": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "float": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool),
    "bool": lambda v: isinstance(v, bool),
    "list": lambda v: isinstance(v, list),
    "dict": lambda v: isinstance(v, dict),
}


def validate_call(call, schemas):
    name = call["name"]
    if name not in schemas:
        return ["unknown_tool:" + name]
    schema = schemas[name]
    req = schema.get("required", {})
    opt = schema.get("optional", {})
    args = call.get("args", call.get("arguments", {}))
    errs = ["missing:" + f for f in req if f not in args]
    errs += ["extra:" + f for f in sorted(args) if f not in req and f not in opt]
    for fields in (req, opt):
        for f, t in fields.items():
            if f in args and not TYPES[t](args[f]):
                errs.append("type:%s:%s" % (f, t))
    return errs


def main():
    with open(sys.argv[1]) as f:
        schemas = json.load(f)
    out = sys.stdout
    with open(sys.argv[2]) as f:
        for line in f:
            if not line.strip():
                continue
            try:
                errs = validate_call(json.loads(line), schemas)
            except ValueError as e:
                errs = ["malformed:%s" % e]
            out.write(json.dumps(errs))
            out.write("\n")


if __name__ == "__main__":
    main()
