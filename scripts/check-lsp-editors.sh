#!/usr/bin/env bash
# Drives `tipc lsp` from real editors we did not write, headless, on a scratch copy of
# Definitions/notes-app: Emacs with eglot (scripts/lsp-client/eglot-check.el) and Neovim's
# built-in client (scripts/lsp-client/nvim-check.lua), both from Debian's packages:
# diagnostics as you type, definition, references, hover, completion, outline, rename,
# formatting, shutdown. Installs the editors the first time (apt, as root), then is fast;
# idempotent.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO="$PWD"

if ! command -v emacs >/dev/null || ! dpkg -s elpa-eglot >/dev/null 2>&1 || ! command -v nvim >/dev/null; then
    echo "check-lsp-editors: installing emacs-nox, elpa-eglot and neovim"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends emacs-nox elpa-eglot neovim >/dev/null
fi

swift build --product tipc >/dev/null
TIPC="$(swift build --show-bin-path)/tipc"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0

# Emacs: eglot finds the project through version control, so the copy is a git repository.
mkdir "$work/emacs"
cp -r Definitions/notes-app "$work/emacs/"
git -C "$work/emacs" init -q .
if (cd "$work/emacs" && timeout 300 emacs --batch --no-init-file -l "$REPO/scripts/lsp-client/eglot-check.el" \
        "$work/emacs/notes-app" "$TIPC") >"$work/emacs.log" 2>&1; then
    grep '^eglot: ' "$work/emacs.log"
    echo "check-lsp-editors: Emacs $(emacs --batch --eval '(princ emacs-version)' 2>/dev/null) with eglot: all $(grep -c '^eglot: ok' "$work/emacs.log") checks passed"
else
    cat "$work/emacs.log"
    echo "check-lsp-editors: the eglot check failed"
    failed=1
fi

# Neovim: no swap files (-n), no user configuration (-u NONE).
mkdir "$work/nvim"
cp -r Definitions/notes-app "$work/nvim/"
if (cd "$work/nvim" && TIPC="$TIPC" TIPS_WORKSPACE="$work/nvim" timeout 300 \
        nvim --headless -n -u NONE -c "luafile $REPO/scripts/lsp-client/nvim-check.lua") >"$work/nvim.log" 2>&1; then
    grep '^nvim: ' "$work/nvim.log"
    echo "check-lsp-editors: $(nvim --version | head -1): all $(grep -c '^nvim: ok' "$work/nvim.log") checks passed"
else
    cat "$work/nvim.log"
    echo "check-lsp-editors: the Neovim check failed"
    failed=1
fi
exit "$failed"
