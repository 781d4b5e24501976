"""What the ``skipbo`` commands exit with, and the error that ends one with a single
line on standard error (exit 2): what the command line and the record commands share."""

from __future__ import annotations

PROG = "skipbo"
EXIT_OK, EXIT_NOT_OK, EXIT_USAGE = 0, 1, 2
EXIT_SOFTWARE = 70
"""A share's process failed (``sysexits.h``'s EX_SOFTWARE)."""
EXIT_INTERRUPTED = 130
"""128 + SIGINT, what a shell reports for a command stopped with Ctrl-C."""
EXIT_BROKEN_PIPE = 141
"""128 + SIGPIPE, what a shell reports for a writer whose reader went away."""


class UsageError(Exception):
    """Bad arguments or an input that cannot be used: one line on stderr, exit 2."""
