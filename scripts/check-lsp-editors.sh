#!/usr/bin/env bash
# Drives `tipc lsp` from a real editor we did not write: Emacs with eglot (Debian's
# emacs-nox and elpa-eglot), headless, on a scratch copy of Definitions/notes-app:
# diagnostics as you type, definition, references, hover, completion, outline, rename,
# formatting, shutdown (scripts/lsp-client/eglot-check.el). Installs the editor the first
# time (apt, as root), then is fast; idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"

if ! command -v emacs >/dev/null || ! dpkg -s elpa-eglot >/dev/null 2>&1; then
    echo "check-lsp-editors: installing emacs-nox and elpa-eglot"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends emacs-nox elpa-eglot >/dev/null
fi

swift build --product tipc >/dev/null
TIPC="$(swift build --show-bin-path)/tipc"

# eglot finds the project through version control: a scratch git repository.
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r Definitions/notes-app "$work/"
git -C "$work" init -q .

cd "$work"
if emacs --batch --no-init-file -l "$REPO/scripts/lsp-client/eglot-check.el" "$work/notes-app" "$TIPC" \
    >"$work/emacs.log" 2>&1; then
    grep '^eglot: ' "$work/emacs.log"
    echo "check-lsp-editors: all $(grep -c '^eglot: ok' "$work/emacs.log") eglot checks passed (Emacs $(emacs --batch --eval '(princ emacs-version)' 2>/dev/null))"
else
    status=$?
    cat "$work/emacs.log"
    echo "check-lsp-editors: eglot check failed (status $status)"
    exit 1
fi
