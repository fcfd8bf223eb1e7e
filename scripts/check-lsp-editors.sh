#!/usr/bin/env bash
# Drives `tipc lsp` from real editors we did not write, headless, on a scratch copy of
# Definitions/notes-app, each configured by the init file Docs/editors.md shows: Emacs with eglot (scripts/lsp-client/eglot-check.el) and Neovim's
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
BIN="$(swift build --show-bin-path)"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
failed=0

# The editors are configured by exactly the files Docs/editors.md shows: each is the fenced
# block after a `<!-- checked: NAME -->` line.
extract() {
    python3 - "$1" "$2" <<'PY'
import sys
name, out = sys.argv[1], sys.argv[2]
lines = open("Docs/editors.md", encoding="utf-8").read().split("\n")
marker = "<!-- checked: %s -->" % name
i = lines.index(marker) + 1
assert lines[i].startswith("```"), "no code block after " + marker
j = lines.index("```", i + 1)
open(out, "w", encoding="utf-8").write("\n".join(lines[i + 1:j]) + "\n")
PY
}
extract eglot-init.el "$work/eglot-init.el"
extract nvim-init.lua "$work/init.lua"
# `tipc` on the PATH, as the documented configurations expect.
export PATH="$BIN:$PATH"

# Both copies sit in folders under no version control and without Package.swift: the
# configurations must find the catalog by itself.
mkdir "$work/emacs"
cp -r Definitions/notes-app "$work/emacs/"
if (cd "$work/emacs" && timeout 300 emacs --batch --no-init-file -l "$work/eglot-init.el" \
        -l "$REPO/scripts/lsp-client/eglot-check.el" "$work/emacs/notes-app") >"$work/emacs.log" 2>&1; then
    grep '^eglot: ' "$work/emacs.log"
    echo "check-lsp-editors: Emacs $(emacs --batch --eval '(princ emacs-version)' 2>/dev/null) with eglot: all $(grep -c '^eglot: ok' "$work/emacs.log") checks passed"
else
    cat "$work/emacs.log"
    echo "check-lsp-editors: the eglot check failed"
    failed=1
fi

# Neovim: no swap files (-n); the documented init.lua and nothing else.
mkdir "$work/nvim"
cp -r Definitions/notes-app "$work/nvim/"
if (cd "$work/nvim" && TIPS_WORKSPACE="$work/nvim" timeout 300 \
        nvim --headless -n -u "$work/init.lua" -c "luafile $REPO/scripts/lsp-client/nvim-check.lua") >"$work/nvim.log" 2>&1; then
    grep '^nvim: ' "$work/nvim.log"
    echo "check-lsp-editors: $(nvim --version | head -1): all $(grep -c '^nvim: ok' "$work/nvim.log") checks passed"
else
    cat "$work/nvim.log"
    echo "check-lsp-editors: the Neovim check failed"
    failed=1
fi
exit "$failed"
