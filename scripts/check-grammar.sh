#!/usr/bin/env bash
# Tokenizes Definitions/ and Editors/tests/constructs.tips with Editors/tips.tmLanguage.json
# in textmate-grammar-python (PyPI, pinned; a TextMate engine we did not write) and compares
# the scopes with Editors/tests/golden/. Pass --update to rewrite the golden files.
# Installs the engine the first time, then is fast; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"

PYTHON=${PYTHON:-python3}
VERSION=0.6.1
if ! "$PYTHON" -c "import importlib.metadata as m, sys; sys.exit(0 if m.version('textmate-grammar-python') == '$VERSION' else 1)" 2>/dev/null; then
    echo "check-grammar: installing textmate-grammar-python==$VERSION"
    "$PYTHON" -m pip install --quiet --disable-pip-version-check "textmate-grammar-python==$VERSION"
fi

# The engine creates a cache folder in the working directory: keep it out of the checkout.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
"$PYTHON" "$REPO/scripts/grammar/check_grammar.py" "$REPO" "$@"
