#!/usr/bin/env python3
"""Validates JSON documents against a JSON Schema: validate_json.py SCHEMA FILE...

With --only-schema-prefix P, files whose "schema" field does not start with P are skipped (so a
folder of mixed fixtures can be passed). Prints one line per invalid file; exit 1 if any.
"""
import json
import sys

try:
    import jsonschema
except ImportError:
    print("validate_json.py: python package jsonschema is missing (scripts/build/setup.sh --test installs it)")
    sys.exit(77)


def main(argv):
    prefix = None
    if len(argv) > 1 and argv[1] == "--only-schema-prefix":
        prefix = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) < 3:
        print(__doc__.strip())
        return 2
    with open(argv[1]) as f:
        schema = json.load(f)
    validator = jsonschema.Draft202012Validator(schema)
    bad = checked = 0
    for path in argv[2:]:
        try:
            with open(path) as f:
                doc = json.load(f)
        except (OSError, ValueError) as e:
            if prefix:
                continue  # deliberately corrupt fixtures are not documents
            print(f"{path}: {e}")
            bad += 1
            continue
        if prefix and not str(doc.get("schema", "") if isinstance(doc, dict) else "").startswith(prefix):
            continue
        checked += 1
        errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
        for e in errors[:5]:
            where = "/".join(str(p) for p in e.path) or "(root)"
            print(f"{path}: {where}: {e.message}")
        bad += bool(errors)
    print(f"validate_json: {checked} document(s) checked, {bad} invalid")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
