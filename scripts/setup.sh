#!/usr/bin/env bash
# Create .venv (if missing) and install skipbo with its test tools into it; install the
# page's JavaScript checkers (tsc, eslint: package.json, pinned by package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
.venv/bin/python -m pip install --quiet --upgrade pip
.venv/bin/python -m pip install --quiet -e '.[test,rl,openspiel,postgres,cluster,ray]'
if command -v npm >/dev/null; then
  npm ci --no-audit --no-fund --loglevel=error
else
  echo "WARNING: no npm: the page's JavaScript is not type-checked or linted" >&2
fi
