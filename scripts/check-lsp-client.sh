#!/usr/bin/env bash
# Drives `tipc lsp` with pytest-lsp, an LSP client from PyPI that we did not write, using
# the recorded client capabilities of VS Code, Neovim and Emacs (scripts/lsp-client/).
# Installs the client the first time (pinned), then is fast; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
PYTEST_LSP_VERSION=1.0.1

if ! "$PYTHON" -c "import pytest_lsp, sys; sys.exit(0 if pytest_lsp.__version__ == '$PYTEST_LSP_VERSION' else 1)" 2>/dev/null; then
    echo "check-lsp-client: installing pytest-lsp==$PYTEST_LSP_VERSION"
    "$PYTHON" -m pip install --quiet --disable-pip-version-check "pytest-lsp==$PYTEST_LSP_VERSION"
fi

swift build --product tipc >/dev/null
TIPC="$(swift build --show-bin-path)/tipc"
export TIPC TIPS_REPO="$PWD"

cd scripts/lsp-client
timeout 600 "$PYTHON" -m pytest -q -p no:cacheprovider test_tipc_lsp.py
