"""The authoritative Alien City match server and its headless bot client.

app (serve, clean shutdown) -> handler (one connection's lifecycle) -> lobby (sessions,
joining, routing) with matchmaking (create, quick match) -> match (the authoritative
match) -> game (the interface a game implements; alien_city is the one we host). Around
them: protocol (msgpack frames, validation), connection (limits, sessions), store
(SQLite, moves written before they are announced), computer (the worker threads computer
players think in) and bot (the load generator and command-line player).
The wire protocol is described in docs/protocol.md.
"""
