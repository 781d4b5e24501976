#!/usr/bin/env bash
# The whole check: set up, lint (ruff), type-check (mypy, strict on skipbo.core), test (pytest).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
echo "== ruff"
.venv/bin/ruff check src tests benchmarks examples
echo "== mypy"
.venv/bin/mypy
echo "== pytest"
.venv/bin/python -m pytest -n 2 -rs -p no:cacheprovider "$@"
