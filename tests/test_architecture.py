"""The layers hold: core imports nothing of ours, interfaces never import each other,
and no two modules import each other (directly or round a circle).

Read from the source with :mod:`ast` (every ``import`` and ``from`` at any depth,
lazy imports inside functions included, ``TYPE_CHECKING`` ones too), so a new
module is checked the day it is written.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"
PACKAGE = SRC / "skipbo"

LAYERS = {
    "core": set(),
    "records_io": {"core"},
    "exit_codes": set(),
    "record_commands": {"core", "records_io", "exit_codes"},
    "bots": {"core"},
    "sim": {"core", "bots"},
    "coach": {"core", "bots", "sim"},
    "rl": {"core", "bots", "sim"},
    "server": {"core", "bots", "sim", "coach"},
    "tui": {"core", "bots", "sim", "coach"},
}
"""What each package (or top-level module) may import besides itself (cli, at the top,
may import all)."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """The skipbo modules ``path`` imports (relative imports resolved)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            found |= {f"{target}.{alias.name}" for alias in node.names}
    return {m for m in found if m == "skipbo" or m.startswith("skipbo.")}


def graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (only names that are modules)."""
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    return {
        name: {m for m in imports(path) if m in paths and m != name} for name, path in paths.items()
    }


def test_each_package_imports_only_the_layers_below() -> None:
    wrong = []
    for module, targets in graph().items():
        layer = module.split(".")[1] if module.count(".") else ""
        if layer not in LAYERS:
            continue
        for target in targets:
            other = target.split(".")[1] if target.count(".") else ""
            if other and other != layer and other not in LAYERS[layer]:
                wrong.append(f"{module} imports {target}")
    assert not wrong, wrong


def test_no_module_imports_round_a_circle() -> None:
    edges = graph()
    # package __init__ files re-export their modules: an edge into a package's own
    # __init__ from inside it is how Python loads it, not a design circle
    for module in edges:
        edges[module] = {t for t in edges[module] if not module.startswith(t + ".")}
    circles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(module: str) -> None:
        state[module] = 1
        stack.append(module)
        for target in sorted(edges[module]):
            if state.get(target) == 1:
                circles.append([*stack[stack.index(target) :], target])
            elif target not in state:
                visit(target)
        stack.pop()
        state[module] = 2

    for module in sorted(edges):
        if module not in state:
            visit(module)
    assert not circles, [" -> ".join(c) for c in circles]
