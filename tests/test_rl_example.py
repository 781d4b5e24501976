"""The training example runs: a few seconds of training, a few rounds of evaluation."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("gymnasium")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "reinforce.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("reinforce_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_reinforce_example_trains_and_evaluates() -> None:
    example = load_example()
    policy, rounds = example.train(seconds=2.0, seed=0, lr=0.5)
    assert rounds > 0 and policy.weights.any()
    wins, losses, none = example.evaluate(policy, rounds=5, stock=3, seed=0)
    assert wins + losses + none == 5
