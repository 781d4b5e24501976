"""Where seeded tasks run, as the ``--backend`` and ``--address`` options say.

Apart from :mod:`.pool` (which runs them) and :mod:`.ray_backend` (Ray's side),
so that both read it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass

BACKENDS = ("process", "ray")
RAY_INSTALL_HINT = "pip install -e '.[ray]' in a checkout, or pip install 'skipbo[ray]'"


@dataclass(frozen=True, slots=True)
class Backend:
    """Where the tasks run: ``process`` (this machine) or ``ray`` (a Ray cluster).

    ``address`` is an existing Ray cluster's ``host:port``; None with ``ray``
    starts a local cluster for the run and stops it afterwards.
    """

    name: str = "process"
    address: str | None = None

    def __post_init__(self) -> None:
        if self.name not in BACKENDS:
            raise ValueError(f"unknown backend {self.name!r} (known: {', '.join(BACKENDS)})")
        if self.address is not None and self.name != "ray":
            raise ValueError("--address names a Ray cluster: it needs --backend ray")
        if self.address is not None:
            split_address(self.address)


def split_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (``[V6HOST]:PORT`` too) as a pair; ``ValueError`` if it is not one."""
    host, _, port = address.rpartition(":")
    host = host.removeprefix("[").removesuffix("]")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"--address must be HOST:PORT, not {address!r}")
    return host, int(port)
