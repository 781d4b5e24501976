"""The coach: hints and move-by-move analysis from the expert and the learned evaluation.

:func:`analyze` assesses a seat's moves in a record (``skipbo analyze``),
:func:`hint` gives the expert's move for a view (the terminal game's ``h``, the
browser's Hint button). Both read only the seat's view.
"""

from .analysis import MARKS, Assessment, Decision, Evaluator, analyze, decisions, hint, mark_for

__all__ = [
    "MARKS",
    "Assessment",
    "Decision",
    "Evaluator",
    "analyze",
    "decisions",
    "hint",
    "mark_for",
]
