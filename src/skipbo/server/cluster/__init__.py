"""The server on several processes and hosts: PostgreSQL the authority, Redis the news.

``skipbo serve --workers N --db postgresql://... --redis redis://...`` runs N
processes (and the same on other hosts behind any load balancer); any of them
serves any connection. Nothing here changes the single-process server: it is
the same tables, the same core and the same views, with each change made in one
PostgreSQL transaction instead of in one process's memory.

| module | one idea |
| --- | --- |
| ``recorder`` | the writes a :class:`~..tables.Table` makes, kept to run in our transaction |
| ``shared`` | what all workers must agree on beyond the stored game: presence and clocks |
| ``db`` | every statement: schema, the locked change, catching up, leases, connections |
| ``notify`` | Redis pub/sub: "table T is at version V" |
| ``hub`` | a worker's tables, connections, changes, catching up and drivers (bots, clocks) |
| ``app`` | the ASGI app of one worker (HTTP and WebSocket) |
"""
