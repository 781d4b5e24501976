#!/usr/bin/env bash
# The whole check: set up, lint (ruff, eslint), type-check (mypy, strict on skipbo.core;
# tsc on the page's JavaScript), test (pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== ruff"
.venv/bin/ruff check src tests benchmarks examples
.venv/bin/ruff format --check src tests benchmarks examples
echo "== mypy"
.venv/bin/mypy
if [ -x node_modules/.bin/tsc ] && [ -x node_modules/.bin/eslint ]; then
  echo "== tsc (the page's JavaScript, strict, from its JSDoc) and eslint"
  node_modules/.bin/tsc -p tsconfig.json
  node_modules/.bin/tsc -p tsconfig.worker.json
  node_modules/.bin/eslint src/skipbo/server/static
elif [ -n "${CI:-}" ]; then
  echo "no node_modules/.bin/tsc or eslint: npm ci failed" >&2
  exit 1
fi
echo "== pytest"
.venv/bin/python -m pytest -n 2 -rs -p no:cacheprovider "$@"
