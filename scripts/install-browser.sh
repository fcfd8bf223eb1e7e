#!/usr/bin/env bash
# Installs what the browser checks need, once, and is fast after that (idempotent):
# headless Chromium and its WebDriver from Debian's packages (apt, as root), and the
# selenium client from PyPI in a virtualenv under .build/ (the system Python is left alone).
# Prints nothing on success but one line; the checks that use it (preview, playground,
# report pages) call it first. Usage: bash scripts/install-browser.sh
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null; then
    echo "install-browser: installing chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends chromium chromium-driver fonts-dejavu-core >/dev/null
fi

venv=.build/browser-venv
if ! "$venv/bin/python" -c 'import selenium' 2>/dev/null; then
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "selenium==4.27.1"
fi
echo "install-browser: $(chromium --version 2>/dev/null | head -1); selenium $("$venv/bin/python" -c 'import selenium; print(selenium.__version__)')"
