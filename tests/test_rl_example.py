"""The training example runs: a few training rounds, a few rounds of evaluation.

Budgets are counted in rounds, not seconds, so that the test does the same work on
any machine and CI stays fast.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip("numpy")
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
    policy, rounds = example.train(seconds=60.0, seed=0, lr=0.5, max_rounds=40)
    assert rounds == 40 and policy.weights.any()
    wins, losses, none = example.evaluate(policy, rounds=5, stock=3, seed=0)
    assert wins + losses + none == 5


def test_a_saved_policy_loads_with_the_same_moves(tmp_path: Path) -> None:
    example = load_example()
    policy, _ = example.train(seconds=60.0, seed=1, lr=0.5, max_rounds=8)
    path = tmp_path / "policy.npz"
    policy.save(path)
    loaded = example.LinearPolicy.load(path)
    assert np.array_equal(loaded.weights, policy.weights)
    assert np.array_equal(loaded.scale, policy.scale)
    assert example.evaluate(loaded, 4, 3, seed=5) == example.evaluate(policy, 4, 3, seed=5)


def test_the_script_shows_progress_saves_loads_and_meets_random_and_hard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = load_example()
    path = tmp_path / "policy.npz"
    argv = ["--rounds", "10", "--eval-rounds", "2", "--save", str(path)]
    example.main(argv)
    captured = capsys.readouterr()
    assert "training" in captured.err and "10/10" in captured.err  # the tqdm bar
    assert path.exists()
    assert f"saved {path}" in captured.out and f"loaded {path}" in captured.out
    for stock in (3, 30):
        for opponent in ("random", "hard"):
            assert f"stock {stock}: vs {opponent} " in captured.out
    example.main(["--load", str(path), "--eval-rounds", "1"])
    again = capsys.readouterr().out
    assert "trained" not in again and f"loaded {path}" in again and "vs hard" in again


def test_a_missing_policy_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    example = load_example()
    with pytest.raises(SystemExit) as stop:
        example.main(["--load", str(tmp_path / "nope.npz")])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "nope.npz" in err and "Traceback" not in err
