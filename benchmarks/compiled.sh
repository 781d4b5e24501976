#!/usr/bin/env bash
# Build the mypyc-compiled variant into .venv-compiled (apart from the dev venv,
# so edits to the source never hide behind a stale binary) and run the engine
# benchmark on it. Usage: bash benchmarks/compiled.sh [engine.py options]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x .venv-compiled/bin/python ]; then
  python3 -m venv .venv-compiled
fi
.venv-compiled/bin/python -m pip install --quiet --upgrade pip
SKIPBO_COMPILE=1 .venv-compiled/bin/python -m pip install --quiet --force-reinstall --no-deps .
.venv-compiled/bin/python -m pip install --quiet tqdm
.venv-compiled/bin/python -c "import skipbo.core.state as s; print('compiled:', s.__file__)"
cd benchmarks && ../.venv-compiled/bin/python engine.py "$@"
