"""``python -m skipbo`` is the ``skipbo`` command."""

from skipbo.cli import command

command()
