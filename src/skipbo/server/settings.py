"""Every setting of a server, one process or a cluster worker, in one value.

``skipbo serve`` builds a :class:`ServerSettings` once from its options; a cluster
worker, which uvicorn starts in a fresh process, reads the same value back from
the environment (:meth:`ServerSettings.to_env`, :meth:`ServerSettings.from_env`).
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .analysis import ANALYSES_PER_MINUTE
from .guard import (
    CODE_MISSES_PER_MINUTE,
    CREATE_PER_MINUTE,
    GUESTS_PER_MINUTE,
    SOCKETS_PER_ADDRESS,
)
from .messages import RATE_PER_SECOND
from .timers import GRACE_SECONDS

IDLE_SECONDS = 30 * 60.0
"""A table nobody is connected to and nobody moved at for this long is freed from memory."""
SWEEP_SECONDS = 60.0
SLOW_CHECK_SECONDS = 30.0
"""How often a server looks for slow games' turns past their deadline."""
TICK_SECONDS = 1.0
"""How often a cluster worker renews its leases, takes over dead ones and compares versions."""
ENV_SETTINGS = "SKIPBO_SERVER_SETTINGS"
ENV_GRACE = "SKIPBO_CLUSTER_GRACE"
ENV_TURN_SCALE = "SKIPBO_CLUSTER_TURN_SCALE"
ENV_RATE = "SKIPBO_CLUSTER_RATE"
ENV_SLOW_CHECK = "SKIPBO_CLUSTER_SLOW_CHECK"
"""Shorter clocks (and a lower message rate) for tests: each overrides its field of
the settings a worker reads (``skipbo serve`` writes the settings' own variable itself,
so a test's workers cannot be given other settings through it)."""
ENV_OVERRIDES = {
    ENV_GRACE: "grace",
    ENV_TURN_SCALE: "turn_scale",
    ENV_RATE: "rate",
    ENV_SLOW_CHECK: "slow_check_seconds",
}
"""Each test variable and the field it overrides."""


@dataclass(frozen=True, slots=True)
class ServerSettings:
    """How a server behaves, whatever its storage.

    ``rate``: messages a second one connection may send; ``grace``: seconds a
    person may be away before a bot plays for them; ``turn_scale``: real seconds
    per second of a turn timer (tests shrink it); ``create_limit``: tables per
    client and minute (0: no limit); ``analysis_limit``: uploaded records analysed
    per client and minute (0: no limit); ``guest_limit``: new guests per client and
    minute (0: no limit); ``miss_limit``: table codes per client and minute that
    lead nowhere before its requests for codes are refused (0: no limit);
    ``socket_limit``: WebSockets open at once per client (0: no limit); tables
    unused for ``idle_seconds`` (or finished) are freed from memory every
    ``sweep_seconds``; ``tick``: a cluster worker's heartbeat; ``slow_check_seconds``:
    how often slow games' deadlines are checked.
    """

    rate: float = RATE_PER_SECOND
    grace: float = GRACE_SECONDS
    turn_scale: float = 1.0
    create_limit: int = CREATE_PER_MINUTE
    analysis_limit: int = ANALYSES_PER_MINUTE
    guest_limit: int = GUESTS_PER_MINUTE
    miss_limit: int = CODE_MISSES_PER_MINUTE
    socket_limit: int = SOCKETS_PER_ADDRESS
    idle_seconds: float = IDLE_SECONDS
    sweep_seconds: float = SWEEP_SECONDS
    tick: float = TICK_SECONDS
    slow_check_seconds: float = SLOW_CHECK_SECONDS
    hold_bots: bool = False
    """Tests only: bots wait before each move until ``POST /api/test/bots/{code}``
    lets moves through (:mod:`.bot_gate`)."""

    def to_env(self) -> dict[str, str]:
        """The environment that hands these settings to a worker process."""
        return {ENV_SETTINGS: json.dumps(dataclasses.asdict(self))}

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> ServerSettings:
        """The settings :meth:`to_env` wrote, with the test clocks' overrides."""
        values: dict[str, Any] = json.loads(env.get(ENV_SETTINGS, "{}"))
        for variable, name in ENV_OVERRIDES.items():
            if variable in env:
                values[name] = float(env[variable])
        return cls(**values)
